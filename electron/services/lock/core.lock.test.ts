import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LockState, PinAttempt, Preferences } from '../../../shared/bridge';
import { bridgeValue, coreFixture } from '../core.testing';
import { LOCK_FILE } from './lockService';

// The core's wiring of the terminal lock and preferences: account-independent
// operations, a `lock-changed` event for every window, PINs never in an answer, a log or a file.

const fixture = coreFixture('comanda-core-lock-');
const PIN = '73915';

describe('terminal lock and preferences through the bridge', () => {
  it('sets a PIN, locks every window, refuses wrong PINs and keeps all of it across a restart', async () => {
    const first = await fixture.start();
    expect(bridgeValue<PinAttempt>(await first.call('setPin', { pin: PIN })).result).toBe('ok');
    expect(bridgeValue<LockState>(await first.call('lockTerminal'))).toMatchObject({ pinSet: true, locked: true });
    expect(first.events).toContainEqual({ type: 'lock-changed', lock: expect.objectContaining({ locked: true }) });
    // Answered whichever account the caller names: the lock belongs to the terminal.
    const other = await first.core.dispatcher.dispatch('getLockState', {}, { accountKey: 'someone@elsewhere.example' });
    expect(bridgeValue<LockState>(other).locked).toBe(true);
    for (const wrong of ['0000', '1111', '2222']) await first.call('verifyPin', { pin: wrong });
    expect(bridgeValue<PinAttempt>(await first.call('verifyPin', { pin: PIN }))).toMatchObject({ result: 'wait', lock: { failures: 3 } });
    const refused = await first.call('verifyPin', { pin: '12' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(JSON.stringify(refused)).not.toContain('"12"');
    await first.core.close();

    const second = await fixture.start(undefined, first.dataDir);
    expect(bridgeValue<LockState>(await second.call('getLockState'))).toMatchObject({ pinSet: true, locked: true, failures: 3 });
    expect(bridgeValue<LockState>(await second.call('getLockState')).retryInMs).toBeGreaterThan(0);
    const files = await readFile(join(first.dataDir, LOCK_FILE), 'utf8');
    expect(files).not.toContain(PIN);
    expect([...first.logged, ...second.logged].join('\n')).not.toContain(PIN);
  });

  it('saves the language, theme and idle minutes with the settings, for the next start', async () => {
    const first = await fixture.start();
    expect(bridgeValue<Preferences>(await first.call('getPreferences'))).toEqual({ language: null, theme: 'system', lockIdleMinutes: 0 });
    expect(bridgeValue<Preferences>(await first.call('savePreferences', { language: 'ca', theme: 'dark' }))).toEqual({
      language: 'ca',
      theme: 'dark',
      lockIdleMinutes: 0,
    });
    expect(await first.call('savePreferences', { theme: 'sepia' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    await first.core.close();
    const second = await fixture.start(undefined, first.dataDir);
    expect(bridgeValue<Preferences>(await second.call('getPreferences'))).toEqual({ language: 'ca', theme: 'dark', lockIdleMinutes: 0 });
    expect(JSON.parse(await readFile(join(first.dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      account: { mode: 'demo' },
      preferences: { language: 'ca' },
    });
  });
});
