import {
  BridgeError,
  coded,
  type BillDiscount,
  type BridgeClient,
  type EntryDraft,
  type OutboxEntry,
  type TableService,
  type Tender,
} from '../../../../shared/bridge';
import { billOf } from '../../../../shared/domain/bill';
import { giftRedeemRequest, paymentRequest } from '../../data/queue/orderRequests';
import { OutboxInputError } from '../../data/queue/outboxTypes';
import type { QueueStoreApi } from '../../data/queue/queueStore';

// The bill's writes: a payment is a queue entry (a loyalty order paying
// the table's open order, `contents: []`), committed by the main side before the call resolves —
// "Saved" at once, even offline, delivered once. A gift card's payment is two entries submitted
// in order: the card's redeem, then the payment that waits for it (`after`). The bill discount is
// kept with the service (setBillDiscount) until the next payment carries it.

export type BillBridge = Pick<BridgeClient, 'submitEntry' | 'setBillDiscount'>;

export interface PayInput {
  serviceId: string;
  /** The payment entry's id (and the redeem's for a gift card): the dialog keeps them across its retries, so a second tap stores nothing twice. */
  ids: { payment: string; redeem: string };
  amountCents: number;
  tipCents: number;
  methodId: number | null;
  methodName: string;
  tenderedCents?: number;
  changeCents?: number;
  /** A gift card: its uuid (the redeem goes first; `payment_reference` = the uuid). */
  giftCardUuid?: string;
}

export interface BillClient {
  /** Commits the payment (for a gift card: the redeem, then the payment); returns the entries committed, the payment last. */
  pay(input: PayInput): Promise<OutboxEntry[]>;
  /** Sets or (null) removes the bill discount of an open service. */
  setDiscount(serviceId: string, discount: BillDiscount | null): Promise<TableService>;
}

function serviceOf(store: QueueStoreApi, serviceId: string): TableService {
  const service = store.getState().queue?.serviceById.get(serviceId);
  if (!service) throw new OutboxInputError(coded('table-cleared'));
  return service;
}

/** The drafts one payment submits, in order (pure: the bill is computed from the store's snapshot). */
export function paymentDrafts(service: TableService, entries: readonly OutboxEntry[], input: PayInput): EntryDraft[] {
  const bill = billOf(service, entries);
  // The main side holds a payment to the same rule in the transaction that commits it.
  if (input.amountCents > bill.dueNowCents) {
    throw new OutboxInputError(coded('payment-over-total', { payment: input.amountCents / 100, total: bill.dueNowCents / 100 }));
  }
  const place = { kind: 'tables' as const, names: [...service.tableNames] };
  const base = { tableIds: [service.primaryTableId], place, serviceId: service.id, lines: [] };
  const discount =
    bill.pendingDiscountCents > 0 && service.billDiscount ? { cents: bill.pendingDiscountCents, reason: service.billDiscount.reason } : undefined;
  const uuid = input.giftCardUuid?.trim();
  const { request, totalCents } = paymentRequest({
    entryId: input.ids.payment,
    tableId: service.primaryTableId,
    amountCents: input.amountCents,
    tipCents: input.tipCents,
    methodId: input.methodId,
    ...(uuid ? { reference: uuid } : {}),
    ...(discount ? { discount } : {}),
  });
  const tender: Tender = {
    methodId: input.methodId,
    methodName: input.methodName,
    amountCents: input.amountCents,
    tipCents: input.tipCents,
    ...(input.tenderedCents !== undefined ? { tenderedCents: input.tenderedCents } : {}),
    ...(input.changeCents !== undefined ? { changeCents: input.changeCents } : {}),
    ...(uuid ? { giftCardUuid: uuid } : {}),
    ...(discount ? { discountCents: discount.cents, discountReason: discount.reason } : {}),
  };
  const payment: EntryDraft = {
    id: input.ids.payment,
    kind: 'payment',
    ...base,
    request,
    summary: {
      code: 'payment',
      params: {
        method: input.methodName.slice(0, 300),
        amountCents: input.amountCents,
        tipCents: input.tipCents,
        discountCents: discount?.cents ?? 0,
        ...(uuid ? { card: uuid } : {}),
      },
    },
    totalCents,
    tender,
  };
  if (!uuid) return [payment];
  const redeem: EntryDraft = {
    id: input.ids.redeem,
    kind: 'gift-redeem',
    ...base,
    request: giftRedeemRequest(uuid, input.amountCents),
    summary: { code: 'gift-redeem', params: { uuid, amountCents: input.amountCents } },
    totalCents: 0,
  };
  return [redeem, { ...payment, after: redeem.id }];
}

export function openBillClient(deps: { bridge: BillBridge; store: QueueStoreApi }): BillClient {
  const { bridge, store } = deps;
  /** A conflict (the main side refused: more than is left) is the waiter's to read. */
  async function committing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof BridgeError && (error.kind === 'conflict' || error.kind === 'invalid'))
        throw new OutboxInputError(coded(error.code, error.params), error.detail);
      throw error;
    }
  }
  return {
    async pay(input) {
      const service = serviceOf(store, input.serviceId);
      const entries = store.getState().queue?.entriesByService.get(service.id) ?? [];
      const drafts = paymentDrafts(service, entries, input);
      const committed: OutboxEntry[] = [];
      for (const draft of drafts) {
        const { entry } = await committing(() => bridge.submitEntry({ draft }));
        store.getState().applyWrite({ entries: [entry] });
        committed.push(entry);
      }
      return committed;
    },
    async setDiscount(serviceId, discount) {
      const { service } = await committing(() => bridge.setBillDiscount({ serviceId, discount }));
      store.getState().applyWrite({ services: [service] });
      return service;
    },
  };
}
