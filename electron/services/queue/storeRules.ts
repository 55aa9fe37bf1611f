import type { EntryDraft, OutboxEntry, OutboxState, TableService } from '../../../shared/bridge/queue';
import { coded, type ErrorText } from '../../../shared/bridge/errorCodes';
import { billOf } from '../../../shared/domain/bill';
import { parseCents } from '../../../shared/domain/money';
import { discardedWith, endedUnsent } from './outcomes';
import { atPrimaryTable, invalid, NOT_IN_QUEUE, QueueInputError, retarget, wireCents } from './storeDrafts';
import type { StoreTables } from './storeTables';

/** The queue's rules inside a transaction: state changes, what goes with a discarded entry, committing a draft. */
export function createStoreRules(t: StoreTables) {
  const { statements, now, readEntry, readService, parseEntry, updateEntry, updateService, addEntries } = t;

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
    if (before.kind !== 'gift-redeem' || before.request.kind !== 'gift-redeem') throw invalid("only a gift card's redeem can be waited for");
    if (before.serviceId !== draft.serviceId) throw invalid('the redeem waited for belongs to another service');
    if (endedUnsent(before)) throw new QueueInputError(coded('payment-card-not-charged'), `redeem ${before.id} ended ${before.resolution ?? before.state}`);
    if (draft.tender?.giftCardUuid !== undefined && draft.tender.giftCardUuid !== before.request.uuid)
      throw invalid('the payment names another card than its redeem');
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
      throw new QueueInputError(
        coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }),
        `${amount} cents asked, ${bill.dueNowCents} left`,
      );
    }
    const entry = addEntries([payment])[0]!;
    // What the bill becomes with it: never more paid than a check's total (the bill's own rule).
    const after = billOf({ ...service, billDiscount: null }, [...entries, entry]);
    if (after.overpaidCents > bill.overpaidCents)
      throw new QueueInputError(coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }), 'the bill would be overpaid');
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
          throw new QueueInputError(
            coded('payment-more-than-left', { leftCents: bill.dueNowCents, left: bill.dueNowCents / 100 }),
            `${amount} cents asked, ${bill.dueNowCents} left`,
          );
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
  return { change, closeServiceIfEmpty, discardDependents, openService, commitDraft, conflictingSeating, checkTables };
}
export type StoreRules = ReturnType<typeof createStoreRules>;
