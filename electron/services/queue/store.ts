import { z } from 'zod';
import {
  billDiscountSchema,
  entryDraftSchema,
  outboxEntrySchema,
  queuedEntry,
  tableServiceSchema,
  type EntryDraft,
  type OutboxEntry,
  type OutboxKind,
  type OutboxState,
  type QueueSnapshot,
  type TableService,
} from '../../../shared/bridge/queue';
import { coded, type ErrorText } from '../../../shared/bridge/errorCodes';
import type { BillDiscount } from '../../../shared/bridge/queue';
import { billOf, discountCentsOf } from '../../../shared/domain/bill';
import { parseCents } from '../../../shared/domain/money';
import { inTransaction, type QueueDb } from './migrations';
import { discardedWith, endedUnsent, RECOVERED } from './outcomes';

// The order queue and the table services in the account's SQLite database (// 5; ARCHITECTURE §5). Every method is ONE transaction: a seating's service and entries, the
// busy-table check and the write, a claim and its "sending" — so two windows (or two processes on
// one file) can never both win the same table, and "saved" means committed. The rules and the
// messages are the renderer outbox's that came first (renderer/src/data/outbox.ts), which this replaces.

export interface QueueStore {
  /** Grows by one per committed change. */
  revision(): number;
  /** Called after each committed change of THIS store, with the new revision. */
  onChange(listener: (revision: number) => void): () => void;
  /** Every pending entry, the open services and every entry of theirs (the service adds its storage problem). */
  snapshot(): StoredQueue;
  /** A seating (and maybe its first round) with its service; refused when a table is seated. */
  seat(service: TableService, drafts: EntryDraft[]): { service: TableService; entries: OutboxEntry[] };
  /**
   * A round (its service must be open), a takeaway, a delivery, a payment (of an open
   * service, never more than what is left, carrying the service's bill discount when one waits),
   * a gift card's redeem or a customer; the same id twice is stored once.
   */
  submit(draft: EntryDraft): OutboxEntry;
  /**
   * Several entries in ONE transaction, all stored or none (a purchase order's
   * receipt, one stock receipt entry per line); ids already stored come back as they are.
   */
  submitAll(drafts: EntryDraft[]): OutboxEntry[];
  /** Every entry of a kind, pending or not, in commit order (a purchase order's receipts). */
  entriesOfKind(kind: OutboxKind): OutboxEntry[];
  /** pending = 1, in commit order. */
  pending(): OutboxEntry[];
  get(entryId: string): OutboxEntry | null;
  /** queued, pending, unresolved → sending (attempts + 1); null when it is not that any more. */
  claim(entryId: string): OutboxEntry | null;
  /** Writes the entry `update` makes of the current one (an outcome); null when it is gone. */
  record(entryId: string, update: (current: OutboxEntry) => OutboxEntry): OutboxEntry | null;
  /** Start-up: every `sending` entry becomes unconfirmed with `text`; returns how many. */
  recoverInterrupted(text: ErrorText): number;
  retry(entryId: string): OutboxEntry;
  resend(entryId: string): OutboxEntry;
  markDone(entryId: string): OutboxEntry;
  discard(entryId: string): OutboxEntry;
  /** A seating in conflict: resolved, and its items (if any, priced by the renderer) go as a round. */
  sendSeatingAsRound(entryId: string, round: EntryDraft | null): OutboxEntry;
  /** A seating in conflict: its service moves to `tables` and `seating` is queued for them. */
  moveSeating(entryId: string, tables: { id: number; name: string }[], seating: EntryDraft): OutboxEntry;
  /** An open service's bill discount (null removes it), never more than what its next check has left. */
  setBillDiscount(serviceId: string, discount: BillDiscount | null): TableService;
  /** The bill is settled: false when the service was not open. */
  clearTable(serviceId: string): boolean;
  /** Pending entries as a JSON document (export to a file). */
  exportPending(accountKey: string): string;
  /**
   * An old outbox handed over: ids already present are skipped; seq order kept, renumbered after
   * ours. Only entries still pending are taken (what was accepted or resolved, only the POS can
   * vouch for). `last` ends the hand-off: the queue takes none after it (QueueConflictError).
   */
  importEntries(entries: OutboxEntry[], services: TableService[], last?: boolean): { entries: number; services: number; skipped: number };
  close(): void;
}

/** What the database holds of a snapshot. */
export type StoredQueue = Omit<QueueSnapshot, 'storageProblem'>;

export interface QueueStoreOptions {
  now: () => Date;
  log?: (line: string) => void;
}

/** Something the person must change (`text` says what; the message, for logs, has the detail). */
export class QueueInputError extends Error {
  constructor(
    readonly text: ErrorText,
    readonly detail?: string,
  ) {
    super(detail ? `${text.code}: ${detail}` : text.code);
    this.name = 'QueueInputError';
  }
}

/** A table of this seating already has an open service (another window was quicker). */
export class QueueConflictError extends Error {
  constructor(readonly text: ErrorText) {
    super(text.code);
    this.name = 'QueueConflictError';
  }
}



// Rows are read through these (libsql adds a `_metadata` key to every row).
const dataRow = z.object({ data: z.string() });
const seqRow = z.object({ seq: z.number().int().nullable() });
const valueRow = z.object({ value: z.number().int() });

const NOT_IN_QUEUE = coded('entry-not-in-queue');

export function createQueueStore(db: QueueDb, options: QueueStoreOptions): QueueStore {
  const { now } = options;
  const log = options.log ?? (() => {});
  const listeners = new Set<(revision: number) => void>();

  const statements = {
    revision: db.prepare(`SELECT value FROM meta WHERE key = 'revision'`),
    // The hand-off of an old outbox (importEntries): no row while it may still come, 0 once it ended.
    importsClosed: db.prepare(`SELECT value FROM meta WHERE key = 'imports-closed'`),
    closeImports: db.prepare(`INSERT INTO meta (key, value) VALUES ('imports-closed', 1) ON CONFLICT (key) DO UPDATE SET value = 1`),
    bump: db.prepare(`UPDATE meta SET value = value + 1 WHERE key = 'revision' RETURNING value`),
    entry: db.prepare(`SELECT data FROM entries WHERE id = ?`),
    entriesPending: db.prepare(`SELECT data FROM entries WHERE pending = 1 ORDER BY seq`),
    entriesInState: db.prepare(`SELECT data FROM entries WHERE state = ? ORDER BY seq`),
    entriesOfService: db.prepare(`SELECT data FROM entries WHERE service_id = ? ORDER BY seq`),
    entriesOfKind: db.prepare(`SELECT data FROM entries WHERE kind = ? ORDER BY seq`),
    snapshotEntries: db.prepare(
      `SELECT data FROM entries WHERE pending = 1 OR service_id IN (SELECT id FROM services WHERE open = 1) ORDER BY seq`,
    ),
    maxSeq: db.prepare(`SELECT max(seq) AS seq FROM entries`),
    insertEntry: db.prepare(
      `INSERT INTO entries (id, seq, kind, state, pending, service_id, retry_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateEntry: db.prepare(`UPDATE entries SET kind = ?, state = ?, pending = ?, service_id = ?, retry_at = ?, data = ? WHERE id = ?`),
    deleteEntryTables: db.prepare(`DELETE FROM entry_tables WHERE entry_id = ?`),
    insertEntryTable: db.prepare(`INSERT INTO entry_tables (entry_id, table_id) VALUES (?, ?)`),
    service: db.prepare(`SELECT data FROM services WHERE id = ?`),
    openServices: db.prepare(`SELECT data FROM services WHERE open = 1 ORDER BY seated_at, id`),
    openServiceAt: db.prepare(
      `SELECT s.data FROM service_tables t JOIN services s ON s.id = t.service_id WHERE t.open = 1 AND t.table_id = ?`,
    ),
    insertService: db.prepare(`INSERT INTO services (id, open, primary_table_id, seated_at, closed_at, data) VALUES (?, ?, ?, ?, ?, ?)`),
    updateService: db.prepare(`UPDATE services SET open = ?, primary_table_id = ?, seated_at = ?, closed_at = ?, data = ? WHERE id = ?`),
    deleteServiceTables: db.prepare(`DELETE FROM service_tables WHERE service_id = ?`),
    insertServiceTable: db.prepare(`INSERT INTO service_tables (service_id, table_id, open) VALUES (?, ?, ?)`),
  };

  // ---- reading ------------------------------------------------------------------------------

  // Every row is checked against its schema, but only once per distinct text: the dispatcher reads
  // the pending entries on every pass and each window re-reads the snapshot on every change, and a
  // zod parse of hundreds of entries each time cost ~28 ms a read (measured in the chaos run, test/chaos). A row whose
  // text changed (a write, or a damaged file) is parsed and checked again. Cached values are
  // frozen: a caller cannot change what the next reader gets.
  const checkedRows = <T>(schema: { parse(value: unknown): T }) => {
    const cache = new Map<string, T>();
    return (row: unknown): T => {
      const text = dataRow.parse(row).data;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      const value = deepFreeze(schema.parse(JSON.parse(text)));
      if (cache.size >= ROW_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(text, value);
      return value;
    };
  };
  const parseEntry = checkedRows<OutboxEntry>(outboxEntrySchema);
  const parseService = checkedRows<TableService>(tableServiceSchema);
  const readEntry = (entryId: string): OutboxEntry | null => {
    const row = statements.entry.get(entryId);
    return row === undefined ? null : parseEntry(row);
  };
  const readService = (serviceId: string): TableService | null => {
    const row = statements.service.get(serviceId);
    return row === undefined ? null : parseService(row);
  };
  const readRevision = () => valueRow.parse(statements.revision.get()).value;

  /** The open service holding one of these tables (other than `except`), if any. */
  function openServiceAt(tableIds: readonly number[], except: string | null = null): TableService | null {
    for (const tableId of tableIds) {
      const row = statements.openServiceAt.get(tableId);
      if (row === undefined) continue;
      const service = parseService(row);
      if (service.id !== except) return service;
    }
    return null;
  }

  // ---- writing (only inside `write`) --------------------------------------------------------

  let changed = false;

  function insertEntry(entry: OutboxEntry) {
    const valid = outboxEntrySchema.parse(entry);
    statements.insertEntry.run(valid.id, valid.seq, valid.kind, valid.state, valid.pending, valid.serviceId, valid.retryAt, JSON.stringify(valid));
    for (const tableId of new Set(valid.tableIds)) statements.insertEntryTable.run(valid.id, tableId);
    changed = true;
  }

  function updateEntry(previous: OutboxEntry, next: OutboxEntry): OutboxEntry {
    const valid = outboxEntrySchema.parse(next);
    // An update never changes which entry it is or its place in the queue.
    if (valid.id !== previous.id || valid.seq !== previous.seq) throw new Error(`queue: an update changed entry ${previous.id}'s id or seq`);
    statements.updateEntry.run(valid.kind, valid.state, valid.pending, valid.serviceId, valid.retryAt, JSON.stringify(valid), valid.id);
    if (!sameNumbers(previous.tableIds, valid.tableIds)) {
      statements.deleteEntryTables.run(valid.id);
      for (const tableId of new Set(valid.tableIds)) statements.insertEntryTable.run(valid.id, tableId);
    }
    changed = true;
    return valid;
  }

  function writeServiceTables(service: TableService) {
    statements.deleteServiceTables.run(service.id);
    for (const tableId of new Set(service.tableIds)) statements.insertServiceTable.run(service.id, tableId, service.open);
  }

  function insertService(service: TableService) {
    const valid = tableServiceSchema.parse(service);
    statements.insertService.run(valid.id, valid.open, valid.primaryTableId, valid.seatedAt, valid.closedAt, JSON.stringify(valid));
    writeServiceTables(valid);
    changed = true;
  }

  function updateService(service: TableService) {
    const valid = tableServiceSchema.parse(service);
    statements.updateService.run(valid.open, valid.primaryTableId, valid.seatedAt, valid.closedAt, JSON.stringify(valid), valid.id);
    writeServiceTables(valid);
    changed = true;
  }

  /** Drafts become queued entries with the next sequence numbers. */
  function addEntries(drafts: readonly EntryDraft[]): OutboxEntry[] {
    let seq = seqRow.parse(statements.maxSeq.get()).seq ?? 0;
    const at = now().toISOString();
    return drafts.map((draft) => {
      const entry = queuedEntry(draft, ++seq, at);
      insertEntry(entry);
      return entry;
    });
  }

  /**
   * Runs `work` in one IMMEDIATE transaction (the write lock is taken at BEGIN, so a check and the
   * write that depends on it cannot be split by another connection), bumps the revision when it
   * changed something, and tells the listeners once it is committed.
   */
  function write<T>(work: () => T): T {
    let revision: number | null = null;
    const result = inTransaction(db, 'IMMEDIATE', () => {
      changed = false;
      const value = work();
      if (changed) revision = valueRow.parse(statements.bump.get()).value;
      return value;
    });
    changed = false;
    if (revision !== null) notify(revision);
    return result;
  }

  function notify(revision: number) {
    for (const listener of [...listeners]) {
      try {
        listener(revision);
      } catch (error) {
        log(`queue: a change listener failed: ${error instanceof Error ? error.name : typeof error}`);
      }
    }
  }

  // ---- the rules --------------------------------------------------------------------------

  /** Changes one pending entry after checking its state (the renderer outbox's `change`). */
  function change(entryId: string, allowed: readonly OutboxState[], what: string, update: (entry: OutboxEntry) => Partial<OutboxEntry>): OutboxEntry {
    const entry = readEntry(entryId);
    if (!entry) throw new QueueInputError(NOT_IN_QUEUE);
    if (entry.pending !== 1 || !allowed.includes(entry.state)) {
      throw new QueueInputError(coded('entry-changed'), `cannot be ${what} now: it is ${entry.pending === 1 ? entry.state : 'no longer pending'}`);
    }
    return updateEntry(entry, { ...entry, ...update(entry), updatedAt: now().toISOString() });
  }

  /** A seating dropped by the waiter: its service closes too when nothing else of it was sent or is pending. */
  function closeServiceIfEmpty(entry: OutboxEntry) {
    if (entry.kind !== 'seating' || !entry.serviceId) return;
    const others = statements.entriesOfService
      .all(entry.serviceId)
      .map(parseEntry)
      .filter((e) => e.id !== entry.id && (e.pending === 1 || e.state === 'accepted'));
    if (others.length > 0) return;
    const service = readService(entry.serviceId);
    if (service && service.open === 1) updateService({ ...service, open: 0, closedAt: now().toISOString() });
  }

  /** `entry` ended unsent; what waited for it goes with it, in this transaction. */
  function discardDependents(entry: OutboxEntry) {
    if (!endedUnsent(entry)) return;
    const pending = statements.entriesPending.all().map(parseEntry);
    for (const gone of discardedWith(entry, pending, now())) {
      const stored = readEntry(gone.id);
      if (stored) updateEntry(stored, gone);
    }
  }

  /** The open service a draft belongs to (refused `table-cleared` when it is not open any more). */
  function openService(serviceId: string | null): TableService {
    const service = serviceId ? readService(serviceId) : null;
    if (!service || service.open !== 1) throw new QueueInputError(coded('table-cleared'));
    return service;
  }

  /**
   * `after`: the entry waited for is a card's redeem of the same service that has not
   * ended unsent — refused when it was refused or discarded meanwhile (the card was not charged).
   */
  function checkAfter(draft: EntryDraft) {
    if (!draft.after) return;
    const before = readEntry(draft.after);
    if (!before) throw invalid(`entry ${draft.after} it waits for is not in the queue`);
    if (draft.kind === 'invoice') return checkInvoiceOfSale(draft, before);
    if (before.kind !== 'gift-redeem' || before.request.kind !== 'gift-redeem') throw invalid('only a gift card\'s redeem can be waited for');
    if (before.serviceId !== draft.serviceId) throw invalid('the redeem waited for belongs to another service');
    if (endedUnsent(before)) throw new QueueInputError(coded('payment-card-not-charged'), `redeem ${before.id} ended ${before.resolution ?? before.state}`);
    if (draft.tender?.giftCardUuid !== undefined && draft.tender.giftCardUuid !== before.request.uuid) throw invalid('the payment names another card than its redeem');
    const payment = draft.request.kind === 'order' ? draft.request.order.order.payment : undefined;
    if (draft.kind === 'payment' && payment && parseCents(payment.amount) !== parseCents(before.request.redeem.amount)) {
      throw invalid('a gift card payment pays what its redeem charged');
    }
  }

  /**
   * An invoice waits for its shop sale, one that has not ended unsent, and its
   * payments add up (Σ amount − Σ change) to that order's total to the cent (clarifications "Retail").
   */
  function checkInvoiceOfSale(draft: EntryDraft, sale: OutboxEntry) {
    if (sale.kind !== 'sale' || sale.request.kind !== 'retail-order') throw invalid('an invoice waits for its sale');
    if (endedUnsent(sale)) throw invalid(`sale ${sale.id} it invoices ended ${sale.resolution ?? sale.state}`);
    if (draft.request.kind !== 'retail-invoice') return;
    const paid = draft.request.invoice.payments.reduce((sum, p) => sum + wireCents(p.amount) - wireCents(p.change), 0);
    const total = wireCents(sale.request.order.total);
    if (paid !== total) throw invalid(`the invoice's payments add up to ${paid} cents, the sale's total is ${total}`);
  }

  /**
   * A payment of an open service, checked where it is committed: two windows
   * paying at once cannot both pay what is left. It pays the service's next check at its primary
   * table, never more than that check has left; a waiting bill discount travels with it (and is
   * then no longer waiting), a payment prepared before the discount changed is refused.
   */
  function commitPayment(draft: EntryDraft): OutboxEntry {
    const service = openService(draft.serviceId);
    const payment = retarget(draft, service);
    const entries = statements.entriesOfService.all(service.id).map(parseEntry);
    const bill = billOf(service, entries);
    const order = payment.request.kind === 'order' ? payment.request.order.order : null;
    if (!order?.payment) throw invalid('a payment sends a loyalty payment');
    const carried = order.orderDiscount ? -(parseCents(order.orderDiscount.amount) ?? 0) : 0;
    if (carried !== bill.pendingDiscountCents) {
      throw new QueueInputError(coded('bill-discount-changed'), `the payment carries ${carried} cents off, the bill has ${bill.pendingDiscountCents} waiting`);
    }
    const amount = parseCents(order.payment.amount) ?? 0;
    if (amount > bill.dueNowCents) {
      throw new QueueInputError(coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }), `${amount} cents asked, ${bill.dueNowCents} left`);
    }
    const entry = addEntries([payment])[0]!;
    // What the bill becomes with it: never more paid than a check's total (the bill's own rule).
    const after = billOf({ ...service, billDiscount: null }, [...entries, entry]);
    if (after.overpaidCents > bill.overpaidCents) throw new QueueInputError(coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }), 'the bill would be overpaid');
    if (service.billDiscount) updateService({ ...service, billDiscount: null });
    return entry;
  }

  /** One submitted draft (checked) committed inside the caller's write; the same id twice is stored once. */
  function commitDraft(draft: EntryDraft): OutboxEntry {
    const stored = readEntry(draft.id);
    if (stored) return stored;
    checkAfter(draft);
    switch (draft.kind) {
      case 'round':
        // Aimed at the service's primary table as it is now (it may have moved since the window drew it).
        return addEntries([retarget(draft, openService(draft.serviceId))])[0]!;
      case 'payment':
        return commitPayment(draft);
      case 'gift-redeem': {
        if (draft.serviceId === null) return addEntries([draft])[0]!;
        // A table's card: at its primary table, so it leaves in the table's order.
        const service = openService(draft.serviceId);
        const amount = draft.request.kind === 'gift-redeem' ? (parseCents(draft.request.redeem.amount) ?? 0) : 0;
        const bill = billOf(service, statements.entriesOfService.all(service.id).map(parseEntry));
        if (amount > bill.dueNowCents) {
          throw new QueueInputError(coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }), `${amount} cents asked, ${bill.dueNowCents} left`);
        }
        return addEntries([atPrimaryTable(draft, service)])[0]!;
      }
      default:
        return addEntries([draft])[0]!;
    }
  }

  /** A seating in conflict, still the waiter's to decide (sendSeatingAsRound, moveSeating). */
  function conflictingSeating(entryId: string, refusal: ErrorText): OutboxEntry {
    const entry = readEntry(entryId);
    if (!entry || entry.kind !== 'seating' || !entry.conflict || entry.pending !== 1) throw new QueueInputError(refusal);
    return entry;
  }

  function checkTables(tables: readonly { id: number }[]) {
    if (tables.length === 0) throw new QueueInputError(coded('choose-a-table'));
    if (new Set(tables.map((t) => t.id)).size !== tables.length) throw new QueueInputError(coded('table-chosen-twice'));
  }

  return {
    revision: readRevision,

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    snapshot() {
      // One read transaction: the revision, the services and the entries agree with each other.
      return inTransaction(db, 'DEFERRED', () => ({
        revision: readRevision(),
        services: statements.openServices.all().map(parseService),
        entries: statements.snapshotEntries.all().map(parseEntry),
      }));
    },

    seat(serviceInput, draftInputs) {
      const service = parseInput(tableServiceSchema, serviceInput, 'table service');
      const drafts = draftInputs.map((d) => parseInput(entryDraftSchema, d, 'order'));
      checkTables(service.tableIds.map((id) => ({ id })));
      if (service.tableNames.length !== service.tableIds.length) throw invalid('the service names a different number of tables than it has');
      if (service.primaryTableId !== service.tableIds[service.tableIds.length - 1]) throw invalid('the primary table must be the last of its tables');
      if (service.open !== 1 || service.closedAt !== null) throw invalid('a new service must be open');
      const [seating, ...rounds] = drafts;
      if (!seating || seating.kind !== 'seating') throw invalid('a seating comes first');
      if (rounds.length > 1 || rounds.some((r) => r.kind !== 'round')) throw invalid('a seating brings at most one round');
      for (const draft of drafts) {
        checkDraft(draft);
        if (draft.serviceId !== service.id) throw invalid(`order ${draft.id} belongs to another service`);
      }
      if (!sameNumbers(seating.tableIds, service.tableIds)) throw invalid('the seating names other tables than its service');
      if (rounds.some((r) => r.tableIds[0] !== service.primaryTableId)) throw invalid('the first round goes to the primary table');

      return write(() => {
        // The same seating submitted again (its answer was lost): what was stored, unchanged.
        const stored = readService(service.id);
        if (stored) {
          const entries = drafts.map((d) => readEntry(d.id));
          if (entries.every((e): e is OutboxEntry => e !== null && e.serviceId === service.id)) return { service: stored, entries };
          throw invalid(`service ${service.id} already exists with other orders`);
        }
        const busy = openServiceAt(service.tableIds);
        if (busy) {
          const names = busy.tableIds.flatMap((id, i) => (service.tableIds.includes(id) ? [busy.tableNames[i] ?? String(id)] : []));
          throw new QueueConflictError(coded('tables-just-seated', { count: names.length, tables: names.join(' + ') }));
        }
        for (const draft of drafts) if (readEntry(draft.id)) throw invalid(`order ${draft.id} is already in the queue`);
        insertService(service);
        return { service, entries: addEntries(drafts) };
      });
    },

    submit(draftInput) {
      const draft = parseInput(entryDraftSchema, draftInput, 'order');
      if (draft.kind === 'seating') throw invalid('a seating is saved with its table service');
      checkDraft(draft);
      return write(() => commitDraft(draft));
    },

    submitAll(draftInputs) {
      const drafts = draftInputs.map((d) => parseInput(entryDraftSchema, d, 'order'));
      if (drafts.length === 0) throw invalid('nothing to save');
      if (new Set(drafts.map((d) => d.id)).size !== drafts.length) throw invalid('an entry is submitted twice');
      for (const draft of drafts) {
        if (draft.kind !== 'stock-receipt') throw invalid(`a ${draft.kind} is saved on its own`);
        checkDraft(draft);
      }
      // All or nothing: the first refusal rolls back the ones before it.
      return write(() => drafts.map(commitDraft));
    },

    entriesOfKind: (kind) => statements.entriesOfKind.all(kind).map(parseEntry),

    pending: () => statements.entriesPending.all().map(parseEntry),

    get: readEntry,

    claim(entryId) {
      return write(() => {
        const current = readEntry(entryId);
        if (!current || current.state !== 'queued' || current.pending !== 1 || current.resolution !== null) return null;
        const at = now().toISOString();
        return updateEntry(current, { ...current, state: 'sending', attempts: current.attempts + 1, lastAttemptAt: at, updatedAt: at });
      });
    },

    record(entryId, update) {
      return write(() => {
        const current = readEntry(entryId);
        if (!current) return null;
        const next = updateEntry(current, update(current));
        if (!endedUnsent(current)) discardDependents(next);
        return next;
      });
    },

    recoverInterrupted(text) {
      return write(() => {
        const interrupted = statements.entriesInState.all('sending').map(parseEntry);
        const at = now().toISOString();
        for (const entry of interrupted) updateEntry(entry, recovered(entry, text, at));
        return interrupted.length;
      });
    },

    retry: (entryId) => write(() => change(entryId, ['queued'], 'retried', () => ({ retryAt: null }))),

    // The waiter checked the POS: the next attempt follows an unconfirmed one (ARCHITECTURE §5).
    resend: (entryId) => write(() => change(entryId, ['unconfirmed'], 'resent', () => ({ state: 'queued', retryAt: null, afterUnconfirmed: true }))),

    markDone: (entryId) => write(() => change(entryId, ['unconfirmed', 'rejected'], 'marked done', () => ({ pending: 0, resolution: 'marked-done' }))),

    discard(entryId) {
      return write(() => {
        const entry = change(entryId, ['queued', 'unconfirmed', 'rejected'], 'discarded', () => ({ pending: 0, resolution: 'discarded' }));
        closeServiceIfEmpty(entry);
        discardDependents(entry);
        return entry;
      });
    },

    sendSeatingAsRound(entryId, roundInput) {
      const round = roundInput === null ? null : parseInput(entryDraftSchema, roundInput, 'round');
      if (round) {
        if (round.kind !== 'round') throw invalid('a seating is sent again as a round');
        checkDraft(round);
      }
      return write(() => {
        const entry = conflictingSeating(entryId, coded('seating-not-in-conflict'));
        if (round && round.serviceId !== entry.serviceId) throw invalid('the round belongs to another service');
        const resolved = change(entryId, ['rejected'], 'sent as a round', () => ({ pending: 0, resolution: 'sent-as-round' }));
        const service = entry.serviceId ? readService(entry.serviceId) : null;
        // Its items (if any) join the open order as a round; without items there is nothing to send.
        if (service && round && !readEntry(round.id)) addEntries([retarget(round, service)]);
        return resolved;
      });
    },

    moveSeating(entryId, tables, seatingInput) {
      const seating = parseInput(entryDraftSchema, seatingInput, 'seating');
      if (seating.kind !== 'seating') throw invalid('a seating moves as a seating');
      checkDraft(seating);
      return write(() => {
        const entry = conflictingSeating(entryId, coded('seating-not-in-conflict'));
        if (!entry.serviceId) throw new QueueInputError(coded('seating-not-in-conflict'), 'the seating has no service');
        checkTables(tables);
        const service = readService(entry.serviceId);
        if (!service) throw new QueueInputError(coded('service-gone'));
        const busy = openServiceAt(tables.map((t) => t.id), service.id);
        if (busy) throw new QueueConflictError(coded('tables-already-seated', { count: busy.tableNames.length, tables: busy.tableNames.join(' + ') }));
        const moved: TableService = { ...service, tableIds: tables.map((t) => t.id), primaryTableId: tables[tables.length - 1]!.id, tableNames: tables.map((t) => t.name) };
        if (seating.serviceId !== service.id || !sameNumbers(seating.tableIds, moved.tableIds)) throw invalid('the new seating does not match the chosen tables');
        const resolved = change(entryId, ['rejected'], 'moved', () => ({ pending: 0, resolution: 'moved' }));
        updateService(moved);
        // Its rounds still waiting follow it to the new primary table.
        for (const round of statements.entriesOfService.all(service.id).map(parseEntry)) {
          if (round.kind === 'round' && round.state === 'queued' && round.pending === 1) updateEntry(round, { ...retarget(round, moved), updatedAt: now().toISOString() });
        }
        if (!readEntry(seating.id)) addEntries([seating]);
        return resolved;
      });
    },

    setBillDiscount(serviceId, discountInput) {
      const discount = discountInput === null ? null : parseInput(billDiscountSchema, discountInput, 'discount');
      if (discount?.kind === 'percent' && discount.value > 10_000) throw invalid('a percentage is at most 100 %');
      return write(() => {
        const service = openService(serviceId);
        if (discount) {
          const bill = billOf({ ...service, billDiscount: null }, statements.entriesOfService.all(service.id).map(parseEntry));
          // Off the check the next payment pays: never more than that check has left.
          const cents = discount.kind === 'amount' ? discount.value : discountCentsOf(discount, bill.payableNowCents);
          if (bill.nextCheck === null || bill.payableNowCents === 0 || cents > bill.payableNowCents) {
            throw new QueueInputError(coded('discount-more-than-left', { leftCents: bill.payableNowCents, left: bill.payableNowCents / 100 }), `${cents} cents off, ${bill.payableNowCents} left`);
          }
        }
        const next: TableService = { ...service, billDiscount: discount };
        if (JSON.stringify(next) !== JSON.stringify(service)) updateService(next);
        return tableServiceSchema.parse(next);
      });
    },

    clearTable(serviceId) {
      return write(() => {
        const service = readService(serviceId);
        if (!service || service.open !== 1) return false;
        updateService({ ...service, open: 0, closedAt: now().toISOString() });
        return true;
      });
    },

    exportPending(accountKey) {
      const entries = statements.entriesPending.all().map(parseEntry);
      return JSON.stringify({ exportedAt: now().toISOString(), account: accountKey, count: entries.length, entries }, null, 2);
    },

    importEntries(entryInputs, serviceInputs, last = false) {
      const services = serviceInputs.map((s) => parseInput(tableServiceSchema, s, 'table service'));
      const entries = entryInputs.map((e) => parseInput(outboxEntrySchema, e, 'order')).sort((a, b) => a.seq - b.seq);
      return write(() => {
        // docs/decisions.md, "The PIN guards the main side": one hand-off per account, ever.
        if (statements.importsClosed.get() !== undefined) throw new QueueConflictError(coded('queue-import-closed'));
        if (last) statements.closeImports.run();
        let importedServices = 0;
        let skipped = 0;
        let notPending = 0;
        for (const service of services) {
          if (readService(service.id)) {
            skipped++;
            continue;
          }
          // Seated here meanwhile (cannot happen before the first hand-off; a late one must not fail).
          const busy = service.open === 1 ? openServiceAt(service.tableIds) : null;
          if (busy) log(`queue: handed-over service ${service.id} closed: its tables are seated by service ${busy.id}`);
          insertService(busy ? { ...service, open: 0, closedAt: now().toISOString() } : service);
          importedServices++;
        }
        let seq = seqRow.parse(statements.maxSeq.get()).seq ?? 0;
        const at = now().toISOString();
        let importedEntries = 0;
        for (const entry of entries) {
          if (readEntry(entry.id)) {
            skipped++;
            continue;
          }
          if (entry.state === 'accepted' || entry.pending !== 1 || entry.resolution !== null || entry.acceptedBy !== null) {
            notPending++;
            continue;
          }
          // Its old outbox stopped mid-send: as at a start-up, nobody knows whether it arrived.
          insertEntry({ ...(entry.state === 'sending' ? recovered(entry, RECOVERED, at) : entry), seq: ++seq });
          importedEntries++;
        }
        if (importedEntries + importedServices > 0) log(`queue: ${importedEntries} entries and ${importedServices} services handed over, ${skipped} already here`);
        if (notPending > 0) log(`queue: ${notPending} handed-over entries not taken: accepted or resolved already (the POS has them)`);
        if (last) log('queue: the hand-off of the old outbox is complete; no other is taken');
        return { entries: importedEntries, services: importedServices, skipped: skipped + notPending };
      });
    },

    close() {
      listeners.clear();
      db.close();
    },
  };
}

function recovered(entry: OutboxEntry, text: ErrorText, at: string): OutboxEntry {
  return {
    ...entry,
    state: 'unconfirmed',
    afterUnconfirmed: true,
    updatedAt: at,
    lastError: { kind: 'unknown', ...text, detail: 'state "sending" found at start-up', at },
  };
}

/** A request the bridge let through but that cannot be right: the window's code is wrong, not the waiter. */
function invalid(detail: string): QueueInputError {
  return new QueueInputError(coded('order-not-saved'), detail);
}

function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(`the ${what} is malformed (${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'})`);
}

/** A draft's request says what its fields say: the same kind, tables and (loyalty) extraId. */
function checkDraft(draft: EntryDraft) {
  const { request } = draft;
  if (draft.kind === 'seating') {
    if (request.kind !== 'seating') throw invalid('a seating must send a Flow seating');
    if (!draft.serviceId) throw invalid('a seating belongs to a table service');
    if (!sameNumbers(request.data.table_id, draft.tableIds)) throw invalid('the seating sends other tables than it names');
    // A deposit's tender (the method's name for the bill) says what the Flow `payments` send.
    if (draft.tender) {
      const prepaid = (request.data.payments ?? []).reduce((sum, p) => sum + (parseCents(p.amount) ?? Number.NaN), 0);
      if (draft.tender.amountCents !== prepaid || draft.tender.tipCents !== 0) throw invalid('the tender says another amount than the seating\'s prepayment');
    }
    return;
  }
  if (draft.after && draft.kind !== 'payment' && draft.kind !== 'takeaway' && draft.kind !== 'delivery' && draft.kind !== 'invoice') throw invalid(`a ${draft.kind} waits for no other entry`);
  if (draft.after === draft.id) throw invalid('an entry cannot wait for itself');
  if (draft.kind === 'sale' || draft.kind === 'invoice') {
    // A shop's sale (POST R/orders) and its invoice, which waits for it.
    if (draft.serviceId !== null || draft.tableIds.length > 0) throw invalid(`a ${draft.kind} has no table`);
    if (draft.kind === 'sale') {
      if (request.kind !== 'retail-order') throw invalid('a sale must send a retail order');
      if (draft.totalCents !== wireCents(request.order.total)) throw invalid('the sale says another total than the order sent');
    } else {
      if (request.kind !== 'retail-invoice') throw invalid('an invoice must send a retail invoice');
      if (!draft.after) throw invalid('an invoice waits for its sale');
    }
    return;
  }
  if (draft.receipt !== undefined && draft.kind !== 'stock-receipt') throw invalid(`a ${draft.kind} receives no purchase order line`);
  if (draft.kind === 'stock-receipt') {
    // One purchase order line added to a warehouse's stock; nothing to price, no
    // lines (they would count as sold), no table, waits for nothing.
    if (request.kind !== 'stock-add') throw invalid('a stock receipt must send an addStock');
    if (!draft.receipt) throw invalid('a stock receipt names its purchase order line');
    if (draft.serviceId !== null || draft.tableIds.length > 0) throw invalid('a stock receipt has no table');
    if (draft.lines.length > 0 || draft.totalCents !== 0) throw invalid('a stock receipt carries no ticket lines');
    return;
  }
  if (request.kind === 'stock-add') throw invalid(`a ${draft.kind} cannot send an addStock`);
  if (request.kind === 'retail-order' || request.kind === 'retail-invoice') throw invalid(`a ${draft.kind} cannot send a shop's request`);
  if (draft.kind === 'gift-redeem') {
    if (request.kind !== 'gift-redeem') throw invalid('a gift card redeem must send a redeem');
    if (draft.serviceId === null && draft.tableIds.length > 0) throw invalid('a gift card redeem without a service has no table');
    if (draft.serviceId !== null && draft.tableIds.length !== 1) throw invalid('a table\'s gift card redeem goes to its primary table');
    return;
  }
  if (draft.kind === 'customer') {
    if (request.kind !== 'customer') throw invalid('a customer must send a customer');
    if (draft.serviceId !== null || draft.tableIds.length > 0) throw invalid('a customer has no table');
    return;
  }
  if (request.kind !== 'order') throw invalid(`a ${draft.kind} must send a loyalty order`);
  if (request.order.order.extraId !== draft.id) throw invalid(`the order's extraId must be its id`);
  const payment = request.order.order.payment;
  if (draft.tender && payment) {
    if (draft.tender.amountCents !== parseCents(payment.amount) || draft.tender.tipCents !== (payment.tip === undefined ? 0 : parseCents(payment.tip))) {
      throw invalid('the tender says another amount or tip than the payment sent');
    }
  }
  if (draft.kind === 'payment') {
    // clarifications: a payment of the table's open order is a loyalty order with no contents.
    if (!draft.serviceId) throw invalid('a payment belongs to a table service');
    if (request.order.order.contents.length > 0 || request.order.skipMerge === true || !payment) throw invalid('a payment sends no contents, a payment, and never skipMerge');
    if (draft.tableIds.length !== 1 || request.order.order.table_id !== draft.tableIds[0]) throw invalid('a payment goes to its primary table');
    return;
  }
  if (draft.kind === 'round') {
    if (!draft.serviceId) throw invalid('a round belongs to a table service');
    if (draft.tableIds.length !== 1 || request.order.order.table_id !== draft.tableIds[0]) throw invalid('a round goes to its primary table');
  } else if (draft.serviceId !== null || draft.tableIds.length > 0) {
    throw invalid(`a ${draft.kind} has no table`);
  }
}

/** A retail amount (a JSON number with at most 2 decimals, shared/api/retail/requests.ts) in cents. */
function wireCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A table's gift card redeem at its service's primary table. */
function atPrimaryTable<T extends EntryDraft>(draft: T, service: TableService): T {
  if (sameNumbers(draft.tableIds, [service.primaryTableId])) return draft;
  return { ...draft, tableIds: [service.primaryTableId], place: { kind: 'tables', names: [...service.tableNames] } };
}

/** A round (or a payment) aimed at its service's primary table (one already there comes back unchanged). */
function retarget<T extends EntryDraft>(round: T, service: TableService): T {
  const request = round.request;
  if (request.kind !== 'order' || (request.order.order.table_id === service.primaryTableId && sameNumbers(round.tableIds, [service.primaryTableId]))) return round;
  return {
    ...round,
    tableIds: [service.primaryTableId],
    place: { kind: 'tables', names: [...service.tableNames] },
    request: { ...request, order: { ...request.order, order: { ...request.order.order, table_id: service.primaryTableId } } },
  };
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Rows kept parsed (entries and services each): more than a busy day's pending entries. */
const ROW_CACHE_LIMIT = 20_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}
