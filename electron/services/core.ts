import type { BridgeEvent } from '../../shared/bridge';
import { createDispatcher, type Dispatcher } from './bridge/dispatcher';
import { createAccountLimiters } from './gateway';
import { createAccountImages, type ImageCache } from './images';
import { openLockService } from './lock/lockService';
import { createTerminalHandlers } from './lock/terminalHandlers';
import { createAccessCheck } from './lock/access';
import { environmentPresets, createSettingsStore } from './settings/settings';
import { createSettingsService, type SettingsService } from './settings/settingsService';
import { commandLineSettings, type AccountChoice } from './settings/commandLine';
import { bindLegacyVaultEntry, createVaultPolicy, unavailableShopVault } from './settings/vaultPolicy';
import type { CredentialsVault, ShopCredentialsVault, WebhookSecretVault } from './secrets/vault';
import { createRetailAccountLimiters, type RetailLimiterOptions } from './retail';
import { redactSecrets } from './secrets/redact';
import type { DemoSandboxes } from './accounts/demo';
import { createAccountRegistry, type LiveAccount } from './accounts/registry';
import type { AccountServices } from './accounts/services';
import { openShopAccount } from './accounts/shopAccount';
import { openVenueAccount } from './accounts/venueAccount';
import type { AccountSettings } from '../../shared/bridge';

export type { AccountChoice } from './settings/commandLine';
export type { DemoSandboxes } from './accounts/demo';

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
  /**
   * The embedded sandboxes of the demo venue and the demo shop, passed in by the shell
   * (electron/sandbox/demo.ts): each starts only when an account uses it.
   */
  demo: DemoSandboxes;
  /** The shops' request budgets (retail §8: 40 catalog + 120 a minute); tests lift them. */
  retailLimits?: RetailLimiterOptions;
  /** From the command line; omitted or `{ mode: 'demo' }`: the saved settings. */
  account?: AccountChoice;
  /** Per-request timeout of vendor calls. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Where the environment presets' URLs come from (default `process.env`). */
  env?: Record<string, string | undefined>;
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

/**
 * Composes the main side: the account registry (which account answers a call), the venue and shop
 * account modules, the settings service with its vault policy, and the terminal's lock. The command
 * line overrides (and initialises) the saved settings; then the saved account opens.
 */
export async function startAppCore(options: AppCoreOptions): Promise<AppCore> {
  // Every line the main side logs passes here: no token reaches a log.
  const log = (line: string) => options.log?.(redactSecrets(line));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const vault = options.vault;
  const shopVault = options.shopVault ?? unavailableShopVault();
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };

  const settingsStore = createSettingsStore(options.dataDir, log);
  // Image cache of the current account; the demo venue's photos come from the embedded sandbox,
  // a real account's from its image storage.
  const images = createAccountImages({ dataDir: options.dataDir, emit, log });
  const registry = createAccountRegistry({ images, emit });
  const policy = createVaultPolicy(vault, shopVault, log);

  // ——— Start: the command line overrides (and initialises) the saved settings ———
  let initial = await settingsStore.load();
  const lock = await openLockService({ dataDir: options.dataDir, log, onChange: (state) => emit({ type: 'lock-changed', lock: state }) });
  await bindLegacyVaultEntry(vault, initial, log);
  const fromCommandLine = await commandLineSettings(options.account, initial, vault, log);
  if (fromCommandLine) initial = await settingsStore.save(fromCommandLine);

  const settings: SettingsService = createSettingsService({
    store: settingsStore,
    initial,
    environments: environmentPresets(options.env ?? process.env),
    policy,
    registry,
    demo: options.demo,
    openAccount: (account) => openAccount(account),
    timeoutMs,
    log,
    emit,
  });
  const services: AccountServices = {
    shell: options.shell,
    dataDir: options.dataDir,
    timeoutMs,
    log,
    emit,
    demo: options.demo,
    registry,
    images,
    settings: settings.operations,
    terminal: createTerminalHandlers({ preferences: settingsStore, lock }),
  };
  // One request budget per account for the life of the process, shared by every caller of that
  // account (spec §8); switching away and back finds the same budget and its history.
  const demoRequestsPerMinute = options.requestsPerMinute ?? options.demo.venueRequestsPerMinute;
  const venue = {
    vault,
    limiters: createAccountLimiters(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
    demoLimiters: createAccountLimiters(demoRequestsPerMinute ? { requestsPerMinute: demoRequestsPerMinute } : {}),
  };
  const shop = {
    shopVault,
    webhookVault: options.webhookVault,
    // The shops' budgets, per account for the life of the process (retail §8).
    retailLimiters: createRetailAccountLimiters(options.retailLimits ?? {}),
    catalogPerMinute: options.retailLimits?.catalogPerMinute,
    settingsStore,
  };
  function openAccount(account: AccountSettings): Promise<LiveAccount> {
    if (account.mode === 'demo-shop' || account.mode === 'shop') return openShopAccount(services, shop, account);
    return openVenueAccount(services, venue, account);
  }

  registry.activate(await openAccount(initial.account));

  return {
    // The PIN is checked here, before routing, for every operation (shared/bridge/access.ts).
    dispatcher: createDispatcher(registry.routed, log, createAccessCheck(lock)),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get sandboxUrl() {
      return registry.current()?.sandbox?.url ?? null;
    },
    get accountKey() {
      return registry.current()!.accountKey;
    },
    get images() {
      return images.current;
    },
    async close() {
      listeners.clear();
      await settings.idle();
      const closing = registry.detach();
      await images.close();
      await closing?.close();
    },
  };
}
