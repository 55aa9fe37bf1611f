import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountKindOf, type AccountSettings, type Settings } from '../../../shared/bridge';
import { accountKeyOf, createSettingsStore, normaliseSettings, sameAccount } from './settings';

// A venue account, a shop account, or both (the second one beside the current).

const shop: AccountSettings = { mode: 'shop', baseUrl: 'https://retail.example.com/', username: ' tienda-sol ' };
const venue: AccountSettings = {
  mode: 'account',
  environment: 'custom',
  baseUrl: 'https://pos.example.com',
  imagesUrl: 'https://img.example.com',
  tenant: 'bar-pepe',
};

async function freshStore() {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-settings-shop-'));
  const lines: string[] = [];
  return { dataDir, lines, store: createSettingsStore(dataDir, (line) => lines.push(line)) };
}

describe('shop accounts in the settings', () => {
  it('an old settings file (no second account, no shops) still loads as it was', async () => {
    const { dataDir, store, lines } = await freshStore();
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ account: venue, syncEveryMinutes: 7 }));
    expect(await store.load()).toEqual({ account: venue, syncEveryMinutes: 7 });
    expect(lines).toEqual([]);
  });

  it('round-trips a shop with the venue as its second account, trimmed and without trailing slashes', async () => {
    const { store } = await freshStore();
    await store.save({ account: shop, secondary: venue, syncEveryMinutes: 15 });
    const expected: Settings = {
      account: { mode: 'shop', baseUrl: 'https://retail.example.com', username: 'tienda-sol' },
      secondary: venue,
      syncEveryMinutes: 15,
    };
    expect(await store.load()).toEqual(expected);
    // The file never holds a token: there is no field for one.
    expect(await readFile(store.file, 'utf8')).not.toMatch(/token/i);
  });

  it('a damaged second account is dropped without costing the current one', async () => {
    const { dataDir, store } = await freshStore();
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ account: { mode: 'demo-shop' }, secondary: { mode: 'shop', baseUrl: 'ftp://x' }, syncEveryMinutes: 15 }),
    );
    expect(await store.load()).toEqual({ account: { mode: 'demo-shop' }, syncEveryMinutes: 15 });
  });

  it('a second account of the same kind as the current one is not kept', () => {
    expect(normaliseSettings({ account: { mode: 'demo' }, secondary: venue, syncEveryMinutes: 15 })).toEqual({
      account: { mode: 'demo' },
      syncEveryMinutes: 15,
    });
    expect(normaliseSettings({ account: { mode: 'demo' }, secondary: { mode: 'demo-shop' }, syncEveryMinutes: 15 })).toEqual({
      account: { mode: 'demo' },
      secondary: { mode: 'demo-shop' },
      syncEveryMinutes: 15,
    });
  });

  it('keys a shop apart from any venue: prefixed, by username and host', () => {
    expect(accountKeyOf({ mode: 'demo-shop' })).toBe('shop:demo');
    expect(accountKeyOf({ mode: 'shop', baseUrl: 'https://retail.example.com', username: 'tienda-sol' })).toBe('shop:tienda-sol@retail.example.com');
    expect(accountKeyOf({ mode: 'shop', baseUrl: 'https://retail.example.com:8443', username: 'bar-pepe' })).toBe('shop:bar-pepe@retail.example.com:8443');
    // The same name as a venue's tenant on the same host is another account.
    expect(accountKeyOf({ mode: 'shop', baseUrl: 'https://pos.example.com', username: 'bar-pepe' })).not.toBe(accountKeyOf(venue));
    expect(accountKeyOf({ mode: 'demo-shop' })).not.toBe(accountKeyOf({ mode: 'demo' }));
  });

  it('compares shops by server and username, and never a shop with a venue', () => {
    expect(sameAccount({ mode: 'demo-shop' }, { mode: 'demo-shop' })).toBe(true);
    expect(sameAccount({ mode: 'demo-shop' }, { mode: 'demo' })).toBe(false);
    expect(sameAccount(shop, { ...shop, baseUrl: 'https://retail.example.com' } as AccountSettings)).toBe(true);
    expect(sameAccount(shop, { mode: 'shop', baseUrl: 'https://other.example.com', username: ' tienda-sol ' })).toBe(false);
    expect(sameAccount(shop, venue)).toBe(false);
    expect(accountKindOf(shop)).toBe('shop');
    expect(accountKindOf(venue)).toBe('venue');
  });
});
