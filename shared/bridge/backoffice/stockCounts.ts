import { z } from 'zod';

// Stock counts. The manager reads a warehouse's stock (spec 4.4 GET
// V2/warehouses/<id>, every page), counts some of its items, and saves the count as ONE
// `setStock` call holding the `stocks` array. Before writing, the main side reads the warehouse
// again: an item whose quantity is no longer the one the manager saw ("expected") is not written —
// the whole save is held back and those items come back with their new quantity, for the manager
// to keep the count or count again. Online only.

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A stock quantity as the POS keeps it: may be fractional (by weight) and negative (sold past zero). */
const stockQuantity = z.number().finite().min(-1_000_000_000).max(1_000_000_000);
/** A counted quantity: 0 or more, at most 3 decimals (what the count screen lets a person type). */
const countedQuantity = z
  .number()
  .finite()
  .min(0)
  .max(999_999_999)
  // At most 3 decimals (an `invalid-input` naming the field otherwise: the screen never sends it).
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6);

/** Most items one count may save: one request, far below 2 MB (spec 8); the sandbox's batch bound. */
export const MAX_COUNTED_ITEMS = 1_000;

/** One item's stock in the warehouse, as read. */
export const warehouseStockRowSchema = z.strictObject({ itemId: id, quantity: stockQuantity });
export type WarehouseStockRow = z.infer<typeof warehouseStockRowSchema>;

/** One counted item: what the manager saw before counting, and what they counted. */
export const stockCountLineSchema = z.strictObject({
  itemId: id,
  /** The quantity the screen showed as "in stock" (0 for an item the warehouse has no row for). */
  expected: stockQuantity,
  counted: countedQuantity,
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

/** An item whose quantity changed at the POS since it was read: nothing of the count was written. */
export const changedElsewhereSchema = z.strictObject({ itemId: id, expected: stockQuantity, now: stockQuantity });
export type ChangedElsewhere = z.infer<typeof changedElsewhereSchema>;

export const stockCountOperations = {
  /** Every stock row of one warehouse (all pages), one per item. */
  readWarehouseStock: {
    input: z.strictObject({ warehouseId: id }),
    output: z.strictObject({ warehouseId: id, stocks: z.array(warehouseStockRowSchema).max(200_000) }),
  },
  /**
   * Re-reads the warehouse, then either writes every counted item in one `setStock` (audited as
   * 'stock-count'; every window then shows the new stock, `stock-changed`) or, when some item's
   * quantity is no longer `expected`, writes nothing and names those items.
   */
  saveStockCount: {
    input: z
      .strictObject({ warehouseId: id, counts: z.array(stockCountLineSchema).min(1).max(MAX_COUNTED_ITEMS) })
      // An item is counted once per save.
      .refine((input) => new Set(input.counts.map((line) => line.itemId)).size === input.counts.length, { path: ['counts'] }),
    output: z.discriminatedUnion('outcome', [
      z.strictObject({ outcome: z.literal('saved'), stocks: z.array(warehouseStockRowSchema) }),
      z.strictObject({ outcome: z.literal('changed-elsewhere'), changed: z.array(changedElsewhereSchema).min(1) }),
    ]),
  },
} as const;
