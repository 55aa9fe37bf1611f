// The order queue lives in the core. Seating through the bridge reaches the
// vendor with no renderer at all, survives a restart on the same data folder, announces its
// changes as `queue-changed` events, and a table seated twice comes back as a typed conflict.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge';
import { startSandbox } from '../../sandbox';
import { DEMO_ROOMS } from '../../sandbox/seed';
import { bridgeValue, coreFixture, ROOMS_PAGE, roomsOf, LIFTED, readQueue, seating, waitForQueue, type TestCore } from '../core.testing';
import { roundDraft } from '../queue/dispatcher.testing';

const fixture = coreFixture('comanda-core-queue-');

async function ledger(sandboxUrl: string): Promise<Array<{ kind: string; payload: unknown }>> {
  const response = await fetch(`${sandboxUrl}/__sandbox/ledger`);
  return ((await response.json()) as { entries: Array<{ kind: string; payload: unknown }> }).entries;
}

async function firstTable(terminal: TestCore): Promise<number> {
  const rooms = roomsOf(await terminal.call('fetchSyncPages', ROOMS_PAGE));
  return rooms[0]!.tables[0]!.id;
}

const queueEvents = (events: BridgeEvent[]) => events.flatMap((event) => (event.type === 'queue-changed' ? [event.revision] : []));

describe('core: the order queue on the main side', () => {
  it('a seating committed through the bridge reaches the demo venue with no renderer, and events follow it', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const table = await firstTable(terminal);
    const { service, drafts } = seating([table]);

    const seated = bridgeValue<{ entries: Array<{ state: string; seq: number }> }>(await terminal.call('seatService', { service, drafts }));
    // "Saved": committed before the answer, in the account's database under <dataDir>/queue/.
    expect(seated.entries.map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(existsSync(join(terminal.dataDir, 'queue'))).toBe(true);

    const done = await waitForQueue(terminal, (queue) => queue.entries.every((entry) => entry.state === 'accepted'), 'both entries accepted');
    expect(done.services.map((open) => open.id)).toEqual([service.id]);
    expect(done.entries.map((entry) => [entry.kind, entry.acceptedBy])).toEqual([
      ['seating', 'server'],
      ['round', 'server'],
    ]);

    const received = await ledger(terminal.core.sandboxUrl!);
    expect(received.map((order) => order.kind)).toEqual(['flow', 'loyalty']);

    // Every committed change is announced; the last event carries the queue's current revision.
    await expect.poll(() => queueEvents(terminal.events).at(-1), { timeout: 5_000 }).toBe(done.revision);
    const revisions = queueEvents(terminal.events);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
  }, 40_000);

  it('a table seated twice is refused as a conflict a waiter can read, and nothing of the second is saved', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const table = await firstTable(terminal);
    bridgeValue(await terminal.call('seatService', seating([table])));

    const second = seating([table]);
    const refused = await terminal.call('seatService', second);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'tables-just-seated' } });
    const queue = await readQueue(terminal);
    expect(queue.services.map((open) => open.id)).not.toContain(second.service.id);
    expect(queue.entries.map((entry) => entry.id)).not.toContain(second.drafts[0]!.id);
  });

  it('a queue call naming another account does nothing (wrong-account)', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const refused = await terminal.core.dispatcher.dispatch('seatService', seating([1]), { accountKey: 'bar-pepe@pos.example.com' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'wrong-account' } });
    expect((await readQueue(terminal)).entries).toEqual([]);
  });

  it('each account has its own queue: a switch closes the old one, and switching back finds it as it was', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const table = await firstTable(terminal);
    const seated = seating([table]);
    const { service } = seated;
    bridgeValue(await terminal.call('seatService', seated));
    await waitForQueue(terminal, (queue) => queue.entries.every((entry) => entry.state === 'accepted'), 'demo seating accepted');

    const other = fixture.track(await startSandbox({ port: 0, limits: LIFTED }));
    const account = { mode: 'account', environment: 'custom', baseUrl: other.url, imagesUrl: other.url, tenant: 'demo' };
    bridgeValue(await terminal.call('saveSettings', { account, syncEveryMinutes: 15, secrets: { accessToken: 'demo-token', integratorToken: 'demo-client' } }));
    expect(terminal.core.accountKey).not.toBe('demo');
    expect(await readQueue(terminal)).toMatchObject({ services: [], entries: [] });

    bridgeValue(await terminal.call('saveSettings', { account: { mode: 'demo' }, syncEveryMinutes: 15 }));
    const back = await readQueue(terminal);
    expect(back.services.map((open) => open.id)).toEqual([service.id]);
    expect(back.entries.map((entry) => entry.state)).toEqual(['accepted', 'accepted']);
  }, 40_000);

  it('new settings for the same account (another image storage) keep its queue: the old dispatcher stops, the new one drains', async () => {
    const server = fixture.track(await startSandbox({ port: 0, limits: LIFTED }));
    const terminal = await fixture.start({
      mode: 'account',
      baseUrl: server.url,
      secrets: { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' },
    });
    const [first, second] = DEMO_ROOMS[0]!.tables!.map((table) => table.id);
    const before = seating([first!]);
    bridgeValue(await terminal.call('seatService', before));
    await waitForQueue(terminal, (queue) => queue.entries.every((entry) => entry.state === 'accepted'), 'first seating accepted');

    const key = terminal.core.accountKey;
    const account = { mode: 'account', environment: 'custom', baseUrl: server.url, imagesUrl: `${server.url}/photos`, tenant: 'demo' };
    bridgeValue(await terminal.call('saveSettings', { account, syncEveryMinutes: 15 }));
    expect(terminal.core.accountKey).toBe(key);

    bridgeValue(await terminal.call('seatService', seating([second!])));
    const after = await waitForQueue(
      terminal,
      (queue) => queue.entries.length === 4 && queue.entries.every((entry) => entry.state === 'accepted'),
      'both seatings accepted',
    );
    expect(after.services).toHaveLength(2);
    expect(after.entries.filter((entry) => entry.attempts !== 1)).toEqual([]);
  }, 40_000);

  it('entries saved while the server is away survive a restart on the same data folder and are delivered when it returns', async () => {
    const gone = await startSandbox({ port: 0, limits: LIFTED });
    const port = gone.port;
    await gone.close();
    const account = {
      mode: 'account' as const,
      baseUrl: `http://127.0.0.1:${port}`,
      secrets: { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' },
    };

    const first = await fixture.start(account);
    const { service, drafts } = seating([DEMO_ROOMS[0]!.tables![0]!.id]);
    bridgeValue(await first.call('seatService', { service, drafts }));
    const takeaway = roundDraft(null);
    bridgeValue(await first.call('submitEntry', { draft: takeaway }));
    const before = await readQueue(first);
    await first.core.close();

    // A second core on the same data folder: the durable queue, as it was.
    const second = await fixture.start(account, first.dataDir);
    const after = await readQueue(second);
    expect(after.entries.map((entry) => entry.id)).toEqual(before.entries.map((entry) => entry.id));
    expect(after.entries.every((entry) => entry.pending === 1 && entry.state !== 'accepted')).toBe(true);
    expect(after.services.map((open) => open.id)).toEqual([service.id]);

    const back = fixture.track(await startSandbox({ port, limits: LIFTED }));
    // Nothing pending any more: the takeaway, accepted, leaves the snapshot; the table's entries stay with its open service.
    const delivered = await waitForQueue(second, (queue) => queue.entries.every((entry) => entry.pending === 0), 'delivered after the server returned');
    expect(delivered.entries.map((entry) => [entry.kind, entry.state])).toEqual([
      ['seating', 'accepted'],
      ['round', 'accepted'],
    ]);
    expect((await ledger(back.url)).map((order) => order.kind).sort()).toEqual(['flow', 'loyalty', 'loyalty']);
  }, 60_000);
});
