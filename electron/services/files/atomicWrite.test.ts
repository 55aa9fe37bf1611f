import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATOMIC_TEMP_PREFIX, writeFileAtomic } from './atomicWrite';

describe('writeFileAtomic', () => {
  it('replaces the file whole, 0600, and leaves no temporary file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const file = join(dir, 'nested', 'settings.json');
    await writeFileAtomic(file, 'first');
    await writeFileAtomic(file, new TextEncoder().encode('second'));
    expect(await readFile(file, 'utf8')).toBe('second');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(join(dir, 'nested'))).filter((name) => name.startsWith(ATOMIC_TEMP_PREFIX))).toEqual([]);
  });

  it('keeps the old file when the write fails, and cleans up its temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const file = join(dir, 'vault.json');
    await writeFile(file, 'old');
    // A folder where the file should be: rename fails after the temporary file was written.
    const blocked = join(dir, 'blocked');
    await writeFileAtomic(join(blocked, 'x'), 'x');
    await expect(writeFileAtomic(blocked, 'new')).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe('old');
    expect((await readdir(dir)).filter((name) => name.startsWith(ATOMIC_TEMP_PREFIX))).toEqual([]);
  });

  it('honours another mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const file = join(dir, 'image');
    await writeFileAtomic(file, 'x', { mode: 0o644 });
    expect((await stat(file)).mode & 0o777).toBe(0o644);
  });
});
