import type { z } from 'zod';
import type { EntryDraft, OutboxEntry, TableService } from '../../../shared/bridge/queue';
import { coded, type ErrorText } from '../../../shared/bridge/errorCodes';
import { parseCents } from '../../../shared/domain/money';

// What the queue store checks of a draft before any transaction, and the errors it refuses with
// (store.ts re-exports the errors: its callers name them from there).

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

export const NOT_IN_QUEUE = coded('entry-not-in-queue');

export function recovered(entry: OutboxEntry, text: ErrorText, at: string): OutboxEntry {
  return {
    ...entry,
    state: 'unconfirmed',
    afterUnconfirmed: true,
    updatedAt: at,
    lastError: { kind: 'unknown', ...text, detail: 'state "sending" found at start-up', at },
  };
}

/** A request the bridge let through but that cannot be right: the window's code is wrong, not the waiter. */
export function invalid(detail: string): QueueInputError {
  return new QueueInputError(coded('order-not-saved'), detail);
}

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(`the ${what} is malformed (${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'})`);
}

/** A draft's request says what its fields say: the same kind, tables and (loyalty) extraId. */
export function checkDraft(draft: EntryDraft) {
  const { request } = draft;
  if (draft.kind === 'seating') {
    if (request.kind !== 'seating') throw invalid('a seating must send a Flow seating');
    if (!draft.serviceId) throw invalid('a seating belongs to a table service');
    if (!sameNumbers(request.data.table_id, draft.tableIds)) throw invalid('the seating sends other tables than it names');
    // A deposit's tender (the method's name for the bill) says what the Flow `payments` send.
    if (draft.tender) {
      const prepaid = (request.data.payments ?? []).reduce((sum, p) => sum + (parseCents(p.amount) ?? Number.NaN), 0);
      if (draft.tender.amountCents !== prepaid || draft.tender.tipCents !== 0) throw invalid("the tender says another amount than the seating's prepayment");
    }
    return;
  }
  if (draft.after && draft.kind !== 'payment' && draft.kind !== 'takeaway' && draft.kind !== 'delivery' && draft.kind !== 'invoice')
    throw invalid(`a ${draft.kind} waits for no other entry`);
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
    if (draft.serviceId !== null && draft.tableIds.length !== 1) throw invalid("a table's gift card redeem goes to its primary table");
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
    if (request.order.order.contents.length > 0 || request.order.skipMerge === true || !payment)
      throw invalid('a payment sends no contents, a payment, and never skipMerge');
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
export function wireCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A table's gift card redeem at its service's primary table. */
export function atPrimaryTable<T extends EntryDraft>(draft: T, service: TableService): T {
  if (sameNumbers(draft.tableIds, [service.primaryTableId])) return draft;
  return { ...draft, tableIds: [service.primaryTableId], place: { kind: 'tables', names: [...service.tableNames] } };
}

/** A round (or a payment) aimed at its service's primary table (one already there comes back unchanged). */
export function retarget<T extends EntryDraft>(round: T, service: TableService): T {
  const request = round.request;
  if (request.kind !== 'order' || (request.order.order.table_id === service.primaryTableId && sameNumbers(round.tableIds, [service.primaryTableId])))
    return round;
  return {
    ...round,
    tableIds: [service.primaryTableId],
    place: { kind: 'tables', names: [...service.tableNames] },
    request: { ...request, order: { ...request.order, order: { ...request.order.order, table_id: service.primaryTableId } } },
  };
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
