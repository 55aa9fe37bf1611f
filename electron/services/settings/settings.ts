import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  accountKindOf,
  accountSettingsSchema,
  coded,
  DEFAULT_SHOP_WEBHOOK_SETTINGS,
  describeZodError,
  preferencesSchema,
  shopWebhookSettingsSchema,
  settingsSchema,
  type AccountSettings,
  type EnvironmentPreset,
  type Preferences,
  type Settings,
  type ShopWebhookSettings,
} from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { writeFileAtomic } from '../files/atomicWrite';

/** A terminal nobody has set up yet shows the demo venue and syncs every 15 minutes. */
export const DEFAULT_SYNC_EVERY_MINUTES = 15;
export const DEFAULT_SETTINGS: Settings = { account: { mode: 'demo' }, syncEveryMinutes: DEFAULT_SYNC_EVERY_MINUTES };

export const SETTINGS_FILE = 'settings.json';

/** Until someone chooses: the system's language and theme, no idle lock. */
export const DEFAULT_PREFERENCES: Preferences = { language: null, theme: 'system', lockIdleMinutes: 0 };

/**
 * The file holds exactly the bridge's `Settings` (never a secret: those live in the vault only).
 * A file written before `syncEveryMinutes` existed still reads, with the default interval.
 */
const settingsFileSchema = settingsSchema.extend({
  syncEveryMinutes: settingsSchema.shape.syncEveryMinutes.default(DEFAULT_SYNC_EVERY_MINUTES),
  // A file written before shops existed has no second account; a damaged one is
  // dropped without costing the current account.
  secondary: accountSettingsSchema.nullable().optional().catch(undefined),
  // The terminal's preferences, once chosen. Damaged ones fall back to the defaults
  // without costing the account.
  preferences: preferencesSchema.optional().catch(undefined),
  // The shop's webhook receiver, once set; damaged ones fall back to "off".
  shopWebhooks: shopWebhookSettingsSchema.optional().catch(undefined),
});

/**
 * The environments of spec §1: `{base_url}` (production) and `{integrations_url}`, each with its
 * `{image_storage_url}`. The spec names them by placeholder only, so this build knows no real host:
 * the URLs come from environment variables when the installer sets them, else the waiter types them.
 */
export function environmentPresets(env: Record<string, string | undefined> = process.env): EnvironmentPreset[] {
  const url = (name: string) => normaliseUrl(env[name]?.trim() || '') || null;
  return [
    { id: 'production', name: 'Production', baseUrl: url('COMANDA_PRODUCTION_URL'), imagesUrl: url('COMANDA_PRODUCTION_IMAGES_URL') },
    { id: 'integrations', name: 'Integrations (test)', baseUrl: url('COMANDA_INTEGRATIONS_URL'), imagesUrl: url('COMANDA_INTEGRATIONS_IMAGES_URL') },
    { id: 'custom', name: 'Custom', baseUrl: null, imagesUrl: null },
  ];
}

/** Host roots are stored without a trailing slash: spec paths are appended to them. */
export function normaliseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Settings as they are stored and used: trimmed, host roots without trailing slashes. */
export function normaliseSettings(settings: Settings): Settings {
  const account = normaliseAccount(settings.account);
  const secondary = settings.secondary ? normaliseAccount(settings.secondary) : null;
  // A second account of the same kind has no place in the header's switch: it is dropped here
  // (saveSettings refuses one with `secondary-same-kind` before this).
  const kept = secondary && accountKindOf(secondary) !== accountKindOf(account) ? secondary : null;
  // No second account: the field is left out (absent and null both mean none; old files lack it).
  return { account, ...(kept ? { secondary: kept } : {}), syncEveryMinutes: settings.syncEveryMinutes };
}

/** One account as stored: trimmed, host roots without trailing slashes, only its own fields. */
export function normaliseAccount(account: AccountSettings): AccountSettings {
  switch (account.mode) {
    case 'demo':
      // The chain role is kept only when chosen: absent reads as the default (chainRoleOf).
      return { mode: 'demo', ...(account.chainRole ? { chainRole: account.chainRole } : {}) };
    case 'demo-shop':
      return { mode: 'demo-shop' };
    case 'shop':
      return {
        mode: 'shop',
        ...(account.environment ? { environment: account.environment } : {}),
        baseUrl: normaliseUrl(account.baseUrl),
        username: account.username.trim(),
      };
    case 'account':
      return {
        mode: 'account',
        environment: account.environment,
        baseUrl: normaliseUrl(account.baseUrl),
        imagesUrl: normaliseUrl(account.imagesUrl),
        tenant: account.tenant.trim(),
        ...(account.chainRole ? { chainRole: account.chainRole } : {}),
      };
  }
}

/**
 * Identifies an account's local data (IndexedDB, image cache): the same tenant on another server
 * is another account, so the host is part of the key.
 */
export function accountKeyOf(account: AccountSettings): string {
  switch (account.mode) {
    case 'demo':
      return 'demo';
    // Shops are prefixed: a shop user named like a venue tenant is another account.
    case 'demo-shop':
      return 'shop:demo';
    case 'shop':
      return `shop:${account.username}@${new URL(account.baseUrl).host}`;
    case 'account':
      return `${account.tenant}@${new URL(account.baseUrl).host}`;
  }
}

export function sameAccount(a: AccountSettings, b: AccountSettings): boolean {
  if (a.mode !== b.mode) return false;
  if (a.mode === 'demo' || a.mode === 'demo-shop') return true;
  if (a.mode === 'shop' && b.mode === 'shop') {
    return a.environment === b.environment && normaliseUrl(a.baseUrl) === normaliseUrl(b.baseUrl) && a.username === b.username;
  }
  if (a.mode !== 'account' || b.mode !== 'account') return false;
  return (
    a.environment === b.environment &&
    normaliseUrl(a.baseUrl) === normaliseUrl(b.baseUrl) &&
    normaliseUrl(a.imagesUrl) === normaliseUrl(b.imagesUrl) &&
    a.tenant === b.tenant
  );
}

export interface SettingsStore {
  readonly file: string;
  /** The saved settings; the defaults when there are none or the file is damaged (logged). */
  load(): Promise<Settings>;
  /** Validates and writes atomically: a crash mid-write leaves the previous file. */
  save(settings: Settings): Promise<Settings>;
  /** The terminal's preferences as last loaded or saved (defaults until chosen). */
  preferences(): Preferences;
  /** Saves the preferences given (the others kept) with the settings last loaded or saved. */
  savePreferences(changes: Partial<Preferences>): Promise<Preferences>;
  /**
   * A new terminal: no settings file when the terminal started, and no account saved since. Its
   * first screen offers the demos and "Connect my account" (README "Settings and accounts").
   */
  isFirstStart(): boolean;
  /** The shop's webhook receiver settings (off until set). The secret is not here: the vault has it. */
  shopWebhooks(): ShopWebhookSettings;
  /** Saves them with the settings last loaded or saved. */
  saveShopWebhooks(settings: ShopWebhookSettings): Promise<ShopWebhookSettings>;
}

/** `<dataDir>/settings.json`, read and written by the main side only. */
export function createSettingsStore(dataDir: string, log: (line: string) => void = () => {}): SettingsStore {
  const file = join(dataDir, SETTINGS_FILE);
  // What the file holds besides the account; written back with it. Preferences stay out of the
  // file until someone chooses one.
  let current: Settings = DEFAULT_SETTINGS;
  let preferences: Preferences | undefined;
  let shopWebhooks: ShopWebhookSettings | undefined;
  // A file found (even a damaged one: someone had set this terminal up) or an account saved.
  let fileFound = false;
  let accountSaved = false;
  // One write at a time, each with the latest of both parts: a Save and a language change at once
  // cannot write back each other's old value.
  let writing: Promise<unknown> = Promise.resolve();
  const write = (settings: () => Settings) => {
    const run = writing.then(async () => {
      const next = settings();
      const strict = {
        account: next.account,
        ...(next.secondary ? { secondary: next.secondary } : {}),
        syncEveryMinutes: next.syncEveryMinutes,
        ...(preferences ? { preferences } : {}),
        ...(shopWebhooks ? { shopWebhooks } : {}),
      };
      try {
        await writeFileAtomic(file, `${JSON.stringify(strict, null, 2)}\n`, { mode: 0o600 });
      } catch (error) {
        // A full or read-only disk is the terminal's storage, not a fault of ours: words the waiter can act on.
        log(`settings: cannot save ${file}: ${error instanceof Error ? error.message : String(error)}`);
        throw new ServiceError({
          kind: 'storage',
          ...coded('file-not-saved'),
          detail: `settings: ${file}: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      current = next;
    });
    writing = run.catch(() => {});
    return run;
  };
  return {
    file,
    async load() {
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
        fileFound = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_SETTINGS;
        log(`settings: cannot read ${file} (${(error as Error).message}); using the defaults (demo venue)`);
        return DEFAULT_SETTINGS;
      }
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch (error) {
        await keepDamagedCopy(file, bytes, log);
        log(`settings: ${file} is not valid JSON (${(error as Error).message}); using the defaults (demo venue)`);
        return DEFAULT_SETTINGS;
      }
      const parsed = settingsFileSchema.safeParse(json);
      if (!parsed.success) {
        await keepDamagedCopy(file, bytes, log);
        log(`settings: ${describeZodError(file, parsed.error)}; using the defaults (demo venue)`);
        return DEFAULT_SETTINGS;
      }
      preferences = parsed.data.preferences;
      shopWebhooks = parsed.data.shopWebhooks;
      current = normaliseSettings(parsed.data);
      return current;
    },
    async save(settings) {
      // Strips anything that is not a setting (a secret passed by mistake never reaches the disk).
      const valid = normaliseSettings(settingsSchema.parse(settings));
      const strict: Settings = { account: valid.account, ...(valid.secondary ? { secondary: valid.secondary } : {}), syncEveryMinutes: valid.syncEveryMinutes };
      await write(() => strict);
      accountSaved = true;
      return strict;
    },
    isFirstStart: () => !fileFound && !accountSaved,
    preferences: () => preferences ?? DEFAULT_PREFERENCES,
    async savePreferences(changes) {
      const previous = preferences;
      preferences = preferencesSchema.parse({ ...(preferences ?? DEFAULT_PREFERENCES), ...changes });
      try {
        await write(() => current);
      } catch (error) {
        preferences = previous;
        throw error;
      }
      return preferences;
    },
    shopWebhooks: () => shopWebhooks ?? DEFAULT_SHOP_WEBHOOK_SETTINGS,
    async saveShopWebhooks(next) {
      const previous = shopWebhooks;
      shopWebhooks = shopWebhookSettingsSchema.parse(next);
      try {
        await write(() => current);
      } catch (error) {
        shopWebhooks = previous;
        throw error;
      }
      return shopWebhooks;
    },
  };
}

/** A damaged file is kept beside the new one for whoever investigates, then replaced on the next save. */
async function keepDamagedCopy(file: string, bytes: Uint8Array, log: (line: string) => void): Promise<void> {
  const copy = `${file}.damaged`;
  try {
    // The bytes as read (not a copy of the file, which keeps its mode and may have changed since).
    await writeFileAtomic(copy, bytes, { mode: 0o600 });
    log(`settings: kept the damaged file as ${copy}`);
  } catch {
    // Nothing to keep, or no room to keep it: the defaults apply either way.
  }
}
