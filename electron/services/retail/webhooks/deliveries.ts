import { createHash } from 'node:crypto';
import type { BridgeEvent, WebhookChange, WebhookLogEntry, WebhookOutcome, WebhookReason, WebhookRefusal } from '../../../../shared/bridge';
import type { RetailProductWire } from '../../../../shared/api/retail';
import { GatewayError } from '../../gateway/errors';
import { actionOf, type WebhookAction } from './changes';
import type { WebhookJournal } from './journal';
import { parseDelivery, type WebhookDelivery } from './payload';
import type { Answer } from './receiver';
import type { RetailGateway } from '../gateway';
import { verifySignature } from './signature';

// One delivery to the shop's receiver, from its raw bytes to its log entry (the flow is described
// at the top of ./service.ts). The service owns the secret, the journal and the closing; this reads
// them at each delivery.

export interface DeliveryState {
  secret(): string | null;
  journal(): WebhookJournal | null;
  closed(): boolean;
}

export interface Deliveries {
  /** Answers at once (no I/O); what the delivery asks runs after the answer. */
  handle(body: Buffer, signature: string | string[] | undefined): Answer;
  /** A request refused before anything in it was read. */
  refuse(reason: WebhookRefusal): void;
  /** The deliveries carried out so far, one after the other (settles when the latest has). */
  work(): Promise<void>;
}

export interface DeliveryDeps {
  /** The account's username (retail §5): a delivery for another is not acted on. */
  username: string;
  gateway: Pick<RetailGateway, 'getProduct'>;
  emit(event: BridgeEvent): void;
}

export function createDeliveries(deps: DeliveryDeps, state: DeliveryState, log: (line: string) => void, now: () => Date): Deliveries {
  /** Deliveries carried out one after the other. */
  let work: Promise<void> = Promise.resolve();

  function record(
    outcome: WebhookOutcome,
    fields: { event?: string | null; verified: boolean; reason?: WebhookReason | null; change?: WebhookChange | null },
  ): void {
    const entry: WebhookLogEntry = {
      at: now().toISOString(),
      event: fields.event ?? null,
      verified: fields.verified,
      outcome,
      reason: fields.reason ?? null,
      change: fields.change ?? null,
    };
    state.journal()?.record(entry);
    deps.emit({ type: 'shop-webhook-logged' });
  }

  /** A request refused before anything in it was read: counted, never logged (shared/bridge/webhooks.ts webhookRefusals). */
  function refuse(reason: WebhookRefusal): void {
    state.journal()?.countRefused(reason, now());
    deps.emit({ type: 'shop-webhook-logged' });
  }

  /**
   * Answers at once (no I/O); what the delivery asks runs after the answer. The signature is checked
   * on the raw bytes before any of them is parsed: an unsigned body is never read.
   */
  function handle(body: Buffer, signature: string | string[] | undefined): Answer {
    const secret = state.secret();
    const journal = state.journal();
    if (secret === null || journal === null) {
      refuse('no-secret');
      return { status: 401 };
    }
    const verdict = verifySignature(body, signature, secret);
    if (verdict !== 'ok') {
      refuse(verdict === 'missing' ? 'signature-missing' : 'signature-wrong');
      return { status: 401 };
    }
    const claimed = parseDelivery(body);
    const claimedEvent = claimed.ok ? claimed.delivery.event : claimed.event;
    const digest = createHash('sha256').update(body).digest('hex');
    if (!journal.firstTime(digest)) {
      record('repeated', { event: claimedEvent, verified: true });
      return { status: 200 };
    }
    return {
      status: 200,
      then: () => {
        work = work
          .then(() => carryOut(claimed.ok ? claimed.delivery : null, claimed.ok ? null : claimed.reason, claimedEvent))
          .catch((error: unknown) => {
            log(`webhooks: a delivery failed: ${error instanceof Error ? error.message : String(error)}`);
          });
      },
    };
  }

  async function carryOut(delivery: WebhookDelivery | null, unreadable: WebhookReason | null, event: string | null): Promise<void> {
    if (delivery === null) return record('unreadable', { event, verified: true, reason: unreadable });
    if (delivery.username !== deps.username) {
      log(`webhooks: ${delivery.event} for account "${delivery.username.slice(0, 60)}" ignored: this terminal's shop is "${deps.username}"`);
      return record('other-account', { event: delivery.event, verified: true });
    }
    const action = actionOf(delivery);
    const verified = { event: delivery.event, verified: true };
    switch (action.kind) {
      case 'ignored':
        return record('ignored', verified);
      case 'unreadable':
        return record('unreadable', { ...verified, reason: 'record-invalid' });
      case 'reports':
        deps.emit({ type: 'shop-reports-stale' });
        return record('applied', { ...verified, change: { kind: 'reports', id: null, name: null, removed: false } });
      case 'customer':
        deps.emit({ type: 'shop-customer-changed', customerId: action.id, customer: { ...action.record } });
        return record('applied', { ...verified, change: { kind: 'customer', id: action.id, name: action.record.name, removed: false } });
      case 'customer-delete-unconfirmed':
        // No call reads one customer, so the removal cannot be confirmed: the next sync drops it.
        return record('ignored', {
          ...verified,
          reason: 'delete-unconfirmed',
          change: { kind: 'customer', id: action.id, name: nameIn(delivery.data), removed: false },
        });
      case 'product':
        return carryOutProduct(action, delivery);
    }
  }

  /**
   * The product as the service has it now (./changes.ts): its record, or removed when the read
   * answers 404. A failed read changes nothing — `data` may be a replayed old state.
   */
  async function carryOutProduct(action: Extract<WebhookAction, { kind: 'product' }>, delivery: WebhookDelivery): Promise<void> {
    const verified = { event: delivery.event, verified: true };
    let product: RetailProductWire | null;
    try {
      product = await deps.gateway.getProduct(action.id, { priority: 'sync' });
    } catch (error) {
      if (error instanceof GatewayError && error.status === 404) product = null;
      else {
        log(
          `webhooks: ${delivery.event} ${action.id}: the product could not be read (${error instanceof GatewayError ? error.code : String(error)}); the next sync brings it`,
        );
        return record('failed', { ...verified, reason: 'fetch-failed', change: { kind: 'product', id: action.id, name: action.claimedName, removed: false } });
      }
    }
    if (state.closed()) return;
    deps.emit({ type: 'shop-product-changed', productId: action.id, product: product === null ? null : { ...product } });
    record('applied', { ...verified, change: { kind: 'product', id: action.id, name: product?.name ?? action.claimedName, removed: product === null } });
  }

  return { handle, refuse, work: () => work };
}

function nameIn(data: Record<string, unknown>): string | null {
  return typeof data.name === 'string' ? data.name.slice(0, 200) : null;
}
