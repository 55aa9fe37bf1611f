// Every account-scoped bridge call names its account, and the main side refuses
// one that does not name the current account — a window that missed `account-changed` cannot
// save its orders into the account selected since.
import { describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { AppCore } from '../core';
import { coreFixture, LIFTED, readQueue, ROOMS_PAGE, roomsOf, seating, waitForQueue } from '../core.testing';
import { createDispatcher } from '../bridge/dispatcher';
import { testHandlers } from '../bridge/handlers.testing';

const fixture = coreFixture('comanda-core-account-key-');

async function startDemo(): Promise<AppCore> {
  return (await fixture.start()).core;
}

async function ledgerCount(sandboxUrl: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/__sandbox/ledger`);
  return ((await response.json()) as { entries: unknown[] }).entries.length;
}

describe('the dispatcher hands the call context to the handler', () => {
  it('passes the validated context and refuses a malformed one as invalid-input, without running the handler', async () => {
    const getConnectionState = vi.fn(async () => ({ state: null }));
    const dispatcher = createDispatcher(testHandlers({ getConnectionState }));
    expect(await dispatcher.dispatch('getConnectionState', {}, { accountKey: 'demo' })).toEqual({ ok: true, value: { state: null } });
    expect(getConnectionState).toHaveBeenLastCalledWith({}, { accountKey: 'demo' });
    expect(await dispatcher.dispatch('getConnectionState', {}, { accountKey: 42 })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(await dispatcher.dispatch('getConnectionState', {}, { accountKey: 'demo', admin: true })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(getConnectionState).toHaveBeenCalledTimes(1);
  });
});

describe('core: account-scoped calls name their account', () => {
  it('answers a call that names the current account, and refuses one naming none or another as wrong-account', async () => {
    const core = await startDemo();
    expect(await core.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: 'demo' })).toMatchObject({ ok: true });
    for (const context of [undefined, {}, { accountKey: 'bar-pepe@pos.example.com' }]) {
      const refused = await core.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, context);
      expect(refused).toMatchObject({ ok: false, error: { kind: 'wrong-account' } });
    }
  });

  it('answers the account-independent operations without an account key', async () => {
    const core = await startDemo();
    expect(await core.dispatcher.dispatch('getAppInfo', {})).toMatchObject({ ok: true, value: { accountKey: 'demo' } });
    expect(await core.dispatcher.dispatch('getSettings', {})).toMatchObject({ ok: true });
    expect(await core.dispatcher.dispatch('testConnection', { account: { mode: 'demo' } })).toMatchObject({ ok: true });
  });

  it('a seating for the account the terminal left is refused, saved nowhere and never reaches a server', async () => {
    const pepe = fixture.track(await startSandbox({ port: 0, limits: LIFTED }));
    const core = await startDemo();
    const demoUrl = core.sandboxUrl!;
    const tableId = roomsOf(await core.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: 'demo' }))[0]!.tables[0]!.id;

    // Another window switches to another account; this one missed the event and still says "demo".
    const switched = await core.dispatcher.dispatch('saveSettings', {
      account: { mode: 'account', environment: 'custom', baseUrl: pepe.url, imagesUrl: pepe.url, tenant: 'demo' },
      syncEveryMinutes: 15,
      secrets: { accessToken: 'demo-token', integratorToken: 'demo-client' },
    });
    expect(switched).toMatchObject({ ok: true });
    const current = { call: (name: string, input: unknown = {}) => core.dispatcher.dispatch(name, input, { accountKey: core.accountKey }) };
    const before = await ledgerCount(pepe.url);
    const refused = await core.dispatcher.dispatch('seatService', seating([tableId]), { accountKey: 'demo' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'wrong-account' } });
    expect(refused.ok ? '' : refused.error.code).toBe('wrong-account');
    expect((await readQueue(current)).entries).toEqual([]);
    expect(await ledgerCount(pepe.url)).toBe(before);
    expect(demoUrl).not.toBe(pepe.url);

    // Naming the account now in use saves it, and its queue sends it to that account's server.
    const seated = await current.call('seatService', seating([tableId]));
    expect(seated, JSON.stringify(seated)).toMatchObject({ ok: true });
    await waitForQueue(
      current,
      (queue) => queue.entries.length === 2 && queue.entries.every((entry) => entry.attempts > 0 && entry.state !== 'sending'),
      'the seating tried',
    );
    expect(await ledgerCount(pepe.url)).toBeGreaterThan(before);
  }, 40_000);
});
