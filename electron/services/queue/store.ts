import { billDiscountSchema, entryDraftSchema, tableServiceSchema, type TableService } from '../../../shared/bridge/queue';
import type { EntryDraft, OutboxEntry, OutboxKind, QueueSnapshot } from '../../../shared/bridge/queue';
import { coded, type ErrorText } from '../../../shared/bridge/errorCodes';
import type { BillDiscount } from '../../../shared/bridge/queue';
import { billOf, discountCentsOf } from '../../../shared/domain/bill';
import { endedUnsent } from './outcomes';
import { inTransaction, type QueueDb } from './migrations';
import { checkDraft, invalid, parseInput, QueueInputError, recovered } from './storeDrafts';
import { importEntries } from './storeImport';
import { createStoreRules } from './storeRules';
import { moveSeating, seatService, sendSeatingAsRound } from './storeSeating';
import { openStoreTables } from './storeTables';

export { QueueConflictError, QueueInputError } from './storeDrafts';

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
  /**
   * A shop's sale and its invoice in ONE transaction: both stored or neither, so the till never
   * keeps a sale without its invoice. The same pair again (its answer was lost) is stored once.
   */
  submitSale(sale: EntryDraft, invoice: EntryDraft): { sale: OutboxEntry; invoice: OutboxEntry };
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

export function createQueueStore(db: QueueDb, options: QueueStoreOptions): QueueStore {
  const { now } = options;
  const t = openStoreTables(db, now, options.log ?? (() => {}));
  const rules = createStoreRules(t);
  const { statements, write, readEntry, readService, readRevision, parseEntry, parseService, updateEntry, updateService } = t;
  const { change, closeServiceIfEmpty, discardDependents, openService, commitDraft } = rules;

  return {
    revision: readRevision,

    onChange: t.onChange,

    snapshot() {
      // One read transaction: the revision, the services and the entries agree with each other.
      return inTransaction(db, 'DEFERRED', () => ({
        revision: readRevision(),
        services: statements.openServices.all().map(parseService),
        entries: statements.snapshotEntries.all().map(parseEntry),
      }));
    },

    seat: (service, drafts) => seatService(t, rules, service, drafts),

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

    submitSale(saleInput, invoiceInput) {
      const sale = parseInput(entryDraftSchema, saleInput, 'order');
      const invoice = parseInput(entryDraftSchema, invoiceInput, 'order');
      if (sale.kind !== 'sale' || invoice.kind !== 'invoice') throw invalid('a sale comes with its invoice');
      if (invoice.after !== sale.id) throw invalid('the invoice waits for another sale');
      checkDraft(sale);
      checkDraft(invoice);
      // The invoice's check reads the sale committed just before it, in the same transaction.
      return write(() => ({ sale: commitDraft(sale), invoice: commitDraft(invoice) }));
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

    sendSeatingAsRound: (entryId, round) => sendSeatingAsRound(t, rules, entryId, round),

    moveSeating: (entryId, tables, seating) => moveSeating(t, rules, entryId, tables, seating),

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
            throw new QueueInputError(
              coded('discount-more-than-left', { leftCents: bill.payableNowCents, left: bill.payableNowCents / 100 }),
              `${cents} cents off, ${bill.payableNowCents} left`,
            );
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

    importEntries: (entries, services, last = false) => importEntries(t, entries, services, last),

    close() {
      t.clearListeners();
      db.close();
    },
  };
}
