import { z } from 'zod';
import { giftCardCreateRequest } from '../api';

// The online calls that are not orders or payments: selling a gift card (the API answers
// 201 / 422 at once), deleting a customer, setting an item's stock ("86 it"), and the warehouse
// this terminal sells from. Orders and payments go through the queue (queue.ts); these answer at
// once or fail with a code (`offline`, the vendor's 422 as `said`, …) that the renderer words.

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cents = z.number().int().min(0).max(1_000_000_000);

/** A gift card as the POS answered it (spec 2.3). */
export const giftCardSchema = z.strictObject({
  uuid: giftCardCreateRequest.shape.uuid,
  balanceCents: cents,
  campaignId: z.string().max(100).nullable(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

/** An item's stock in one warehouse as the terminal now knows it. */
export const itemStockSchema = z.strictObject({
  warehouseId: id,
  itemId: id,
  /** May be fractional (units by weight) and negative (sold past zero). */
  quantity: z.number().finite().min(-1_000_000_000).max(1_000_000_000),
});
export type ItemStock = z.infer<typeof itemStockSchema>;

/** This terminal's stock settings for the current account. */
export const stockSettingsSchema = z.strictObject({
  /** Orders send it as `warehouse_id`; item buttons show its stock. null: no warehouse (no stock sent). */
  warehouseId: id.nullable(),
});
export type StockSettings = z.infer<typeof stockSettingsSchema>;

/**
 * One customer's contact details as `GET V2/customers/<id>` answers them: the listing (spec 2.4)
 * carries no email or phone, so the terminal reads them when a customer is opened.
 */
export const customerDetailsSchema = z.strictObject({
  id,
  name: z.string().max(300),
  active: z.boolean(),
  /** null: the POS holds none. */
  email: z.string().max(200).nullable(),
  phone: z.string().max(50).nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** The commerce operations (merged into shared/bridge/operations.ts). */
export const commerceOperations = {
  /** spec 4.2 `POST V2/giftCards`: online only; 422 → `gift-card-refused` with the vendor's words. */
  createGiftCard: {
    input: z.strictObject({
      uuid: giftCardCreateRequest.shape.uuid,
      balanceCents: z.number().int().positive().max(100_000_000),
      campaignId: z.string().trim().min(1).max(100).optional(),
    }),
    output: z.strictObject({ card: giftCardSchema }),
  },
  /** spec 4.2 `DELETE V2/customers/<id>`: online only. Every window then drops it (`customer-changed`). */
  deleteCustomer: { input: z.strictObject({ customerId: id }), output: z.strictObject({ deleted: z.literal(true) }) },
  /** spec 4.2 `GET V2/customers/<id>`: online only; the renderer keeps what it read for offline. */
  getCustomer: { input: z.strictObject({ customerId: id }), output: z.strictObject({ customer: customerDetailsSchema }) },
  /**
   * spec 4.4 `setStock`: 86 an item (quantity 0) or put it back (a typed quantity), online only.
   * Every window then shows the new stock within a second (`stock-changed`).
   */
  setItemStock: { input: itemStockSchema, output: z.strictObject({ stock: itemStockSchema }) },
  /** The warehouse this terminal sells from, per account (kept on the main side). */
  getStockSettings: { input: z.strictObject({}), output: stockSettingsSchema },
  saveStockSettings: { input: stockSettingsSchema, output: stockSettingsSchema },
} as const;

/** Events of these operations (merged into schemas.ts `bridgeEventSchema`). */
export const stockChangedEventSchema = z.object({ type: z.literal('stock-changed'), stock: itemStockSchema });
export const customerChangedEventSchema = z.object({
  type: z.literal('customer-changed'),
  customerId: id,
  /** true: deleted at the POS from this terminal; every window drops it from its copy. */
  deleted: z.boolean(),
});
