import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AccountSecrets, CredentialsVault } from './vault';

const secretsFile = z.object({
  tenant: z.string().min(1),
  accessToken: z.string().min(1),
  integratorToken: z.string().min(1),
});

/**
 * Browser-shell vault: a JSON file readable and writable by this OS user only (0600) in the data
 * folder. There is no OS keyring to lean on from a plain Node server; the file's permissions are
 * the protection, as for an SSH key.
 */
export function createFileVault(dataDir: string): CredentialsVault {
  const file = join(dataDir, 'credentials.json');
  return {
    unavailableReason: () => null,
    async save(secrets: AccountSecrets) {
      const valid = secretsFile.parse(secrets);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // Atomic: a crash mid-write leaves the old file, never half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, JSON.stringify(valid), { mode: 0o600 });
      await chmod(temp, 0o600); // the umask cannot widen what we asked for, but make it explicit
      await rename(temp, file);
    },
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // Someone widened the permissions: narrow them again before trusting the file.
      if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
      const parsed = secretsFile.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`The credentials file ${file} is damaged: enter the credentials again.`);
      return parsed.data;
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}
