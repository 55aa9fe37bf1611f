import { mkdir, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

// The one way the main side (and the sandbox) writes a file it must not lose or leave half-written
//: the vault, settings, cached images, the sandbox's state. A crash at any
// moment leaves either the old file or the new one, and once the promise resolves the new one is
// on disk (the file's bytes and the folder entry that names it).

/** Prefix of the temporary files; a folder's leftovers (a crash mid-write) can be recognised by it. */
export const ATOMIC_TEMP_PREFIX = '.tmp-';

export interface AtomicWriteOptions {
  /** Permissions of the file (default 0600: readable by this OS user only). */
  mode?: number;
  /** Create the folder (0700) when it is missing (default true). */
  createFolder?: boolean;
}

/**
 * Writes to a temporary file in the same folder, flushes it to disk, renames it over `path`, then
 * flushes the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const mode = options.mode ?? 0o600;
  const folder = dirname(path);
  if (options.createFolder !== false) await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `${ATOMIC_TEMP_PREFIX}${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  try {
    // `wx`: never follow or reuse something already at the temporary name.
    const handle = await open(temp, 'wx', mode);
    try {
      // open()'s mode passes through the umask: set it explicitly.
      await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
  } catch {
    return; // some platforms cannot open a folder; the rename is still atomic there
  }
  try {
    await handle.sync();
  } catch (error) {
    // EINVAL/EISDIR: a file system that cannot flush folders (some network mounts).
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    await handle.close();
  }
}
