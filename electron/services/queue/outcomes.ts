import { coded, type DeliveryOutcome, type ErrorText, type OutboxEntry, type OutboxError, type QueueStorageProblem } from '../../../shared/bridge';
import { redactSecrets } from '../secrets/redact';

// The queue's rules, pure (ARCHITECTURE §5, docs/decisions.md "Service flow and the outbox"):
// which entries may leave now, what an outcome makes of an entry, and how long to wait. The loop
// that applies them is dispatcher.ts; the database that keeps the entries is store.ts.

/** Not-sent reasons without a Retry-After: how long to wait before the next try. */
const NOT_SENT_WAIT_MS: Record<string, number> = { unavailable: 5_000, unauthorised: 30_000, misconfigured: 30_000 };

/** Waits after the n-th failed write of the queue database in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function localRetryDelayMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/**
 * The entries to send now, in commit order: queued, due, not in flight, and not behind an
 * earlier entry of one of their tables that has not left yet. A pending seating (in any state)
 * holds back every later entry of its tables: a round never overtakes its table's seating.
 *
 * An entry `after` another waits while that one is pending (queued, sending, or waiting
 * for a person); once that one is accepted or marked done it is no longer pending, and when it
 * ends rejected or discarded the store discards this one with it (`discardedWith`). A gift card's
 * redeem for a table waits until its payment is committed (never charge a card for a payment
 * the queue does not hold), unless a person already sent it once. Entries that wait that way do
 * not hold their tables: a table's rounds never wait for a person's decision about a card.
 */
export function sendableEntries(pending: readonly OutboxEntry[], options: { inFlight: ReadonlySet<string>; now: number; capacity: number }): OutboxEntry[] {
  const held = new Set<number>();
  const chosen: OutboxEntry[] = [];
  const waiting = new Set<string>();
  const awaited = new Set<string>();
  for (const entry of pending) {
    if (entry.pending !== 1) continue;
    waiting.add(entry.id);
    if (entry.after) awaited.add(entry.after);
  }
  for (const entry of [...pending].sort((a, b) => a.seq - b.seq)) {
    if (entry.pending !== 1) continue;
    if (waitsForAnother(entry, waiting, awaited)) continue;
    const behind = entry.tableIds.some((id) => held.has(id));
    if (
      entry.state === 'queued' &&
      entry.resolution === null &&
      !behind &&
      isDue(entry, options.now) &&
      !options.inFlight.has(entry.id) &&
      chosen.length < options.capacity
    ) {
      chosen.push(entry);
    }
    if (entry.state === 'queued' || entry.state === 'sending' || entry.kind === 'seating') {
      for (const id of entry.tableIds) held.add(id);
    }
  }
  return chosen;
}

/** `after` an entry still pending, or a table's card redeem whose payment is not committed yet (see sendableEntries). */
function waitsForAnother(entry: OutboxEntry, pendingIds: ReadonlySet<string>, awaited: ReadonlySet<string>): boolean {
  if (entry.after && pendingIds.has(entry.after)) return true;
  return entry.kind === 'gift-redeem' && entry.serviceId !== null && entry.state === 'queued' && entry.attempts === 0 && !awaited.has(entry.id);
}

/** The entry waits for `after` to be decided (for Pending orders and the tests): that entry is still pending. */
export function waitsFor(entry: OutboxEntry, pending: readonly OutboxEntry[]): OutboxEntry | null {
  if (!entry.after || entry.pending !== 1) return null;
  return pending.find((other) => other.id === entry.after && other.pending === 1) ?? null;
}

/** Ended without reaching the POS: rejected (unless a person marked it done there) or discarded. */
export function endedUnsent(entry: OutboxEntry): boolean {
  if (entry.resolution === 'discarded' || entry.resolution === 'sent-as-round' || entry.resolution === 'moved') return true;
  return entry.state === 'rejected' && entry.resolution !== 'marked-done';
}

/** Why an entry went with the one it waited for: a payment by gift card whose card was not charged. */
export const DISCARDED_WITH: ErrorText = coded('payment-card-not-charged');

/**
 * `ended` (as just written) ended unsent: every pending entry waiting for it — and for
 * those, in turn — discarded, with a lastError that says why. The store writes them in the same
 * transaction as `ended`. Entries already sending are left alone (they cannot be waiting).
 */
export function discardedWith(ended: OutboxEntry, pending: readonly OutboxEntry[], at: Date): OutboxEntry[] {
  if (!endedUnsent(ended)) return [];
  const discarded: OutboxEntry[] = [];
  const gone = [ended.id];
  const seen = new Set(gone);
  while (gone.length > 0) {
    const id = gone.shift()!;
    for (const entry of pending) {
      if (entry.pending !== 1 || entry.after !== id || seen.has(entry.id) || entry.state === 'sending') continue;
      seen.add(entry.id);
      gone.push(entry.id);
      discarded.push({
        ...entry,
        pending: 0,
        resolution: 'discarded',
        retryAt: null,
        updatedAt: at.toISOString(),
        lastError: {
          kind: 'discarded-with',
          ...DISCARDED_WITH,
          detail: `entry ${id} it waited for ended ${ended.resolution ?? ended.state}`,
          at: at.toISOString(),
        },
      });
    }
  }
  return discarded;
}

function isDue(entry: OutboxEntry, now: number): boolean {
  return entry.retryAt === null || Date.parse(entry.retryAt) <= now;
}

/** The earliest Retry-After among queued entries that wait only for time; null: none waits. */
export function nextRetryAt(pending: readonly OutboxEntry[], now: number): number | null {
  let earliest: number | null = null;
  for (const entry of pending) {
    if (entry.pending !== 1 || entry.state !== 'queued' || entry.resolution !== null || isDue(entry, now)) continue;
    const at = Date.parse(entry.retryAt!);
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest;
}

/** The entry after an outcome (pure: the dispatcher writes it with `store.record`). */
export function applyOutcome(entry: OutboxEntry, outcome: DeliveryOutcome, at: Date): OutboxEntry {
  const base = { ...entry, updatedAt: at.toISOString() };
  const error = (kind: string, text: ErrorText, detail?: string): OutboxError => ({
    kind,
    ...coded(text.code, text.params),
    ...(detail ? { detail } : {}),
    at: at.toISOString(),
  });
  switch (outcome.outcome) {
    case 'accepted': {
      // A card's balance left, a created customer: kept with the entry.
      const answer = {
        ...(outcome.balanceCents !== undefined ? { balanceCents: outcome.balanceCents } : {}),
        ...(outcome.customer !== undefined ? { customer: outcome.customer } : {}),
        // A shop's invoice: its number for the receipt.
        ...(outcome.invoice !== undefined ? { invoiceId: outcome.invoice.id, invoiceNumber: outcome.invoice.number } : {}),
      };
      // An "already invoiced" right after an unconfirmed attempt of this invoice says that attempt arrived.
      const evidence = outcome.evidence === 'already-invoiced';
      return {
        ...base,
        state: 'accepted',
        pending: 0,
        orderId: outcome.orderId,
        retryAt: null,
        lastError: evidence ? error('already-invoiced', INVOICE_CONFIRMED) : null,
        acceptedBy: evidence ? 'already-invoiced-evidence' : 'server',
        conflict: false,
        ...(Object.keys(answer).length > 0 ? { answer } : {}),
      };
    }
    case 'not-sent': {
      const waitMs = outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : (NOT_SENT_WAIT_MS[outcome.reason] ?? 0);
      return {
        ...base,
        state: 'queued',
        retryAt: waitMs > 0 ? new Date(at.getTime() + waitMs).toISOString() : null,
        lastError: error(`not-sent:${outcome.reason}`, outcome, outcome.detail),
      };
    }
    case 'rejected':
      return { ...base, state: 'rejected', conflict: false, lastError: error(`rejected:${outcome.reason}`, outcome, outcome.detail) };
    case 'table-busy':
      if (entry.afterUnconfirmed) {
        // §5: right after an unconfirmed attempt of this seating, the open order is that attempt's.
        return {
          ...base,
          state: 'accepted',
          pending: 0,
          acceptedBy: 'open-order-evidence',
          retryAt: null,
          conflict: false,
          lastError: error('table-busy', coded('order-confirmed-by-open-order', { said: outcome.params?.said }), outcome.detail),
        };
      }
      return { ...base, state: 'rejected', conflict: true, lastError: error('table-busy', outcome, outcome.detail) };
    case 'unknown':
      return { ...base, state: 'unconfirmed', afterUnconfirmed: true, lastError: error('unknown', outcome, outcome.detail) };
  }
}

/** An invoice accepted because the shop said its order was already invoiced after an unconfirmed attempt. */
export const INVOICE_CONFIRMED: ErrorText = coded('invoice-confirmed-by-already-invoiced');

/** Start-up: what an entry found `sending` says once it is unconfirmed (store.recoverInterrupted). */
export const RECOVERED: ErrorText = coded('order-interrupted');

/**
 * `deliver` threw instead of answering an outcome. It never should (delivery.ts turns every
 * failure into an outcome), so this is a bug of ours — but it happened after the entry was
 * claimed, possibly after the request left, so nobody can say the POS did not get it: unknown.
 * The exception's own text stays in the log; the entry says what a person can do.
 */
export function outcomeOfDeliveryFailure(error: unknown): DeliveryOutcome {
  const name = error instanceof Error ? error.name : typeof error;
  return {
    outcome: 'unknown',
    ...coded('order-delivery-crashed'),
    detail: `delivery threw ${name} after the entry was claimed (see the terminal's log)`,
  };
}

/** The queue database refused a write: what the header and Pending orders show. */
export function storageProblemOf(error: unknown, at: Date): QueueStorageProblem {
  const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // A database error names the failing operation, not values; scrubbed anyway, as it is shown.
  return { ...coded('queue-cannot-save'), detail: redactSecrets(said).slice(0, 500), since: at.toISOString() };
}
