// The core's issue-6 wiring: deliverOrder through the dispatcher, getConnectionState, and the
// connection probe that notices a server coming back without any vendor call.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent, ConnectionState } from '../../shared/bridge';
import { startSandbox } from '../sandbox';
import { coreFixture, LIFTED } from './core.testing';

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

describe('core: deliverOrder and the connection', () => {
  it('the demo venue accepts a delivered seating, and getConnectionState knows it is online', async () => {
    const { core, events } = await fixture.start({ mode: 'demo' });
    const rooms = await core.dispatcher.dispatch('listRooms', {}, { accountKey: core.accountKey });
    if (!rooms.ok) throw new Error(JSON.stringify(rooms.error));
    const table = (rooms.value as { rooms: { tables: { id: number }[] }[] }).rooms[0]!.tables[0]!.id;
    const outcome = await core.dispatcher.dispatch('deliverOrder', {
      kind: 'seating',
      data: { customer: null, table_id: [table], guests: 2, contents: null, payments: null },
    }, { accountKey: core.accountKey });
    expect(outcome).toMatchObject({ ok: true, value: { outcome: 'accepted' } });
    await waitForState(events, 'online');
    expect(await core.dispatcher.dispatch('getConnectionState', {}, { accountKey: core.accountKey })).toEqual({ ok: true, value: { state: 'online' } });
  });

  it('a malformed delivery is refused by the bridge as invalid-input, not sent', async () => {
    const { core } = await fixture.start({ mode: 'demo' });
    const refused = await core.dispatcher.dispatch('deliverOrder', { kind: 'order', order: { order: { total: 1 } } }, { accountKey: core.accountKey });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('with no vendor call at all, the probe sees the server missing, then back', async () => {
    const gone = await startSandbox({ port: 0, limits: LIFTED });
    const port = gone.port;
    await gone.close();
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    const { core, events } = await fixture.start({ mode: 'account', baseUrl: `http://127.0.0.1:${port}`, secrets });
    await waitForState(events, 'offline');
    expect(await core.dispatcher.dispatch('getConnectionState', {}, { accountKey: core.accountKey })).toEqual({ ok: true, value: { state: 'offline' } });

    const back = await startSandbox({ port, limits: LIFTED });
    try {
      await waitForState(events, 'online');
      expect(connectionStates(events)).toEqual(['offline', 'online']);
    } finally {
      await back.close();
    }
    // Offline, delivering an order says so without a throw.
    const outcome = await core.dispatcher.dispatch('deliverOrder', {
      kind: 'order',
      order: { order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }], extraId: 'e-1' } },
    }, { accountKey: core.accountKey });
    expect(outcome).toMatchObject({ ok: true, value: { outcome: 'not-sent', reason: 'offline' } });
  }, 40_000);
});
