import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';
import { VaultDamagedError, VaultUnavailableError } from './vault';
import { createFileShopVault, createFileWebhookVault } from './vault.file';
import { createSafeStorageWebhookVault, type SafeStorageLike } from './vault.safe-storage';
import { useTempDirs } from '../../../test/setup/tempDirs.testing';

// The shop's webhook secret has a vault entry of its own, bound to the shop
// account it was typed for; it is never in settings.json, and scrubbed from logs once read.

const dir = useTempDirs('comanda-vault-webhook-');

function fakeSafeStorage(available = true): SafeStorageLike {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain, 'utf8'))]),
    decryptString: (encrypted) => xor(encrypted.subarray(3)).toString('utf8'),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  };
}

describe('the webhook secret slot', () => {
  it('file vault: its own 0600 file beside the shop token’s, handed out only to its account', async () => {
    const data = await dir();
    const shop = createFileShopVault(data);
    const webhook = createFileWebhookVault(data);
    await shop.save({ username: 'demo-shop', token: 'shop-token-1' }, 'http://127.0.0.1:8788');
    await webhook.save({ accountKey: 'shop:demo', secret: 'webhook-secret-1' });
    expect(await webhook.load('shop:demo')).toBe('webhook-secret-1');
    expect(await webhook.load('shop:other@retail.example.com')).toBeNull();
    expect(await shop.load({ origin: 'http://127.0.0.1:8788', username: 'demo-shop' })).toEqual({ username: 'demo-shop', token: 'shop-token-1' });
    expect((await readdir(data)).sort()).toEqual(['credentials.shop.json', 'credentials.webhook.json']);
    await webhook.clear();
    expect(await webhook.load('shop:demo')).toBeNull();
  });

  it('a secret read back is scrubbed from logs from then on; a damaged entry never quotes the file', async () => {
    const data = await dir();
    await writeFile(join(data, 'credentials.webhook.json'), JSON.stringify({ accountKey: 'shop:demo', secret: 'read-back-secret-42' }), { mode: 0o600 });
    expect(await createFileWebhookVault(data).load('shop:demo')).toBe('read-back-secret-42');
    expect(redactSecrets('signed with read-back-secret-42')).not.toContain('read-back-secret-42');

    await writeFile(join(data, 'credentials.webhook.json'), JSON.stringify({ secret: 'leaky-secret' }), { mode: 0o600 });
    const error = await createFileWebhookVault(data)
      .load('shop:demo')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultDamagedError);
    expect(String((error as VaultDamagedError).detail)).not.toContain('leaky-secret');
  });

  it('safe-storage vault: encrypted in credentials.webhook.bin; refused without a keyring', async () => {
    const data = await dir();
    const file = join(data, 'credentials.bin');
    const webhook = createSafeStorageWebhookVault(fakeSafeStorage(), file, 'linux');
    await webhook.save({ accountKey: 'shop:demo', secret: 'webhook-secret-2' });
    expect(await webhook.load('shop:demo')).toBe('webhook-secret-2');
    expect(await readdir(data)).toEqual(['credentials.webhook.bin']);
    expect((await readFile(join(data, 'credentials.webhook.bin'))).includes('webhook-secret-2')).toBe(false);

    const none = createSafeStorageWebhookVault(fakeSafeStorage(false), join(await dir(), 'credentials.bin'), 'linux');
    expect(none.unavailableReason()).toBe('vault-no-encryption');
    await expect(none.save({ accountKey: 'shop:demo', secret: 'x'.repeat(10) })).rejects.toBeInstanceOf(VaultUnavailableError);
  });
});
