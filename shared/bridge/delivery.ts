import { z } from 'zod';
import { flowNewOrderRequest, loyaltyOrderRequest } from '../api';
import { errorTextShape } from './errorCodes';

// Delivering one queue entry (issue 6, ARCHITECTURE §5): the entry stores exactly what to send
// (the renderer built it from its catalog); the main side's queue dispatcher sends it once through
// electron/services/delivery.ts and records what is KNOWN about the result. The delivery classifies
// (it sees the transport: whether the body left, the status, the headers); every answer of the
// server is an outcome, never an error.

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
 * - `misconfigured`: the server has no such endpoint (404) — check the account's address.
 */
export const notSentReasons = ['offline', 'rate-limited', 'unavailable', 'unauthorised', 'misconfigured'] as const;
export type NotSentReason = (typeof notSentReasons)[number];

/** What happened, as a code the renderer words (errorCodes.ts), and the engineer's detail. */
/** Why an entry was refused for good (see `rejected` below). */
export const rejectedReasons = ['invalid', 'body-too-large', 'refused'] as const;

const said = { ...errorTextShape, detail: z.string().optional() };

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
  z.strictObject({ outcome: z.literal('rejected'), reason: z.enum(rejectedReasons), ...said }),
  /** Flow: a chosen table already has an open order (spec 4.7). Nothing new was opened. */
  z.strictObject({ outcome: z.literal('table-busy'), ...said }),
  /** It left and no usable answer came back (timeout, reset after sending, 5xx): it may have been applied. */
  z.strictObject({ outcome: z.literal('unknown'), ...said }),
]);
export type DeliveryOutcome = z.infer<typeof deliveryOutcomeSchema>;
