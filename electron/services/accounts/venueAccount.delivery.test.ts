// The core's issue-6 wiring, now through the main side's queue: an entry saved with
// seatService / submitEntry is delivered with no renderer, getConnectionState, and the connection
// probe that notices a server coming back without any vendor call.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent, ConnectionState } from '../../../shared/bridge';
import { startSandbox } from '../../sandbox';
import { bridgeValue, coreFixture, LIFTED, ROOMS_PAGE, roomsOf, seating, waitForQueue } from '../core.testing';
import { roundDraft } from '../queue/dispatcher.testing';

const fixture = coreFixture('comanda-core-delivery-');

function connectionStates(events: BridgeEvent[]): ConnectionState[] {
  return events.flatMap((event) => (event.type === 'connection' ? [event.state] : []));
}

/** Polls until the connection states in `events` (from index `from`) hold `state`; generous for a slow machine. */
async function waitForState(events: BridgeEvent[], state: ConnectionState, from = 0): Promise<void> {
  const started = Date.now();
  while (!connectionStates(events).slice(from).includes(state)) {
    if (Date.now() - started > 20_000) throw new Error(`no ${state} event; saw ${JSON.stringify(connectionStates(events))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('core: delivering queued entries and the connection', () => {
  it('the demo venue accepts a queued seating, and getConnectionState knows it is online', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const { core, events } = terminal;
    const table = roomsOf(await core.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: core.accountKey }))[0]!.tables[0]!.id;
    const seated = seating([table]);
    bridgeValue(await terminal.call('seatService', seated));
    const done = await waitForQueue(terminal, (queue) => queue.entries.every((entry) => entry.state === 'accepted'), 'the seating accepted');
    expect(done.entries.find((entry) => entry.id === seated.drafts[0]!.id)).toMatchObject({
      state: 'accepted',
      acceptedBy: 'server',
      orderId: expect.any(Number),
    });
    await waitForState(events, 'online');
    expect(await core.dispatcher.dispatch('getConnectionState', {}, { accountKey: core.accountKey })).toEqual({ ok: true, value: { state: 'online' } });
  });

  it('a malformed entry is refused by the bridge as invalid-input, and nothing is saved', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const draft = { ...roundDraft(null), request: { kind: 'order', order: { order: { total: 1 } } } };
    const refused = await terminal.call('submitEntry', { draft });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(bridgeValue<{ entries: unknown[] }>(await terminal.call('getQueue')).entries).toEqual([]);
  });

  it('with no vendor call at all, the probe sees the server missing, then back', async () => {
    const gone = await startSandbox({ port: 0, limits: LIFTED });
    const port = gone.port;
    await gone.close();
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    const terminal = await fixture.start({ mode: 'account', baseUrl: `http://127.0.0.1:${port}`, secrets });
    const { core, events } = terminal;
    await waitForState(events, 'offline');
    expect(await core.dispatcher.dispatch('getConnectionState', {}, { accountKey: core.accountKey })).toEqual({ ok: true, value: { state: 'offline' } });

    // Saved while offline; "Retry now" tries once anyway, and the answer says so without a throw.
    const takeaway = roundDraft(null);
    bridgeValue(await terminal.call('submitEntry', { draft: takeaway }));
    bridgeValue(await terminal.call('retryEntry', { entryId: takeaway.id }));
    const notSent = await waitForQueue(
      terminal,
      (queue) => queue.entries.some((entry) => entry.id === takeaway.id && entry.lastError !== null),
      'the takeaway tried',
    );
    expect(notSent.entries.find((entry) => entry.id === takeaway.id)).toMatchObject({
      state: 'queued',
      pending: 1,
      attempts: 1,
      lastError: { kind: 'not-sent:offline' },
    });

    const back = await startSandbox({ port, limits: LIFTED });
    try {
      await waitForState(events, 'online');
      expect(connectionStates(events)).toEqual(['offline', 'online']);
      // The connection's return drains the queue with no window asking.
      await waitForQueue(terminal, (queue) => !queue.entries.some((entry) => entry.id === takeaway.id), 'the takeaway accepted (no longer pending)');
    } finally {
      await back.close();
    }
  }, 40_000);
});
