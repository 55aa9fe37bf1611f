import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileShopVault, createFileVault } from './vault.file';
import { createSafeStorageShopVault, createSafeStorageVault, type SafeStorageLike } from './vault.safe-storage';
import { VaultDamagedError } from './vault';

// The shop's token has its own vault entry, so saving it never replaces the venue's tokens.

const venueSecrets = { tenant: 'bar-pepe', accessToken: 'venue-access-token', integratorToken: 'venue-client-token' };
const VENUE = 'https://pos.example.com';
const SHOP = 'https://retail.example.com';

function fakeSafeStorage(): SafeStorageLike {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    isEncryptionAvailable: () => true,
    encryptString: (plain) => Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain, 'utf8'))]),
    decryptString: (encrypted) => xor(encrypted.subarray(3)).toString('utf8'),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  };
}

describe('the shop vault slot', () => {
  it('file vault: venue tokens survive saving shop tokens, and the other way round', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-shop-'));
    const venue = createFileVault(dir);
    const shop = createFileShopVault(dir);
    await venue.save(venueSecrets, VENUE);
    await shop.save({ username: 'tienda-sol', token: 'shop-token-1' }, SHOP);
    await shop.save({ username: 'tienda-sol', token: 'shop-token-2' }, SHOP);
    expect(await venue.load({ origin: VENUE, tenant: 'bar-pepe' })).toEqual(venueSecrets);
    expect(await shop.load({ origin: SHOP, username: 'tienda-sol' })).toEqual({ username: 'tienda-sol', token: 'shop-token-2' });
    await venue.save({ ...venueSecrets, accessToken: 'venue-access-token-2' }, VENUE);
    expect(await shop.load({ origin: SHOP, username: 'tienda-sol' })).toEqual({ username: 'tienda-sol', token: 'shop-token-2' });
    expect((await readdir(dir)).sort()).toEqual(['credentials.json', 'credentials.shop.json']);
    // Clearing one slot leaves the other.
    await shop.clear();
    expect(await shop.load({ origin: SHOP, username: 'tienda-sol' })).toBeNull();
    expect((await venue.load({ origin: VENUE, tenant: 'bar-pepe' }))?.accessToken).toBe('venue-access-token-2');
  });

  it('hands the token out only for the server and username it was saved for', async () => {
    const shop = createFileShopVault(await mkdtemp(join(tmpdir(), 'comanda-vault-shop-')));
    await shop.save({ username: 'tienda-sol', token: 'shop-token-1' }, SHOP);
    expect(await shop.load({ origin: 'https://evil.example.com', username: 'tienda-sol' })).toBeNull();
    expect(await shop.load({ origin: SHOP, username: 'other' })).toBeNull();
    expect(await shop.read()).toEqual({ username: 'tienda-sol', token: 'shop-token-1', origin: SHOP });
  });

  it('a damaged shop entry is a typed error that never quotes the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-shop-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'credentials.shop.json'), JSON.stringify({ username: 'x', token: 'leaky-token' }), { mode: 0o600 });
    const error = await createFileShopVault(dir)
      .read()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDamagedError);
    expect(String((error as VaultDamagedError).detail)).not.toContain('leaky-token');
  });

  it("safe-storage vault: a second encrypted file beside the venue's, the token never in plain text", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-vault-shop-'));
    const file = join(dir, 'credentials.bin');
    const venue = createSafeStorageVault(fakeSafeStorage(), file, 'linux');
    const shop = createSafeStorageShopVault(fakeSafeStorage(), file, 'linux');
    await venue.save(venueSecrets, VENUE);
    await shop.save({ username: 'tienda-sol', token: 'shop-token-1' }, SHOP);
    expect(await venue.load({ origin: VENUE, tenant: 'bar-pepe' })).toEqual(venueSecrets);
    expect(await shop.load({ origin: SHOP, username: 'tienda-sol' })).toEqual({ username: 'tienda-sol', token: 'shop-token-1' });
    expect((await readdir(dir)).sort()).toEqual(['credentials.bin', 'credentials.shop.bin']);
    expect((await readFile(join(dir, 'credentials.shop.bin'))).includes('shop-token-1')).toBe(false);
  });
});
