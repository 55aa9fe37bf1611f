import { readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from './files/atomicWrite';
import {
  entryToStore,
  parseStoredEntry,
  secretsBoundTo,
  VaultDamagedError,
  VaultUnavailableError,
  type AccountSecrets,
  type CredentialsVault,
  type StoredSecrets,
  type VaultProblem,
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
export function createSafeStorageVault(
  safeStorage: SafeStorageLike,
  filePath: string,
  platform: NodeJS.Platform = process.platform,
): CredentialsVault {
  // Asked on every call, not once: safeStorage only knows its backend after the app is ready.
  // Worded by the renderer: no keyring, so tokens are not stored; start one or run the browser shell.
  const unavailableReason = (): VaultProblem | null => {
    if (!safeStorage.isEncryptionAvailable()) return 'vault-no-encryption';
    // On Linux without a keyring Chromium falls back to a hard-coded key: readable by anyone
    // who can read the file, so it is no better than plain text.
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'vault-plain-text';
    return null;
  };

  async function read(): Promise<StoredSecrets | null> {
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
    return parseStoredEntry(json, filePath);
  }

  return {
    unavailableReason,

    async save(secrets: AccountSecrets, origin: string) {
      const reason = unavailableReason();
      if (reason !== null) throw new VaultUnavailableError(reason);
      const encrypted = safeStorage.encryptString(JSON.stringify(entryToStore(secrets, origin)));
      await writeFileAtomic(filePath, encrypted, { mode: 0o600 });
    },

    read,
    load: async (binding) => secretsBoundTo(await read(), binding),

    async clear() {
      await rm(filePath, { force: true });
    },
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
