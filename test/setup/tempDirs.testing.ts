// Temporary folders for tests that write files (a data folder, a vault, a journal): each test gets
// fresh ones, removed after it whatever it left there.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Registers an `afterEach` that removes every folder made during the test, and returns the maker:
 * each call is a new empty folder under the system's temp folder, named after `prefix`.
 */
export function useTempDirs(prefix: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
