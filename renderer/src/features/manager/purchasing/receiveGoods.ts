import type { BridgeClient, PurchaseOrder, PurchaseOrderLine } from '../../../../../shared/bridge';
import { receiptEntryIds, withHere, type ReceiptPlan } from './receiptForm';

// "Receive" on a purchase order as a user action: the typed quantities go into a warehouse as one
// queue entry per line, committed together by the main side (all or none) — "Saved" then, online
// or not; the queue adds each to the stock once. The same lines with the same quantities keep their
// entry ids until saved, so a Receive tapped again after a lost answer stores nothing twice.

export type ReceivingBridge = Pick<BridgeClient, 'receivePurchaseOrder'>;

export interface ReceivedGoods {
  /** How many queue entries were committed. */
  count: number;
  /** The order's lines with what this terminal has now received of each. */
  lines: PurchaseOrderLine[];
}

export interface Receiving {
  receive(input: { plan: Pick<ReceiptPlan, 'lines'>; lines: readonly PurchaseOrderLine[]; warehouse: { id: number; name: string } }): Promise<ReceivedGoods>;
}

/** The receipts of one purchase order, keeping the entry ids of an unsaved attempt for the next one. */
export function openReceiving(
  bridge: ReceivingBridge,
  order: Pick<PurchaseOrder, 'id' | 'reference'>,
  newId: () => string = () => crypto.randomUUID(),
): Receiving {
  let entryIds = new Map<number, { quantity: number; entryId: string }>();
  return {
    async receive({ plan, lines, warehouse }) {
      entryIds = receiptEntryIds(plan, entryIds, newId);
      const answer = await bridge.receivePurchaseOrder({
        purchaseOrderId: order.id,
        reference: order.reference.slice(0, 200),
        warehouseId: warehouse.id,
        warehouseName: warehouse.name.slice(0, 200),
        lines: plan.lines.map((line) => ({ ...line, entryId: entryIds.get(line.lineId)!.entryId })),
      });
      entryIds = new Map();
      return { count: answer.entryIds.length, lines: withHere(lines, answer.here) };
    },
  };
}
