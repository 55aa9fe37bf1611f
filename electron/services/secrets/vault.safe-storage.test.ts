import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageVault, type SafeStorageLike } from './vault.safe-storage';
import { VaultDamagedError, VaultUnavailableError } from './vault';

const secrets = { tenant: 'bar-pepe', accessToken: 'ACCESS-TOKEN-123', integratorToken: 'INTEGRATOR-TOKEN-456' };
const ORIGIN = 'https://pos.example.com';
const here = { origin: ORIGIN, tenant: 'bar-pepe' };

/** A reversible stand-in for the OS keyring: XOR with a key byte, behind a version prefix. */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (plain) => Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain, 'utf8'))]),
    decryptString: (encrypted) => {
      if (encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('not encrypted by this keyring');
      return xor(encrypted.subarray(3)).toString('utf8');
    },
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
  };
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'comanda-vault-'));
  file = join(dir, 'nested', 'credentials.bin');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createSafeStorageVault', () => {
  it('round-trips the secrets and creates the parent folder', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    expect(vault.unavailableReason()).toBeNull();
    expect(await vault.load(here)).toBeNull();
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
    // Only the target remains: the temporary file was renamed, not left behind.
    expect(await readdir(join(dir, 'nested'))).toEqual(['credentials.bin']);
  });

  it('overwrites earlier secrets', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    await vault.save({ ...secrets, accessToken: 'NEW-TOKEN' }, ORIGIN);
    expect((await vault.load(here))?.accessToken).toBe('NEW-TOKEN');
  });

  it.skipIf(process.platform === 'win32')('writes the file readable by this user only (0600)', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('never writes the tokens in plain text', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    const raw = await readFile(file);
    expect(raw.includes(secrets.accessToken)).toBe(false);
    expect(raw.includes(secrets.integratorToken)).toBe(false);
    expect(raw.includes(secrets.tenant)).toBe(false);
  });

  it('refuses the basic_text backend on Linux and writes nothing', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'linux');
    expect(vault.unavailableReason()).toBe('vault-plain-text');
    await expect(vault.save(secrets, ORIGIN)).rejects.toBeInstanceOf(VaultUnavailableError);
    await expect(vault.save(secrets, ORIGIN)).rejects.toThrow(expect.objectContaining({ code: 'vault-plain-text' }));
    await expect(stat(join(dir, 'nested'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('only looks at the backend on Linux', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'darwin');
    expect(vault.unavailableReason()).toBeNull();
  });

  it('refuses when encryption is unavailable', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ available: false }), file, 'win32');
    expect(vault.unavailableReason()).toBe('vault-no-encryption');
    await expect(vault.save(secrets, ORIGIN)).rejects.toBeInstanceOf(VaultUnavailableError);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says so when stored secrets exist but cannot be decrypted here', async () => {
    await createSafeStorageVault(fakeSafeStorage(), file, 'linux').save(secrets, ORIGIN);
    const locked = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'linux');
    await expect(locked.load(here)).rejects.toBeInstanceOf(VaultUnavailableError);
  });

  it('hands the secrets out only for the origin and tenant they were saved for, and stores the origin encrypted', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    expect(await vault.load({ origin: 'https://evil.example.com', tenant: 'bar-pepe' })).toBeNull();
    expect(await vault.load({ origin: 'http://pos.example.com', tenant: 'bar-pepe' })).toBeNull();
    expect(await vault.load({ origin: ORIGIN, tenant: 'other' })).toBeNull();
    expect(await vault.read()).toEqual({ ...secrets, origin: ORIGIN });
    expect((await readFile(file)).includes('pos.example.com')).toBe(false);
  });

  it('reads an entry written before the binding existed with no origin (bound to nothing)', async () => {
    await mkdir(join(dir, 'nested'), { recursive: true });
    await writeFile(file, fakeSafeStorage().encryptString(JSON.stringify(secrets)));
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    expect(await vault.read()).toEqual({ ...secrets, origin: null });
    expect(await vault.load(here)).toBeNull();
  });

  it.each([
    ['undecryptable', () => Buffer.from('garbage')],
    ['not JSON', () => fakeSafeStorage().encryptString('{ broken')],
    ['the wrong shape', () => fakeSafeStorage().encryptString(JSON.stringify({ tenant: 'x' }))],
  ])('a damaged file (%s) is a typed error that says to type the tokens again', async (_case, contents) => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    await writeFile(file, contents());
    const error = await vault.load(here).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDamagedError);
    expect((error as VaultDamagedError).code).toBe('vault-damaged');
    expect((error as VaultDamagedError).detail).toContain('credentials.bin');
    expect(String((error as VaultDamagedError).detail)).not.toMatch(/SyntaxError/);
    await vault.save(secrets, ORIGIN);
    expect(await vault.load(here)).toEqual(secrets);
  });

  it('clear removes the file and is idempotent', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets, ORIGIN);
    await vault.clear();
    expect(await vault.load(here)).toBeNull();
    await vault.clear();
  });
});
