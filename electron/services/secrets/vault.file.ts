import { chmod, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';
import { recentRead, type RecentReadOptions } from './vault.recent';
import {
  entryToStore,
  parseStoredEntry,
  parseStoredShopEntry,
  parseStoredWebhookEntry,
  secretsBoundTo,
  shopEntryToStore,
  shopSecretsBoundTo,
  slotFileName,
  VaultDamagedError,
  type AccountSecrets,
  type CredentialsVault,
  type ShopCredentialsVault,
  type StoredSecrets,
  type StoredShopSecrets,
  type StoredWebhookSecret,
  type WebhookSecretVault,
  webhookEntryToStore,
} from './vault';

/**
 * Browser-shell vault: a JSON file readable and writable by this OS user only (0600) in the data
 * folder. There is no OS keyring to lean on from a plain Node server; the file's permissions are
 * the protection, as for an SSH key.
 */
export function createFileVault(dataDir: string, options?: RecentReadOptions): CredentialsVault {
  const entry = fileEntry(join(dataDir, 'credentials.json'), parseStoredEntry, options);
  return {
    unavailableReason: () => null,
    async save(secrets: AccountSecrets, origin: string) {
      await entry.write(JSON.stringify(entryToStore(secrets, origin)));
    },
    read: entry.read,
    load: async (binding) => secretsBoundTo(await entry.read(), binding),
    clear: entry.clear,
  };
}

/** The shop's entry: `credentials.shop.json` beside the venue's, same protection. */
export function createFileShopVault(dataDir: string): ShopCredentialsVault {
  const entry = fileEntry(join(dataDir, slotFileName('credentials.json', 'shop')), parseStoredShopEntry);
  return {
    unavailableReason: () => null,
    async save(secrets, origin) {
      await entry.write(JSON.stringify(shopEntryToStore(secrets, origin)));
    },
    read: entry.read,
    load: async (binding) => shopSecretsBoundTo(await entry.read(), binding),
    clear: entry.clear,
  };
}

/** The shop's webhook secret: `credentials.webhook.json`, same protection. */
export function createFileWebhookVault(dataDir: string): WebhookSecretVault {
  const entry = fileEntry(join(dataDir, slotFileName('credentials.json', 'webhook')), parseStoredWebhookEntry);
  return {
    unavailableReason: () => null,
    async save(secret) {
      await entry.write(JSON.stringify(webhookEntryToStore(secret)));
    },
    load: async (accountKey) => {
      const stored = await entry.read();
      return stored !== null && stored.accountKey === accountKey ? stored.secret : null;
    },
    clear: entry.clear,
  };
}

/** One 0600 JSON file holding one entry, parsed by `parse`. */
function fileEntry<T extends StoredSecrets | StoredShopSecrets | StoredWebhookSecret>(
  file: string,
  parse: (json: unknown, where: string) => T,
  options?: RecentReadOptions,
) {
  // Every vendor request reads the secrets: an answer is reused for a moment (vault.recent.ts).
  const recent = recentRead(readFileEntry, options);

  async function readFileEntry(): Promise<T | null> {
    let text: string;
    try {
      // Someone widened the permissions: narrow them again before trusting the file.
      if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // The parser's message can quote the file's text: it stays out of the detail.
      throw new VaultDamagedError(`${file}: not JSON`);
    }
    return Object.freeze(parse(json, file));
  }

  return {
    read: recent.read,
    async write(text: string) {
      await writeFileAtomic(file, text, { mode: 0o600 });
      recent.forget();
    },
    async clear() {
      await rm(file, { force: true });
      recent.forget();
    },
  };
}
