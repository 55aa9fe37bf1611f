import { mkdtemp, readFile, readdir, stat, chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileVault } from './vault.file';
import { VaultDamagedError } from './vault';

const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
const ORIGIN = 'https://pos.example.com';
const here = { origin: ORIGIN, tenant: 'demo' };

describe('file vault (browser shell)', () => {
  it('round-trips secrets in a file only its owner can read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    const vault = createFileVault(join(dir, 'nested'));
    expect(await vault.load(here)).toBeNull();
    expect(await vault.read()).toBeNull();
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
    expect(await vault.read()).toEqual({ ...secrets, origin: ORIGIN });
    const mode = (await stat(join(dir, 'nested', 'credentials.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
    // Written through the one atomic-write helper: nothing but the file is left in the folder.
    expect(await readdir(join(dir, 'nested'))).toEqual(['credentials.json']);
    await vault.clear();
    expect(await vault.load(here)).toBeNull();
  });

  it('hands the secrets out only for the origin and tenant they were saved for', async () => {
    const vault = createFileVault(await mkdtemp(join(tmpdir(), 'comanda-vault-')));
    await vault.save(secrets, ORIGIN);
    expect(await vault.load({ origin: 'https://evil.example.com', tenant: 'demo' })).toBeNull();
    expect(await vault.load({ origin: 'http://pos.example.com', tenant: 'demo' })).toBeNull();
    expect(await vault.load({ origin: 'https://pos.example.com:8443', tenant: 'demo' })).toBeNull();
    expect(await vault.load({ origin: ORIGIN, tenant: 'other' })).toBeNull();
    expect(await vault.load(here)).toEqual(secrets);
  });

  it('reads an entry written before the binding existed with no origin (bound to nothing)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    await writeFile(join(dir, 'credentials.json'), JSON.stringify(secrets), { mode: 0o600 });
    const vault = createFileVault(dir);
    expect(await vault.read()).toEqual({ ...secrets, origin: null });
    expect(await vault.load(here)).toBeNull();
  });

  it('reads the file again only when it changed: tokens replaced or damaged by someone else are seen within a second', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    let now = 0;
    const vault = createFileVault(dir, { recheckMs: 1_000, now: () => now });
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
    // Another process (or the other shell) saves new tokens: a new file under the same name.
    await createFileVault(dir).save({ ...secrets, accessToken: 'rotated-token' }, ORIGIN);
    now = 999; // the answer of a moment ago is still used…
    expect(await vault.load(here)).toEqual(secrets);
    now = 1_000; // …and the file is looked at again after a second
    expect(await vault.load(here)).toEqual({ ...secrets, accessToken: 'rotated-token' });
    await writeFile(join(dir, 'credentials.json'), '{ broken', { mode: 0o600 });
    now = 2_000;
    await expect(vault.load(here)).rejects.toBeInstanceOf(VaultDamagedError);
  });

  it("sees this process's own save and clear at once, whatever the recheck time", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    const vault = createFileVault(dir, { recheckMs: 60_000, now: () => 0 });
    expect(await vault.load(here)).toBeNull();
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
    await vault.save({ ...secrets, accessToken: 'rotated-token' }, ORIGIN);
    expect(await vault.load(here)).toEqual({ ...secrets, accessToken: 'rotated-token' });
    await vault.clear();
    expect(await vault.load(here)).toBeNull();
  });

  it('narrows permissions that someone widened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    const vault = createFileVault(dir);
    await vault.save(secrets, ORIGIN);
    await chmod(join(dir, 'credentials.json'), 0o644);
    await vault.load(here);
    expect((await stat(join(dir, 'credentials.json'))).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['not JSON', '{ broken'],
    ['the wrong shape', JSON.stringify({ tenant: 'x' })],
    ['a bad origin', JSON.stringify({ ...secrets, origin: 'pos.example.com' })],
  ])('a damaged file (%s) is a typed error that says to type the tokens again', async (_case, contents) => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
    await writeFile(join(dir, 'credentials.json'), contents, { mode: 0o600 });
    const vault = createFileVault(dir);
    const error = await vault.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDamagedError);
    expect((error as VaultDamagedError).code).toBe('vault-damaged');
    expect((error as VaultDamagedError).detail).toContain('credentials.json');
    await expect(vault.load(here)).rejects.toBeInstanceOf(VaultDamagedError);
    expect(await readFile(join(dir, 'credentials.json'), 'utf8')).toBe(contents); // left for inspection
    // Typing them again replaces the damaged file.
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
  });
});
