import { z } from 'zod';
import { sendId, sendMoney, sendPositiveMoney } from './send';
import { wireFlag, wireInt } from './wire';

// Flow order intake (spec: hospitality 2.9, 4.7, 5; clarifications "Flow"):
// POST {base}/apiFlow?message=<JSON { auth, action, data }>. The request is strict (what we send);
// the envelope is read tolerantly but holds the spec's rule: result true ⇒ errorMessage null and
// data.id; result false ⇒ data null.

/** spec 2.9 `customer`: null when no customer is given. */
export const flowCustomerRequest = z.strictObject({
  name: z.string().refine((v) => v.trim() !== '', 'must not be blank'),
  email: z.string().optional(),
  /** spec 2.9: an integer. */
  phone: z.int().nonnegative().optional(),
  notes: z.string().optional(),
});

/** spec 2.9 `contents` entry; `itemName` from the clarifications. */
export const flowContentRequest = z.strictObject({
  item_id: sendId,
  itemPrice: sendMoney,
  quantity: z.int().positive(),
  itemName: z.string().optional(),
});
export type FlowContentRequest = z.input<typeof flowContentRequest>;

/** spec 2.9 `payments` entry; `payment_method_id` (1 = Card, 2 = Cash) from the clarifications. */
export const flowPaymentRequest = z.strictObject({
  amount: sendPositiveMoney,
  payment_method_id: sendId.optional(),
});

/** spec 2.9: the `data` of action `newOrder`. */
export const flowNewOrderRequest = z.strictObject({
  customer: flowCustomerRequest.nullable(),
  notes: z.string().optional(),
  /** Several tables are merged; the last one is the primary table. */
  table_id: z
    .array(sendId)
    .min(1, 'must list at least one table')
    .refine((ids) => new Set(ids).size === ids.length, 'lists a table twice'),
  guests: z.int().positive(),
  contents: z.array(flowContentRequest).nullable(),
  payments: z.array(flowPaymentRequest).nullable(),
});
export type FlowNewOrderRequest = z.input<typeof flowNewOrderRequest>;

/** spec 4.7, 5: the `message` object (credentials travel inside it, not in headers). */
export const flowMessageRequest = z.strictObject({
  auth: z.strictObject({ tenant: z.string().min(1), token: z.string().min(1) }),
  action: z.literal('newOrder'),
  data: flowNewOrderRequest,
});

/**
 * spec 4.7 response envelope. `result` may come as true/false or 1/0; unknown fields are ignored.
 * A successful envelope must carry `data.id` and no error message; a failed one must carry no data.
 */
export const flowEnvelopeWire = z
  .object({
    result: wireFlag,
    errorMessage: z.string().nullish(),
    data: z.object({ id: wireInt }).nullish(),
  })
  .superRefine((envelope, ctx) => {
    if (envelope.result) {
      if (!envelope.data) ctx.addIssue({ code: 'custom', path: ['data'], message: 'result is true but data.id is missing' });
      if (envelope.errorMessage) {
        ctx.addIssue({ code: 'custom', path: ['errorMessage'], message: 'result is true but errorMessage is set' });
      }
    } else if (envelope.data) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'result is false but data is set' });
    }
  })
  .transform((envelope): FlowEnvelope =>
    envelope.result
      ? { result: true, errorMessage: null, data: { id: (envelope.data as { id: number }).id } }
      : { result: false, errorMessage: envelope.errorMessage ?? null, data: null },
  );

export type FlowEnvelope = { result: true; errorMessage: null; data: { id: number } } | { result: false; errorMessage: string | null; data: null };

/**
 * Whether a Flow error message says a chosen table already has an open order (spec 4.7 rule).
 * The vendor's wording is not published: this matches English and Spanish phrasings of "open
 * order" / "already has an order" (the sandbox says "table 3 … already has an open order").
 */
export function isTableBusyMessage(message: string | null | undefined): boolean {
  if (!message) return false;
  return (
    /\bopen\s+order\b/i.test(message) ||
    /\balready\s+(has|have)\s+an?\s+(open\s+)?order\b/i.test(message) ||
    /\b(ya\s+tiene|ocupada|abierta)\b.*\b(pedido|comanda|orden|cuenta)\b/i.test(message) ||
    /\b(pedido|comanda|orden|cuenta)\s+abiert[ao]\b/i.test(message)
  );
}
