import { randomUUID } from 'node:crypto';
import {
  outboxEntrySchema,
  queuedEntry,
  type ConnectionState,
  type DeliveryOutcome,
  type DeliveryRequest,
  type EntryDraft,
  type OutboxEntry,
} from '../../../shared/bridge';
import type { DispatcherStore, QueueConnection } from './dispatcher';
import { discardedWith } from './outcomes';

// Test helpers of the queue's dispatcher (not used by the app): an in-memory queue with the
// store's claim/record rules and a switch that makes every write fail (a full disk), a delivery
// whose calls wait until the test answers them, a connection the test moves, and entry drafts.

export interface MemoryQueue extends DispatcherStore {
  submit(draft: EntryDraft): OutboxEntry;
  get(entryId: string): OutboxEntry | null;
  /** Puts an entry as it is (a state left by an earlier process). */
  put(entry: OutboxEntry): void;
  /** While true, every write throws as SQLite does on a full disk. */
  full: boolean;
  /** Writes refused so far. */
  refused: number;
}

export function memoryQueue(now: () => number = Date.now): MemoryQueue {
  const entries = new Map<string, OutboxEntry>();
  const listeners = new Set<(revision: number) => void>();
  let revision = 0;
  let seq = 0;
  const iso = () => new Date(now()).toISOString();
  const changed = () => {
    revision++;
    for (const listener of listeners) listener(revision);
  };
  const writable = () => {
    if (queue.full) {
      queue.refused++;
      throw Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
    }
  };
  const queue: MemoryQueue = {
    full: false,
    refused: 0,
    submit(draft) {
      writable();
      const at = iso();
      const entry = outboxEntrySchema.parse(queuedEntry(draft, ++seq, at));
      entries.set(entry.id, entry);
      changed();
      return entry;
    },
    put(entry) {
      entries.set(entry.id, outboxEntrySchema.parse(entry));
      seq = Math.max(seq, entry.seq);
      changed();
    },
    get: (entryId) => entries.get(entryId) ?? null,
    pending: () => [...entries.values()].filter((entry) => entry.pending === 1).sort((a, b) => a.seq - b.seq),
    claim(entryId) {
      writable();
      const current = entries.get(entryId);
      if (!current || current.state !== 'queued' || current.pending !== 1 || current.resolution !== null) return null;
      const at = iso();
      const sending: OutboxEntry = { ...current, state: 'sending', attempts: current.attempts + 1, lastAttemptAt: at, updatedAt: at };
      entries.set(entryId, sending);
      changed();
      return sending;
    },
    record(entryId, update) {
      writable();
      const current = entries.get(entryId);
      if (!current) return null;
      const next = outboxEntrySchema.parse(update(current));
      entries.set(entryId, next);
      // As the store: entries waiting for one that ended unsent go with it, in the same write.
      for (const gone of discardedWith(next, queue.pending(), new Date(now()))) entries.set(gone.id, outboxEntrySchema.parse(gone));
      changed();
      return next;
    },
    recoverInterrupted(text) {
      writable();
      const at = iso();
      let count = 0;
      for (const entry of entries.values()) {
        if (entry.state !== 'sending') continue;
        entries.set(entry.id, {
          ...entry,
          state: 'unconfirmed',
          afterUnconfirmed: true,
          updatedAt: at,
          lastError: { kind: 'unknown', ...text, detail: 'state "sending" found at start-up', at },
        });
        count++;
      }
      if (count > 0) changed();
      return count;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return queue;
}

export interface DeliveryCall {
  request: DeliveryRequest;
  answer: (outcome: DeliveryOutcome) => void;
  fail: (error: unknown) => void;
}

/** A `deliver` whose calls wait until the test answers them. */
export function scriptedDelivery(): {
  deliver: (request: DeliveryRequest) => Promise<DeliveryOutcome>;
  calls: DeliveryCall[];
  /** Calls not answered yet. */
  open(): number;
  answerOpen(outcome: DeliveryOutcome): void;
  waitForCalls(n: number): Promise<void>;
} {
  const calls: DeliveryCall[] = [];
  const unanswered = new Set<DeliveryCall>();
  let answered = 0;
  const waiters: Array<() => void> = [];
  return {
    calls,
    deliver: (request) =>
      new Promise<DeliveryOutcome>((answer, fail) => {
        const settle =
          <T>(finish: (value: T) => void) =>
          (value: T) => {
            if (!unanswered.delete(call)) return;
            answered++;
            finish(value);
          };
        const call: DeliveryCall = { request, answer: settle(answer), fail: settle(fail) };
        unanswered.add(call);
        calls.push(call);
        for (const wake of waiters.splice(0)) wake();
      }),
    open: () => calls.length - answered,
    answerOpen(outcome) {
      for (const call of [...unanswered]) call.answer(outcome);
    },
    async waitForCalls(n) {
      while (calls.length < n) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}

/** The account's connection, moved by the test. */
export function fakeConnection(initial: ConnectionState | null = 'online'): QueueConnection & { set(state: ConnectionState): void } {
  let state = initial;
  const listeners = new Set<(state: ConnectionState) => void>();
  return {
    state: () => state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(next);
    },
  };
}

/** A loyalty round for `tableId` (or a takeaway when null). */
export function roundDraft(tableId: number | null, fields: Partial<EntryDraft> = {}): EntryDraft {
  const id = fields.id ?? randomUUID();
  const order = { total: '2.50', contents: [{ item_id: 10, itemPrice: '2.50', quantity: 1, modifiers: [] }], extraId: id };
  return {
    id,
    kind: tableId === null ? 'takeaway' : 'round',
    tableIds: tableId === null ? [] : [tableId],
    place: tableId === null ? { kind: 'takeaway', customer: 'Ona' } : { kind: 'tables', names: [String(tableId)] },
    serviceId: null,
    request: { kind: 'order', order: { order: tableId === null ? { ...order, tableName: 'Ona' } : { ...order, table_id: tableId, guests: 2 } } },
    lines: [],
    summary: 'Round · 1 item · 2,50 €',
    totalCents: 250,
    ...fields,
  };
}

/** A Flow seating of these tables (the primary last). */
export function seatingDraft(tableIds: number[], fields: Partial<EntryDraft> = {}): EntryDraft {
  return {
    id: randomUUID(),
    kind: 'seating',
    tableIds,
    place: { kind: 'tables', names: tableIds.map((id) => `T${id}`) },
    serviceId: null,
    request: { kind: 'seating', data: { customer: null, table_id: tableIds, guests: 2, contents: null, payments: null } },
    lines: [],
    summary: 'Seating · 2 guests',
    totalCents: 0,
    ...fields,
  };
}

/** A gift card's redeem of `cents` for `tableId` (serviceId set: it waits for its payment). */
export function redeemDraft(tableId: number | null, cents: number, fields: Partial<EntryDraft> = {}): EntryDraft {
  return {
    id: randomUUID(),
    kind: 'gift-redeem',
    tableIds: tableId === null ? [] : [tableId],
    place: tableId === null ? { kind: 'takeaway', customer: 'Ona' } : { kind: 'tables', names: [String(tableId)] },
    serviceId: null,
    request: { kind: 'gift-redeem', uuid: 'CARD-1', redeem: { amount: (cents / 100).toFixed(2) } },
    lines: [],
    summary: 'Gift card',
    totalCents: cents,
    ...fields,
  };
}

/** A payment of `cents` paying `tableId`'s open order (contents []), maybe `after` a redeem. */
export function paymentDraft(tableId: number, cents: number, fields: Partial<EntryDraft> = {}): EntryDraft {
  const id = fields.id ?? randomUUID();
  const amount = (cents / 100).toFixed(2);
  return {
    id,
    kind: 'payment',
    tableIds: [tableId],
    place: { kind: 'tables', names: [String(tableId)] },
    serviceId: null,
    request: { kind: 'order', order: { order: { total: 0, contents: [], table_id: tableId, extraId: id, payment: { amount, payment_method_id: 1 } } } },
    lines: [],
    summary: 'Payment',
    totalCents: cents,
    ...fields,
  };
}

/** A customer created offline. */
export function customerDraft(name: string, fields: Partial<EntryDraft> = {}): EntryDraft {
  return {
    id: randomUUID(),
    kind: 'customer',
    tableIds: [],
    place: { kind: 'takeaway', customer: name },
    serviceId: null,
    request: { kind: 'customer', customer: { name, active: 1 } },
    lines: [],
    summary: name,
    totalCents: 0,
    ...fields,
  };
}
