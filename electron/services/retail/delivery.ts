import { coded, type DeliveryContext, type DeliveryOutcome, type DeliveryRequest } from '../../../shared/bridge';
import { classify, localFailure } from '../queue/delivery';
import { GatewayError, redactedText } from '../gateway/errors';
import { redactSecrets } from '../secrets/redact';
import type { RetailGateway } from './gateway';

// Delivering one queue entry of a shop: the retail twin of ../queue/delivery.ts, with
// the same classification of what an answer proves (its `classify`): a sale is `POST R/orders`, its
// invoice `POST R/orders/{id}/invoices` with the order id its sale was accepted with — the queue's
// dispatcher hands it over (`context.afterOrderId`). Each is sent ONCE at order priority; an
// unknown outcome is never resent by itself (the queue makes it unconfirmed). Clarifications
// "Retail": a second invoice of an order is refused 422 "already invoiced"; right after an
// unconfirmed attempt of the same invoice that answer is evidence the first one arrived
// (accepted), on a fresh attempt it is a refusal. Never thrown: every failure is an outcome.
//
// The core's seam (electron/services/core.ts): a shop account's queue gets
//   deliver: (request, context) => deliverRetail(retailGateway, request, context)

export interface RetailDeliveryOptions {
  now?: () => number;
}

const FRESH: DeliveryContext = { afterOrderId: null, afterUnconfirmed: false };

export async function deliverRetail(
  gateway: RetailGateway,
  request: DeliveryRequest,
  context: DeliveryContext = FRESH,
  options: RetailDeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const outcome = await attempt(gateway, request, context, options);
  if (outcome.outcome === 'accepted') return outcome;
  // Stored with the entry and shown: no token in it.
  const detail = redactSecrets(outcome.detail);
  const { code, params } = redactedText(outcome);
  return { ...outcome, code, ...(params ? { params } : {}), ...(detail !== undefined ? { detail } : {}) };
}

async function attempt(gateway: RetailGateway, request: DeliveryRequest, context: DeliveryContext, options: RetailDeliveryOptions): Promise<DeliveryOutcome> {
  if (request.kind !== 'retail-order' && request.kind !== 'retail-invoice') {
    // A venue's request in a shop's queue: never sent to the shop.
    return { outcome: 'rejected', reason: 'refused', ...coded('not-a-venue'), detail: `${request.kind} — not sent: a venue's request in a shop's queue` };
  }
  const endpoint = request.kind === 'retail-order' ? 'POST orders' : 'POST orders/{id}/invoices';
  const now = options.now ?? Date.now;

  // The account paused by a 429's Retry-After: the queue hears it at once and waits itself.
  const pausedUntil = gateway.limiter.all.stats().pausedUntil;
  if (pausedUntil > now()) {
    const retryAfterSeconds = Math.max(1, Math.ceil((pausedUntil - now()) / 1000));
    return {
      outcome: 'not-sent',
      reason: 'rate-limited',
      retryAfterSeconds,
      ...coded('order-slow-down-wait', { seconds: retryAfterSeconds }),
      detail: `${endpoint} — not sent: this terminal's limiter is paused for ${retryAfterSeconds} s (earlier 429)`,
    };
  }

  const orderId = context.afterOrderId;
  if (request.kind === 'retail-invoice' && orderId === null) {
    // Its sale was marked done by a person without an order id: nothing to invoice here.
    return {
      outcome: 'rejected',
      reason: 'refused',
      ...coded('invoice-order-unknown'),
      detail: `${endpoint} — not sent: the sale it invoices has no order id`,
    };
  }

  try {
    if (request.kind === 'retail-order') {
      const created = await gateway.createOrder(request.order, { priority: 'order', returnRateLimited: true });
      return { outcome: 'accepted', orderId: created.id };
    }
    const invoice = await gateway.createInvoice(orderId!, request.invoice.payments, { priority: 'order', returnRateLimited: true });
    return { outcome: 'accepted', orderId, invoice: { id: invoice.id, number: invoice.number.slice(0, 100) } };
  } catch (error) {
    if (error instanceof GatewayError) {
      if (error.code === 'already-invoiced' && context.afterUnconfirmed) {
        return { outcome: 'accepted', orderId, evidence: 'already-invoiced' };
      }
      return classify(error);
    }
    return localFailure(error, endpoint);
  }
}
