import type { PurchaseOrderLineWire, PurchaseOrderWire } from '../../../shared/api';
import type { EntryDraft, OutboxEntry, PurchaseOrder, PurchaseOrderLine, ReceiptLine, ReceivedHere } from '../../../shared/bridge';
import { parseCents } from '../../../shared/domain/money';

// The receipt of a purchase order, pure: the server's records in the bridge's
// shapes, the queue entries a receipt becomes, and what this terminal's queue says it received of
// each line. purchasing.ts reads and commits; this only decides.

/** A quantity in thousandths (1.5 → 1500); a negative or unreadable one counts as 0. */
export function toThousandths(quantity: number | null | undefined): number {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) return 0;
  return Math.round(quantity * 1000);
}

/** Money of a record (euros, any number of decimals) in cents; null when absent. */
function centsOf(amount: number | null | undefined): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  return parseCents(amount) ?? Math.round(amount * 100);
}

const cut = (value: string | null | undefined, max: number) => (value ?? '').slice(0, max);
const positiveOrNull = (value: number | null | undefined) => (value !== null && value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : null);

export function purchaseOrderOf(wire: PurchaseOrderWire): PurchaseOrder {
  return {
    id: wire.id,
    reference: cut(wire.reference, 200),
    vendorOrderId: wire.vendor_order_id ? cut(wire.vendor_order_id, 200) : null,
    vendorId: positiveOrNull(wire.vendor_id),
    vendorName: cut(wire.vendorName, 300),
    status: wire.status ?? 0,
    subtotalCents: centsOf(wire.subtotal),
    taxCents: centsOf(wire.tax),
    totalCents: centsOf(wire.total),
    lineCount: wire.contentsArray ? wire.contentsArray.length : null,
  };
}

export const NOTHING_HERE: ReceivedHere = Object.freeze({ accepted: 0, waiting: 0, unconfirmed: 0 });

/** A line as the screen shows it; lines without an item (nothing to add stock to) are left out. */
export function purchaseOrderLineOf(wire: PurchaseOrderLineWire, here: ReceivedHere = NOTHING_HERE): PurchaseOrderLine | null {
  const itemId = positiveOrNull(wire.item_id);
  if (itemId === null) return null;
  return {
    id: wire.id,
    itemId,
    itemName: cut(wire.itemName, 300),
    itemBarcode: wire.itemBarcode ? cut(wire.itemBarcode, 200) : null,
    status: wire.status ?? 0,
    ordered: toThousandths(wire.quantity),
    receivedAtServer: toThousandths(wire.received),
    here: { ...here },
    priceCents: centsOf(wire.price),
    totalCents: centsOf(wire.total),
  };
}

/**
 * What this terminal received of each line of a purchase order, from its `stock-receipt` entries:
 * accepted (or marked done by a person after checking the POS), waiting to leave (queued or on its
 * way), unconfirmed (left, no answer). Rejected and discarded entries added nothing.
 */
export function receivedHereByLine(entries: readonly OutboxEntry[], purchaseOrderId: number): Map<number, ReceivedHere> {
  const byLine = new Map<number, ReceivedHere>();
  for (const entry of entries) {
    if (entry.kind !== 'stock-receipt' || entry.request.kind !== 'stock-add' || entry.receipt?.purchaseOrderId !== purchaseOrderId) continue;
    const bucket = receiptBucket(entry);
    if (bucket === null) continue;
    const current = byLine.get(entry.receipt.lineId) ?? { ...NOTHING_HERE };
    current[bucket] += toThousandths(entry.request.quantity);
    byLine.set(entry.receipt.lineId, current);
  }
  return byLine;
}

function receiptBucket(entry: OutboxEntry): keyof ReceivedHere | null {
  if (entry.resolution === 'marked-done') return 'accepted';
  if (entry.resolution !== null) return null;
  switch (entry.state) {
    case 'accepted':
      return 'accepted';
    case 'queued':
    case 'sending':
      return 'waiting';
    case 'unconfirmed':
      return 'unconfirmed';
    case 'rejected':
      return null;
  }
}

export interface ReceiptInput {
  purchaseOrderId: number;
  reference: string;
  warehouseId: number;
  warehouseName: string;
  lines: readonly ReceiptLine[];
}

/**
 * One `stock-receipt` queue entry per line: `POST V2/warehouses/{id}/addStock` with the line's item
 * and quantity (spec 4.4), no ticket lines (they would count as sold), no table. The place is the
 * purchase order and the warehouse (Pending orders words it); `receipt` names the line.
 */
export function receiptDrafts(input: ReceiptInput): EntryDraft[] {
  const warehouse = input.warehouseName.trim() || `#${input.warehouseId}`;
  return input.lines.map((line) => ({
    id: line.entryId,
    kind: 'stock-receipt',
    tableIds: [],
    place: { kind: 'purchase-order', reference: input.reference.trim() || `#${input.purchaseOrderId}`, warehouse },
    serviceId: null,
    request: { kind: 'stock-add', warehouseId: input.warehouseId, item_id: line.itemId, quantity: line.quantity / 1000 },
    lines: [],
    summary: { code: 'stock-receipt', params: { item: line.itemName.slice(0, 300), quantity: line.quantity / 1000 } },
    totalCents: 0,
    receipt: { purchaseOrderId: input.purchaseOrderId, lineId: line.lineId, itemName: line.itemName },
  }));
}
