import { coded, saidParam, type DeliveryOutcome, type DeliveryRequest, type ErrorText, type NotSentReason } from '../../../shared/bridge';
import type { CustomerWire } from '../../../shared/api';
import { parseCents } from '../../../shared/domain/money';
import { GatewayError, type Gateway } from '../gateway';
import { redactedText } from '../gateway/errors';
import { VaultUnavailableError } from '../secrets/vault';
import { redactSecrets } from '../secrets/redact';

// Delivering one outbox entry (ARCHITECTURE §5): sent ONCE at order priority, and the
// answer — whatever it is — classified by what it proves about the order on the server:
//   not-sent  → it cannot have been applied: the outbox keeps it queued and tries again later;
//   rejected  → refused for good: resending the same request cannot help;
//   table-busy→ Flow's open-order rule (spec 4.7): the outbox decides whether it is evidence or a conflict;
//   unknown   → it left and no usable answer came back: it may have been applied, never resent blindly.
// Never thrown: every failure is an outcome.

export interface DeliveryOptions {
  now?: () => number;
}

export async function deliver(gateway: Gateway, request: DeliveryRequest, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const outcome = await attempt(gateway, request, options);
  if (outcome.outcome === 'accepted') return outcome;
  // The outcome is stored with the outbox entry and shown: no token in it.
  const detail = redactSecrets(outcome.detail);
  const { code, params } = redactedText(outcome);
  return { ...outcome, code, ...(params ? { params } : {}), ...(detail !== undefined ? { detail } : {}) };
}

async function attempt(gateway: Gateway, request: DeliveryRequest, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const now = options.now ?? Date.now;
  const endpoint = ENDPOINTS[request.kind];
  if (request.kind === 'retail-order' || request.kind === 'retail-invoice') {
    // A shop's sale in a venue's queue: never sent to the venue's POS.
    return { outcome: 'rejected', reason: 'refused', ...coded('not-a-shop'), detail: `${endpoint} — not sent: a shop's request in a venue's queue` };
  }

  // Our own limiter refusing: while the account is paused by a 429's Retry-After, an order would
  // only wait in line inside the call; the outbox hears it at once and honours the wait itself.
  const pausedUntil = gateway.limiter.stats().pausedUntil;
  if (pausedUntil > now()) {
    const retryAfterSeconds = Math.max(1, Math.ceil((pausedUntil - now()) / 1000));
    return notSent('rate-limited', {
      retryAfterSeconds,
      ...coded('order-slow-down-wait', { seconds: retryAfterSeconds }),
      detail: `${endpoint} — not sent: this terminal's limiter is paused for ${retryAfterSeconds} s (earlier 429)`,
    });
  }

  try {
    if (request.kind === 'seating') {
      const { id } = await gateway.flowNewOrder(request.data, { priority: 'order', returnRateLimited: true });
      return { outcome: 'accepted', orderId: id };
    }
    if (request.kind === 'gift-redeem') {
      // Money on a card: sent once like an order; an unknown outcome waits for a person.
      const { balance } = await gateway.redeemGiftCard(request.uuid, request.redeem, { priority: 'order' });
      const balanceCents = parseCents(balance);
      return { outcome: 'accepted', orderId: null, ...(balanceCents !== null ? { balanceCents } : {}) };
    }
    if (request.kind === 'stock-add') {
      // Goods received: addStock ADDS, so like a card's redeem it is sent once
      // and an unknown outcome waits for a person; its answer is not shown (spec 4.4).
      await gateway.addStock(request.warehouseId, { item_id: request.item_id, quantity: request.quantity }, { priority: 'order' });
      return { outcome: 'accepted', orderId: null };
    }
    if (request.kind === 'customer') {
      const created = await gateway.createCustomers([request.customer], { priority: 'order' });
      const customer = createdCustomer(created?.[0]);
      return { outcome: 'accepted', orderId: null, ...(customer ? { customer } : {}) };
    }
    const { order_id } = await gateway.placeLoyaltyOrder(request.order, { priority: 'order', returnRateLimited: true });
    return { outcome: 'accepted', orderId: order_id };
  } catch (error) {
    if (error instanceof GatewayError) {
      const outcome = classify(error);
      // The POS refused to discount the card (not enough balance, unknown card): its words say why.
      if (request.kind === 'gift-redeem' && outcome.outcome === 'rejected' && outcome.reason !== 'body-too-large') {
        const said = typeof error.text.params?.said === 'string' ? error.text.params.said : undefined;
        return { ...outcome, ...coded('gift-card-redeem-refused', saidParam(said)) };
      }
      return outcome;
    }
    return localFailure(error, endpoint);
  }
}

/**
 * What a failure that is not the gateway's proves, for both services' deliveries: credentials that
 * could not be read sent nothing; anything else is a fault of ours somewhere between sending and
 * reading, so the order may have left. The detail is stored and shown: the message only, never a
 * stack trace.
 */
export function localFailure(error: unknown, endpoint: string): DeliveryOutcome {
  if (error instanceof VaultUnavailableError) {
    return notSent('unauthorised', {
      ...coded('order-credentials-unreadable'),
      detail: `${endpoint} — not sent: vault unavailable: ${error.message}`,
    });
  }
  return {
    outcome: 'unknown',
    ...coded('order-send-failed'),
    detail: `${endpoint} — ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 2000),
  };
}

const ENDPOINTS: Record<DeliveryRequest['kind'], string> = {
  seating: 'POST apiFlow newOrder',
  order: 'POST loyalty/orders',
  'gift-redeem': 'POST giftCards/{uuid}',
  customer: 'POST customers',
  'stock-add': 'POST warehouses/{id}/addStock',
  'retail-order': 'POST R/orders',
  'retail-invoice': 'POST R/orders/{id}/invoices',
};

/** The created customer as the queue keeps it (its `answer`), when the server sent one that fits. */
function createdCustomer(wire: CustomerWire | undefined): { id: number; name: string; email?: string; phone?: string } | null {
  if (!wire || !Number.isSafeInteger(wire.id) || wire.id <= 0) return null;
  const email = typeof wire.email === 'string' && wire.email !== '' ? wire.email.slice(0, 200) : undefined;
  const phone = typeof wire.phone === 'string' && wire.phone !== '' ? wire.phone.slice(0, 50) : undefined;
  return { id: wire.id, name: wire.name.slice(0, 300), ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

/** ARCHITECTURE §5 and docs/decisions.md "Service flow and the outbox": what a gateway failure means for an order. */
export function classify(error: GatewayError): DeliveryOutcome {
  const detail = error.toBridgeError().detail ?? error.endpoint;
  // What the gateway told: kept as the outcome's words where they say it best (a 4xx, a Flow refusal).
  const told: ErrorText = error.text;
  const serverSaid = saidParam(typeof told.params?.said === 'string' ? told.params.said : undefined);
  switch (error.kind) {
    case 'offline':
      return notSent('offline', { ...coded('order-offline'), detail });
    case 'rate-limited': {
      const wait = error.retryAfterSeconds;
      return notSent('rate-limited', {
        ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
        ...(wait !== undefined ? coded('order-slow-down-wait', { seconds: wait }) : coded('order-slow-down')),
        detail,
      });
    }
    case 'unauthorised':
      return notSent('unauthorised', {
        ...coded('order-credentials-refused', serverSaid),
        detail,
      });
    case 'not-found':
      if (error.code === 'redirected') {
        // Never followed (gateway/transport.ts): the words name where the server pointed.
        return notSent('misconfigured', { ...coded('order-redirected', { location: told.params?.location }), detail });
      }
      return notSent('misconfigured', {
        ...coded('order-no-endpoint'),
        detail,
      });
    case 'invalid':
      if (error.code === 'table-has-open-order') {
        return { outcome: 'table-busy', ...coded('order-table-busy', serverSaid), detail };
      }
      if (error.code === 'body-too-large') {
        return { outcome: 'rejected', reason: 'body-too-large', ...told, detail };
      }
      // An HTTP 4xx is the server's validation; no status is Flow's `result: false` (spec 4.7),
      // and `request-invalid` is our own check of the request (spec rules), refused before sending.
      if (error.status === undefined && error.code !== 'request-invalid') {
        return { outcome: 'rejected', reason: 'refused', ...told, detail };
      }
      return { outcome: 'rejected', reason: 'invalid', ...told, detail };
    case 'server-error':
      // On an order, only a 5xx answered before the body left (100-continue, gateway/transport.ts):
      // the server decided without it, so it cannot have been applied.
      return notSent('unavailable', {
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...coded('order-server-problem', { status: error.status ?? '5xx' }),
        detail,
      });
    case 'outcome-unknown':
      if (error.status === 503) {
        // RFC 9110 §15.6.4: 503 says the server cannot handle the request now — it did not.
        return notSent('unavailable', {
          ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
          ...(error.retryAfterSeconds !== undefined
            ? coded('order-server-unavailable-wait', { seconds: error.retryAfterSeconds })
            : coded('order-server-unavailable')),
          detail,
        });
      }
      return unknown(error, detail);
    case 'timeout':
    case 'invalid-response':
      return unknown(error, detail);
  }
}

/** It left and no usable answer came back: the detail says how (timeout, broken connection, 5xx). */
function unknown(error: GatewayError, detail: string): DeliveryOutcome {
  return { outcome: 'unknown', ...coded('order-unconfirmed'), detail: `${detail} — ${error.text.code}` };
}

function notSent(reason: NotSentReason, said: ErrorText & { detail: string; retryAfterSeconds?: number }): DeliveryOutcome {
  return { outcome: 'not-sent', reason, ...said };
}
