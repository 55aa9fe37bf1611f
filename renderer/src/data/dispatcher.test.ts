import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../shared/bridge';
import type { CatalogDb } from './catalogDb';
import { applyOutcome, outcomeOfBridgeError, sendableEntries, startDispatcher, type Dispatcher } from './dispatcher';
import { openOutbox, queuedEntry } from './outbox';
import type { OutboxEntry } from './outboxDb';
import { demoCatalogDb, demoLines, scriptedBridge, testOutboxDb } from './outboxTesting';
import type { Outbox } from './outboxTypes';

const AT = new Date('2026-11-22T12:00:00Z');

function entry(fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'id' | 'seq'>): OutboxEntry {
  const draft = {
    id: fields.id,
    kind: 'round' as const,
    tableIds: [],
    label: '',
    serviceId: null,
    request: { kind: 'seating' as const, data: { customer: null, table_id: [1], guests: 1, contents: null, payments: null } },
    lines: [],
    summary: '',
    totalCents: 0,
  };
  return { ...queuedEntry(draft, fields.seq, AT.toISOString()), ...fields };
}

describe('sendableEntries', () => {
  const pick = (pending: OutboxEntry[], capacity = 10, inFlight: string[] = []) =>
    sendableEntries(pending, { inFlight: new Set(inFlight), now: AT.getTime(), capacity }).map((e) => e.id);

  it('keeps per-table order: a round never overtakes its table’s seating; other tables and takeaways go', () => {
    const pending = [
      entry({ id: 'seat-5', seq: 1, kind: 'seating', tableIds: [5, 6] }),
      entry({ id: 'round-6', seq: 2, tableIds: [6] }),
      entry({ id: 'round-7', seq: 3, tableIds: [7] }),
      entry({ id: 'takeaway', seq: 4, kind: 'takeaway', tableIds: [] }),
      entry({ id: 'round-7b', seq: 5, tableIds: [7] }),
    ];
    expect(pick(pending)).toEqual(['seat-5', 'round-7', 'takeaway']);
    expect(pick(pending, 2)).toEqual(['seat-5', 'round-7']);
    // While the seating is in flight (sending), its tables stay held.
    expect(pick([{ ...pending[0]!, state: 'sending' }, ...pending.slice(1)], 10, ['seat-5'])).toEqual(['round-7', 'takeaway']);
  });

  it('holds a table’s rounds behind a seating that needs a person, but not behind an unconfirmed round', () => {
    expect(pick([entry({ id: 's', seq: 1, kind: 'seating', state: 'unconfirmed', tableIds: [2] }), entry({ id: 'r', seq: 2, tableIds: [2] })])).toEqual([]);
    expect(pick([entry({ id: 's', seq: 1, kind: 'seating', state: 'rejected', conflict: true, tableIds: [2] }), entry({ id: 'r', seq: 2, tableIds: [2] })])).toEqual([]);
    expect(pick([entry({ id: 'r1', seq: 1, state: 'unconfirmed', tableIds: [2] }), entry({ id: 'r2', seq: 2, tableIds: [2] })])).toEqual(['r2']);
  });

  it('waits for Retry-After, and a waiting entry still holds the ones behind it', () => {
    const later = new Date(AT.getTime() + 5_000).toISOString();
    expect(pick([entry({ id: 'a', seq: 1, tableIds: [3], retryAt: later }), entry({ id: 'b', seq: 2, tableIds: [3] }), entry({ id: 'c', seq: 3, tableIds: [4] })])).toEqual(['c']);
  });
});

describe('applyOutcome', () => {
  const queued = entry({ id: 'e', seq: 1, state: 'sending', attempts: 1 });

  it('records every outcome as ARCHITECTURE §5 says', () => {
    expect(applyOutcome(queued, { outcome: 'accepted', orderId: 42 }, AT)).toMatchObject({ state: 'accepted', pending: 0, orderId: 42, acceptedBy: 'server' });
    expect(applyOutcome(queued, { outcome: 'not-sent', reason: 'offline', message: 'Cannot reach' }, AT)).toMatchObject({ state: 'queued', pending: 1, retryAt: null, lastError: { kind: 'not-sent:offline' } });
    expect(applyOutcome(queued, { outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 7, message: '429' }, AT)).toMatchObject({ state: 'queued', retryAt: '2026-11-22T12:00:07.000Z' });
    expect(applyOutcome(queued, { outcome: 'rejected', code: 'invalid', message: 'The total does not match' }, AT)).toMatchObject({ state: 'rejected', pending: 1, lastError: { message: 'The total does not match' } });
    expect(applyOutcome(queued, { outcome: 'unknown', message: 'reset' }, AT)).toMatchObject({ state: 'unconfirmed', pending: 1, afterUnconfirmed: true });
  });

  it('takes "table already has an open order" as evidence only right after an unconfirmed attempt', () => {
    const busy = { outcome: 'table-busy', message: 'Table 5 already has an open order' } as const;
    expect(applyOutcome({ ...queued, kind: 'seating' }, busy, AT)).toMatchObject({ state: 'rejected', conflict: true, pending: 1 });
    expect(applyOutcome({ ...queued, kind: 'seating', afterUnconfirmed: true }, busy, AT)).toMatchObject({ state: 'accepted', pending: 0, acceptedBy: 'open-order-evidence' });
  });

  it('keeps a call that never reached the main side queued; only a failure after it could have sent is unknown', () => {
    for (const kind of ['unreachable', 'forbidden', 'wrong-account'] as const) {
      expect(outcomeOfBridgeError(new BridgeError({ kind, message: 'm' }))).toMatchObject({ outcome: 'not-sent', reason: 'not-reached', retryAfterSeconds: expect.any(Number) });
    }
    expect(applyOutcome(queued, outcomeOfBridgeError(new BridgeError({ kind: 'unreachable', message: 'Not answering.' })), AT)).toMatchObject({
      state: 'queued',
      retryAt: '2026-11-22T12:00:05.000Z',
      lastError: { kind: 'not-sent:not-reached', message: 'Not answering. The order did not leave this terminal; it is tried again in 5 s.' },
    });
    expect(outcomeOfBridgeError(new BridgeError({ kind: 'invalid-input', message: 'bad' }))).toMatchObject({ outcome: 'rejected' });
    expect(outcomeOfBridgeError(new BridgeError({ kind: 'internal', message: 'switched while loading' }))).toMatchObject({ outcome: 'unknown' });
    expect(outcomeOfBridgeError(new Error('?'))).toMatchObject({ outcome: 'unknown' });
  });
});

describe('the dispatcher', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  async function setup(): Promise<{ outbox: Outbox; bridge: ReturnType<typeof scriptedBridge>; catalog: CatalogDb }> {
    const catalog = await demoCatalogDb();
    const bridge = scriptedBridge();
    const outbox = openOutbox({ accountKey: 't', db: testOutboxDb(), bridge, catalogDb: () => catalog, dispatch: false });
    cleanup.push(async () => {
      outbox.close();
      await outbox.db.delete();
      await catalog.delete();
    });
    return { outbox, bridge, catalog };
  }

  function run(outbox: Outbox, bridge: ReturnType<typeof scriptedBridge>): Dispatcher {
    const dispatcher = startDispatcher({ db: outbox.db, bridge });
    cleanup.unshift(async () => dispatcher.stop());
    return dispatcher;
  }

  it('commits "sending" before the request leaves, then the outcome; a table’s round waits for its seating', async () => {
    const { outbox, bridge } = await setup();
    const { seating, service } = await outbox.seat({ tables: [{ id: 1, name: 'T1' }], guests: 2, customer: null, notes: '' });
    const round = await outbox.sendRound({ serviceId: service.id, lines: [demoLines.cana()] });
    run(outbox, bridge);
    await bridge.waitForCalls(1);
    expect(bridge.calls[0]!.request).toEqual(seating.request);
    expect(await outbox.db.entries.get(seating.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(bridge.calls).toHaveLength(1); // the round waits
    bridge.calls[0]!.answer({ outcome: 'accepted', orderId: 100 });
    await bridge.waitForCalls(2);
    expect(bridge.calls[1]!.request).toEqual(round.request);
    expect(await outbox.db.entries.get(seating.id)).toMatchObject({ state: 'accepted', orderId: 100, pending: 0 });
    bridge.calls[1]!.answer({ outcome: 'accepted', orderId: 100 });
    await expect.poll(async () => (await outbox.db.entries.get(round.id))?.state).toBe('accepted');
  });

  it('keeps an entry queued while offline and sends it when the connection returns', async () => {
    const { outbox, bridge } = await setup();
    const takeaway = await outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] });
    run(outbox, bridge);
    await bridge.waitForCalls(1);
    bridge.calls[0]!.answer({ outcome: 'not-sent', reason: 'offline', message: 'Cannot reach the server' });
    await expect.poll(async () => (await outbox.db.entries.get(takeaway.id))?.state).toBe('queued');
    await new Promise((done) => setTimeout(done, 50));
    expect(bridge.calls).toHaveLength(1); // not retried while offline
    bridge.emit({ type: 'connection', state: 'online', at: AT.toISOString() });
    await bridge.waitForCalls(2);
    bridge.calls[1]!.answer({ outcome: 'accepted', orderId: 7 });
    await expect.poll(async () => (await outbox.db.entries.get(takeaway.id))?.state).toBe('accepted');
    expect(await outbox.db.entries.get(takeaway.id)).toMatchObject({ attempts: 2, orderId: 7 });
  });

  it('never resends an unconfirmed entry by itself; an entry left "sending" by a stopped terminal becomes unconfirmed', async () => {
    const { outbox, bridge } = await setup();
    const first = await outbox.sendTakeaway({ name: 'A', lines: [demoLines.cana()] });
    const firstRun = run(outbox, bridge);
    await bridge.waitForCalls(1);
    firstRun.stop(); // the terminal stops mid-request: its answer is never recorded
    bridge.calls[0]!.answer({ outcome: 'accepted', orderId: 1 });
    expect(await outbox.db.entries.get(first.id)).toMatchObject({ state: 'sending' });

    const second = run(outbox, bridge);
    await second.ready;
    expect(await outbox.db.entries.get(first.id)).toMatchObject({ state: 'unconfirmed', pending: 1 });
    const next = await outbox.sendTakeaway({ name: 'B', lines: [demoLines.cana()] });
    second.kick();
    await bridge.waitForCalls(2);
    expect(bridge.calls[1]!.request).toEqual(next.request);
    bridge.calls[1]!.answer({ outcome: 'unknown', message: 'The connection broke' });
    await expect.poll(async () => (await outbox.db.entries.get(next.id))?.state).toBe('unconfirmed');
    second.kick();
    await second.idle();
    expect(bridge.calls).toHaveLength(2);
  });
});
