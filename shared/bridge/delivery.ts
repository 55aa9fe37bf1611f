import { z } from 'zod';
import { flowNewOrderRequest, giftCardCreateRequest, giftCardRedeemRequest, loyaltyOrderRequest } from '../api';
import { retailInvoiceRequest, retailOrderRequest } from '../api/retail/requests';
import { errorTextShape } from './errorCodes';

// Delivering one queue entry (ARCHITECTURE §5): the entry stores exactly what to send
// (the renderer built it from its catalog); the main side's queue dispatcher sends it once through
// electron/services/queue/delivery.ts and records what is KNOWN about the result. The delivery classifies
// (it sees the transport: whether the body left, the status, the headers); every answer of the
// server is an outcome, never an error.

/**
 * A customer as the terminal creates one (spec 2.4: `name` and `active`; email and phone where
 * the waiter knows them), already in the form `V2/customers` takes: no transforms, so the entry
 * stored is the body sent.
 */
export const customerDraftSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  active: z.union([z.literal(0), z.literal(1)]),
  email: z.email().max(200).optional(),
  phone: z.string().trim().min(1).max(50).optional(),
});
export type CustomerDraft = z.infer<typeof customerDraftSchema>;

/** The quantity added by one receipt line (a number as addStock takes it, at most 3 decimals). */
export const STOCK_ADD_MAX = 1_000_000_000;
const stockAddShape = {
  item_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  quantity: z
    .number()
    .positive()
    .max(STOCK_ADD_MAX)
    // At most 3 decimals (thousandths, as the screen reads them).
    .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6),
};

/**
 * What one outbox entry sends: a Flow seating (spec 2.9), a loyalty order (spec 2.10; payments
 * too), a gift card's redeem (spec 4.2 `POST V2/giftCards/{uuid}`) or a customer
 * created offline (spec 4.2 `POST V2/customers`).
 */
export const deliveryRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('seating'), data: flowNewOrderRequest }),
  z.strictObject({ kind: z.literal('order'), order: loyaltyOrderRequest }),
  z.strictObject({ kind: z.literal('gift-redeem'), uuid: giftCardCreateRequest.shape.uuid, redeem: giftCardRedeemRequest }),
  z.strictObject({ kind: z.literal('customer'), customer: customerDraftSchema }),
  // A shop's sale is `POST R/orders` (retail §2.5) then its invoice `POST
  // R/orders/{id}/invoices`; the invoice's order id is the sale entry's, handed over when it is
  // sent (DeliveryContext.afterOrderId). The schemas refine, never transform: stored = sent.
  z.strictObject({ kind: z.literal('retail-order'), order: retailOrderRequest }),
  z.strictObject({ kind: z.literal('retail-invoice'), invoice: retailInvoiceRequest }),
  // Goods of a purchase order received into a warehouse, `POST
  // V2/warehouses/{warehouseId}/addStock` with `{ item_id, quantity }` (spec 4.4). Not idempotent:
  // like a gift card's redeem, an unknown outcome waits for a person.
  z.strictObject({ kind: z.literal('stock-add'), warehouseId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), ...stockAddShape }),
]);
export type DeliveryRequest = z.input<typeof deliveryRequestSchema>;

/**
 * What the queue's dispatcher tells a delivery about the entry it sends:
 * the order id the entry it waited for (`after`) was accepted with — null when it has none or
 * that entry was marked done by a person without one — and whether this attempt follows an
 * unconfirmed attempt of the same entry (a retail "already invoiced" is then evidence).
 */
export interface DeliveryContext {
  afterOrderId: number | null;
  afterUnconfirmed: boolean;
}

/**
 * Why an entry was NOT sent (it stays queued):
 * - `offline`: nothing reached the server (no connection, connection refused, or the connection
 *   broke before the server took the request — e.g. before it answered `100 Continue`);
 * - `rate-limited`: 429 or our own limiter (Retry-After in `retryAfterSeconds`);
 * - `unavailable`: the server said it could not handle the request now (503, RFC 9110 §15.6.4), so
 *   it did not — or a loyalty order got a 5xx before `100 Continue`, so its body never left;
 * - `unauthorised`: the credentials were refused (401/403) — nothing was applied;
 * - `misconfigured`: the server has no such endpoint (404) — check the account's address.
 */
export const notSentReasons = ['offline', 'rate-limited', 'unavailable', 'unauthorised', 'misconfigured'] as const;
export type NotSentReason = (typeof notSentReasons)[number];

/** What happened, as a code the renderer words (errorCodes.ts), and the engineer's detail. */
/** Why an entry was refused for good (see `rejected` below). */
export const rejectedReasons = ['invalid', 'body-too-large', 'refused'] as const;

const said = { ...errorTextShape, detail: z.string().optional() };

export const deliveryOutcomeSchema = z.discriminatedUnion('outcome', [
  /**
   * The server took it: Flow `data.id` or loyalty `order_id`; null for a gift card's redeem (its
   * balance left in `balanceCents`) and a customer (the created record when the server sent it).
   */
  z.strictObject({
    outcome: z.literal('accepted'),
    orderId: z.number().int().nullable(),
    balanceCents: z.number().int().optional(),
    customer: z
      .strictObject({ id: z.number().int().positive(), name: z.string().max(300), email: z.string().max(200).optional(), phone: z.string().max(50).optional() })
      .optional(),
    /** A retail invoice the server created: its id and number ("E-12") for the receipt. */
    invoice: z.strictObject({ id: z.number().int().positive(), number: z.string().max(100) }).optional(),
    /**
     * Accepted on evidence rather than by the server's yes: a retail "already invoiced" right
     * after an unconfirmed attempt of the same invoice (clarifications "Retail").
     */
    evidence: z.literal('already-invoiced').optional(),
  }),
  z.strictObject({
    outcome: z.literal('not-sent'),
    reason: z.enum(notSentReasons),
    retryAfterSeconds: z.number().nonnegative().optional(),
    ...said,
  }),
  /**
   * Refused for good: a validation error (4xx) with the server's message, too large (413), or a
   * Flow `result: false` that is not the open-order rule. Resending the same request cannot help.
   */
  z.strictObject({ outcome: z.literal('rejected'), reason: z.enum(rejectedReasons), ...said }),
  /** Flow: a chosen table already has an open order (spec 4.7). Nothing new was opened. */
  z.strictObject({ outcome: z.literal('table-busy'), ...said }),
  /** It left and no usable answer came back (timeout, reset after sending, 5xx): it may have been applied. */
  z.strictObject({ outcome: z.literal('unknown'), ...said }),
]);
export type DeliveryOutcome = z.infer<typeof deliveryOutcomeSchema>;
