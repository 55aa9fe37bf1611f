import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { accountWords, checkName, environmentName, fieldProblemText, persistenceText, tokenHintText } from './settingsText';

const en = createI18n('en').getFixedT('en', 'settings');
const ca = createI18n('ca').getFixedT('ca', 'settings');
const account = { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:8787', imagesUrl: 'http://127.0.0.1:8787', tenant: 'demo' } as const;

describe('settings words', () => {
  it('names an account as a waiter reads it', () => {
    expect(accountWords(en, { mode: 'demo' })).toBe('the demo venue');
    expect(accountWords(en, { mode: 'demo' }, true)).toBe('The demo venue');
    expect(accountWords(en, account)).toBe('demo on 127.0.0.1:8787');
    expect(accountWords(ca, account)).toBe('demo a 127.0.0.1:8787');
  });

  it('words the token hints and the form’s own rules', () => {
    expect(tokenHintText(en, { tone: 'saved' })).toBe('Saved — enter again to replace.');
    expect(tokenHintText(en, { tone: 'other-server', savedOrigin: 'https://pos.example.com' })).toBe(
      'The saved tokens are for https://pos.example.com only: type them again for this server.',
    );
    expect(fieldProblemText(en, { local: 'sync-minutes' })).toBe('Enter whole minutes from 1 to 1440.');
    expect(fieldProblemText(ca, { local: 'both-tokens' })).toBe('Escriu els dos tokens, o cap per conservar els desats.');
    // Codes from the bridge's schemas and the main side are worded by the errors namespace.
    const coded = fieldProblemText(en, { code: 'address-needs-https' });
    expect(coded).not.toMatch(/^errors:|address-needs-https/);
    expect(fieldProblemText(ca, { code: 'address-needs-https' })).not.toBe(coded);
    expect(tokenHintText(en, { tone: 'damaged', problem: { code: 'vault-damaged' } })).not.toMatch(/vault-damaged/);
  });

  it('names environments, checks and the storage answer in the terminal’s language', () => {
    expect(environmentName(en, 'integrations')).toBe('Integrations (test)');
    expect(environmentName(ca, 'production')).toBe('Producció');
    expect(checkName(en, 'credentials')).toBe('Credentials accepted');
    expect(persistenceText(en, 'granted')).toMatch(/^Granted/);
    expect(persistenceText(en, 'not-granted')).toMatch(/may delete saved orders/);
  });
});
