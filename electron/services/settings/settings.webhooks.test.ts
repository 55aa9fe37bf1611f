import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_WEBHOOK_SETTINGS } from '../../../shared/bridge';
import { createSettingsStore } from './settings';
import { useTempDirs } from '../../../test/setup/tempDirs.testing';

// The webhook receiver's settings live in settings.json (off by default); the
// account's Save and the preferences keep them; a damaged part falls back to "off".

const dataDir = useTempDirs('comanda-settings-webhooks-');

describe('the shop webhook settings in settings.json', () => {
  it('are off on loopback by default, and kept across saves of the account and the preferences', async () => {
    const dir = await dataDir();
    const store = createSettingsStore(dir);
    await store.load();
    expect(store.shopWebhooks()).toEqual({ enabled: false, host: '127.0.0.1', port: 8790 });
    expect(DEFAULT_SHOP_WEBHOOK_SETTINGS.enabled).toBe(false);
    await store.saveShopWebhooks({ enabled: true, host: '0.0.0.0', port: 9000 });
    await store.save({ account: { mode: 'demo-shop' }, syncEveryMinutes: 30 });
    await store.savePreferences({ theme: 'dark' });

    const again = createSettingsStore(dir);
    expect((await again.load()).account).toEqual({ mode: 'demo-shop' });
    expect(again.shopWebhooks()).toEqual({ enabled: true, host: '0.0.0.0', port: 9000 });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ shopWebhooks: { enabled: true, host: '0.0.0.0', port: 9000 } });
  });

  it('a file given by hand is read; a damaged part is "off" without costing the account', async () => {
    const dir = await dataDir();
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ account: { mode: 'demo-shop' }, syncEveryMinutes: 60, shopWebhooks: { enabled: true, host: '127.0.0.1', port: 0 } }),
    );
    const store = createSettingsStore(dir);
    await store.load();
    expect(store.shopWebhooks()).toEqual({ enabled: true, host: '127.0.0.1', port: 0 });

    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ account: { mode: 'demo-shop' }, syncEveryMinutes: 60, shopWebhooks: { enabled: true, host: 'example.com', port: 99999, secret: 'x' } }),
    );
    const damaged = createSettingsStore(dir);
    expect((await damaged.load()).account).toEqual({ mode: 'demo-shop' });
    expect(damaged.shopWebhooks()).toEqual(DEFAULT_SHOP_WEBHOOK_SETTINGS);
  });

  it('refuses to save settings that do not read (and a secret never reaches the file)', async () => {
    const store = createSettingsStore(await dataDir());
    await store.load();
    await expect(store.saveShopWebhooks({ enabled: true, host: 'localhost', port: 8790 })).rejects.toThrow();
    await expect(store.saveShopWebhooks({ enabled: true, host: '127.0.0.1', port: 8790, secret: 'x' } as never)).rejects.toThrow();
    expect(store.shopWebhooks()).toEqual(DEFAULT_SHOP_WEBHOOK_SETTINGS);
  });
});
