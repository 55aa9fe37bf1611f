import { describe, expect, it } from 'vitest';
import { coreFixture } from '../core.testing';

// A refused Save names each bad field by path and code (shared/bridge/result.ts `issues`): the
// Settings screen places errors by them; `detail` is for engineers only.

const { start } = coreFixture('comanda-settings-service-');

describe('an invalid settings save', () => {
  it('answers invalid-input with an issue per bad field: its path and its code', async () => {
    const { core, call } = await start();
    const result = await call('saveSettings', {
      account: { mode: 'account', environment: 'custom', baseUrl: 'not a url', imagesUrl: 'https://img.example.com', tenant: '' },
      syncEveryMinutes: 15,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-input');
    expect(result.error.issues).toEqual(
      expect.arrayContaining([
        { path: ['account', 'baseUrl'], code: 'address-not-url' },
        { path: ['account', 'tenant'], code: 'field-empty' },
      ]),
    );
    // Nothing was switched.
    expect(core.accountKey).toBe('demo');
  });

  it('a second account of the same kind is an issue at `secondary`', async () => {
    const { call } = await start();
    const result = await call('saveSettings', { account: { mode: 'demo' }, secondary: { mode: 'demo' }, syncEveryMinutes: 15 });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', code: 'secondary-same-kind', issues: [{ path: ['secondary'], code: 'secondary-same-kind' }] },
    });
  });
});
