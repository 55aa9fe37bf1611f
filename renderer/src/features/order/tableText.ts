import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import { guestsText } from '../floor/tableFace';
import { describeClock } from '../pending/pendingText';

// Words for a seated table beside its order builder (issue 6 item 3). Pure, unit-tested.

/** "3 guests", "since 13:05", "Ana García · 600 123 456" (or null without a customer). */
export function serviceSummary(service: Pick<TableService, 'guests' | 'seatedAt' | 'customer'>): { guests: string; since: string; customer: string | null } {
  const guests = guestsText(service.guests);
  const since = `since ${describeClock(service.seatedAt)}`;
  const c = service.customer;
  const customer = c ? [c.name, c.phone, c.email].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ') || null : null;
  return { guests, since, customer };
}

/** "Seating", "Round 2": `round` is the entry's number among the service's rounds (1-based). */
export function roundTitle(entry: Pick<OutboxEntry, 'kind'>, round: number): string {
  if (entry.kind === 'seating') return 'Seating';
  if (entry.kind === 'round') return `Round ${round}`;
  return entry.kind === 'takeaway' ? 'Takeaway' : 'Delivery';
}

/**
 * The confirmation before clearing a table. Clearing only frees it on this terminal; entries that
 * have not reached the POS keep going (or keep waiting for the waiter in Pending orders), so say so.
 */
export function clearTableWarning(title: string, entries: readonly Pick<OutboxEntry, 'pending'>[]): string {
  const pending = entries.filter((e) => e.pending === 1).length;
  const base = `Clear ${title} only when the bill is settled at the POS: the table becomes free on this terminal.`;
  if (pending === 0) return base;
  const what = pending === 1 ? '1 order of this table has' : `${pending} orders of this table have`;
  return `${base} ${what} not reached the POS yet: they stay in Pending orders.`;
}
