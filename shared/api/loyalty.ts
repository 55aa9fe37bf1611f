import { z } from 'zod';
import { parseCents } from '../domain/money';
import { sendId, sendMoney, sendNegativeMoney, sendNonNegativeMoney, sendPositiveMoney } from './send';
import { wireInt } from './wire';

// Loyalty order: POST {base}/api/loyalty/orders (spec: hospitality 2.10, 4.8; clarifications
// "Loyalty order"). The request is strict: every object refuses unknown keys and the fields the
// spec and the clarifications require are required. Whether `total` equals the contents is the
// order encoder's job (shared/domain); the server checks it too and answers 422 when it does not.

/** clarifications: a modifier of a normal item (type 0): one per chosen modifier, no quantity. */
export const loyaltyModifierRequest = z.strictObject({
  id: sendId.optional(),
  name: z.string().refine((v) => v.trim() !== '', 'must not be blank'),
  price: sendMoney,
});

/** clarifications: the one modifier of a selling-format item (type 4): its selling-format pivot. */
export const loyaltyFormatModifierRequest = z.strictObject({
  id: sendId,
  price: sendMoney.optional(),
});

/** A contents entry's `modifiers`: normal modifiers, or exactly one selling-format modifier. */
export const loyaltyModifiersRequest = z
  .array(z.union([loyaltyModifierRequest, loyaltyFormatModifierRequest]))
  .refine(
    (modifiers) => modifiers.length <= 1 || modifiers.every((modifier) => 'name' in modifier),
    'a selling-format modifier { id, price? } comes alone: one per line, without other modifiers',
  );

/** clarifications: one chosen dish of a menu item (type 1). */
export const loyaltyMenuContentRequest = z.strictObject({
  item_id: sendId,
  name: z.string().min(1),
  price: sendMoney,
  /** Only 1 is allowed. */
  quantity: z.literal(1).optional(),
  /** An existing menu item-category pivot. */
  dishOrder: sendId.optional(),
  modifiers: loyaltyModifiersRequest.optional(),
});

/** clarifications: a contents entry — `modifiers` (normal, selling format) or `menuContents` (menu). */
export const loyaltyContentRequest = z
  .strictObject({
    item_id: sendId,
    /** The unit price. */
    itemPrice: sendMoney,
    quantity: z.int().positive().optional(),
    modifiers: loyaltyModifiersRequest.optional(),
    menuContents: z.array(loyaltyMenuContentRequest).min(1, 'a menu needs at least one dish').optional(),
  })
  .refine((line) => line.modifiers === undefined || line.menuContents === undefined, {
    message: 'send either modifiers (normal and selling-format items) or menuContents (menu items), not both',
    path: ['menuContents'],
  });
export type LoyaltyContentRequest = z.input<typeof loyaltyContentRequest>;

/**
 * clarifications: `{ name? (default "Discount"), amount }`, the amount negative (`-2.50`):
 * total = contents + amount. There is no `negative` field.
 */
export const loyaltyDiscountRequest = z.strictObject({
  name: z.string().min(1).optional(),
  amount: sendNegativeMoney,
});

/** clarifications: `{ amount, payment_method_id?, payment_reference?, tip? }` (1 = Card, 2 = Cash). */
export const loyaltyPaymentRequest = z.strictObject({
  amount: sendPositiveMoney,
  payment_method_id: sendId.optional(),
  payment_reference: z.string().optional(),
  tip: sendNonNegativeMoney.optional(),
});

const optionalText = z.string().optional();

/** clarifications: `name` and `email` required; matched by email or phone, never updated. */
export const loyaltyCustomerRequest = z.strictObject({
  name: z.string().refine((v) => v.trim() !== '', 'must not be blank'),
  email: z.email(),
  phone: optionalText,
  nif: optionalText,
  web: optionalText,
  address: optionalText,
  postalCode: optionalText,
  city: optionalText,
  state: optionalText,
  extra_id: optionalText,
  notes: optionalText,
});

/** clarifications: "YYYY-MM-DD HH:MM:SS". */
const deliveryDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected "YYYY-MM-DD HH:MM:SS"');

/** clarifications: `phone` required; no `address` means pickup. */
export const loyaltyDeliveryRequest = z.strictObject({
  phone: z.string().refine((v) => v.trim() !== '', 'must not be blank'),
  date: deliveryDate.optional(),
  address: optionalText,
  city: optionalText,
  channel: optionalText,
});

const NEEDS_A_LINE =
  "an order needs at least one line (empty contents only pay a table's open order: table_id, a payment, skipMerge not true, and total 0 or the orderDiscount's amount)";
const NEGATIVE_TOTAL =
  "must not be negative (only a payment of a table's open order carrying the bill's discount has a total below 0: contents [], table_id, a payment, and total = the orderDiscount's amount)";

/**
 * The bill discount (docs/decisions.md "Bill discount and settled checks"): a payment of a
 * table's open order may carry the bill's discount; its contents are none, so its total is
 * 0 + the discount's (negative) amount. Compared in cents, exactly.
 */
function isPaymentWithDiscount(order: {
  total: number | string;
  contents: unknown[];
  table_id?: number;
  payment?: unknown;
  orderDiscount?: { amount: number | string };
}): boolean {
  if (order.contents.length > 0 || order.table_id === undefined || order.payment === undefined || order.orderDiscount === undefined) return false;
  const total = parseCents(order.total);
  return total !== null && total === parseCents(order.orderDiscount.amount);
}

/** spec 2.10 order payload. */
export const loyaltyOrderPayloadRequest = z
  .strictObject({
    /**
     * The contents with their modifiers and menu supplements, discount applied: never negative,
     * except a payment carrying the bill's discount (contents [], total = the discount's amount).
     */
    total: sendMoney,
    /**
     * Empty only to pay a table's open order (clarifications): table_id, a payment, and total 0 —
     * or, carrying the bill's discount, total = orderDiscount.amount.
     */
    contents: z.array(loyaltyContentRequest),
    /** Absent: the order is a delivery. */
    table_id: sendId.optional(),
    /** Default `SOLO`; the real table name is used when `table_id` is sent. */
    tableName: z.string().optional(),
    guests: z.int().positive().optional(),
    notes: z.string().optional(),
    /** External order id or reference (the outbox entry's id). */
    extraId: z.string().min(1).optional(),
    orderDiscount: loyaltyDiscountRequest.optional(),
    payment: loyaltyPaymentRequest.optional(),
    /** Inner fields not shown in the spec. */
    invoiceInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((order) => Number(order.total) >= 0 || isPaymentWithDiscount(order), { message: NEGATIVE_TOTAL, path: ['total'] })
  .refine(
    (order) =>
      order.contents.length > 0 || (order.table_id !== undefined && order.payment !== undefined && (Number(order.total) === 0 || isPaymentWithDiscount(order))),
    { message: NEEDS_A_LINE, path: ['contents'] },
  );

/** spec 2.10 top level. */
export const loyaltyOrderRequest = z
  .strictObject({
    order: loyaltyOrderPayloadRequest,
    customer: loyaltyCustomerRequest.optional(),
    delivery: loyaltyDeliveryRequest.optional(),
    /** Default false: contents are merged into the table's open order. */
    skipMerge: z.boolean().optional(),
    /** Stock is discounted from this warehouse. */
    warehouse_id: sendId.optional(),
  })
  .refine((body) => body.order.contents.length > 0 || body.skipMerge !== true, { message: NEEDS_A_LINE, path: ['order', 'contents'] });
export type LoyaltyOrderRequest = z.input<typeof loyaltyOrderRequest>;

/** clarifications: success answers `{ "order_id": <number> }`. */
export const loyaltyOrderWire = z.object({ order_id: wireInt });
export type LoyaltyOrderWire = z.output<typeof loyaltyOrderWire>;
