import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import type { Formatters } from '../../i18n/format';
import type { OrderT } from './sheetRules';

export { tablesTitle } from '../../i18n/placeText';

// Words for a seated table beside its order builder. Pure: `t` and
// the Formatters come in, so every language is unit-tested.

/** "3 guests", "since 13:05", "Ana García · 600 123 456" (or null without a customer). */
export function serviceSummary(
  t: OrderT,
  format: Formatters,
  service: Pick<TableService, 'guests' | 'seatedAt' | 'customer'>,
): { guests: string; since: string; customer: string | null } {
  const guests = t('guests', { count: service.guests });
  const at = new Date(service.seatedAt);
  const since = Number.isNaN(at.getTime()) ? '' : t('since', { time: format.time(at) });
  const c = service.customer;
  const customer = c ? [c.name, c.phone, c.email].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ') || null : null;
  return { guests, since, customer };
}

/** "Seating", "Round 2": `round` is the entry's number among the service's rounds (1-based). */
export function roundTitle(t: OrderT, entry: Pick<OutboxEntry, 'kind'>, round: number): string {
  if (entry.kind === 'seating') return t('seating');
  if (entry.kind === 'round') return t('roundNumber', { number: round });
  return entry.kind === 'takeaway' ? t('takeaway') : t('delivery');
}

/** The entries' titles in the order they leave ("Seating", "Round 1", …), in step with `entries`. */
export function roundTitles(t: OrderT, entries: readonly Pick<OutboxEntry, 'kind'>[]): string[] {
  let round = 0;
  return entries.map((entry) => {
    if (entry.kind === 'round') round += 1;
    return roundTitle(t, entry, round);
  });
}

/** What the folded strip says about the rounds: "2 rounds", and whether one needs the waiter. */
export function roundsSummary(
  t: OrderT,
  entries: readonly Pick<OutboxEntry, 'kind' | 'state' | 'pending' | 'resolution'>[],
): { text: string; needsAttention: boolean } {
  const rounds = entries.filter((entry) => entry.kind === 'round').length;
  const needsAttention = entries.some(
    (entry) => entry.pending === 1 && entry.resolution === null && (entry.state === 'rejected' || entry.state === 'unconfirmed'),
  );
  return { text: rounds === 0 ? t('noRoundsYet') : t('roundCount', { count: rounds }), needsAttention };
}

/**
 * The confirmation before clearing a table. Clearing only frees it on this terminal; entries that
 * have not reached the POS keep going (or keep waiting for the waiter in Pending orders), so say so.
 */
export function clearTableWarning(t: OrderT, title: string, entries: readonly Pick<OutboxEntry, 'pending'>[]): string {
  const pending = entries.filter((e) => e.pending === 1).length;
  const base = t('clearWarning', { title });
  if (pending === 0) return base;
  return `${base} ${t('clearWarningPending', { count: pending })}`;
}
