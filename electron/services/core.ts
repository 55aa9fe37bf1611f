import { hostname } from 'node:os';
import {
  accountKindOf,
  accountSettingsSchema,
  describeZodError,
  operationNames,
  coded,
  isPlainHttpElsewhere,
  queueWriteOperations,
  type AccountSecretsInput,
  type AccountSettings,
  type BridgeCallContext,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type ConnectionState,
  type ErrorText,
  type OperationName,
  type Settings,
} from '../../shared/bridge';
import { testConnection, testShopConnection } from './connection/connectionTest';
import { createConnectivityMonitor, type ConnectivityMonitor } from './connection/connectivity';
import { createDispatcher, ServiceError, type BridgeHandlers, type Dispatcher } from './bridge/dispatcher';
import { createBridgeHandlers, type SettingsOperations } from './bridge/handlers';
import { deliver } from './queue/delivery';
import { delegatingQueueHandlers, delegatingQueueReceipts, openQueueService, type QueueServiceOptions } from './queue/service';
import { createAccountLimiters, createGateway, type Gateway } from './gateway';
import { createCommerceHandlers } from './commerce/handlers';
import { createBackofficeHandlers } from './backoffice/handlers';
import { auditDatabaseFile, openAuditLog } from './backoffice/auditLog';
import { recordingStockReceipts } from './backoffice/stockReceiptAudit';
import { createAccountImages, type ImageCache } from './images';
import { openLockService } from './lock/lockService';
import { createTerminalHandlers } from './lock/terminalHandlers';
import { createAccessCheck } from './lock/access';
import { accountKeyOf, createSettingsStore, environmentPresets, normaliseSettings, normaliseUrl, sameAccount } from './settings/settings';
import {
  originOf,
  VaultDamagedError,
  VaultUnavailableError,
  type AccountSecrets,
  type AccountVault,
  type CredentialsVault,
  type SecretsBinding,
  type ShopBinding,
  type ShopCredentialsVault,
  type WebhookSecretVault,
} from './secrets/vault';
import { createRetailAccountLimiters, createRetailGateway, RETAIL_CATALOG_PER_MINUTE, type RetailGateway, type RetailLimiterOptions } from './retail';
import { deliverRetail } from './retail/delivery';
import { createShopHandlers } from './retail/shopHandlers';
import { createShopWebhooks } from './retail/webhooks/service';
import { redactSecrets, rememberAccountSecrets, rememberSecret } from './secrets/redact';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox, type StartSandboxOptions } from '../sandbox';
import { DEMO_SHOP, startRetailSandbox, type StartRetailSandboxOptions } from '../sandbox/retail';
import { demoShopSeeder } from '../sandbox/retail/seed/demoShop';

/**
 * The account the command line names. `{ mode: 'demo' }` means none was named (no `--backend`):
 * the saved settings apply — the demo venue until someone saves another account in Settings.
 * An `account` overrides the saved settings and is saved as them (custom environment).
 */
export type AccountChoice =
  | { mode: 'demo' }
  | {
      mode: 'account';
      /** Host root, e.g. https://integrations.example.com (paths of spec §4 are appended). */
      baseUrl: string;
      /** Image storage host root (spec 4.2 `{image_storage_url}`); default: `baseUrl`. */
      imagesUrl?: string;
      /** Given on the command line: saved to the vault at start. Otherwise read from the vault. */
      secrets?: AccountSecrets;
    };

export interface AppCoreOptions {
  shell: 'electron' | 'browser';
  /** Holds settings.json (and, in the browser shell, the vault and the image cache). */
  dataDir: string;
  vault: CredentialsVault;
  /**
   * The shop's vault slot: its own entry, so a shop's token never replaces the venue's.
   * Absent (tools, older tests): shop tokens cannot be stored (`vault-no-encryption`).
   */
  shopVault?: ShopCredentialsVault;
  /** The shop's webhook secret. Absent: no secret can be kept, every delivery is refused. */
  webhookVault?: WebhookSecretVault;
  /** Options of the demo shop's embedded retail sandbox (tests lift its limits). */
  demoShopSandbox?: Omit<StartRetailSandboxOptions, 'host' | 'port'>;
  /** The shops' request budgets (retail §8: 40 catalog + 120 a minute); tests lift them. */
  retailLimits?: RetailLimiterOptions;
  /** From the command line; omitted or `{ mode: 'demo' }`: the saved settings. */
  account?: AccountChoice;
  /** Per-request timeout of vendor calls. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Where the environment presets' URLs come from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Options of the demo venue's embedded sandbox (tests lift its rate limit). */
  demoSandbox?: StartSandboxOptions;
  /**
   * Our request budget per account (spec §8: 120 per minute, the default). The demo venue's
   * default is its embedded sandbox's own limit. Tests and the benchmark lift it.
   */
  requestsPerMinute?: number;
}

/** The shell-independent main side: what both shells start and wire to their transport. */
export interface AppCore {
  readonly dispatcher: Dispatcher;
  /** Events for the renderer (connection changes, account changes, …). Returns an unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /** URL of the embedded sandbox while the demo venue (or the demo shop: its retail sandbox) is current, else null. */
  readonly sandboxUrl: string | null;
  /** The current account's local-data key (`demo`, `<tenant>@<host>`). */
  readonly accountKey: string;
  /** The current account's image cache (null without a tenant): the shells' image routes read it. */
  readonly images: ImageCache | null;
  close(): Promise<void>;
}

export const APP_VERSION = '0.1.0';

/** Operations that do not belong to one account: everything else is answered by the current account. */
const ACCOUNT_INDEPENDENT: ReadonlySet<OperationName> = new Set<OperationName>([
  'getSettings',
  'saveSettings',
  'testConnection',
  // The terminal's preferences and lock belong to no account.
  'getPreferences',
  'savePreferences',
  'getLockState',
  'lockTerminal',
  'verifyPin',
  'setPin',
  'clearPin',
]);
/**
 * Answered without naming an account: it says which account is current (a fresh window learns its
 * key from it). Every other account-scoped call must name the current account.
 */
const NAMES_NO_ACCOUNT: ReadonlySet<OperationName> = new Set<OperationName>(['getAppInfo']);
/** One account's services: created when it becomes current, closed when another replaces it. */
interface LiveAccount {
  readonly account: AccountSettings;
  readonly accountKey: string;
  readonly tenant: string;
  readonly imagesUrl: string;
  readonly sandbox: RunningSandbox | null;
  /** The venue's gateway; null for a shop (its retail gateway lives in its handlers). */
  readonly gateway: Gateway | null;
  readonly handlers: BridgeHandlers;
  /** Probes the server while it is unreachable or quiet. */
  readonly connectivity: ConnectivityMonitor;
  /** Stops the queue while a replacement with the same account key opens its database file. */
  stopQueue(): Promise<void>;
  /** Opens the queue again after stopQueue() (the replacement could not be saved). */
  resumeQueue(): void;
  close(): Promise<void>;
}

export async function startAppCore(options: AppCoreOptions): Promise<AppCore> {
  // Every line the main side logs passes here: no token reaches a log.
  const log = (line: string) => options.log?.(redactSecrets(line));
  const timeoutMs = options.timeoutMs ?? 10_000;
  // One request budget per account for the life of the process, shared by every caller of that
  // account (spec §8); switching away and back finds the same budget and its history.
  const demoRequestsPerMinute = options.requestsPerMinute ?? options.demoSandbox?.limits?.requestsPerMinute;
  const limiters = createAccountLimiters(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {});
  const demoLimiters = createAccountLimiters(demoRequestsPerMinute ? { requestsPerMinute: demoRequestsPerMinute } : {});
  const vault = options.vault;
  const shopVault = options.shopVault ?? unavailableShopVault();
  // The shops' budgets, per account for the life of the process (retail §8).
  const retailLimiters = createRetailAccountLimiters(options.retailLimits ?? {});
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };

  const settingsStore = createSettingsStore(options.dataDir, log);
  const environments = environmentPresets(options.env ?? process.env);
  // Image cache of the current account; the demo venue's photos come from the
  // embedded sandbox, a real account's from its image storage.
  const images = createAccountImages({ dataDir: options.dataDir, emit, log });

  let connection: ConnectionState | null = null;
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    emit({ type: 'connection', state, at: new Date().toISOString() });
  };

  /**
   * The vault's secrets for this server and tenant, for questions ("are there saved secrets?"):
   * an unreadable vault holds none, and `problem` says why (a damaged file: type them again).
   */
  async function savedSecretsFor(binding: SecretsBinding): Promise<{ secrets: AccountSecrets | null; problem: ErrorText | null }> {
    if (vault.unavailableReason() !== null) return { secrets: null, problem: null };
    try {
      return { secrets: await vault.load(binding), problem: null };
    } catch (error) {
      log(`settings: the vault cannot be read: ${vaultErrorText(error)}`);
      return { secrets: null, problem: error instanceof VaultUnavailableError ? coded(error.code) : null };
    }
  }

  /** Why no saved tokens can be used for this server and tenant, in words for the Settings screen. */
  async function missingSecretsMessage(binding: SecretsBinding): Promise<ErrorText> {
    const { problem } = await savedSecretsFor(binding);
    if (problem) return problem;
    const stored = await vault.read().catch(() => null);
    if (stored !== null && stored.origin !== null && stored.tenant === binding.tenant && stored.origin !== binding.origin) {
      return coded('tokens-for-other-server', { savedOrigin: stored.origin, origin: binding.origin });
    }
    return coded('tokens-missing', { tenant: binding.tenant, origin: binding.origin });
  }

  const startDemoSandbox = () => startSandbox({ ...options.demoSandbox, host: '127.0.0.1', port: 0 });

  let live: LiveAccount | null = null;

  /**
   * What a venue and a shop account share: their connection (vendor calls report what they saw,
   * probes fill the silences; only the current account's changes reach the renderer — activate()
   * catches up a new one) and their order queue, which drains from open to close, current or not,
   * window or not. `deliver` is read when the queue sends, after the gateway exists.
   */
  function accountPlumbing(accountKey: string, baseUrl: string, isCurrent: () => boolean, deliverEntry: QueueServiceOptions['deliver']) {
    const connectionListeners = new Set<(state: ConnectionState) => void>();
    const connectivity = createConnectivityMonitor({
      baseUrl,
      onChange: (state) => {
        if (isCurrent()) setConnection(state);
        for (const listener of connectionListeners) listener(state);
      },
    });
    const openQueue = () =>
      openQueueService({
        dataDir: options.dataDir,
        accountKey,
        deliver: deliverEntry,
        connection: {
          state: () => connectivity.state,
          onChange(listener) {
            connectionListeners.add(listener);
            return () => connectionListeners.delete(listener);
          },
        },
        log,
        onChange: ({ revision, storageProblem }) => {
          if (isCurrent()) emit({ type: 'queue-changed', revision, storageProblem });
        },
      });
    return { connectivity, openQueue };
  }

  async function openAccount(account: AccountSettings): Promise<LiveAccount> {
    if (account.mode === 'demo-shop' || account.mode === 'shop') return openShopAccount(account);
    let sandbox: RunningSandbox | null = null;
    let baseUrl: string;
    let imagesUrl: string;
    let tenant: string;
    let secrets: () => Promise<AccountSecrets | null>;
    if (account.mode === 'demo') {
      // Demo venue: the embedded sandbox on a free loopback port (ARCHITECTURE §6); it serves
      // the photos too.
      sandbox = await startDemoSandbox();
      baseUrl = imagesUrl = sandbox.url;
      tenant = DEMO_ACCOUNT.tenant;
      secrets = async () => DEMO_ACCOUNT;
      log(`demo venue: embedded sandbox at ${sandbox.url}`);
      sandbox = await withDemoShop(sandbox, log);
    } else {
      baseUrl = normaliseUrl(account.baseUrl);
      imagesUrl = normaliseUrl(account.imagesUrl);
      tenant = account.tenant;
      const binding = { origin: originOf(baseUrl), tenant };
      secrets = () => vault.load(binding);
    }
    const accountKey = accountKeyOf(account);
    // A replaced account's late answers must not speak for the current one.
    const isCurrent = () => live === opened;

    // A purchase order's receipt lines are recorded in the audit log as they are delivered.
    const deliverEntry = recordingStockReceipts((request) => deliver(gateway, request), () => audit, log);
    const { connectivity, openQueue } = accountPlumbing(accountKey, baseUrl, isCurrent, deliverEntry);

    const gateway: Gateway = createGateway({
      baseUrl,
      secrets,
      timeoutMs,
      limiter: (account.mode === 'demo' ? demoLimiters : limiters).forAccount(accountKey),
      onReachability: (reachable) => connectivity.report(reachable),
    });

    // Settings changed but not the account key (another image storage, http → https): the same
    // database file. One dispatcher per file, so the replaced one stops first — else its request
    // in flight would look interrupted to the new one's start-up recovery ("unconfirmed").
    if (live !== null && live.accountKey === accountKey) await live.stopQueue();
    let queue = openQueue();
    const queueHandlers = delegatingQueueHandlers(() => queue);
    // The back office's writes, recorded per account; every window's Activity list follows.
    const audit = openAuditLog({
      file: auditDatabaseFile(options.dataDir, accountKey),
      terminal: `${hostname()} · ${options.shell}`,
      onRecord: (record) => {
        if (isCurrent()) emit({ type: 'audit-recorded', record });
      },
    });
    const currentOnly = (event: BridgeEvent) => {
      if (isCurrent()) emit(event);
    };

    const handlers = createBridgeHandlers({
      shell: options.shell,
      mode: account.mode,
      accountKey,
      tenant,
      version: APP_VERSION,
      gateway,
      // The demo venue stores nothing; a real account sees only its own server's and tenant's secrets.
      vault: account.mode === 'demo' ? demoVault(vault) : accountVault(vault, { origin: originOf(baseUrl), tenant }),
      images: () => (isCurrent() ? images.current : null),
      settings: settingsOperations,
      terminal,
      connection: () => connectivity.state,
      queue: queueHandlers,
      // Only the current account's changes reach the windows.
      commerce: createCommerceHandlers({ gateway, dataDir: options.dataDir, accountKey, log, emit: currentOnly }),
      backoffice: createBackofficeHandlers({ gateway, dataDir: options.dataDir, accountKey, audit, queue: { ...queueHandlers, ...delegatingQueueReceipts(() => queue) }, log, emit: currentOnly }),
    });

    const opened: LiveAccount = {
      account,
      accountKey,
      tenant,
      imagesUrl,
      sandbox,
      gateway,
      handlers,
      connectivity,
      stopQueue: () => queue.close(),
      resumeQueue() {
        if (queue.closed) queue = openQueue();
      },
      async close() {
        // First the queue: its requests in flight still need the gateway (and the demo sandbox).
        await queue.close();
        audit.close();
        connectivity.close();
        await sandbox?.close();
      },
    };
    return opened;
  }

  /**
   * A shop: the retail gateway with its own budgets, connectivity against the retail
   * host, its own queue database (the same queue service) and the shop's handlers. The demo shop
   * is the embedded retail sandbox on its own free loopback port.
   */
  async function openShopAccount(account: Extract<AccountSettings, { mode: 'demo-shop' | 'shop' }>): Promise<LiveAccount> {
    let sandbox: RunningSandbox | null = null;
    let baseUrl: string;
    let username: string;
    let token: () => Promise<string | null>;
    if (account.mode === 'demo-shop') {
      sandbox = await startDemoShop();
      baseUrl = sandbox.url;
      username = DEMO_SHOP.username;
      token = async () => DEMO_SHOP.accessToken;
      log(`demo shop: embedded retail sandbox at ${sandbox.url} (username ${DEMO_SHOP.username})`);
    } else {
      baseUrl = normaliseUrl(account.baseUrl);
      username = account.username;
      const binding: ShopBinding = { origin: originOf(baseUrl), username };
      token = async () => (await shopVault.load(binding))?.token ?? null;
    }
    const accountKey = accountKeyOf(account);
    const isCurrent = () => live === opened;
    const { connectivity, openQueue } = accountPlumbing(accountKey, baseUrl, isCurrent, (request, context) => deliverRetail(retail, request, context));
    const retail: RetailGateway = createRetailGateway({
      baseUrl,
      username,
      token,
      timeoutMs,
      limiter: retailLimiters.forAccount(accountKey),
      onReachability: (reachable) => connectivity.report(reachable),
    });
    if (live !== null && live.accountKey === accountKey) await live.stopQueue();
    let queue = openQueue();
    // The webhook receiver, listening only when Settings enable it.
    const webhooks = createShopWebhooks({
      dataDir: options.dataDir,
      accountKey,
      username,
      gateway: retail,
      settings: { get: () => settingsStore.shopWebhooks(), save: (next) => settingsStore.saveShopWebhooks(next) },
      vault: options.webhookVault ?? unavailableWebhookVault(),
      emit: (event) => {
        if (isCurrent()) emit(event);
      },
      log,
    });
    // Not awaited: in a switch between two shops the account being replaced still holds the port
    // until it closes, after this one opens (the receiver tries again meanwhile).
    void webhooks.start().catch((error: unknown) => log(`webhooks: cannot start: ${error instanceof Error ? error.message : String(error)}`));
    const handlers = createBridgeHandlers({
      shell: options.shell,
      mode: account.mode === 'demo-shop' ? 'demo' : 'account',
      kind: 'shop',
      accountKey,
      catalogPerMinute: options.retailLimits?.catalogPerMinute ?? RETAIL_CATALOG_PER_MINUTE,
      tenant: username,
      version: APP_VERSION,
      gateway: null,
      // The venue's vault view answers nothing here: a shop's token is in its own slot.
      vault: shopAccountVault(shopVault),
      images: () => null,
      settings: settingsOperations,
      terminal,
      connection: () => connectivity.state,
      queue: delegatingQueueHandlers(() => queue),
      shop: createShopHandlers({ gateway: retail }),
      webhooks: webhooks.handlers,
    });
    const opened: LiveAccount = {
      account,
      accountKey,
      tenant: username,
      imagesUrl: baseUrl,
      sandbox,
      gateway: null,
      handlers,
      connectivity,
      stopQueue: () => queue.close(),
      resumeQueue() {
        if (queue.closed) queue = openQueue();
      },
      async close() {
        await webhooks.close();
        await queue.close();
        connectivity.close();
        await sandbox?.close();
      },
    };
    return opened;
  }

  const startDemoShop = () =>
    startRetailSandbox({ seed: demoShopSeeder(), ...options.demoShopSandbox, host: '127.0.0.1', port: 0 });

  /** Makes an opened account the current one: its image cache, a fresh connection state. */
  function activate(account: LiveAccount) {
    live = account;
    connection = null;
    // The new account may have learnt its state while it was opening, before it was current.
    if (account.connectivity.state !== null) setConnection(account.connectivity.state);
    // A shop has no photos of the venue's kind: no image cache (getAppInfo says it is a shop).
    if (account.gateway === null) images.use(null);
    else images.use({ accountKey: account.accountKey, tenant: account.tenant, imagesUrl: account.imagesUrl });
  }

  // ——— Settings operations (getSettings, saveSettings, testConnection) ———

  let settings: Settings = await settingsStore.load();
  const lock = await openLockService({ dataDir: options.dataDir, log, onChange: (state) => emit({ type: 'lock-changed', lock: state }) });
  const terminal = createTerminalHandlers({ preferences: settingsStore, lock });
  // One switch at a time: a second Save waits for the first.
  let switchQueue: Promise<unknown> = Promise.resolve();

  /**
   * Checks an account's tokens before anything is saved: typed ones must be of the account's kind,
   * and without any the vault must hold some for its server. Answers what saves them (null: nothing
   * to save). A venue's go to the venue's slot, a shop's to the shop's.
   */
  async function secretsToSave(account: AccountSettings, given: AccountSecretsInput | undefined): Promise<(() => Promise<void>) | null> {
    if (account.mode === 'demo' || account.mode === 'demo-shop') return null;
    if (account.mode === 'account') {
      const binding = { origin: originOf(account.baseUrl), tenant: account.tenant };
      if (given && !('accessToken' in given)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
      // Saved tokens go only to the server they were saved for: another address needs them typed again.
      if (!given && (await savedSecretsFor(binding)).secrets === null) {
        throw new ServiceError({ kind: 'invalid-input', ...(await missingSecretsMessage(binding)) });
      }
      rememberAccountSecrets(given);
      return given ? () => vault.save({ tenant: binding.tenant, ...given }, binding.origin) : null;
    }
    const binding: ShopBinding = { origin: originOf(account.baseUrl), username: account.username };
    if (given && !('token' in given)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
    if (!given && (await savedShopToken(binding)).token === null) {
      throw new ServiceError({ kind: 'invalid-input', ...(await missingShopToken(binding)) });
    }
    rememberSecret(given?.token);
    return given ? () => shopVault.save({ username: binding.username, token: given.token }, binding.origin) : null;
  }

  /** As savedSecretsFor, for a shop's slot. */
  async function savedShopToken(binding: ShopBinding): Promise<{ token: string | null; problem: ErrorText | null }> {
    if (shopVault.unavailableReason() !== null) return { token: null, problem: null };
    try {
      return { token: (await shopVault.load(binding))?.token ?? null, problem: null };
    } catch (error) {
      log(`settings: the shop's vault cannot be read: ${vaultErrorText(error)}`);
      return { token: null, problem: error instanceof VaultUnavailableError ? coded(error.code) : null };
    }
  }

  async function missingShopToken(binding: ShopBinding): Promise<ErrorText> {
    const { problem } = await savedShopToken(binding);
    return problem ?? coded('shop-token-missing', { username: binding.username, origin: binding.origin });
  }

  /** Whether the vault holds tokens for this account (the demo ones need none), and why not when it cannot tell. */
  async function hasSecretsFor(account: AccountSettings): Promise<{ has: boolean; problem: ErrorText | null }> {
    if (account.mode === 'demo' || account.mode === 'demo-shop') return { has: false, problem: null };
    if (account.mode === 'account') {
      const saved = await savedSecretsFor({ origin: originOf(account.baseUrl), tenant: account.tenant });
      return { has: saved.secrets !== null, problem: saved.problem };
    }
    const saved = await savedShopToken({ origin: originOf(account.baseUrl), username: account.username });
    return { has: saved.token !== null, problem: saved.problem };
  }

  async function saveSettings(input: BridgeInput<'saveSettings'>): Promise<BridgeOutput<'saveSettings'>> {
    const { secrets: given, secondarySecrets, ...rest } = input;
    if (rest.secondary && accountKindOf(rest.secondary) === accountKindOf(rest.account)) {
      throw new ServiceError({ kind: 'invalid-input', ...coded('secondary-same-kind'), detail: 'saveSettings: secondary: secondary-same-kind' });
    }
    const next = normaliseSettings(rest);
    const account = next.account;
    // Each account's tokens: typed now, or saved for its own server before.
    const primary = await secretsToSave(account, given);
    const second = next.secondary ? await secretsToSave(next.secondary, secondarySecrets) : null;
    const previous = live!;
    const switching = !sameAccount(previous.account, account);
    // Open the new account before saving anything: if it cannot start, nothing changed.
    const opened = switching ? await openAccount(account) : previous;
    try {
      await primary?.();
      await second?.();
      settings = await settingsStore.save(next);
    } catch (error) {
      if (opened !== previous) {
        await opened.close();
        previous.resumeQueue();
      }
      throw error;
    }
    if (opened !== previous) {
      activate(opened);
      await previous.close();
      log(`account: now ${opened.accountKey}`);
      emit({ type: 'account-changed', accountKey: opened.accountKey });
    }
    return { accountKey: opened.accountKey };
  }

  const settingsOperations: SettingsOperations = {
    async get() {
      const { account, secondary } = settings;
      const saved = await hasSecretsFor(account);
      const second = secondary ? await hasSecretsFor(secondary) : null;
      return {
        settings,
        hasSecrets: saved.has,
        secretsProblem: saved.problem,
        ...(second ? { secondaryHasSecrets: second.has } : {}),
        environments,
        firstStart: settingsStore.isFirstStart(),
      };
    },
    save(input) {
      const run = switchQueue.then(() => saveSettings(input));
      switchQueue = run.catch(() => {});
      return run;
    },
    async testConnection({ account, secrets }) {
      if (account.mode === 'demo-shop') {
        const running = live?.account.mode === 'demo-shop' ? live.sandbox : null;
        const sandbox = running ?? (await startDemoShop());
        try {
          return await testShopConnection({ baseUrl: sandbox.url, username: DEMO_SHOP.username, token: DEMO_SHOP.accessToken }, { timeoutMs });
        } finally {
          if (sandbox !== running) await sandbox.close();
        }
      }
      if (account.mode === 'shop') {
        if (secrets && !('token' in secrets)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
        const binding: ShopBinding = { origin: originOf(account.baseUrl), username: account.username.trim() };
        const token = secrets?.token ?? (await savedShopToken(binding)).token;
        return testShopConnection(
          { baseUrl: account.baseUrl, username: binding.username, token, ...(token ? {} : { missingSecrets: await missingShopToken(binding) }) },
          { timeoutMs },
        );
      }
      if (secrets && !('accessToken' in secrets)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
      if (account.mode === 'demo') {
        const running = live?.account.mode === 'demo' ? live.sandbox : null;
        const sandbox = running ?? (await startDemoSandbox());
        try {
          return await testConnection(
            { baseUrl: sandbox.url, imagesUrl: sandbox.url, tenant: DEMO_ACCOUNT.tenant, secrets: DEMO_ACCOUNT },
            { timeoutMs },
          );
        } finally {
          if (sandbox !== running) await sandbox.close();
        }
      }
      const tenant = account.tenant.trim();
      // Saved tokens are tried only on the server they were saved for.
      const binding = { origin: originOf(account.baseUrl), tenant };
      const saved = secrets ? null : (await savedSecretsFor(binding)).secrets;
      const chosen = secrets ?? (saved && { accessToken: saved.accessToken, integratorToken: saved.integratorToken });
      return testConnection(
        {
          baseUrl: account.baseUrl,
          imagesUrl: account.imagesUrl,
          tenant,
          secrets: chosen,
          ...(chosen ? {} : { missingSecrets: await missingSecretsMessage(binding) }),
        },
        { timeoutMs },
      );
    },
  };

  // ——— Start: the command line overrides (and initialises) the saved settings ———

  await bindLegacyVaultEntry(vault, settings, log);
  const fromCommandLine = await commandLineSettings(options.account, settings, vault, log);
  if (fromCommandLine) settings = await settingsStore.save(fromCommandLine);
  activate(await openAccount(settings.account));

  /**
   * Every operation is answered by the account that was current when it arrived, and only when the
   * caller named that account: a window that missed `account-changed` must not, say, seat its
   * queued orders into the account selected since. Refused calls did nothing (`wrong-account`).
   */
  const routed = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async (input: unknown, context: BridgeCallContext) => {
        const serving = live!;
        if (!ACCOUNT_INDEPENDENT.has(name) && !NAMES_NO_ACCOUNT.has(name) && context.accountKey !== serving.accountKey) {
          throw new ServiceError({
            kind: 'wrong-account',
            ...coded('wrong-account'),
            detail: `${name} named ${context.accountKey ?? 'no account'}; current account ${serving.accountKey}`,
          });
        }
        const handler = serving.handlers[name] as (input: unknown) => Promise<unknown>;
        const value = await handler(input);
        // A committed queue write keeps its answer (shared/bridge/queue.ts queueWriteOperations).
        if (serving !== live && !ACCOUNT_INDEPENDENT.has(name) && !queueWriteOperations.has(name)) {
          throw new ServiceError({
            kind: 'internal',
            ...coded('account-switched'),
            detail: `${name} answered for ${serving.accountKey}; current account ${live?.accountKey ?? 'none'}`,
          });
        }
        return value;
      },
    ]),
  ) as unknown as BridgeHandlers;

  return {
    // The PIN is checked here, before routing, for every operation (shared/bridge/access.ts).
    dispatcher: createDispatcher(routed, log, createAccessCheck(lock)),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get sandboxUrl() {
      return live?.sandbox?.url ?? null;
    },
    get accountKey() {
      return live!.accountKey;
    },
    get images() {
      return images.current;
    },
    async close() {
      listeners.clear();
      await switchQueue;
      const closing = live;
      live = null;
      await images.close();
      await closing?.close();
    },
  };
}

/** One account's view of the vault: its server's and tenant's secrets only; saves are bound to its server. */
function accountVault(vault: CredentialsVault, binding: SecretsBinding): AccountVault {
  return {
    unavailableReason: () => vault.unavailableReason(),
    save: (secrets) => vault.save(secrets, binding.origin),
    load: () => vault.load(binding),
    clear: () => vault.clear(),
  };
}

/**
 * The demo shop: the retail API's sandbox on its own free loopback port, started
 * and stopped with the demo venue's. The terminal does not use it yet; its address is logged.
 */
async function withDemoShop(venue: RunningSandbox, log: (line: string) => void): Promise<RunningSandbox> {
  const shop = await startRetailSandbox({ host: '127.0.0.1', port: 0, seed: demoShopSeeder() }).catch(async (error: unknown) => {
    await venue.close();
    throw error;
  });
  log(`demo shop: embedded retail sandbox at ${shop.url} (username demo-shop)`);
  return { url: venue.url, port: venue.port, close: () => Promise.all([venue.close(), shop.close()]).then(() => undefined) };
}

/** The demo venue's view: it uses the sandbox's public demo tokens and has no server to bind tokens to. */
function demoVault(vault: CredentialsVault): AccountVault {
  return {
    unavailableReason: () => vault.unavailableReason(),
    async save() {
      throw new ServiceError({
        kind: 'invalid-input',
        ...coded('demo-needs-no-tokens'),
      });
    },
    load: async () => null,
    clear: () => vault.clear(),
  };
}

function vaultErrorText(error: unknown): string {
  if (error instanceof VaultDamagedError) return `${error.code} (${error.detail})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A vault written before entries were bound to a server has no origin.
 * Decision: bind it to the saved account's server when the tenants match — the only server it
 * can have been saved for, since saving an account saves its tokens with it; otherwise it stays
 * unbound, which no account matches (as if absent), until tokens are typed again.
 */
async function bindLegacyVaultEntry(vault: CredentialsVault, saved: Settings, log: (line: string) => void): Promise<void> {
  if (vault.unavailableReason() !== null) return;
  try {
    const stored = await vault.read();
    if (stored === null || stored.origin !== null) return;
    const account = saved.account;
    if (account.mode === 'account' && account.tenant === stored.tenant) {
      const origin = originOf(account.baseUrl);
      await vault.save(stored, origin);
      log(`vault: the saved tokens of tenant "${stored.tenant}" are now bound to ${origin}`);
    } else {
      log(`vault: the saved tokens of tenant "${stored.tenant}" belong to no saved account: they are not used until typed again`);
    }
  } catch (error) {
    log(`vault: cannot check the saved tokens: ${vaultErrorText(error)}`);
  }
}

/** The command line's address, refused with the flag named when it is not one an account may use. */
function commandLineUrl(flag: string, url: string): string {
  const field = flag === '--backend' ? 'The server address' : 'The image storage address';
  const problem = !URL.canParse(url)
    ? `${field} is not a URL`
    : isPlainHttpElsewhere(url)
      ? `${field} must start with https:// (plain http:// is allowed only for this computer: localhost, 127.x.x.x, [::1])`
      : null;
  if (problem) throw new Error(`${flag} ${url}: ${problem}.`);
  return normaliseUrl(url);
}

/**
 * `--backend URL [--images URL] [--tenant T --token A --client-token C]`: an account in the custom
 * environment. Without credentials, the vault's entry is used when it is bound to this server
 * (else the saved account's tenant, without tokens); tokens saved for another server are not.
 */
async function commandLineSettings(
  choice: AccountChoice | undefined,
  saved: Settings,
  vault: CredentialsVault,
  log: (line: string) => void,
): Promise<Settings | null> {
  if (!choice || choice.mode === 'demo') return null;
  const baseUrl = commandLineUrl('--backend', choice.baseUrl);
  const imagesUrl = commandLineUrl(choice.imagesUrl === undefined ? '--backend' : '--images', choice.imagesUrl ?? choice.baseUrl);
  const origin = originOf(baseUrl);
  rememberAccountSecrets(choice.secrets);
  if (choice.secrets) await vault.save(choice.secrets, origin);
  const savedAccount = saved.account.mode === 'account' ? saved.account : null;
  const sameServer = savedAccount !== null && originOf(savedAccount.baseUrl) === origin ? savedAccount : null;
  const stored = choice.secrets ? null : await vault.read().catch((error: unknown) => {
    log(`vault: cannot read the saved tokens: ${vaultErrorText(error)}`);
    return null;
  });
  const tenant = choice.secrets?.tenant ?? (stored?.origin === origin ? stored.tenant : undefined) ?? sameServer?.tenant;
  if (!tenant) {
    if (stored?.origin) {
      throw new Error(`The saved tokens are for ${stored.origin}, not ${origin}: give --tenant, --token and --client-token for ${baseUrl} (they are saved for next time).`);
    }
    throw new Error(`No tenant is known for ${baseUrl}: give --tenant, --token and --client-token (they are saved for next time).`);
  }
  // The same server as saved keeps its environment (e.g. an integrations preset).
  const environment = savedAccount && normaliseUrl(savedAccount.baseUrl) === baseUrl ? savedAccount.environment : 'custom';
  // The same account as saved keeps its chain role: the command line does not name one.
  const chainRole = sameServer?.tenant === tenant ? sameServer.chainRole : undefined;
  const parsed = accountSettingsSchema.safeParse({ mode: 'account', environment, baseUrl, imagesUrl, tenant, ...(chainRole ? { chainRole } : {}) });
  if (!parsed.success) throw new Error(describeZodError('command line', parsed.error));
  // The second account stays when it is a shop (the command line names a venue).
  const secondary = saved.secondary && accountKindOf(saved.secondary) === 'shop' ? saved.secondary : null;
  return { account: parsed.data, ...(secondary ? { secondary } : {}), syncEveryMinutes: saved.syncEveryMinutes };
}

/** No webhook slot in this shell (a tool, an older test): no secret is kept, so every delivery is refused. */
function unavailableWebhookVault(): WebhookSecretVault {
  return {
    unavailableReason: () => 'vault-no-encryption',
    async save() {
      throw new VaultUnavailableError('vault-no-encryption');
    },
    load: async () => null,
    clear: async () => {},
  };
}

/** No shop slot in this shell (a tool, an older test): shop tokens are neither stored nor found. */
function unavailableShopVault(): ShopCredentialsVault {
  return {
    unavailableReason: () => 'vault-no-encryption',
    async save() {
      throw new VaultUnavailableError('vault-no-encryption');
    },
    read: async () => null,
    load: async () => null,
    clear: async () => {},
  };
}

/**
 * A shop's view of the venue-shaped vault (getCredentialsStatus): the shop's slot, its username as
 * the tenant. Saving venue tokens is refused (`saveCredentials` answers `not-a-venue` first).
 */
function shopAccountVault(shopVault: ShopCredentialsVault): AccountVault {
  return {
    unavailableReason: () => shopVault.unavailableReason(),
    async save() {
      throw new ServiceError({ kind: 'invalid-input', ...coded('not-a-venue') });
    },
    load: async () => null,
    clear: () => shopVault.clear(),
  };
}
