import { z } from 'zod';
import { flowNewOrderRequest, loyaltyOrderRequest } from '../api';

// Delivering one outbox entry (issue 6, ARCHITECTURE §5): the renderer's outbox hands the main
// side exactly what to send; the main side sends it once and says what is KNOWN about the result.
// The main side classifies (it sees the transport: whether the body left, the status, the
// headers); the renderer's dispatcher only records the outcome. It is never an error envelope:
// every answer of the server is an outcome, and only a malformed request is refused as
// `invalid-input` by the bridge itself.

/** What one outbox entry sends: a Flow seating (spec 2.9) or a loyalty order (spec 2.10). */
export const deliveryRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('seating'), data: flowNewOrderRequest }),
  z.strictObject({ kind: z.literal('order'), order: loyaltyOrderRequest }),
]);
export type DeliveryRequest = z.input<typeof deliveryRequestSchema>;

/**
 * Why an entry was NOT sent (it stays queued):
 * - `offline`: nothing reached the server (no connection, connection refused, or the connection
 *   broke before the server took the request — e.g. before it answered `100 Continue`);
 * - `rate-limited`: 429 or our own limiter (Retry-After in `retryAfterSeconds`);
 * - `unavailable`: the server said it could not handle the request now (503, RFC 9110 §15.6.4), so
 *   it did not — or a loyalty order got a 5xx before `100 Continue`, so its body never left;
 * - `unauthorised`: the credentials were refused (401/403) — nothing was applied;
 * - `misconfigured`: the server has no such endpoint (404) — check the account's address;
 * - `not-reached`: the call never reached the terminal's main side (its local service not
 *   answering, a stale page, an account that is no longer current). Recorded by the renderer's
 *   outbox from the bridge error (issue 10 item 8); the main side never answers it.
 */
export const notSentReasons = ['offline', 'rate-limited', 'unavailable', 'unauthorised', 'misconfigured', 'not-reached'] as const;
export type NotSentReason = (typeof notSentReasons)[number];

const said = { message: z.string(), detail: z.string().optional() };

export const deliveryOutcomeSchema = z.discriminatedUnion('outcome', [
  /** The server took it: Flow `data.id` or loyalty `order_id`. */
  z.strictObject({ outcome: z.literal('accepted'), orderId: z.number().int() }),
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
  z.strictObject({ outcome: z.literal('rejected'), code: z.enum(['invalid', 'body-too-large', 'refused']), ...said }),
  /** Flow: a chosen table already has an open order (spec 4.7). Nothing new was opened. */
  z.strictObject({ outcome: z.literal('table-busy'), ...said }),
  /** It left and no usable answer came back (timeout, reset after sending, 5xx): it may have been applied. */
  z.strictObject({ outcome: z.literal('unknown'), ...said }),
]);
export type DeliveryOutcome = z.infer<typeof deliveryOutcomeSchema>;
