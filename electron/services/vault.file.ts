import { chmod, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './files/atomicWrite';
import {
  entryToStore,
  parseStoredEntry,
  secretsBoundTo,
  VaultDamagedError,
  type AccountSecrets,
  type CredentialsVault,
  type StoredSecrets,
} from './vault';

/**
 * Browser-shell vault: a JSON file readable and writable by this OS user only (0600) in the data
 * folder. There is no OS keyring to lean on from a plain Node server; the file's permissions are
 * the protection, as for an SSH key.
 */
export function createFileVault(dataDir: string): CredentialsVault {
  const file = join(dataDir, 'credentials.json');

  // Every vendor request reads the secrets: the file is read again only when it changed (another
  // inode after an atomic save, another size or time), not on each call.
  let cached: { stamp: string; entry: StoredSecrets | null } | null = null;

  async function read(): Promise<StoredSecrets | null> {
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    // Someone widened the permissions: narrow them again before trusting the file.
    if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
    const stamp = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    if (cached?.stamp === stamp) return cached.entry;
    const entry = await readUncached();
    cached = { stamp, entry: entry && Object.freeze(entry) };
    return cached.entry;
  }

  async function readUncached(): Promise<StoredSecrets | null> {
    let text: string;
    try {
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
    return parseStoredEntry(json, file);
  }

  return {
    unavailableReason: () => null,
    async save(secrets: AccountSecrets, origin: string) {
      await writeFileAtomic(file, JSON.stringify(entryToStore(secrets, origin)), { mode: 0o600 });
    },
    read,
    load: async (binding) => secretsBoundTo(await read(), binding),
    async clear() {
      cached = null;
      await rm(file, { force: true });
    },
  };
}
