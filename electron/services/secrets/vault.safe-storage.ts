import { readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';
import { recentRead } from './vault.recent';
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
  VaultUnavailableError,
  type AccountSecrets,
  type CredentialsVault,
  type ShopCredentialsVault,
  type StoredSecrets,
  type StoredShopSecrets,
  type VaultProblem,
  type StoredWebhookSecret,
  type WebhookSecretVault,
  webhookEntryToStore,
} from './vault';

/**
 * The part of Electron's `safeStorage` this vault uses. Declared here rather than imported so
 * electron/services stays free of `electron` (ARCHITECTURE §3); the Electron shell passes the
 * real `safeStorage`, tests pass a fake.
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which keyring Chromium picked ('basic_text' means none). */
  getSelectedStorageBackend?(): string;
}

/**
 * Electron shell vault: the secrets, as JSON, encrypted with the OS keyring through `safeStorage`
 * and written to one file. It refuses to store anything when the encryption would be a fig leaf.
 */
export function createSafeStorageVault(safeStorage: SafeStorageLike, filePath: string, platform: NodeJS.Platform = process.platform): CredentialsVault {
  const unavailableReason = keyringProblem(safeStorage, platform);
  const entry = encryptedEntry(safeStorage, filePath, unavailableReason, parseStoredEntry);
  return {
    unavailableReason,
    async save(secrets: AccountSecrets, origin: string) {
      await entry.write(JSON.stringify(entryToStore(secrets, origin)));
    },
    read: entry.read,
    load: async (binding) => secretsBoundTo(await entry.read(), binding),
    clear: entry.clear,
  };
}

/**
 * The shop's entry: another encrypted file beside the venue's (`credentials.shop.bin`
 * for `credentials.bin`), so saving a shop's token never replaces the venue's tokens.
 */
export function createSafeStorageShopVault(
  safeStorage: SafeStorageLike,
  venueFilePath: string,
  platform: NodeJS.Platform = process.platform,
): ShopCredentialsVault {
  const unavailableReason = keyringProblem(safeStorage, platform);
  const file = join(dirname(venueFilePath), slotFileName(basename(venueFilePath), 'shop'));
  const entry = encryptedEntry(safeStorage, file, unavailableReason, parseStoredShopEntry);
  return {
    unavailableReason,
    async save(secrets, origin) {
      await entry.write(JSON.stringify(shopEntryToStore(secrets, origin)));
    },
    read: entry.read,
    load: async (binding) => shopSecretsBoundTo(await entry.read(), binding),
    clear: entry.clear,
  };
}

/** The shop's webhook secret: `credentials.webhook.bin` beside the venue's, same protection. */
export function createSafeStorageWebhookVault(
  safeStorage: SafeStorageLike,
  venueFilePath: string,
  platform: NodeJS.Platform = process.platform,
): WebhookSecretVault {
  const unavailableReason = keyringProblem(safeStorage, platform);
  const file = join(dirname(venueFilePath), slotFileName(basename(venueFilePath), 'webhook'));
  const entry = encryptedEntry(safeStorage, file, unavailableReason, parseStoredWebhookEntry);
  return {
    unavailableReason,
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

/** Asked on every call, not once: safeStorage only knows its backend after the app is ready. */
function keyringProblem(safeStorage: SafeStorageLike, platform: NodeJS.Platform): () => VaultProblem | null {
  // Worded by the renderer: no keyring, so tokens are not stored; start one or run the browser shell.
  return () => {
    if (!safeStorage.isEncryptionAvailable()) return 'vault-no-encryption';
    // On Linux without a keyring Chromium falls back to a hard-coded key: readable by anyone
    // who can read the file, so it is no better than plain text.
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'vault-plain-text';
    return null;
  };
}

/** One file holding one entry encrypted with the OS keyring, parsed by `parse`. */
function encryptedEntry<T extends StoredSecrets | StoredShopSecrets | StoredWebhookSecret>(
  safeStorage: SafeStorageLike,
  filePath: string,
  unavailableReason: () => VaultProblem | null,
  parse: (json: unknown, where: string) => T,
) {
  // Every vendor request reads the secrets: an answer is reused for a moment (vault.recent.ts)
  // instead of reading and decrypting the file each time.
  const recent = recentRead(readAndDecrypt);

  async function readAndDecrypt(): Promise<T | null> {
    let encrypted: Buffer;
    try {
      encrypted = await readFile(filePath);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const reason = unavailableReason();
    // Secrets exist but cannot be decrypted here: say so instead of pretending none are stored.
    if (reason !== null) throw new VaultUnavailableError(reason);
    let plain: string;
    try {
      plain = safeStorage.decryptString(encrypted);
    } catch (error) {
      throw new VaultDamagedError(`${filePath}: cannot be decrypted with this keyring (${error instanceof Error ? error.message : String(error)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(plain);
    } catch {
      // The parser's message can quote the decrypted text: it stays out of the detail.
      throw new VaultDamagedError(`${filePath}: decrypted, but not JSON`);
    }
    return parse(json, filePath);
  }

  return {
    read: recent.read,
    async write(text: string) {
      const reason = unavailableReason();
      if (reason !== null) throw new VaultUnavailableError(reason);
      await writeFileAtomic(filePath, safeStorage.encryptString(text), { mode: 0o600 });
      recent.forget();
    },
    async clear() {
      await rm(filePath, { force: true });
      recent.forget();
    },
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
