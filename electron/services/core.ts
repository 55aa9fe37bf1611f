import {
  accountSettingsSchema,
  operationNames,
  type AccountSettings,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type ConnectionState,
  type OperationName,
  type Settings,
} from '../../shared/bridge';
import { testConnection } from './connectionTest';
import { createConnectivityMonitor, type ConnectivityMonitor } from './connectivity';
import { createDispatcher, ServiceError, type BridgeHandlers, type Dispatcher } from './dispatcher';
import { createBridgeHandlers, type SettingsOperations } from './handlers';
import { createAccountLimiters, createGateway, type Gateway } from './gateway';
import { createAccountImages, type ImageCache } from './images';
import { accountKeyOf, createSettingsStore, environmentPresets, normaliseSettings, normaliseUrl, sameAccount } from './settings';
import type { AccountSecrets, CredentialsVault } from './vault';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox, type StartSandboxOptions } from '../sandbox';

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
  /** URL of the embedded sandbox while the demo venue is the current account, else null. */
  readonly sandboxUrl: string | null;
  /** The current account's local-data key (`demo`, `<tenant>@<host>`). */
  readonly accountKey: string;
  /** The current account's image cache (null without a tenant): the shells' image routes read it. */
  readonly images: ImageCache | null;
  close(): Promise<void>;
}

export const APP_VERSION = '0.1.0';

/** Operations that do not belong to one account: everything else is answered by the current account. */
const ACCOUNT_INDEPENDENT: ReadonlySet<OperationName> = new Set<OperationName>(['getSettings', 'saveSettings', 'testConnection']);

/** One account's services: created when it becomes current, closed when another replaces it. */
interface LiveAccount {
  readonly account: AccountSettings;
  readonly accountKey: string;
  readonly tenant: string;
  readonly imagesUrl: string;
  readonly sandbox: RunningSandbox | null;
  readonly gateway: Gateway;
  readonly handlers: BridgeHandlers;
  /** Probes the server while it is unreachable or quiet (issue 6 item 6). */
  readonly connectivity: ConnectivityMonitor;
  close(): Promise<void>;
}

export async function startAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? 10_000;
  // One request budget per account for the life of the process, shared by every caller of that
  // account (spec §8); switching away and back finds the same budget and its history.
  const demoRequestsPerMinute = options.requestsPerMinute ?? options.demoSandbox?.limits?.requestsPerMinute;
  const limiters = createAccountLimiters(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {});
  const demoLimiters = createAccountLimiters(demoRequestsPerMinute ? { requestsPerMinute: demoRequestsPerMinute } : {});
  const vault = options.vault;
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };

  const settingsStore = createSettingsStore(options.dataDir, log);
  const environments = environmentPresets(options.env ?? process.env);
  // Image cache of the current account (issue 4 item 6); the demo venue's photos come from the
  // embedded sandbox, a real account's from its image storage.
  const images = createAccountImages({ dataDir: options.dataDir, emit, log });

  let connection: ConnectionState | null = null;
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    emit({ type: 'connection', state, at: new Date().toISOString() });
  };

  /** The vault's secrets when they belong to this tenant (the vault holds one account's). */
  async function secretsFor(tenant: string): Promise<AccountSecrets | null> {
    const stored = await vault.load();
    return stored !== null && stored.tenant === tenant ? stored : null;
  }
  /** Same, for questions ("are there saved secrets?"): an unreadable vault holds none. */
  async function savedSecretsFor(tenant: string): Promise<AccountSecrets | null> {
    if (vault.unavailableReason() !== null) return null;
    try {
      return await secretsFor(tenant);
    } catch (error) {
      log(`settings: the vault cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  const startDemoSandbox = () => startSandbox({ ...options.demoSandbox, host: '127.0.0.1', port: 0 });

  let live: LiveAccount | null = null;

  async function openAccount(account: AccountSettings): Promise<LiveAccount> {
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
    } else {
      baseUrl = normaliseUrl(account.baseUrl);
      imagesUrl = normaliseUrl(account.imagesUrl);
      tenant = account.tenant;
      secrets = () => secretsFor(tenant);
    }
    const accountKey = accountKeyOf(account);
    // A replaced account's late answers must not speak for the current one.
    const isCurrent = () => live === opened;

    // The account's connection: vendor calls report what they saw, probes fill the silences.
    // Only the current account's changes reach the renderer (activate() catches up a new one).
    const connectivity = createConnectivityMonitor({
      baseUrl,
      onChange: (state) => {
        if (isCurrent()) setConnection(state);
      },
    });

    const gateway: Gateway = createGateway({
      baseUrl,
      secrets,
      timeoutMs,
      limiter: (account.mode === 'demo' ? demoLimiters : limiters).forAccount(accountKey),
      onReachability: (reachable) => connectivity.report(reachable),
    });

    const handlers = createBridgeHandlers({
      shell: options.shell,
      mode: account.mode,
      accountKey,
      tenant,
      version: APP_VERSION,
      gateway,
      // The demo venue stores nothing; a real account sees only its own tenant's secrets.
      vault: account.mode === 'demo' ? vault : tenantVault(vault, tenant),
      images: () => (isCurrent() ? images.current : null),
      settings: settingsOperations,
      connection: () => connectivity.state,
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
      async close() {
        connectivity.close();
        await sandbox?.close();
      },
    };
    return opened;
  }

  /** Makes an opened account the current one: its image cache, a fresh connection state. */
  function activate(account: LiveAccount) {
    live = account;
    connection = null;
    // The new account may have learnt its state while it was opening, before it was current.
    if (account.connectivity.state !== null) setConnection(account.connectivity.state);
    images.use({ accountKey: account.accountKey, tenant: account.tenant, imagesUrl: account.imagesUrl });
  }

  // ——— Settings operations (getSettings, saveSettings, testConnection) ———

  let settings: Settings = await settingsStore.load();
  // One switch at a time: a second Save waits for the first.
  let switchQueue: Promise<unknown> = Promise.resolve();

  async function saveSettings(input: BridgeInput<'saveSettings'>): Promise<BridgeOutput<'saveSettings'>> {
    const { secrets: given, ...rest } = input;
    const next = normaliseSettings(rest);
    const account = next.account;
    if (account.mode === 'account' && !given && (await savedSecretsFor(account.tenant)) === null) {
      throw new ServiceError({
        kind: 'invalid-input',
        message: `Enter the access token and integrator token: none are saved for tenant "${account.tenant}".`,
      });
    }
    const previous = live!;
    const switching = !sameAccount(previous.account, account);
    // Open the new account before saving anything: if it cannot start, nothing changed.
    const opened = switching ? await openAccount(account) : previous;
    try {
      if (account.mode === 'account' && given) await vault.save({ tenant: account.tenant, ...given });
      settings = await settingsStore.save(next);
    } catch (error) {
      if (opened !== previous) await opened.close();
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
      const tenant = settings.account.mode === 'account' ? settings.account.tenant : null;
      const hasSecrets = tenant !== null && (await savedSecretsFor(tenant)) !== null;
      return { settings, hasSecrets, environments };
    },
    save(input) {
      const run = switchQueue.then(() => saveSettings(input));
      switchQueue = run.catch(() => {});
      return run;
    },
    async testConnection({ account, secrets }) {
      if (account.mode === 'demo') {
        const running = live?.sandbox ?? null;
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
      const saved = secrets ? null : await savedSecretsFor(account.tenant.trim());
      return testConnection(
        {
          baseUrl: account.baseUrl,
          imagesUrl: account.imagesUrl,
          tenant: account.tenant.trim(),
          secrets: secrets ?? (saved && { accessToken: saved.accessToken, integratorToken: saved.integratorToken }),
        },
        { timeoutMs },
      );
    },
  };

  // ——— Start: the command line overrides (and initialises) the saved settings ———

  const fromCommandLine = await commandLineSettings(options.account, settings, vault);
  if (fromCommandLine) settings = await settingsStore.save(fromCommandLine);
  activate(await openAccount(settings.account));

  /** Every operation is answered by the account that was current when it arrived. */
  const routed = Object.fromEntries(
    operationNames.map((name) => [
      name,
      async (input: unknown) => {
        const serving = live!;
        const handler = serving.handlers[name] as (input: unknown) => Promise<unknown>;
        const value = await handler(input);
        if (serving !== live && !ACCOUNT_INDEPENDENT.has(name)) {
          throw new ServiceError({
            kind: 'internal',
            message: 'The terminal switched to another account while this was loading: it is loaded again for the new account.',
            detail: `${name} answered for ${serving.accountKey}; current account ${live?.accountKey ?? 'none'}`,
          });
        }
        return value;
      },
    ]),
  ) as unknown as BridgeHandlers;

  return {
    dispatcher: createDispatcher(routed, log),
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

/** A view of the vault that holds only this tenant's secrets (reads), writing through. */
function tenantVault(vault: CredentialsVault, tenant: string): CredentialsVault {
  return {
    unavailableReason: () => vault.unavailableReason(),
    save: (secrets) => vault.save(secrets),
    async load() {
      const stored = await vault.load();
      return stored !== null && stored.tenant === tenant ? stored : null;
    },
    clear: () => vault.clear(),
  };
}

/**
 * `--backend URL [--images URL] [--tenant T --token A --client-token C]`: an account in the custom
 * environment. Without credentials, the vault's tenant (or the saved account's) is used.
 */
async function commandLineSettings(choice: AccountChoice | undefined, saved: Settings, vault: CredentialsVault): Promise<Settings | null> {
  if (!choice || choice.mode === 'demo') return null;
  const baseUrl = normaliseUrl(choice.baseUrl);
  const imagesUrl = normaliseUrl(choice.imagesUrl ?? choice.baseUrl);
  if (choice.secrets) await vault.save(choice.secrets);
  const savedAccount = saved.account.mode === 'account' ? saved.account : null;
  const tenant = choice.secrets?.tenant ?? (await vault.load())?.tenant ?? savedAccount?.tenant;
  if (!tenant) {
    throw new Error(`No tenant is known for ${baseUrl}: give --tenant, --token and --client-token (they are saved for next time).`);
  }
  // The same server as saved keeps its environment (e.g. an integrations preset).
  const environment = savedAccount && normaliseUrl(savedAccount.baseUrl) === baseUrl ? savedAccount.environment : 'custom';
  const account = accountSettingsSchema.parse({ mode: 'account', environment, baseUrl, imagesUrl, tenant });
  return { account, syncEveryMinutes: saved.syncEveryMinutes };
}
