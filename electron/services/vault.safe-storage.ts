import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { VaultUnavailableError, type AccountSecrets, type CredentialsVault } from './vault';

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

const storedSecretsSchema = z.object({
  tenant: z.string().min(1),
  accessToken: z.string().min(1),
  integratorToken: z.string().min(1),
});

export const NO_ENCRYPTION_MESSAGE =
  'The operating system offers no encryption for stored secrets, so Comanda will not store access tokens. ' +
  'Sign in to a desktop session with a keyring, or run the browser shell, which keeps them in a file readable only by this user.';

export const BASIC_TEXT_MESSAGE =
  'No system keyring (GNOME Keyring or KWallet) is available, so Comanda will not store access tokens: ' +
  'Electron would only obfuscate them with a fixed key. Start a keyring, or run the browser shell, ' +
  'which keeps them in a file readable only by this user.';

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
  const unavailableReason = (): string | null => {
    if (!safeStorage.isEncryptionAvailable()) return NO_ENCRYPTION_MESSAGE;
    // On Linux without a keyring Chromium falls back to a hard-coded key: readable by anyone
    // who can read the file, so it is no better than plain text.
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return BASIC_TEXT_MESSAGE;
    return null;
  };

  return {
    unavailableReason,

    async save(secrets: AccountSecrets) {
      const reason = unavailableReason();
      if (reason !== null) throw new VaultUnavailableError(reason);
      const plain = storedSecretsSchema.parse(secrets);
      const encrypted = safeStorage.encryptString(JSON.stringify(plain));
      await writeFileAtomically(filePath, encrypted);
    },

    async load() {
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
      let parsed: unknown;
      try {
        parsed = JSON.parse(safeStorage.decryptString(encrypted));
      } catch (error) {
        throw new Error(
          `The stored access tokens cannot be read (${filePath}); enter them again. ` +
            `Detail: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      const secrets = storedSecretsSchema.safeParse(parsed);
      if (!secrets.success) {
        throw new Error(`The stored access tokens are incomplete (${filePath}); enter them again.`);
      }
      return secrets.data;
    },

    async clear() {
      await rm(filePath, { force: true });
    },
  };
}

/**
 * Write to a temporary file in the same folder, flush it, then rename over the target: a crash
 * leaves either the old secrets or the new ones, never half a file. Mode 0600 from creation on,
 * so the file is never readable by others even for a moment.
 */
async function writeFileAtomically(filePath: string, contents: Buffer): Promise<void> {
  await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
  const tempPath = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(tempPath, 'wx', 0o600);
    try {
      // open()'s mode passes through the umask; set it explicitly in case the umask is unusual.
      await handle.chmod(0o600);
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, filePath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
