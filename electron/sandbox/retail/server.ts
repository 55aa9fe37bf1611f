// The retail sandbox on its own HTTP listener (its own host root: the retail paths overlap the
// hospitality ones, clarifications "Retail"), with the control API's faults applied and the
// webhooks (webhooks/) fed by the app's events, configured under /__sandbox/retail/webhooks.
import { Hono } from 'hono';
import { serveApp, type RunningSandbox } from '../server';
import { createRetailSandboxApp, type RetailSandboxApp, type RetailSandboxOptions } from './app';
import type { RetailEnv } from './env';
import { retailErrorBody } from './errors';
import { createWebhooks, retailWebhookSources, type RetailWebhooks, type WebhooksOptions } from './webhooks';

export interface StartRetailSandboxOptions extends RetailSandboxOptions {
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Webhook delivery options (time scale, timeout, transport); the accounts and test product come from the app. */
  webhooks?: Omit<WebhooksOptions, 'hasAccount' | 'testPayload'>;
}

export interface RunningRetailSandbox extends RunningSandbox {
  readonly app: RetailSandboxApp;
  readonly webhooks: RetailWebhooks;
}

export async function startRetailSandbox(options: StartRetailSandboxOptions = {}): Promise<RunningRetailSandbox> {
  const { host = '127.0.0.1', port = 0, webhooks: webhookOptions, ...appOptions } = options;
  let app: RetailSandboxApp | undefined = undefined;
  const webhooks = createWebhooks({ onError: appOptions.onError, ...webhookOptions, ...retailWebhookSources(() => app?.state) });
  const control = new Hono<RetailEnv>().route('/', webhooks.controlRoutes);
  if (appOptions.extension?.control) control.route('/', appOptions.extension.control);
  app = createRetailSandboxApp({
    ...appOptions,
    events: {
      emit: (username, event, payload) => {
        appOptions.events?.emit(username, event, payload);
        webhooks.events.emit(username, event, payload);
      },
    },
    extension: {
      control,
      reset: () => {
        webhooks.reset();
        appOptions.extension?.reset?.();
      },
    },
  });
  const served = app;
  const running = await serveApp({
    fetch: served.fetch,
    faults: served.faults,
    flush: () => served.flush(),
    host,
    port,
    errorBody: (_status, message) => retailErrorBody(message),
  }).catch((error: unknown) => {
    webhooks.stop();
    throw error;
  });
  const close = () => {
    webhooks.stop();
    return running.close();
  };
  return { ...running, close, app: served, webhooks };
}
