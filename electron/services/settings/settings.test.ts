import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../shared/bridge';
import { ATOMIC_TEMP_PREFIX, writeFileAtomic } from '../files/atomicWrite';
import { accountKeyOf, createSettingsStore, DEFAULT_PREFERENCES, DEFAULT_SETTINGS, environmentPresets, sameAccount } from './settings';

// The real helper, watched: every file settings writes must go through it.
vi.mock('../files/atomicWrite', { spy: true });

const account: Settings = {
  account: {
    mode: 'account',
    environment: 'custom',
    baseUrl: 'https://api.example.com/',
    imagesUrl: 'https://images.example.com//',
    tenant: 'bar-pepe',
  },
  syncEveryMinutes: 5,
};

async function store() {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-settings-'));
  const lines: string[] = [];
  return { dataDir, lines, store: createSettingsStore(dataDir, (line) => lines.push(line)) };
}

describe('settings store', () => {
  it('has the demo venue and a 15-minute sync when nothing was saved', async () => {
    const { store: settings, lines } = await store();
    expect(await settings.load()).toEqual({ account: { mode: 'demo' }, syncEveryMinutes: 15 });
    expect(lines).toEqual([]);
  });

  it('is a first start until an account is saved: a file found (even damaged) or written means someone set it up', async () => {
    const fresh = await store();
    await fresh.store.load();
    expect(fresh.store.isFirstStart()).toBe(true);
    // A language chosen on the first screen is not a choice of account.
    await fresh.store.savePreferences({ language: 'ca' });
    expect(fresh.store.isFirstStart()).toBe(true);
    await fresh.store.save(DEFAULT_SETTINGS);
    expect(fresh.store.isFirstStart()).toBe(false);
    // The next start finds the file.
    const again = createSettingsStore(fresh.dataDir);
    await again.load();
    expect(again.isFirstStart()).toBe(false);
    const damaged = await store();
    await writeFile(join(damaged.dataDir, 'settings.json'), '{ not json');
    await damaged.store.load();
    expect(damaged.store.isFirstStart()).toBe(false);
  });

  it('round-trips an account, with host roots stored without trailing slashes', async () => {
    const { store: settings } = await store();
    await settings.save(account);
    const loaded = await settings.load();
    expect(loaded).toEqual({
      account: { ...account.account, baseUrl: 'https://api.example.com', imagesUrl: 'https://images.example.com' },
      syncEveryMinutes: 5,
    });
    await settings.save(DEFAULT_SETTINGS);
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
  });

  it('writes atomically, readable by this user only, and never a secret passed along by mistake', async () => {
    const { store: settings, dataDir } = await store();
    const withSecret = { ...account, secrets: { accessToken: 'tok-SECRET', integratorToken: 'cli-SECRET' } } as Settings;
    await settings.save(withSecret);
    const text = await readFile(settings.file, 'utf8');
    expect(text).not.toContain('SECRET');
    expect(JSON.parse(text)).toEqual({ account: expect.objectContaining({ tenant: 'bar-pepe' }), syncEveryMinutes: 5 });
    expect((await stat(settings.file)).mode & 0o077).toBe(0);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp') || name.startsWith(ATOMIC_TEMP_PREFIX))).toEqual([]);
  });

  it('keeps the terminal’s preferences beside the account, each save keeping the other', async () => {
    const { store: settings, dataDir } = await store();
    await settings.load();
    expect(settings.preferences()).toEqual(DEFAULT_PREFERENCES);
    await settings.save(account);
    expect(JSON.parse(await readFile(settings.file, 'utf8'))).not.toHaveProperty('preferences');
    await Promise.all([settings.savePreferences({ language: 'ca' }), settings.savePreferences({ theme: 'dark', lockIdleMinutes: 5 })]);
    await settings.save({ ...account, syncEveryMinutes: 7 });
    const again = createSettingsStore(dataDir);
    expect(await again.load()).toMatchObject({ syncEveryMinutes: 7, account: { tenant: 'bar-pepe' } });
    expect(again.preferences()).toEqual({ language: 'ca', theme: 'dark', lockIdleMinutes: 5 });
    await expect(again.savePreferences({ theme: 'sepia' as never })).rejects.toThrow();
    expect(again.preferences().theme).toBe('dark');
  });

  it('damaged preferences fall back to the defaults without losing the account', async () => {
    const { store: settings } = await store();
    await writeFile(settings.file, JSON.stringify({ ...account, preferences: { language: 'fr', theme: 'dark', lockIdleMinutes: 5 } }));
    expect(await settings.load()).toMatchObject({ account: { tenant: 'bar-pepe' } });
    expect(settings.preferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('saves through the one atomic-write helper (temp file, fsync, rename, folder fsync), 0600', async () => {
    const { store: settings } = await store();
    vi.mocked(writeFileAtomic).mockClear();
    await settings.save(account);
    expect(writeFileAtomic).toHaveBeenCalledTimes(1);
    expect(writeFileAtomic).toHaveBeenCalledWith(settings.file, await readFile(settings.file, 'utf8'), { mode: 0o600 });
  });

  it('a save that fails keeps the previous file and leaves no temporary file', async () => {
    const { store: settings, dataDir } = await store();
    await settings.save(account);
    const before = await readFile(settings.file, 'utf8');
    vi.mocked(writeFileAtomic).mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    await expect(settings.save(DEFAULT_SETTINGS)).rejects.toThrow(/ENOSPC/);
    expect(await readFile(settings.file, 'utf8')).toBe(before);
    expect((await readdir(dataDir)).sort()).toEqual(['settings.json']);
  });

  it('refuses to save invalid settings and keeps the previous file', async () => {
    const { store: settings } = await store();
    await settings.save(account);
    const bad = { ...account, syncEveryMinutes: 0 };
    await expect(settings.save(bad)).rejects.toThrow();
    expect((await settings.load()).syncEveryMinutes).toBe(5);
  });

  it.each([
    ['not JSON', '{"account": {"mode": "acc'],
    ['an unknown mode', JSON.stringify({ account: { mode: 'cloud' }, syncEveryMinutes: 15 })],
    ['a bad URL', JSON.stringify({ ...account, account: { ...account.account, baseUrl: 'ftp://x' } })],
    ['a bad interval', JSON.stringify({ ...account, syncEveryMinutes: -3 })],
    ['no object at all', 'null'],
  ])('a damaged file (%s) gives the defaults and a logged warning, and is kept aside', async (_case, content) => {
    const { store: settings, lines } = await store();
    await writeFile(settings.file, content);
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
    expect(lines.join('\n')).toMatch(/settings: .*using the defaults/);
    expect(await readFile(`${settings.file}.damaged`, 'utf8')).toBe(content);
    // The next save replaces the damaged file.
    await settings.save(account);
    expect((await settings.load()).account.mode).toBe('account');
  });

  it('the damaged copy is written through the atomic-write helper, 0600 whatever the original allowed', async () => {
    const { store: settings } = await store();
    const damaged = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x0a]); // not UTF-8: the copy keeps the bytes as they were
    await writeFile(settings.file, damaged, { mode: 0o644 });
    vi.mocked(writeFileAtomic).mockClear();
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
    const copy = `${settings.file}.damaged`;
    expect(writeFileAtomic).toHaveBeenCalledWith(copy, damaged, { mode: 0o600 });
    expect(await readFile(copy)).toEqual(damaged);
    expect((await stat(copy)).mode & 0o777).toBe(0o600);
  });

  it('reads a file without an interval with the default one', async () => {
    const { store: settings } = await store();
    await writeFile(settings.file, JSON.stringify({ account: { mode: 'demo' } }));
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('environment presets', () => {
  it('know no hosts unless the environment variables give them', () => {
    const presets = environmentPresets({});
    expect(presets.map((p) => p.id)).toEqual(['production', 'integrations', 'custom']);
    expect(presets.every((p) => p.baseUrl === null && p.imagesUrl === null)).toBe(true);
  });

  it('take production and integrations URLs from COMANDA_* variables', () => {
    const presets = environmentPresets({
      COMANDA_PRODUCTION_URL: 'https://pos.example.com/',
      COMANDA_PRODUCTION_IMAGES_URL: 'https://img.example.com',
      COMANDA_INTEGRATIONS_URL: ' https://test.example.com ',
      COMANDA_INTEGRATIONS_IMAGES_URL: '',
    });
    expect(presets[0]).toMatchObject({ id: 'production', baseUrl: 'https://pos.example.com', imagesUrl: 'https://img.example.com' });
    expect(presets[1]).toMatchObject({ id: 'integrations', baseUrl: 'https://test.example.com', imagesUrl: null });
    expect(presets[2]).toMatchObject({ id: 'custom', baseUrl: null, imagesUrl: null });
  });
});

describe('account keys', () => {
  it('are "demo", or the tenant at the API host (port included)', () => {
    expect(accountKeyOf({ mode: 'demo' })).toBe('demo');
    expect(accountKeyOf({ ...account.account, baseUrl: 'http://127.0.0.1:8787/' } as Settings['account'])).toBe('bar-pepe@127.0.0.1:8787');
  });

  it('tell the same account from another one', () => {
    const a = account.account;
    expect(sameAccount(a, { ...a, baseUrl: 'https://api.example.com' } as typeof a)).toBe(true);
    expect(sameAccount(a, { ...a, tenant: 'bar-juan' } as typeof a)).toBe(false);
    expect(sameAccount(a, { mode: 'demo' })).toBe(false);
    expect(sameAccount({ mode: 'demo' }, { mode: 'demo' })).toBe(true);
  });
});
