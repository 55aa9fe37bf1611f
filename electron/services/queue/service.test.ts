import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TableService } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { openQueueDatabase, queueDatabaseFile } from './database';
import { pragmaValue, type QueueDb } from './migrations';
import { canaLine } from './store.testing';
import { fakeConnection, roundDraft, scriptedDelivery, seatingDraft } from './dispatcher.testing';
import { coalesce, explainQueueError, openQueueService, type QueueChange, type QueueService, type QueueServiceOptions } from './service';
import { QueueConflictError, QueueInputError } from './store';

const opened: QueueService[] = [];
const folders: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((service) => service.close()));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'comanda-queue-service-'));
  folders.push(dir);
  return dir;
}

function open(options: Partial<QueueServiceOptions> & { dataDir: string }): QueueService {
  const service = openQueueService({
    accountKey: 'demo',
    deliver: scriptedDelivery().deliver,
    connection: fakeConnection('online'),
    ...options,
  });
  opened.push(service);
  return service;
}

function tableService(tableIds: number[]): TableService {
  return {
    id: randomUUID(),
    tableIds,
    primaryTableId: tableIds.at(-1)!,
    tableNames: tableIds.map((id) => `${id}`),
    guests: 2,
    customer: null,
    notes: '',
    seatedAt: '2026-11-22T12:00:00.000Z',
    open: 1,
    closedAt: null,
  };
}

const seat = (tableIds: number[]) => {
  const service = tableService(tableIds);
  return { service, drafts: [seatingDraft(tableIds, { serviceId: service.id })] };
};

describe('the queue service', () => {
  it('keeps its database under <dataDir>/queue/ per account, and a committed seating is there for the next opening', async () => {
    const dir = await dataDir();
    const first = open({ dataDir: dir, connection: fakeConnection('offline') });
    expect(first.file).toBe(queueDatabaseFile(dir, 'demo'));
    expect(first.file.startsWith(join(dir, 'queue'))).toBe(true);
    const { service, drafts } = seat([5]);
    const seated = await first.handlers.seatService({ service, drafts });
    expect(seated.entries).toMatchObject([{ id: drafts[0]!.id, state: 'queued', pending: 1 }]);
    await first.close();

    const second = open({ dataDir: dir, connection: fakeConnection('offline') });
    const queue = await second.handlers.getQueue({});
    expect(queue.services.map((open) => open.id)).toEqual([service.id]);
    expect(queue.entries.map((entry) => entry.id)).toEqual([drafts[0]!.id]);
    expect(open({ dataDir: dir, accountKey: 'bar-pepe@pos.example.com', connection: fakeConnection('offline') }).file).not.toBe(first.file);
  });

  it('delivers what is submitted, and close() waits for the request in flight to record its outcome', async () => {
    const dir = await dataDir();
    const delivery = scriptedDelivery();
    const service = open({ dataDir: dir, deliver: delivery.deliver });
    const draft = roundDraft(null);
    await service.handlers.submitEntry({ draft });
    await delivery.waitForCalls(1);
    expect(delivery.calls[0]!.request).toEqual(draft.request);

    let closed = false;
    const closing = service.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 77 });
    await closing;

    // After close nothing is answered from the closed database, and nothing more leaves.
    await expect(service.handlers.getQueue({})).rejects.toMatchObject({ info: { kind: 'wrong-account' } });
    const again = open({ dataDir: dir, connection: fakeConnection('offline') });
    expect(again.store!.get(draft.id)).toMatchObject({ state: 'accepted', orderId: 77, pending: 0 });
    expect(delivery.calls).toHaveLength(1);
  });

  it('getEntries reads entries that left the snapshot (an accepted takeaway), and leaves unknown ids out', async () => {
    const delivery = scriptedDelivery();
    const service = open({ dataDir: await dataDir(), deliver: delivery.deliver });
    const draft = roundDraft(null);
    await service.handlers.submitEntry({ draft });
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 91 });
    await service.idle();
    expect((await service.handlers.getQueue({})).entries.map((e) => e.id)).not.toContain(draft.id);
    const { entries } = await service.handlers.getEntries({ ids: [draft.id, crypto.randomUUID()] });
    expect(entries).toEqual([expect.objectContaining({ id: draft.id, state: 'accepted', orderId: 91 })]);
    await service.close();
  });

  it('announces a burst of commits once, with the last revision, and later commits again', async () => {
    const dir = await dataDir();
    const revisions: number[] = [];
    const service = open({ dataDir: dir, connection: fakeConnection('offline'), onChange: ({ revision }) => revisions.push(revision) });
    for (let i = 0; i < 10; i++) await service.handlers.submitEntry({ draft: roundDraft(null) });
    const burst = service.store!.revision();
    await expect.poll(() => revisions).toEqual([burst]);

    await service.handlers.submitEntry({ draft: roundDraft(null) });
    await expect.poll(() => revisions.at(-1)).toBe(service.store!.revision());
    expect(revisions).toHaveLength(2);
  });

  it('answers a table just seated as a conflict, and a person’s mistake as invalid-input, with the store’s words', async () => {
    const service = open({ dataDir: await dataDir(), connection: fakeConnection('offline') });
    await service.handlers.seatService(seat([5]));
    await expect(service.handlers.seatService(seat([5]))).rejects.toMatchObject({
      info: { kind: 'conflict', code: 'tables-just-seated', params: { count: 1, tables: '5' } },
    });
    await expect(service.handlers.markEntryDone({ entryId: randomUUID() })).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
  });

  it('setBillDiscount keeps a discount with an open service and refuses one above what is left', async () => {
    const service = open({ dataDir: await dataDir(), connection: fakeConnection('offline') });
    const seated = tableService([8]);
    await service.handlers.seatService({
      service: seated,
      drafts: [{ ...seatingDraft([8], { serviceId: seated.id }), lines: [canaLine(4)], totalCents: 1000 }],
    });
    const discount = { kind: 'amount' as const, value: 200, reason: 'Regulars' };
    await expect(service.handlers.setBillDiscount({ serviceId: seated.id, discount })).resolves.toEqual({ service: { ...seated, billDiscount: discount } });
    expect((await service.handlers.getQueue({})).services[0]).toMatchObject({ billDiscount: discount });
    await expect(service.handlers.setBillDiscount({ serviceId: seated.id, discount: { ...discount, value: 1001 } })).rejects.toMatchObject({
      info: { kind: 'invalid-input', code: 'discount-more-than-left', params: { leftCents: 1000, left: 10 } },
    });
    await service.handlers.clearTable({ serviceId: seated.id });
    await expect(service.handlers.setBillDiscount({ serviceId: seated.id, discount: null })).rejects.toMatchObject({
      info: { kind: 'invalid-input', code: 'table-cleared' },
    });
  });

  it('retryEntry lifts the account-wide pause as well (the waiter’s "Retry now")', async () => {
    const delivery = scriptedDelivery();
    const service = open({ dataDir: await dataDir(), deliver: delivery.deliver });
    const draft = roundDraft(null);
    await service.handlers.submitEntry({ draft });
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'rate-limited', code: 'order-slow-down', retryAfterSeconds: 600 });
    await expect.poll(() => service.store!.get(draft.id)?.retryAt ?? null).not.toBeNull();
    const { entry } = await service.handlers.retryEntry({ entryId: draft.id });
    expect(entry.retryAt).toBeNull();
    await delivery.waitForCalls(2);
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 8 });
    await service.idle();
    expect(service.store!.get(draft.id)).toMatchObject({ state: 'accepted', orderId: 8 });
  });

  it('a database that cannot be opened leaves every operation answering `storage` in words, the reason in the detail', async () => {
    const dir = await dataDir();
    // The queue folder is a file: nothing can be created under it.
    await writeFile(join(dir, 'queue'), 'not a folder');
    const logged: string[] = [];
    const service = open({ dataDir: dir, log: (line) => logged.push(line) });
    expect(service.store).toBeNull();
    const refused = await service.handlers.submitEntry({ draft: roundDraft(null) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).info).toMatchObject({ kind: 'storage', code: 'queue-open-failed', detail: expect.stringContaining(service.file) });
    // The read still answers, so every window shows "Cannot save orders" with the reason.
    expect(await service.handlers.getQueue({})).toMatchObject({
      entries: [],
      services: [],
      storageProblem: { code: 'queue-cannot-save', detail: expect.stringContaining(service.file) },
    });
    expect(service.storageProblem()).not.toBeNull();
    expect(logged.join('\n')).toMatch(/queue: cannot open/);
  });
});

describe('when the queue database refuses writes', () => {
  /** A service whose database can be made "full" (SQLite's own SQLITE_FULL, via max_page_count). */
  async function fillable() {
    const dir = await dataDir();
    let db: QueueDb | null = null;
    const changes: QueueChange[] = [];
    const service = open({
      dataDir: dir,
      connection: fakeConnection('offline'),
      changeIntervalMs: 0,
      openDatabase: (file) => (db = openQueueDatabase(file)),
      onChange: (change) => changes.push(change),
    });
    const pages = () => pragmaValue(db!, 'page_count') as number;
    return {
      service,
      changes,
      fill: () => pragmaValue(db!, `max_page_count = ${pages()}`),
      free: () => pragmaValue(db!, 'max_page_count = 1073741823'),
    };
  }

  it('a submit refused by a full disk: getQueue and a queue-changed say "cannot save", and the next write that works clears it', async () => {
    const { service, changes, fill, free } = await fillable();
    await service.handlers.submitEntry({ draft: roundDraft(null) });
    const before = await service.handlers.getQueue({});
    expect(before.storageProblem).toBeNull();

    fill();
    // Entries with many lines until one needs a page the database may not grow: refused by SQLite itself.
    let refused: unknown = null;
    let accepted = 0;
    while (refused === null && accepted < 50) {
      const big = { ...roundDraft(null), lines: Array.from({ length: 40 }, () => canaLine()) };
      refused = await service.handlers.submitEntry({ draft: big }).then(
        () => ((accepted += 1), null),
        (error: unknown) => error,
      );
    }
    expect((refused as ServiceError).info).toMatchObject({ kind: 'storage' });
    const blocked = await service.handlers.getQueue({});
    expect(blocked.storageProblem).toMatchObject({ code: 'queue-cannot-save', detail: expect.stringMatching(/SQLITE_FULL/) });
    // Nothing was committed, so no revision tells the windows: the event carries the problem itself.
    await expect.poll(() => changes.at(-1)).toEqual({ revision: blocked.revision, storageProblem: blocked.storageProblem });

    free();
    await service.handlers.submitEntry({ draft: roundDraft(null) });
    expect((await service.handlers.getQueue({})).storageProblem).toBeNull();
    await expect.poll(() => changes.at(-1)).toMatchObject({ revision: blocked.revision + 1, storageProblem: null });
  });
});

describe('explainQueueError', () => {
  it('maps the store’s refusals and a database refusing writes; leaves our own bugs as they are', () => {
    expect(explainQueueError('seatService', new QueueConflictError({ code: 'tables-just-seated', params: { count: 1, tables: '5' } }))).toMatchObject({
      info: { kind: 'conflict', code: 'tables-just-seated', params: { count: 1, tables: '5' } },
    });
    expect(explainQueueError('discardEntry', new QueueInputError({ code: 'entry-changed' }, 'cannot be discarded now: it is sending'))).toMatchObject({
      info: { kind: 'invalid-input', code: 'entry-changed', detail: 'discardEntry: cannot be discarded now: it is sending' },
    });
    const full = Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
    const storage = explainQueueError('submitEntry', full) as ServiceError;
    expect(storage.info).toMatchObject({ kind: 'storage', detail: 'submitEntry: SQLITE_FULL: database or disk is full' });
    expect(storage.info).toMatchObject({ code: 'queue-storage' });
    expect(storage.info.params).toBeUndefined();
    const bug = Object.assign(new Error('UNIQUE constraint failed: entries.seq'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(explainQueueError('submitEntry', bug)).toBe(bug);
  });
});

describe('coalesce', () => {
  it('emits the first change on the next turn, then at most once per interval with the latest revision', () => {
    vi.useFakeTimers();
    const emitted: number[] = [];
    const changes = coalesce((revision) => emitted.push(revision), 50);
    changes.push(1);
    changes.push(2);
    expect(emitted).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(emitted).toEqual([2]);
    changes.push(3);
    vi.advanceTimersByTime(10);
    changes.push(4);
    vi.advanceTimersByTime(39);
    expect(emitted).toEqual([2]);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual([2, 4]);
    changes.push(5);
    changes.cancel();
    vi.advanceTimersByTime(100);
    expect(emitted).toEqual([2, 4]);
  });
});
