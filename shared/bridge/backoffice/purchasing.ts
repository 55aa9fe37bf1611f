import { z } from 'zod';

// Purchase orders (spec 2.8, 4.5) and receiving their lines into a warehouse. The
// API has no "receive" call: a receipt adds each line's quantity with `addStock` (spec 4.4) through
// the main side's order queue (one `stock-receipt` entry per line, all committed in one
// transaction), so a receipt made offline arrives once. The API does not raise a line's `received`
// when stock is added, so what this terminal received through its queue is told apart (`here`).
//
// Quantities cross the bridge in thousandths (exact sums: 1.5 kg = 1500); money in cents.

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);
const cents = z.number().int().min(-100_000_000_000).max(100_000_000_000);

/** Thousandths of a unit (or kg): whole numbers, never negative. */
export const MAX_THOUSANDTHS = 1_000_000_000_000;
const thousandths = z.number().int().min(0).max(MAX_THOUSANDTHS);

/** One purchase order as the list shows it (spec 2.8; `status` values are not published). */
export const purchaseOrderSchema = z.strictObject({
  id,
  reference: text(200),
  vendorOrderId: text(200).nullable(),
  vendorId: id.nullable(),
  vendorName: text(300),
  status: z.number().int(),
  subtotalCents: cents.nullable(),
  taxCents: cents.nullable(),
  totalCents: cents.nullable(),
  /** Lines the list carried (`contentsArray`); null when it carried none. */
  lineCount: z.number().int().nonnegative().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** What this terminal received of a line through its queue, by how far it got. */
export const receivedHereSchema = z.strictObject({
  /** Accepted by the POS, or marked "the stock was added" by a person. */
  accepted: thousandths,
  /** Committed and still to leave (queued or on its way). */
  waiting: thousandths,
  /** It left and no answer came back: a person decides on Pending orders. */
  unconfirmed: thousandths,
});
export type ReceivedHere = z.infer<typeof receivedHereSchema>;

/** One content line of a purchase order (spec 2.8). */
export const purchaseOrderLineSchema = z.strictObject({
  id,
  itemId: id,
  itemName: text(300),
  itemBarcode: text(200).nullable(),
  status: z.number().int(),
  ordered: thousandths,
  /** The server's `received`. */
  receivedAtServer: thousandths,
  here: receivedHereSchema,
  priceCents: cents.nullable(),
  totalCents: cents.nullable(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

/** One line received now: `entryId` is its queue entry's id (the same ids again store nothing twice). */
export const receiptLineSchema = z.strictObject({
  entryId: z.string().uuid(),
  lineId: id,
  itemId: id,
  itemName: text(300),
  quantity: thousandths.min(1),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const purchasingOperations = {
  /** Every purchase order of the venue (all pages), newest first. */
  listPurchaseOrders: {
    input: z.strictObject({}),
    output: z.strictObject({ orders: z.array(purchaseOrderSchema) }),
  },
  /**
   * The lines of one purchase order with what this terminal received of each. `fresh: false` reuses
   * the lines last read from the server (no request: following the queue, or offline) when there
   * are some; `readAt` says when they were read.
   */
  getPurchaseOrderLines: {
    input: z.strictObject({ purchaseOrderId: id, fresh: z.boolean() }),
    output: z.strictObject({ purchaseOrderId: id, readAt: z.string().max(40), lines: z.array(purchaseOrderLineSchema) }),
  },
  /**
   * Receives lines into a warehouse: one `stock-receipt` queue entry per line, all committed in one
   * transaction (works offline); the queue adds each with `addStock` exactly once. Answers what this
   * terminal has received of each line of the order once they are committed.
   */
  receivePurchaseOrder: {
    input: z.strictObject({
      purchaseOrderId: id,
      reference: text(200),
      warehouseId: id,
      warehouseName: text(200),
      lines: z.array(receiptLineSchema).min(1).max(200),
    }),
    output: z.strictObject({
      entryIds: z.array(z.string().uuid()),
      here: z.array(z.strictObject({ lineId: id, here: receivedHereSchema })),
    }),
  },
} as const;
