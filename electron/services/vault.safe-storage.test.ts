import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASIC_TEXT_MESSAGE, createSafeStorageVault, type SafeStorageLike } from './vault.safe-storage';
import { VaultUnavailableError } from './vault';

const secrets = { tenant: 'bar-pepe', accessToken: 'ACCESS-TOKEN-123', integratorToken: 'INTEGRATOR-TOKEN-456' };

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
    expect(await vault.load()).toBeNull();
    await vault.save(secrets);
    expect(await vault.load()).toEqual(secrets);
    // Only the target remains: the temporary file was renamed, not left behind.
    expect(await readdir(join(dir, 'nested'))).toEqual(['credentials.bin']);
  });

  it('overwrites earlier secrets', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets);
    await vault.save({ ...secrets, accessToken: 'NEW-TOKEN' });
    expect((await vault.load())?.accessToken).toBe('NEW-TOKEN');
  });

  it.skipIf(process.platform === 'win32')('writes the file readable by this user only (0600)', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('never writes the tokens in plain text', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets);
    const raw = await readFile(file);
    expect(raw.includes(secrets.accessToken)).toBe(false);
    expect(raw.includes(secrets.integratorToken)).toBe(false);
    expect(raw.includes(secrets.tenant)).toBe(false);
  });

  it('refuses the basic_text backend on Linux and writes nothing', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'linux');
    expect(vault.unavailableReason()).toBe(BASIC_TEXT_MESSAGE);
    expect(vault.unavailableReason()).toMatch(/No system keyring \(GNOME Keyring or KWallet\)/);
    await expect(vault.save(secrets)).rejects.toBeInstanceOf(VaultUnavailableError);
    await expect(vault.save(secrets)).rejects.toThrow(/browser shell/);
    await expect(stat(join(dir, 'nested'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('only looks at the backend on Linux', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'darwin');
    expect(vault.unavailableReason()).toBeNull();
  });

  it('refuses when encryption is unavailable', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ available: false }), file, 'win32');
    expect(vault.unavailableReason()).toMatch(/no encryption/i);
    await expect(vault.save(secrets)).rejects.toBeInstanceOf(VaultUnavailableError);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says so when stored secrets exist but cannot be decrypted here', async () => {
    await createSafeStorageVault(fakeSafeStorage(), file, 'linux').save(secrets);
    const locked = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), file, 'linux');
    await expect(locked.load()).rejects.toBeInstanceOf(VaultUnavailableError);
  });

  it('rejects a corrupted or incomplete file with a message to enter the tokens again', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets);
    await writeFile(file, 'garbage');
    await expect(vault.load()).rejects.toThrow(/enter them again/);
    await writeFile(file, fakeSafeStorage().encryptString(JSON.stringify({ tenant: 'x' })));
    await expect(vault.load()).rejects.toThrow(/incomplete/);
  });

  it('clear removes the file and is idempotent', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    await vault.save(secrets);
    await vault.clear();
    expect(await vault.load()).toBeNull();
    await vault.clear();
  });
});
