import type { PurchaseOrderLineWire } from '../../../shared/api';
import { explainedGatewayCall } from '../bridge/gatewayFailures';
import { coded, type PurchaseOrderLine, type ReceivedHere } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import type { BackofficeDeps, BackofficeHandlers } from './types';
import { NOTHING_HERE, purchaseOrderLineOf, purchaseOrderOf, receiptDrafts, receivedHereByLine } from './purchaseReceipt';

// Purchase orders (spec 2.8, 4.5) and receiving them. Reading goes to the server
// (interactive priority); the lines last read of each order are kept in memory, so the screen can
// follow the queue (and receive) without a request — offline too.
//
// Receiving writes nothing itself: the lines become `stock-receipt` queue entries committed in ONE
// transaction (`deps.queue.submitAll`), and the queue's dispatcher sends each `addStock` once
// (electron/services/queue/delivery.ts); an unknown outcome waits for a person on Pending orders, never
// resent by itself, because addStock adds. Each delivered line is recorded in the audit log where
// it is delivered (stockReceiptAudit.ts), not here: here nothing has reached the POS yet.

/** Orders whose lines are kept (a manager opens a handful). */
const KEPT_ORDERS = 50;

export function purchasingHandlers(deps: BackofficeDeps): Pick<BackofficeHandlers, 'listPurchaseOrders' | 'getPurchaseOrderLines' | 'receivePurchaseOrder'> {
  const kept = new Map<number, { readAt: string; lines: PurchaseOrderLineWire[] }>();
  const keep = (purchaseOrderId: number, lines: PurchaseOrderLineWire[]) => {
    kept.delete(purchaseOrderId);
    kept.set(purchaseOrderId, { readAt: new Date().toISOString(), lines });
    if (kept.size > KEPT_ORDERS) kept.delete(kept.keys().next().value as number);
    return kept.get(purchaseOrderId)!;
  };

  const receivedHere = async (purchaseOrderId: number) => receivedHereByLine(await deps.queue.entriesOfKind('stock-receipt'), purchaseOrderId);

  const linesWithHere = (wires: readonly PurchaseOrderLineWire[], here: ReadonlyMap<number, ReceivedHere>): PurchaseOrderLine[] =>
    wires.flatMap((wire) => purchaseOrderLineOf(wire, here.get(wire.id) ?? NOTHING_HERE) ?? []);

  return {
    async listPurchaseOrders() {
      const wires = await explainedGatewayCall(() => deps.gateway.listPurchaseOrders({ priority: 'interactive' }));
      return { orders: wires.map(purchaseOrderOf).sort((a, b) => b.id - a.id) };
    },

    async getPurchaseOrderLines({ purchaseOrderId, fresh }) {
      const known = fresh ? undefined : kept.get(purchaseOrderId);
      const read =
        known ?? keep(purchaseOrderId, await explainedGatewayCall(() => deps.gateway.listPurchaseOrderLines(purchaseOrderId, { priority: 'interactive' })));
      return { purchaseOrderId, readAt: read.readAt, lines: linesWithHere(read.lines, await receivedHere(purchaseOrderId)) };
    },

    async receivePurchaseOrder(input) {
      const lineIds = input.lines.map((line) => line.lineId);
      if (new Set(lineIds).size !== lineIds.length) throw refused('lines', 'a line is received twice in one receipt');
      // Lines read from the server: each received line must be one of them, for the same item.
      const read = kept.get(input.purchaseOrderId);
      if (read) {
        for (const line of input.lines) {
          const wire = read.lines.find((w) => w.id === line.lineId);
          if (!wire || wire.item_id !== line.itemId)
            throw refused('lines', `line ${line.lineId} (item ${line.itemId}) is not a line of purchase order ${input.purchaseOrderId}`);
        }
      }
      const entries = await deps.queue.submitAll(receiptDrafts(input));
      deps.log?.(`purchasing: purchase order ${input.purchaseOrderId} received into warehouse ${input.warehouseId}: ${entries.length} line(s) queued`);
      const here = await receivedHere(input.purchaseOrderId);
      const lines = read ? read.lines.map((w) => w.id) : lineIds;
      return { entryIds: entries.map((e) => e.id), here: lines.map((lineId) => ({ lineId, here: here.get(lineId) ?? { ...NOTHING_HERE } })) };
    },
  };
}

/** A receipt the window should never have sent (its lines do not fit the order). */
function refused(field: string, detail: string): ServiceError {
  return new ServiceError({
    kind: 'invalid-input',
    ...coded('invalid-input', { operation: 'receivePurchaseOrder', fields: field }),
    detail: `receivePurchaseOrder: ${detail}`,
  });
}
