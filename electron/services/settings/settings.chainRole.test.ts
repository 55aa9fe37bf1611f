import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainRoleOf } from '../../../shared/bridge';
import { createSettingsStore, sameAccount, SETTINGS_FILE } from './settings';
import { useTempDirs } from '../../../test/setup/tempDirs.testing';

// A venue's chain role lives in its account settings; files written before it
// existed still load (the role reads as its default), and it is kept through a save.

const dataDir = useTempDirs('comanda-chain-role-');

const account = {
  mode: 'account' as const,
  environment: 'custom' as const,
  baseUrl: 'http://127.0.0.1:9000',
  imagesUrl: 'http://127.0.0.1:9000',
  tenant: 'bar-pepe',
};

describe('the chain role in the settings', () => {
  it('loads an old file without it, with the defaults: demo = master, a real account = none', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ account, secondary: { mode: 'demo-shop' }, syncEveryMinutes: 15 }));
    const loaded = await createSettingsStore(dir).load();
    expect(loaded.account).toEqual(account);
    expect(chainRoleOf(loaded.account)).toBe('none');
    expect(chainRoleOf({ mode: 'demo' })).toBe('master');
    expect(chainRoleOf({ mode: 'demo-shop' })).toBe('none');
  });

  it('keeps a chosen role through a save and a reload; changing it alone is the same account', async () => {
    const dir = await dataDir();
    const store = createSettingsStore(dir);
    await store.save({ account: { ...account, chainRole: 'child' }, syncEveryMinutes: 15 });
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')).account.chainRole).toBe('child');
    const loaded = await createSettingsStore(dir).load();
    expect(chainRoleOf(loaded.account)).toBe('child');
    expect(sameAccount(loaded.account, { ...account, chainRole: 'master' })).toBe(true);
    await store.save({ account: { mode: 'demo', chainRole: 'none' }, syncEveryMinutes: 15 });
    expect(chainRoleOf((await createSettingsStore(dir).load()).account)).toBe('none');
  });
});
