import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryRequest, OutboxEntry } from '../../../shared/bridge';
import { openQueueDatabase } from './database';
import { pragmaValue } from './migrations';
import { createQueueStore, QueueConflictError, QueueInputError } from './store';
import { startStoreProcess, type StoreProcess } from './store.process.testing';
import { deliveryDraft, newService, queueStoreFixture, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

// The rules of the renderer outbox that came first (renderer/src/data/outbox.test.ts), now on the main
// side: the drafts come priced from the renderer, the store decides what is committed.

const fixture = queueStoreFixture();
const logLines: string[] = [];
const loggedFixture = queueStoreFixture({ log: (line) => logLines.push(line) });
const processes: StoreProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.kill()));
  fixture.cleanUp();
  loggedFixture.cleanUp();
  logLines.length = 0;
});

const loyalty = (request: DeliveryRequest) => {
  if (request.kind !== 'order') throw new Error('expected a loyalty order');
  return request.order;
};
const T = (id: number) => ({ id, name: `T${id}` });

/** What the dispatcher writes with an outcome (tests put entries in the state they need). */
const setState = (store: ReturnType<typeof fixture.open>['store'], id: string, patch: Partial<OutboxEntry>) => store.record(id, (e) => ({ ...e, ...patch }))!;

describe('seat', () => {
  it('commits the service, its seating and its first round in one go, with the next sequence numbers', () => {
    const { store } = fixture.open();
    const service = newService([T(5), T(6)], 3);
    const seating = seatingDraft(service, 2);
    const round = roundDraft(service);
    const seated = store.seat(service, [seating, round]);
    expect(seated.service).toEqual(service);
    expect(seated.entries.map((e) => [e.id, e.seq, e.kind, e.state, e.pending])).toEqual([
      [seating.id, 1, 'seating', 'queued', 1],
      [round.id, 2, 'round', 'queued', 1],
    ]);
    expect(seated.entries[0]).toMatchObject({
      tableIds: [5, 6],
      place: { kind: 'tables', names: ['T5', 'T6'] },
      totalCents: 500,
      attempts: 0,
      lastError: null,
      afterUnconfirmed: false,
      conflict: false,
      resolution: null,
    });
    expect(loyalty(seated.entries[1]!.request).order).toMatchObject({ table_id: 6, extraId: round.id });
    expect(store.snapshot()).toEqual({ revision: 1, services: [service], entries: seated.entries });
  });

  it("keeps a deposit's tender only when it says what the seating's Flow payments send", () => {
    const { store } = fixture.open();
    const service = newService([T(3)]);
    const draft = seatingDraft(service);
    if (draft.request.kind !== 'seating') throw new Error('expected a seating');
    const withDeposit = { ...draft, request: { ...draft.request, data: { ...draft.request.data, payments: [{ amount: '20.00', payment_method_id: 2 }] } } };
    const tender = { methodId: 2, methodName: 'Cash', amountCents: 2000, tipCents: 0 };
    expect(() => store.seat(service, [{ ...withDeposit, tender: { ...tender, amountCents: 1000 } }])).toThrow(QueueInputError);
    expect(() => store.seat(service, [{ ...draft, tender }])).toThrow(QueueInputError);
    expect(store.seat(service, [{ ...withDeposit, tender }]).entries[0]).toMatchObject({ tender: { methodName: 'Cash', amountCents: 2000 } });
  });

  it('refuses a table seated twice and a table already seated — and saves nothing then', () => {
    const { store } = fixture.open();
    const twice = { ...newService([T(1)]), tableIds: [1, 1], tableNames: ['T1', 'T1'] };
    expect(() => store.seat(twice, [seatingDraft(twice)])).toThrow(/twice/);
    const first = newService([T(1)]);
    store.seat(first, [seatingDraft(first)]);
    const second = newService([T(2), T(1)]);
    expect(() => store.seat(second, [seatingDraft(second)])).toThrow(QueueConflictError);
    expect(() => store.seat(second, [seatingDraft(second)])).toThrow(
      expect.objectContaining({ text: { code: 'tables-just-seated', params: { count: 1, tables: 'T1' } } }),
    );
    const snapshot = store.snapshot();
    expect(snapshot.entries).toHaveLength(1);
    expect(snapshot.services.map((s) => s.id)).toEqual([first.id]);
    expect(snapshot.revision).toBe(1);
  });

  it('seats a cleared table again', () => {
    const { store } = fixture.open();
    const first = newService([T(4)]);
    store.seat(first, [seatingDraft(first)]);
    expect(store.clearTable(first.id)).toBe(true);
    expect(store.clearTable(first.id)).toBe(false);
    const again = newService([T(4)]);
    expect(store.seat(again, [seatingDraft(again)]).service.id).toBe(again.id);
  });

  it('stores a seating submitted twice (its answer was lost) once', () => {
    const { store } = fixture.open();
    const service = newService([T(7)]);
    const drafts = [seatingDraft(service), roundDraft(service)];
    const first = store.seat(service, drafts);
    expect(store.seat(service, drafts)).toEqual(first);
    expect(store.pending()).toHaveLength(2);
    expect(store.revision()).toBe(1);
  });

  it('refuses drafts whose request does not agree with them', () => {
    const { store } = fixture.open();
    const service = newService([T(8)]);
    const seating = seatingDraft(service);
    const round = roundDraft(service);
    expect(() => store.seat(service, [{ ...seating, request: round.request }])).toThrow(QueueInputError);
    expect(() => store.seat(service, [round])).toThrow(/a seating comes first/);
    expect(() => store.seat(service, [{ ...seating, tableIds: [9] }])).toThrow(/other tables/);
    expect(() => store.seat(service, [seating, { ...round, serviceId: newService([T(8)]).id }])).toThrow(/another service/);
    store.seat(service, [seating]);
    expect(() => store.submit({ ...roundDraft(service), id: crypto.randomUUID() })).toThrow(/extraId must be its id/);
    expect(() => store.submit({ ...takeawayDraft('Ana'), kind: 'round' })).toThrow(/round belongs to a table service/);
    expect(() => store.submit({ ...takeawayDraft('Ana'), request: seating.request })).toThrow(/must send a loyalty order/);
    expect(() => store.submit(seatingDraft(service))).toThrow(/saved with its table service/);
    expect(store.pending()).toHaveLength(1);
  });
});

describe('rounds, takeaway and delivery', () => {
  it('takes a round only for an open service, aimed at its primary table', () => {
    const { store } = fixture.open();
    const service = newService([T(3)]);
    store.seat(service, [seatingDraft(service)]);
    const round = store.submit(roundDraft(service, 3));
    expect(round).toMatchObject({ kind: 'round', state: 'queued', seq: 2, tableIds: [3], serviceId: service.id, totalCents: 750 });
    expect(() => store.submit(roundDraft(newService([T(30)])))).toThrow(/table-cleared/);
    store.clearTable(service.id);
    expect(() => store.submit(roundDraft(service))).toThrow(expect.objectContaining({ text: { code: 'table-cleared' } }));
  });

  it('stores a draft submitted twice once and answers the stored entry', () => {
    const { store } = fixture.open();
    const draft = takeawayDraft('Marta');
    const first = store.submit(draft);
    fixture.tick();
    expect(store.submit(draft)).toEqual(first);
    expect(store.pending()).toHaveLength(1);
    expect(store.revision()).toBe(1);
  });

  it('keeps takeaways and deliveries without a table', () => {
    const { store } = fixture.open();
    const takeaway = store.submit(takeawayDraft('Marta'));
    const delivery = store.submit(deliveryDraft('600333444'));
    expect(takeaway).toMatchObject({ kind: 'takeaway', tableIds: [], serviceId: null, seq: 1 });
    expect(delivery).toMatchObject({ kind: 'delivery', tableIds: [], seq: 2 });
    expect(store.pending().map((e) => e.id)).toEqual([takeaway.id, delivery.id]);
    expect(store.get(delivery.id)).toEqual(delivery);
    expect(store.get(crypto.randomUUID())).toBeNull();
  });
});

describe('the dispatcher’s writes', () => {
  it('claims a queued entry once: sending, one more attempt, the time of the attempt', () => {
    const { store } = fixture.open();
    const entry = store.submit(takeawayDraft('Ona'));
    fixture.tick(5_000);
    const claimed = store.claim(entry.id);
    expect(claimed).toMatchObject({ state: 'sending', attempts: 1, lastAttemptAt: '2026-11-23T12:00:05.000Z', updatedAt: '2026-11-23T12:00:05.000Z' });
    expect(store.get(entry.id)).toEqual(claimed);
    expect(store.claim(entry.id)).toBeNull();
    expect(store.claim(crypto.randomUUID())).toBeNull();
    const other = store.submit(takeawayDraft('Pol'));
    store.discard(other.id);
    expect(store.claim(other.id)).toBeNull();
  });

  it('records an outcome in one write and refuses an update that changes the entry’s id or place', () => {
    const { store } = fixture.open();
    const entry = store.submit(takeawayDraft('Ona'));
    store.claim(entry.id);
    const accepted = store.record(entry.id, (e) => ({ ...e, state: 'accepted', pending: 0, orderId: 77, acceptedBy: 'server' }));
    expect(accepted).toMatchObject({ state: 'accepted', pending: 0, orderId: 77 });
    expect(store.pending()).toEqual([]);
    expect(store.record(crypto.randomUUID(), (e) => e)).toBeNull();
    expect(() => store.record(entry.id, (e) => ({ ...e, seq: 99 }))).toThrow(/id or seq/);
    expect(store.get(entry.id)).toEqual(accepted);
  });

  it('makes every entry found sending at start-up unconfirmed', () => {
    const { store } = fixture.open();
    const a = store.submit(takeawayDraft('A'));
    const b = store.submit(takeawayDraft('B'));
    store.claim(a.id);
    expect(store.recoverInterrupted({ code: 'order-interrupted' })).toBe(1);
    expect(store.get(a.id)).toMatchObject({ state: 'unconfirmed', afterUnconfirmed: true, lastError: { kind: 'unknown', code: 'order-interrupted' } });
    expect(store.get(b.id)).toMatchObject({ state: 'queued' });
    expect(store.recoverInterrupted({ code: 'order-interrupted' })).toBe(0);
  });
});

describe('waiter decisions', () => {
  it('retries only queued entries and forgets their Retry-After wait', () => {
    const { store } = fixture.open();
    const entry = store.submit(takeawayDraft('Ana'));
    setState(store, entry.id, { retryAt: '2026-11-23T12:05:00.000Z' });
    expect(store.retry(entry.id)).toMatchObject({ state: 'queued', retryAt: null });
    setState(store, entry.id, { state: 'unconfirmed' });
    expect(() => store.retry(entry.id)).toThrow(
      expect.objectContaining({ text: { code: 'entry-changed' }, detail: 'cannot be retried now: it is unconfirmed' }),
    );
  });

  it('resends only unconfirmed entries, marks done and discards with the state checked', () => {
    const { store } = fixture.open();
    const service = newService([T(9)]);
    const {
      entries: [seating],
    } = store.seat(service, [seatingDraft(service)]);
    expect(() => store.resend(seating!.id)).toThrow(/cannot be resent now: it is queued/);
    setState(store, seating!.id, { state: 'unconfirmed' });
    store.resend(seating!.id);
    expect(store.get(seating!.id)).toMatchObject({ state: 'queued', afterUnconfirmed: true, pending: 1 });
    setState(store, seating!.id, { state: 'unconfirmed' });
    store.markDone(seating!.id);
    expect(store.get(seating!.id)).toMatchObject({ pending: 0, resolution: 'marked-done' });
    expect(() => store.discard(seating!.id)).toThrow(/no longer pending/);
    expect(() => store.markDone(crypto.randomUUID())).toThrow(expect.objectContaining({ text: { code: 'entry-not-in-queue' } }));

    // Discarding the only entry of a service frees its table.
    const other = newService([T(10)]);
    const {
      entries: [otherSeating],
    } = store.seat(other, [seatingDraft(other)]);
    store.discard(otherSeating!.id);
    const services = store.snapshot().services;
    expect(services.map((s) => s.id)).toEqual([service.id]);
    const again = newService([T(10)]);
    expect(() => store.seat(again, [seatingDraft(again)])).not.toThrow();
  });

  it('keeps a service open when a discarded seating was followed by a round', () => {
    const { store } = fixture.open();
    const service = newService([T(11)]);
    const {
      entries: [seating],
    } = store.seat(service, [seatingDraft(service), roundDraft(service)]);
    store.discard(seating!.id);
    expect(store.snapshot().services.map((s) => s.id)).toEqual([service.id]);
  });

  it('resolves a seating conflict by sending its items as a round, or by moving it to another table', () => {
    const { store } = fixture.open();
    const first = newService([T(4)]);
    const {
      entries: [firstSeating],
    } = store.seat(first, [seatingDraft(first, 2)]);
    expect(() => store.sendSeatingAsRound(firstSeating!.id, roundDraft(first, 2))).toThrow(
      expect.objectContaining({ text: { code: 'seating-not-in-conflict' } }),
    );
    setState(store, firstSeating!.id, { state: 'rejected', conflict: true });
    const asRound = roundDraft(first, 2);
    expect(store.sendSeatingAsRound(firstSeating!.id, asRound)).toMatchObject({ state: 'rejected', pending: 0, resolution: 'sent-as-round' });
    const ofFirst = store.snapshot().entries.filter((e) => e.serviceId === first.id);
    expect(ofFirst.map((e) => [e.kind, e.state, e.resolution])).toEqual([
      ['seating', 'rejected', 'sent-as-round'],
      ['round', 'queued', null],
    ]);
    expect(loyalty(ofFirst[1]!.request).order).toMatchObject({ table_id: 4, total: '5.00' });

    const second = newService([T(7)], 4);
    const {
      entries: [secondSeating],
    } = store.seat(second, [seatingDraft(second)]);
    const round = store.submit(roundDraft(second));
    setState(store, secondSeating!.id, { state: 'rejected', conflict: true });
    const busy = newService([T(12)]);
    store.seat(busy, [seatingDraft(busy)]);
    const movedService = { ...second, tableIds: [8], primaryTableId: 8, tableNames: ['T8'] };
    expect(() => store.moveSeating(secondSeating!.id, [T(12)], seatingDraft({ ...second, tableIds: [12], primaryTableId: 12, tableNames: ['T12'] }))).toThrow(
      expect.objectContaining({ text: { code: 'tables-already-seated', params: { count: 1, tables: 'T12' } } }),
    );
    expect(() => store.moveSeating(secondSeating!.id, [], seatingDraft(movedService))).toThrow(expect.objectContaining({ text: { code: 'choose-a-table' } }));
    const newSeating = seatingDraft(movedService);
    expect(store.moveSeating(secondSeating!.id, [T(8)], newSeating)).toMatchObject({ pending: 0, resolution: 'moved' });
    expect(store.snapshot().services.find((s) => s.id === second.id)).toMatchObject({ tableIds: [8], primaryTableId: 8, tableNames: ['T8'] });
    const moved = store.get(round.id);
    expect(moved).toMatchObject({ tableIds: [8], place: { kind: 'tables', names: ['T8'] } });
    expect(loyalty(moved!.request).order.table_id).toBe(8);
    const seatings = store.pending().filter((e) => e.serviceId === second.id && e.kind === 'seating');
    expect(seatings.map((s) => s.request.kind === 'seating' && s.request.data.table_id)).toEqual([[8]]);
    expect(seatings[0]!.id).toBe(newSeating.id);
    // T7 is free again, T8 is not.
    const atSeven = newService([T(7)]);
    expect(() => store.seat(atSeven, [seatingDraft(atSeven)])).not.toThrow();
    const atEight = newService([T(8)]);
    expect(() => store.seat(atEight, [seatingDraft(atEight)])).toThrow(QueueConflictError);
  });

  it('exports the pending entries as JSON', () => {
    const { store } = fixture.open();
    store.submit(takeawayDraft('Lia'));
    const exported = JSON.parse(store.exportPending('demo')) as { account: string; count: number; entries: Array<{ place: unknown }> };
    expect(exported).toMatchObject({ account: 'demo', count: 1 });
    expect(exported.entries[0]!.place).toEqual({ kind: 'takeaway', customer: 'Lia' });
  });
});

describe('revision and change listeners', () => {
  it('grows by one per committed change and tells the listeners after the commit — not for refusals or no-ops', () => {
    const { store } = fixture.open();
    const seen: Array<[number, number]> = [];
    const stop = store.onChange((revision) => seen.push([revision, store.revision()]));
    const entry = store.submit(takeawayDraft('Ana'));
    store.claim(entry.id);
    store.claim(entry.id); // already sending: nothing written
    expect(() => store.resend(entry.id)).toThrow(QueueInputError);
    expect(store.clearTable(crypto.randomUUID())).toBe(false);
    expect(seen).toEqual([
      [1, 1],
      [2, 2],
    ]);
    stop();
    store.recoverInterrupted({ code: 'order-interrupted' });
    expect(seen).toHaveLength(2);
    expect(store.revision()).toBe(3);
  });

  it('keeps going when a listener throws', () => {
    const { store } = loggedFixture.open();
    store.onChange(() => {
      throw new Error('boom');
    });
    const after = vi.fn();
    store.onChange(after);
    store.submit(takeawayDraft('Ana'));
    expect(after).toHaveBeenCalledWith(1);
    expect(logLines).toEqual([expect.stringContaining('listener failed')]);
  });
});

describe('hand-over of an old outbox (import)', () => {
  it('keeps the given order after our entries, skips ids already here, and a repeat duplicates nothing', () => {
    const { store: old } = fixture.open();
    const service = newService([T(2)]);
    old.seat(service, [seatingDraft(service)]);
    old.submit(roundDraft(service));
    const inFlight = old.submit(takeawayDraft('Old'));
    old.claim(inFlight.id);
    const oldEntries = old.snapshot().entries;

    const { store } = fixture.open();
    const ours = store.submit(takeawayDraft('New'));
    const given = [...oldEntries].reverse(); // order by seq, not by position
    expect(store.importEntries(given, [service])).toEqual({ entries: 3, services: 1, skipped: 0 });
    const pending = store.pending();
    expect(pending.map((e) => [e.id, e.seq])).toEqual([
      [ours.id, 1],
      [oldEntries[0]!.id, 2],
      [oldEntries[1]!.id, 3],
      [inFlight.id, 4],
    ]);
    // Its old outbox stopped mid-send: nobody knows whether it arrived.
    expect(store.get(inFlight.id)).toMatchObject({ state: 'unconfirmed', afterUnconfirmed: true, lastError: { kind: 'unknown' } });
    expect(store.snapshot().services).toEqual([service]);

    const revision = store.revision();
    expect(store.importEntries(given, [service])).toEqual({ entries: 0, services: 0, skipped: 4 });
    expect(store.pending()).toEqual(pending);
    expect(store.revision()).toBe(revision);
  });

  it('keeps a handed-over service closed when its table was seated here meanwhile', () => {
    const { store } = fixture.open();
    const here = newService([T(6)]);
    store.seat(here, [seatingDraft(here)]);
    const old = newService([T(6)]);
    expect(store.importEntries([], [old])).toEqual({ entries: 0, services: 1, skipped: 0 });
    expect(store.snapshot().services.map((s) => s.id)).toEqual([here.id]);
  });
});

describe('durability and several connections', () => {
  it('commits through a WAL synced at every commit (synchronous FULL)', () => {
    const file = join(fixture.folder(), 'durable.sqlite');
    const db = openQueueDatabase(file);
    expect(pragmaValue(db, 'journal_mode')).toBe('wal');
    expect(pragmaValue(db, 'synchronous')).toBe(2); // FULL
    const store = createQueueStore(db, { now: () => new Date() });
    store.submit(takeawayDraft('Ana'));
    expect(existsSync(`${file}-wal`)).toBe(true);
    // Another connection sees the commit at once: it is in the file's WAL, not in a buffer.
    expect(fixture.open(file).store.pending()).toHaveLength(1);
    store.close();
  });

  it('two stores on one file: a table seated by one is refused to the other (the transaction decides)', () => {
    const { store: first, file } = fixture.open();
    const { store: second } = fixture.open(file);
    const a = newService([T(5)]);
    const b = newService([T(5)]);
    first.seat(a, [seatingDraft(a)]);
    expect(() => second.seat(b, [seatingDraft(b)])).toThrow(
      expect.objectContaining({ text: { code: 'tables-just-seated', params: { count: 1, tables: 'T5' } } }),
    );
    expect(second.snapshot().services.map((s) => s.id)).toEqual([a.id]);
    expect(second.revision()).toBe(first.revision());
  });

  it('two processes seating the same free tables at the same moment: each table is seated exactly once', async () => {
    const file = join(fixture.folder(), 'race.sqlite');
    fixture.open(file); // migrated before the race
    const racers = await Promise.all([startStoreProcess(file), startStoreProcess(file)]);
    processes.push(...racers);
    const tables = Array.from({ length: 20 }, (_, i) => 100 + i);
    for (const tableId of tables) {
      const answers = await Promise.all(racers.map((racer) => racer.ask({ op: 'seat', tableId })));
      const won = answers.filter((a) => 'won' in a && a.won);
      expect(won, `table ${tableId}: ${JSON.stringify(answers)}`).toHaveLength(1);
      const lost = answers.find((a) => 'won' in a && !a.won) as { message: string };
      expect(lost.message).toBe('QueueConflictError: tables-just-seated');
    }
    const { store } = fixture.open(file);
    const seated = store.snapshot().services.flatMap((s) => s.tableIds);
    expect(seated.sort()).toEqual(tables);
  });

  it('keeps every committed entry when its process is killed (SIGKILL, no close)', async () => {
    const file = join(fixture.folder(), 'crash.sqlite');
    const child = await startStoreProcess(file);
    processes.push(child);
    const answer = (await child.ask({ op: 'takeaways', count: 5 })) as { ids: string[] };
    await child.kill();
    const { store } = fixture.open(file);
    expect(store.pending().map((e) => e.id)).toEqual(answer.ids);
    expect(store.revision()).toBe(5);
  });
});
