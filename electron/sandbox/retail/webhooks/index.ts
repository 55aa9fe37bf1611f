// Webhooks of the retail sandbox (retail-api.md §6, clarifications "Webhooks").
// `createWebhooks()` gives the events sink the retail app calls (`events` option of
// createRetailSandboxApp), the control routes it mounts under /__sandbox/ (`extension.control`:
// they answer /__sandbox/retail/webhooks/**), the reset that /__sandbox/reset runs, and stop().
// `retailWebhookSources()` reads the accounts and the test event's product from the app's state.
import type { Hono } from 'hono';
import { productWire } from '../catalog/wire';
import type { RetailEnv } from '../env';
import type { RetailEventName, RetailEvents } from '../events';
import type { RetailState } from '../state';
import { webhookControlRoutes } from './routes';
import { WebhookService, type WebhooksOptions } from './service';

export { WebhookService } from './service';
export type { WebhooksOptions } from './service';
export { deliveryBody, signBody } from './wire';

export interface RetailWebhooks {
  /** The sink of every event the retail API emits. */
  readonly events: RetailEvents;
  /** Control routes, to mount under /__sandbox (they carry their own guards too). */
  readonly controlRoutes: Hono<RetailEnv>;
  readonly service: WebhookService;
  /** Forgets every webhook, secret and delivery (with /__sandbox/reset). */
  reset(): void;
  /** No more deliveries; pending retries dropped, attempts under way aborted (with the listener's close). */
  stop(): void;
}

export function createWebhooks(options: WebhooksOptions = {}): RetailWebhooks {
  const service = new WebhookService(options);
  return {
    events: { emit: (username: string, event: RetailEventName, payload: Record<string, unknown>) => service.emit(username, event, payload) },
    controlRoutes: webhookControlRoutes(service),
    service,
    reset: () => service.reset(),
    stop: () => service.stop(),
  };
}

/**
 * The options that read the retail state: known accounts, and the record "Send test webhook"
 * sends — the account's first product (lowest id) as the API returns it. `state` is read lazily,
 * so the webhooks can be created before the app that owns it.
 */
export function retailWebhookSources(state: () => RetailState | undefined): Pick<WebhooksOptions, 'hasAccount' | 'testPayload'> {
  return {
    hasAccount: (username) => state()?.account(username) !== undefined,
    testPayload: (username) => {
      const account = state()?.account(username);
      if (!account || account.products.length === 0) return null;
      const first = account.products.reduce((a, b) => (b.id < a.id ? b : a));
      return productWire(account, first);
    },
  };
}
