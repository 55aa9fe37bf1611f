import { describe, expect, it } from 'vitest';
import type { EnvironmentPreset, Settings } from '../../../../shared/bridge';
import {
  buildSaveInput,
  buildTestInput,
  chooseEnvironment,
  EMPTY_FORM,
  fieldErrorsFromBridgeError,
  formFromSettings,
  savedTokensHint,
  type SettingsForm,
} from './settingsForm';

const unknownHosts: EnvironmentPreset[] = [
  { id: 'production', name: 'Production', baseUrl: null, imagesUrl: null },
  { id: 'integrations', name: 'Integrations (test)', baseUrl: null, imagesUrl: null },
  { id: 'custom', name: 'Custom', baseUrl: null, imagesUrl: null },
];
const knownIntegrations: EnvironmentPreset[] = [
  unknownHosts[0]!,
  { id: 'integrations', name: 'Integrations (test)', baseUrl: 'https://test.example.com', imagesUrl: 'https://img.example.com' },
  unknownHosts[2]!,
];

const account: SettingsForm = {
  ...EMPTY_FORM,
  mode: 'account',
  environment: 'custom',
  baseUrl: ' http://127.0.0.1:8787 ',
  imagesUrl: '',
  tenant: 'demo',
  accessToken: '',
  integratorToken: '',
  syncEveryMinutes: '10',
};

describe('the settings form', () => {
  it('starts from the saved account, tokens never filled in', () => {
    const saved: Settings = {
      account: { mode: 'account', environment: 'integrations', baseUrl: 'https://a.example.com', imagesUrl: 'https://i.example.com', tenant: 'bar-pepe' },
      syncEveryMinutes: 30,
    };
    expect(formFromSettings(saved, unknownHosts)).toEqual({
      use: 'venue',
      active: 'venue',
      shopMode: 'demo-shop',
      shopBaseUrl: '',
      username: '',
      token: '',
      mode: 'account',
      environment: 'integrations',
      baseUrl: 'https://a.example.com',
      imagesUrl: 'https://i.example.com',
      tenant: 'bar-pepe',
      chainRole: null,
      accessToken: '',
      integratorToken: '',
      syncEveryMinutes: '30',
    });
  });

  it('on the demo venue, prepares the first environment whose addresses this build knows', () => {
    const form = formFromSettings({ account: { mode: 'demo' }, syncEveryMinutes: 15 }, knownIntegrations);
    expect(form).toMatchObject({ mode: 'demo', environment: 'integrations', baseUrl: 'https://test.example.com', imagesUrl: 'https://img.example.com' });
    expect(formFromSettings({ account: { mode: 'demo' }, syncEveryMinutes: 15 }, unknownHosts)).toMatchObject({ environment: 'custom', baseUrl: '' });
  });

  it('fills a preset’s addresses when known, and keeps what was typed for Custom', () => {
    const typed = { ...account, baseUrl: 'https://mine.example.com' };
    expect(chooseEnvironment(typed, 'integrations', knownIntegrations)).toMatchObject({
      baseUrl: 'https://test.example.com',
      imagesUrl: 'https://img.example.com',
    });
    expect(chooseEnvironment(typed, 'production', knownIntegrations)).toMatchObject({ environment: 'production', baseUrl: '' });
    expect(chooseEnvironment(typed, 'custom', knownIntegrations)).toMatchObject({ environment: 'custom', baseUrl: 'https://mine.example.com' });
  });

  it('builds saveSettings input: trimmed, images default to the server, tokens only when both are given', () => {
    expect(buildSaveInput(account)).toEqual({
      ok: true,
      input: {
        account: { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:8787', imagesUrl: 'http://127.0.0.1:8787', tenant: 'demo' },
        syncEveryMinutes: 10,
      },
    });
    const withTokens = buildSaveInput({ ...account, accessToken: ' demo-token ', integratorToken: 'demo-client' });
    expect(withTokens).toMatchObject({ ok: true, input: { secrets: { accessToken: 'demo-token', integratorToken: 'demo-client' } } });
    expect(buildSaveInput({ ...EMPTY_FORM, tenant: 'ignored' })).toEqual({ ok: true, input: { account: { mode: 'demo' }, syncEveryMinutes: 15 } });
  });

  it('puts each problem next to its field', () => {
    const result = buildSaveInput({ ...account, baseUrl: 'pos.example.com', tenant: 'bar pepe', accessToken: 'only-one', syncEveryMinutes: '1.5' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.baseUrl).toEqual({ code: 'address-not-url' });
    expect(result.errors.tenant).toEqual({ code: 'tenant-characters' });
    expect(result.errors.integratorToken).toEqual({ local: 'both-tokens' });
    expect(result.errors.syncEveryMinutes).toEqual({ local: 'sync-minutes' });
    expect(result.errors.accessToken).toBeUndefined();
    expect(buildTestInput({ ...account, tenant: '' })).toMatchObject({ ok: false, errors: { tenant: { code: 'field-empty' } } });
  });

  it('builds testConnection input for the demo venue too', () => {
    expect(buildTestInput(EMPTY_FORM)).toEqual({ ok: true, input: { account: { mode: 'demo' } } });
  });

  it('spreads the bridge’s invalid-input error over the fields its issues name, never reading the detail', () => {
    expect(
      fieldErrorsFromBridgeError({
        code: 'invalid-input',
        params: { operation: 'saveSettings', fields: 'account.baseUrl, secrets.accessToken, syncEveryMinutes' },
        issues: [
          { path: ['account', 'baseUrl'], code: 'address-not-url' },
          { path: ['secrets', 'accessToken'], code: 'field-empty' },
          { path: ['syncEveryMinutes'], code: 'invalid-input', params: { operation: 'settings', fields: 'syncEveryMinutes' } },
        ],
        // A detail in the shape an old parser read: it places nothing.
        detail: 'saveSettings: tenant: field-empty',
      } as Parameters<typeof fieldErrorsFromBridgeError>[0]),
    ).toEqual({
      baseUrl: { code: 'address-not-url' },
      accessToken: { code: 'field-empty' },
      syncEveryMinutes: { code: 'invalid-input', params: { operation: 'settings', fields: 'syncEveryMinutes' } },
    });
    const missing = { code: 'tokens-missing', params: { tenant: 'x', origin: 'https://pos.example.com' } } as const;
    expect(fieldErrorsFromBridgeError(missing)).toEqual({ form: missing });
  });
});

describe('tokens bound to their server, https for real accounts', () => {
  const saved: Settings = {
    account: { mode: 'account', environment: 'custom', baseUrl: 'https://pos.example.com', imagesUrl: 'https://pos.example.com', tenant: 'bar-pepe' },
    syncEveryMinutes: 15,
  };
  const form = (baseUrl: string, tenant = 'bar-pepe'): SettingsForm => ({ ...EMPTY_FORM, mode: 'account', baseUrl, tenant });

  it('says the saved tokens are kept only for the server they were saved for', () => {
    expect(savedTokensHint(form('https://pos.example.com/'), saved, true, null)).toEqual({ tone: 'saved' });
    expect(savedTokensHint(form('https://other.example.com'), saved, true, null)).toEqual({ tone: 'other-server', savedOrigin: 'https://pos.example.com' });
    expect(savedTokensHint(form('https://pos.example.com', 'someone'), saved, true, null)).toBeUndefined();
    expect(savedTokensHint(form('https://pos.example.com'), saved, false, null)).toBeUndefined();
  });

  it('shows a damaged vault under the token fields', () => {
    expect(savedTokensHint(form('https://pos.example.com'), saved, false, { code: 'vault-damaged' })).toEqual({
      tone: 'damaged',
      problem: { code: 'vault-damaged' },
    });
  });

  it('puts the https rule next to the address field it concerns', () => {
    const built = buildSaveInput({ ...form('http://pos.example.com'), accessToken: 'a', integratorToken: 'c' });
    expect(built).toMatchObject({ ok: false, errors: { baseUrl: { code: 'address-needs-https' } } });
    const local = buildSaveInput({ ...form('http://127.0.0.1:8787'), accessToken: 'a', integratorToken: 'c' });
    expect(local.ok).toBe(true);
  });

  // ——— A venue, a shop, or both ———

  it('reads a shop with the venue as second account into both halves of the form', () => {
    const saved: Settings = {
      account: { mode: 'shop', baseUrl: 'https://retail.example.com', username: 'tienda-sol' },
      secondary: { mode: 'demo' },
      syncEveryMinutes: 15,
    };
    expect(formFromSettings(saved, unknownHosts)).toMatchObject({
      use: 'both',
      active: 'shop',
      mode: 'demo',
      shopMode: 'shop',
      shopBaseUrl: 'https://retail.example.com',
      username: 'tienda-sol',
      token: '',
    });
  });

  it('saves the active account first and the other as second, each with its own tokens', () => {
    const form: SettingsForm = {
      ...account,
      use: 'both',
      active: 'shop',
      accessToken: 'a',
      integratorToken: 'b',
      shopMode: 'shop',
      shopBaseUrl: 'https://retail.example.com/',
      username: 'tienda-sol',
      token: 'T0K3N',
    };
    const built = buildSaveInput(form);
    expect(built).toEqual({
      ok: true,
      input: {
        account: { mode: 'shop', baseUrl: 'https://retail.example.com/', username: 'tienda-sol' },
        secondary: { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:8787', imagesUrl: 'http://127.0.0.1:8787', tenant: 'demo' },
        syncEveryMinutes: 10,
        secrets: { token: 'T0K3N' },
        secondarySecrets: { accessToken: 'a', integratorToken: 'b' },
      },
    });
    expect(buildSaveInput({ ...EMPTY_FORM, use: 'shop' })).toEqual({ ok: true, input: { account: { mode: 'demo-shop' }, syncEveryMinutes: 15 } });
  });

  it("puts a shop's problems on the shop's fields, and tests the account asked for", () => {
    const form: SettingsForm = { ...EMPTY_FORM, use: 'both', active: 'venue', shopMode: 'shop', shopBaseUrl: 'retail.example.com', username: 'bad name' };
    const built = buildSaveInput(form);
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.errors.shopBaseUrl).toEqual({ code: 'address-not-url' });
      expect(built.errors.username).toEqual({ code: 'username-characters' });
      expect(built.errors.baseUrl).toBeUndefined();
    }
    expect(buildTestInput({ ...EMPTY_FORM, use: 'both' }, 'shop')).toEqual({ ok: true, input: { account: { mode: 'demo-shop' } } });
    expect(buildTestInput({ ...EMPTY_FORM, use: 'both' })).toEqual({ ok: true, input: { account: { mode: 'demo' } } });
  });
});
