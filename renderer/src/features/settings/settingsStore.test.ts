import { describe, expect, it, vi } from 'vitest';
import { BridgeError, type BridgeOutput, type Settings } from '../../../../shared/bridge';
import { createSettingsStore, type SettingsBridge } from './settingsStore';

const environments: BridgeOutput<'getSettings'>['environments'] = [
  { id: 'production', name: 'Production', baseUrl: null, imagesUrl: null },
  { id: 'integrations', name: 'Integrations (test)', baseUrl: null, imagesUrl: null },
  { id: 'custom', name: 'Custom', baseUrl: null, imagesUrl: null },
];

function fakeBridge(initial: Settings = { account: { mode: 'demo' }, syncEveryMinutes: 15 }) {
  let saved = initial;
  let hasSecrets = false;
  const bridge = {
    getSettings: vi.fn(async () => ({ settings: saved, hasSecrets, environments })),
    testConnection: vi.fn(async () => ({
      ok: false,
      checks: [
        { check: 'reachable' as const, ok: true, code: 'host-answered' as const, params: { host: '127.0.0.1:8787', status: 401 } },
        { check: 'credentials' as const, ok: false, code: 'access-token-refused' as const },
      ],
    })),
    saveSettings: vi.fn(async (input: Parameters<SettingsBridge['saveSettings']>[0]) => {
      const { secrets, ...settings } = input;
      saved = settings as Settings;
      hasSecrets = hasSecrets || secrets !== undefined;
      return { accountKey: settings.account.mode === 'account' ? `${settings.account.tenant}@127.0.0.1:8787` : 'demo' };
    }),
  } satisfies SettingsBridge;
  return bridge;
}

async function openedStore(bridge = fakeBridge()) {
  const store = createSettingsStore();
  await store.getState().openSettings(bridge);
  return { store, bridge };
}

function fillAccount(store: ReturnType<typeof createSettingsStore>, tokens = true) {
  const s = store.getState();
  s.chooseMode('account');
  s.chooseEnvironment('custom');
  s.setField('baseUrl', 'http://127.0.0.1:8787');
  s.setField('tenant', 'demo');
  if (tokens) {
    s.setField('accessToken', 'demo-token');
    s.setField('integratorToken', 'demo-client');
  }
}

describe('the settings store', () => {
  it('opens on the settings in use', async () => {
    const { store, bridge } = await openedStore();
    expect(bridge.getSettings).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ open: true, loading: 'ready', saved: { account: { mode: 'demo' } }, form: { mode: 'demo' } });
    store.getState().closeSettings();
    expect(store.getState().open).toBe(false);
  });

  it('says why when the settings cannot be read', async () => {
    const bridge = fakeBridge();
    bridge.getSettings.mockRejectedValueOnce(new BridgeError({ kind: 'internal', code: 'internal', params: { operation: 'getSettings' } }));
    const { store } = await openedStore(bridge);
    expect(store.getState()).toMatchObject({ loading: 'failed', loadError: { code: 'internal', params: { operation: 'getSettings' } } });
  });

  it('tests what is typed and keeps every check; an edit clears the results', async () => {
    const { store, bridge } = await openedStore();
    fillAccount(store);
    await store.getState().testConnection(bridge);
    expect(bridge.testConnection).toHaveBeenCalledWith({
      account: { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:8787', imagesUrl: 'http://127.0.0.1:8787', tenant: 'demo' },
      secrets: { accessToken: 'demo-token', integratorToken: 'demo-client' },
    });
    expect(store.getState().test).toMatchObject({ state: 'done', ok: false, checks: [{ ok: true }, { ok: false }] });
    store.getState().setField('accessToken', 'other');
    expect(store.getState().test).toEqual({ state: 'idle' });
  });

  it('does not call the bridge with a form that cannot be valid, and shows each error by its field', async () => {
    const { store, bridge } = await openedStore();
    fillAccount(store, false);
    store.getState().setField('baseUrl', 'not a url');
    await store.getState().testConnection(bridge);
    await store.getState().saveSettings(bridge);
    expect(bridge.testConnection).not.toHaveBeenCalled();
    expect(bridge.saveSettings).not.toHaveBeenCalled();
    expect(store.getState().errors.baseUrl).toEqual({ code: 'address-not-url' });
    store.getState().setField('baseUrl', 'http://127.0.0.1:8787');
    expect(store.getState().errors.baseUrl).toBeUndefined();
  });

  it('saves, then shows the account now in use, with the token fields emptied', async () => {
    const { store, bridge } = await openedStore();
    fillAccount(store);
    await store.getState().saveSettings(bridge);
    expect(bridge.saveSettings).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({
      save: { state: 'saved', account: { mode: 'account', tenant: 'demo' } },
      hasSecrets: true,
      form: { mode: 'account', tenant: 'demo', accessToken: '', integratorToken: '' },
    });
  });

  it('shows each field error the bridge’s issues name next to its field, whatever the detail says', async () => {
    const { store, bridge } = await openedStore();
    fillAccount(store);
    bridge.saveSettings.mockRejectedValueOnce(
      new BridgeError({
        kind: 'invalid-input',
        code: 'invalid-input',
        params: { operation: 'saveSettings', fields: 'account.baseUrl, account.tenant' },
        issues: [
          { path: ['account', 'baseUrl'], code: 'address-needs-https' },
          { path: ['account', 'tenant'], code: 'tenant-characters' },
        ],
        detail: 'saveSettings: account.imagesUrl: address-not-url',
      }),
    );
    await store.getState().saveSettings(bridge);
    expect(store.getState().errors).toEqual({ baseUrl: { code: 'address-needs-https' }, tenant: { code: 'tenant-characters' } });
    expect(store.getState().save).toEqual({ state: 'idle' });
  });

  it('puts the bridge’s field errors next to the fields, and other failures in the save bar', async () => {
    const { store, bridge } = await openedStore();
    fillAccount(store, false);
    const missing = { code: 'tokens-missing', params: { tenant: 'demo', origin: 'http://127.0.0.1:8787' } } as const;
    bridge.saveSettings.mockRejectedValueOnce(new BridgeError({ kind: 'invalid-input', ...missing }));
    await store.getState().saveSettings(bridge);
    expect(store.getState().errors.form).toEqual(missing);
    expect(store.getState().save).toEqual({ state: 'idle' });

    bridge.saveSettings.mockRejectedValueOnce(new BridgeError({ kind: 'vault-unavailable', code: 'vault-no-encryption' }));
    await store.getState().saveSettings(bridge);
    expect(store.getState().save).toEqual({ state: 'failed', error: { code: 'vault-no-encryption' } });
  });
});
