import { networkInterfaces } from 'node:os';
import {
  coded,
  NO_WEBHOOK_REFUSALS,
  shopWebhookSettingsSchema,
  WEBHOOK_PATH,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type ErrorText,
  type ShopWebhookSettings,
  type WebhookReceiverState,
} from '../../../../shared/bridge';
import { ServiceError } from '../../bridge/dispatcher';
import { rememberSecret } from '../../secrets/redact';
import { VaultDamagedError, VaultUnavailableError, type WebhookSecretVault } from '../../secrets/vault';
import type { RetailGateway } from '../gateway';
import { createDeliveries } from './deliveries';
import { openWebhookJournal, type WebhookJournal } from './journal';
import { ListenError, startWebhookReceiver, type RunningReceiver } from './receiver';

// The shop's webhook receiver, one per open shop account: started with the
// account when Settings enable it, stopped with it, restarted when its settings change.
//
// A delivery: no secret saved, or a missing or wrong signature → 401, nothing parsed, counted (not
// logged). A good signature → 200 at once; then, after the answer: a body seen before (its
// SHA-256, remembered across restarts by ./journal.ts) is "repeated" and does nothing; an event for
// another username is logged and does nothing; otherwise ./changes.ts says what it asks (a product
// is read fresh by id: `data` is not proof of the current state) and this carries it out — the till's copy lives in the renderer's IndexedDB, which the main side cannot
// write, so a change goes to every window as a bridge event (`shop-product-changed`,
// `shop-customer-changed`, `shop-reports-stale`), applied by renderer/src/data/shop/shopLiveChanges.ts.
// Deliveries are carried out one at a time in arrival order. Nothing here is needed for the till
// to work: without webhooks the periodic sync brings every change.

export type WebhookHandlers = {
  getShopWebhooks(input: BridgeInput<'getShopWebhooks'>): Promise<BridgeOutput<'getShopWebhooks'>>;
  saveShopWebhooks(input: BridgeInput<'saveShopWebhooks'>): Promise<BridgeOutput<'saveShopWebhooks'>>;
  getShopWebhookLog(input: BridgeInput<'getShopWebhookLog'>): Promise<BridgeOutput<'getShopWebhookLog'>>;
};

export interface ShopWebhooksDeps {
  dataDir: string;
  /** The shop account's local-data key: the secret and the journal are this account's. */
  accountKey: string;
  /** The account's username (retail §5): a delivery for another is not acted on. */
  username: string;
  gateway: Pick<RetailGateway, 'getProduct'>;
  /** settings.json's part (electron/services/settings/settings.ts). */
  settings: { get(): ShopWebhookSettings; save(settings: ShopWebhookSettings): Promise<ShopWebhookSettings> };
  vault: WebhookSecretVault;
  /** To every window (the core passes only the current account's). */
  emit(event: BridgeEvent): void;
  log?: (line: string) => void;
  now?: () => Date;
  /** Tests shorten the wait for a port an account switch still holds. */
  bindRetryMs?: number;
  /** Tests shorten how long a silent socket is kept (./receiver.ts; default 10 s). */
  idleTimeoutMs?: number;
}

export interface ShopWebhooks {
  readonly handlers: WebhookHandlers;
  /** Opens the journal, reads the secret, listens when enabled. Never throws: a failure shows in Settings. */
  start(): Promise<void>;
  /** The receiver's state now (tests, the log line). */
  receiver(): WebhookReceiverState;
  /** Resolves when every delivery answered so far has been carried out and its log written (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createShopWebhooks(deps: ShopWebhooksDeps): ShopWebhooks {
  const log = deps.log ?? (() => {});
  const now = deps.now ?? (() => new Date());
  let journal: WebhookJournal | null = null;
  let secret: string | null = null;
  let secretProblem: ErrorText | null = null;
  let running: RunningReceiver | null = null;
  let problem: ErrorText | null = null;
  let closed = false;
  // One delivery, from its bytes to its log entry: ./deliveries.ts.
  const { handle, refuse, work } = createDeliveries(deps, { secret: () => secret, journal: () => journal, closed: () => closed }, log, now);
  /** Start, restart and close one at a time. */
  let lifecycle: Promise<void> = Promise.resolve();

  const serially = <T>(step: () => Promise<T>): Promise<T> => {
    const run = lifecycle.then(step);
    lifecycle = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  async function readSecret(): Promise<void> {
    secretProblem = null;
    if (deps.vault.unavailableReason() !== null) {
      secret = null;
      secretProblem = coded(deps.vault.unavailableReason()!);
      return;
    }
    try {
      secret = await deps.vault.load(deps.accountKey);
      rememberSecret(secret);
    } catch (error) {
      secret = null;
      secretProblem = error instanceof VaultUnavailableError ? coded(error.code) : coded('vault-damaged');
      log(`webhooks: the secret cannot be read: ${error instanceof VaultDamagedError ? error.detail : error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function stopListening(): Promise<void> {
    const current = running;
    running = null;
    await current?.close();
  }

  async function listen(settings: ShopWebhookSettings): Promise<void> {
    await stopListening();
    problem = null;
    if (!settings.enabled || closed) return;
    try {
      running = await startWebhookReceiver({
        host: settings.host,
        port: settings.port,
        handle,
        onNotADelivery: () => refuse('not-a-delivery'),
        log,
        ...(deps.bindRetryMs !== undefined ? { bindRetryMs: deps.bindRetryMs } : {}),
        ...(deps.idleTimeoutMs !== undefined ? { idleTimeoutMs: deps.idleTimeoutMs } : {}),
      });
      if (closed) return void (await stopListening());
      log(`webhooks: listening at ${urlsOf(settings.host, running.port).join(', ')} for ${deps.username}`);
    } catch (error) {
      const cause = error instanceof ListenError ? error.code : 'ERROR';
      problem =
        cause === 'EADDRINUSE'
          ? coded('webhook-port-in-use', { host: settings.host, port: settings.port })
          : coded('webhook-listen-failed', { host: settings.host, port: settings.port, cause });
      log(`webhooks: cannot listen on ${settings.host}:${settings.port} (${cause})`);
    }
  }

  function receiver(): WebhookReceiverState {
    if (running) return { state: 'listening', urls: urlsOf(running.host, running.port), problem: null };
    if (problem) return { state: 'failed', urls: [], problem };
    return { state: 'off', urls: [], problem: null };
  }

  function status(): BridgeOutput<'getShopWebhooks'> {
    const settings = deps.settings.get();
    return {
      settings,
      secretSaved: secret !== null,
      secretProblem: secretProblem ?? (settings.enabled && secret === null ? coded('webhook-secret-missing') : null),
      receiver: receiver(),
    };
  }

  // ——— Bridge operations ———

  const handlers: WebhookHandlers = {
    getShopWebhooks: async () => status(),
    getShopWebhookLog: async () => ({ entries: journal?.entries() ?? [], refused: journal?.refused() ?? NO_WEBHOOK_REFUSALS }),
    saveShopWebhooks: (input) =>
      serially(async () => {
        const settings = shopWebhookSettingsSchema.parse(input.settings);
        if (input.secret !== undefined) {
          const typed = input.secret.trim();
          rememberSecret(typed);
          try {
            await deps.vault.save({ accountKey: deps.accountKey, secret: typed });
          } catch (error) {
            if (error instanceof VaultUnavailableError) throw new ServiceError({ kind: 'vault-unavailable', ...coded(error.code) });
            throw error;
          }
          secret = typed;
          secretProblem = null;
        }
        const before = deps.settings.get();
        await deps.settings.save(settings);
        const changed = before.enabled !== settings.enabled || before.host !== settings.host || before.port !== settings.port;
        if (changed || (settings.enabled && running === null)) await listen(settings);
        return status();
      }),
  };

  return {
    handlers,
    receiver,
    start: () =>
      serially(async () => {
        journal = await openWebhookJournal({ dataDir: deps.dataDir, accountKey: deps.accountKey, log });
        await readSecret();
        await listen(deps.settings.get());
      }),
    async idle() {
      for (let before = work(); ; before = work()) {
        await before;
        if (before === work()) break;
      }
      await journal?.flush();
    },
    close: () =>
      serially(async () => {
        closed = true;
        await stopListening();
        await work();
        await journal?.flush();
      }),
  };
}

/**
 * The addresses to register at the retail service: this computer's own when the receiver listens
 * on every interface (its IPv4 addresses on the networks it is on), else the one it listens on.
 */
export function urlsOf(host: string, port: number): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}${WEBHOOK_PATH}`;
  if (host !== '0.0.0.0' && host !== '::') return [url(host)];
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
  return [...new Set(addresses)].map(url).concat(url('127.0.0.1'));
}
