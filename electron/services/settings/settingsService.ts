import {
  accountKindOf,
  coded,
  type AccountSettings,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type EnvironmentPreset,
  type Settings,
} from '../../../shared/bridge';
import type { DemoSandboxes, RunningDemo } from '../accounts/demo';
import type { AccountRegistry, LiveAccount } from '../accounts/registry';
import { ServiceError } from '../bridge/dispatcher';
import type { SettingsOperations } from '../bridge/handlers';
import { testConnection, testShopConnection } from '../connection/connectionTest';
import { originOf, type ShopBinding } from '../secrets/vault';
import { normaliseSettings, sameAccount, type SettingsStore } from './settings';
import type { VaultPolicy } from './vaultPolicy';

export interface SettingsServiceDeps {
  readonly store: SettingsStore;
  /** The settings in use at start (the command line's, when it named an account). */
  readonly initial: Settings;
  readonly environments: EnvironmentPreset[];
  readonly policy: VaultPolicy;
  readonly registry: AccountRegistry;
  readonly demo: DemoSandboxes;
  /** Opens an account (venue or shop) without making it current. */
  openAccount(account: AccountSettings): Promise<LiveAccount>;
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
  readonly emit: (event: BridgeEvent) => void;
}

export interface SettingsService {
  /** getSettings, saveSettings, testConnection. */
  readonly operations: SettingsOperations;
  /** Settles once the account switches under way are done. */
  idle(): Promise<void>;
}

/** A demo sandbox to test against: the current account's when it runs one, else one started (and stopped) for the test. */
async function withDemo<T>(running: RunningDemo | null, start: () => Promise<RunningDemo>, test: (url: string) => Promise<T>): Promise<T> {
  const sandbox = running ?? (await start());
  try {
    return await test(sandbox.url);
  } finally {
    if (sandbox !== running) await sandbox.close();
  }
}

/**
 * The settings as the Settings screen reads, tests and saves them. Saving another account opens it
 * before anything is saved (if it cannot start, nothing changed), then makes it current.
 */
export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const { policy, registry, demo, log } = deps;
  const options = { timeoutMs: deps.timeoutMs };
  let settings = deps.initial;
  // One switch at a time: a second Save waits for the first.
  let switchQueue: Promise<unknown> = Promise.resolve();
  const runningDemo = (mode: 'demo' | 'demo-shop') => {
    const live = registry.current();
    return live?.account.mode === mode ? live.sandbox : null;
  };

  async function saveSettings(input: BridgeInput<'saveSettings'>): Promise<BridgeOutput<'saveSettings'>> {
    const { secrets: given, secondarySecrets, ...rest } = input;
    if (rest.secondary && accountKindOf(rest.secondary) === accountKindOf(rest.account)) {
      throw new ServiceError({
        kind: 'invalid-input',
        ...coded('secondary-same-kind'),
        issues: [{ path: ['secondary'], ...coded('secondary-same-kind') }],
        detail: 'saveSettings: secondary: an account of the same kind as the primary one',
      });
    }
    const next = normaliseSettings(rest);
    const account = next.account;
    // Each account's tokens: typed now, or saved for its own server before.
    const primary = await policy.secretsToSave(account, given);
    const second = next.secondary ? await policy.secretsToSave(next.secondary, secondarySecrets) : null;
    const previous = registry.current()!;
    const switching = !sameAccount(previous.account, account);
    // Open the new account before saving anything: if it cannot start, nothing changed.
    const opened = switching ? await deps.openAccount(account) : previous;
    try {
      await primary?.();
      await second?.();
      settings = await deps.store.save(next);
    } catch (error) {
      if (opened !== previous) {
        await opened.close();
        previous.resumeQueue();
      }
      throw error;
    }
    if (opened !== previous) {
      registry.activate(opened);
      await previous.close();
      log(`account: now ${opened.accountKey}`);
      deps.emit({ type: 'account-changed', accountKey: opened.accountKey });
    }
    return { accountKey: opened.accountKey };
  }

  async function testShop(account: Extract<AccountSettings, { mode: 'demo-shop' | 'shop' }>, secrets: BridgeInput<'testConnection'>['secrets']) {
    if (account.mode === 'demo-shop') {
      return withDemo(runningDemo('demo-shop'), demo.startShop, (baseUrl) =>
        testShopConnection({ baseUrl, username: demo.shop.username, token: demo.shop.accessToken }, options),
      );
    }
    if (secrets && !('token' in secrets)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
    const binding: ShopBinding = { origin: originOf(account.baseUrl), username: account.username.trim() };
    const token = secrets?.token ?? (await policy.savedShopToken(binding)).token;
    return testShopConnection(
      { baseUrl: account.baseUrl, username: binding.username, token, ...(token ? {} : { missingSecrets: await policy.missingShopToken(binding) }) },
      options,
    );
  }

  async function testVenue(account: Extract<AccountSettings, { mode: 'demo' | 'account' }>, secrets: BridgeInput<'testConnection'>['secrets']) {
    if (secrets && !('accessToken' in secrets)) throw new ServiceError({ kind: 'invalid-input', ...coded('secrets-wrong-kind') });
    if (account.mode === 'demo') {
      return withDemo(runningDemo('demo'), demo.startVenue, (baseUrl) =>
        testConnection({ baseUrl, imagesUrl: baseUrl, tenant: demo.venue.tenant, secrets: demo.venue }, options),
      );
    }
    const tenant = account.tenant.trim();
    // Saved tokens are tried only on the server they were saved for.
    const binding = { origin: originOf(account.baseUrl), tenant };
    const saved = secrets ? null : (await policy.savedSecretsFor(binding)).secrets;
    const chosen = secrets ?? (saved && { accessToken: saved.accessToken, integratorToken: saved.integratorToken });
    return testConnection(
      {
        baseUrl: account.baseUrl,
        imagesUrl: account.imagesUrl,
        tenant,
        secrets: chosen,
        ...(chosen ? {} : { missingSecrets: await policy.missingSecretsMessage(binding) }),
      },
      options,
    );
  }

  const operations: SettingsOperations = {
    async get() {
      const { account, secondary } = settings;
      const saved = await policy.hasSecretsFor(account);
      const second = secondary ? await policy.hasSecretsFor(secondary) : null;
      return {
        settings,
        hasSecrets: saved.has,
        secretsProblem: saved.problem,
        ...(second ? { secondaryHasSecrets: second.has } : {}),
        environments: deps.environments,
        firstStart: deps.store.isFirstStart(),
      };
    },
    save(input) {
      const run = switchQueue.then(() => saveSettings(input));
      switchQueue = run.catch(() => {});
      return run;
    },
    async testConnection({ account, secrets }) {
      if (account.mode === 'demo-shop' || account.mode === 'shop') return testShop(account, secrets);
      return testVenue(account, secrets);
    },
  };
  return {
    operations,
    idle: () => switchQueue.then(() => undefined),
  };
}
