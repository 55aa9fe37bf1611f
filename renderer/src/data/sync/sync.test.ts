import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type BridgeClient, type BridgeErrorKind } from '../../../../shared/bridge';
import { generationDbName, openGenerationDb, recordStores, type CatalogDb } from '../catalog/catalogDb';
import { openAccountDb, type ComandaDb } from '../db';
import { deleteGeneration, readCurrentGeneration } from '../catalog/generations';
import { SyncFailure, syncCatalog, type SyncCatalogOptions, type SyncSuccess } from './sync';
import type { SyncProgress } from './syncProgress';
import { fakeSyncServer, fakeVenue, minimumRequests, type FakeSyncServer } from './syncTesting';

let counter = 0;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An account with its database; every generation database opened is tracked for clean-up. */
function setup() {
  const accountKey = `sync-${Date.now()}-${counter++}`;
  const accountDb = openAccountDb(accountKey);
  const opened: CatalogDb[] = [];
  cleanups.push(async () => {
    for (const db of opened) db.close();
    accountDb.close();
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-${accountKey}`)) await Dexie.delete(name);
  });
  const openGeneration: NonNullable<SyncCatalogOptions['openGeneration']> = (key, n, options) => {
    const db = openGenerationDb(key, n, options);
    opened.push(db);
    return db;
  };
  let clock = Date.parse('2026-11-22T10:00:00.000Z');
  const run = (server: FakeSyncServer, extra: Partial<SyncCatalogOptions> = {}) =>
    syncCatalog({
      bridge: server.bridge,
      accountKey,
      accountDb,
      openGeneration,
      // One second per reading of the clock: time goes forward without any real waiting.
      now: () => new Date((clock += 1000)),
      log: () => {},
      sleep: async () => {},
      ...extra,
    });
  return { accountKey, accountDb, run, opened };
}

/** Everything a generation holds, store by store, in key order. */
async function dump(db: CatalogDb): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const store of recordStores) out[store] = await db[store].toArray();
  return out;
}

async function databaseExists(name: string): Promise<boolean> {
  return (await Dexie.getDatabaseNames()).includes(name);
}

function fail(kind: BridgeErrorKind) {
  return new BridgeError({ kind, code: 'gateway-failed', params: { injected: kind }, detail: `injected ${kind}` });
}

async function expectFailure(promise: Promise<unknown>): Promise<SyncFailure> {
  const error = await promise.then(
    () => {
      throw new Error('the sync succeeded');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SyncFailure);
  return error as SyncFailure;
}

/** After a failed sync of generation `n`: gone, and the current one (if any) is `current`. */
async function expectCleanedUp(accountKey: string, accountDb: ComandaDb, n: number) {
  expect(await databaseExists(generationDbName(accountKey, n))).toBe(false);
  expect(await accountDb.generations.get(n)).toBeUndefined();
}

describe('syncCatalog', () => {
  it('writes every resource into a new current generation, as the order builder reads them', async () => {
    const { run, accountDb, accountKey } = setup();
    const venue = fakeVenue({ items: 450 });
    const server = fakeSyncServer(venue);

    const result = await run(server);

    expect(result.n).toBe(1);
    const current = await readCurrentGeneration(accountDb);
    expect(current).toMatchObject({ n: 1, state: 'current', syncedAt: result.syncedAt });
    const db = result.db;
    for (const [resource, records] of Object.entries(venue.records)) {
      expect(await db.table(resource).count(), resource).toBe(records.length);
    }
    expect(await db.floorTables.count()).toBe(3);
    expect(await db.stocks.count()).toBe(5);
    expect(result.counts).toMatchObject({ items: 450, rooms: 3, floorTables: 3, stocks: 5, customers: 5, paymentMethods: 3 });
    expect(current?.counts).toEqual(result.counts);
    // The counts are kept while writing (the ids stored), not read back: they are what each store holds.
    for (const store of recordStores) expect(await db.table(store).count(), store).toBe(result.counts[store]);

    // Wire quirks are read once, on arrival: numbers from strings, 0/1 flags as booleans.
    expect(await db.items.get(1009)).toMatchObject({ id: 1009, price: 6.5, costPrice: 1, type: 0, category_id: 100, active: false, order: 1 });
    expect(await db.items.get(1000)).toMatchObject({ type: 1, active: true, allergies: '1;7', photo: 'items/item-1000.png' });
    expect(await db.categories.get(101)).toMatchObject({ group_id: 1, active: false });
    // Tables in the floor plan's shape, filed under the room that lists them.
    expect(await db.floorTables.get(10)).toEqual({
      id: 10,
      roomId: 1,
      name: '10',
      x: 0,
      y: 40,
      width: 80,
      height: 80,
      color: '#8fbc8f',
      typeId: 1,
      isJoined: false,
      joinedWithId: null,
    });
    expect(await db.rooms.get(1)).toEqual({ id: 1, name: 'Salón', order: 1, active: true });
    expect(await db.stocks.where('[warehouse_id+item_id]').equals([2, 1001]).first()).toMatchObject({ quantity: 2.5, alert: 1 });
    // Unknown fields are not stored.
    expect(Object.keys((await db.rooms.get(3))!)).toEqual(['id', 'name', 'order', 'active']);

    // Every page asked for once; stocks per warehouse.
    expect(server.calls).toHaveLength(minimumRequests(venue));
    expect(
      server.calls
        .filter((c) => c.resource === 'stocks')
        .map((c) => c.warehouseId)
        .sort(),
    ).toEqual([1, 2]);
    expect(
      server.calls
        .filter((c) => c.resource === 'items')
        .map((c) => c.page)
        .sort(),
    ).toEqual([1, 2, 3]);

    // Photos of the catalog, each once; customers' photos are not product images.
    expect(server.photoCalls).toHaveLength(1);
    const photos = server.photoCalls[0]!;
    expect(new Set(photos).size).toBe(photos.length);
    expect(photos).toContain('groups/g1.png');
    expect(photos).toContain('items/item-1003.png');
    expect(photos).toContain('formats/cana.png');
    expect(photos).toContain('modifiers/queso.png');
    expect(photos.filter((p) => p.startsWith('items/'))).toHaveLength(150);
    expect(photos.some((p) => p.startsWith('customers/'))).toBe(false);
    expect(await databaseExists(generationDbName(accountKey, 1))).toBe(true);
  });

  it('writes validated pages together, two transactions at a time: a bulkPut per store, tables beside their rooms', async () => {
    const { accountDb, accountKey } = setup();
    const venue = fakeVenue({ items: 6_000 });
    const server = fakeSyncServer(venue);
    const transactions: string[][] = [];
    const bulkPuts: Array<{ store: string; inTransaction: boolean; rows: number }> = [];
    const databases: CatalogDb[] = [];
    let writing = 0;
    let mostWriting = 0;

    const result = await syncCatalog({
      bridge: server.bridge,
      accountKey,
      accountDb,
      log: () => {},
      openGeneration: (key, n, options) => {
        const db = openGenerationDb(key, n, options);
        databases.push(db);
        const transaction = db.transaction.bind(db) as (...args: unknown[]) => unknown;
        vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
          // Write transactions only.
          const stores = args[1] as Array<{ name: string }>;
          if (args[0] !== 'rw') return transaction(...args);
          transactions.push(stores.map((store) => store.name));
          mostWriting = Math.max(mostWriting, ++writing);
          return (transaction(...args) as Promise<unknown>).finally(() => writing--);
        }) as never);
        for (const store of recordStores) {
          const table = db[store] as unknown as { bulkPut: (rows: object[]) => Promise<unknown> };
          const bulkPut = table.bulkPut.bind(table);
          vi.spyOn(table, 'bulkPut').mockImplementation((rows: object[]) => {
            bulkPuts.push({ store, inTransaction: Dexie.currentTransaction !== null, rows: rows.length });
            return bulkPut(rows);
          });
        }
        return db;
      },
    });
    cleanups.push(async () => {
      for (const db of databases) db.close();
      await deleteGeneration(accountDb, accountKey, result.n);
    });

    // Pages queue up into large transactions (IndexedDB stores those far faster than one a page).
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions.length).toBeLessThan(server.calls.length);
    for (const stores of transactions) expect(stores.includes('rooms')).toBe(stores.includes('floorTables'));
    expect(bulkPuts.every((put) => put.inTransaction)).toBe(true);
    // A bulkPut per store a transaction fills, holding every record of the store once.
    expect(bulkPuts).toHaveLength(transactions.reduce((sum, stores) => sum + stores.length, 0));
    const rowsOf = (store: string) => bulkPuts.filter((put) => put.store === store).reduce((sum, put) => sum + put.rows, 0);
    expect(rowsOf('items')).toBe(6_000);
    for (const store of recordStores) expect(rowsOf(store)).toBe(result.counts[store]);
    // The next transaction waits in IndexedDB while one commits, never more.
    expect(mostWriting).toBe(2);
  });

  it('writes a batch once it holds idleRecords while nothing is being written, else once it holds records', async () => {
    const { accountDb, accountKey } = setup();
    const venue = fakeVenue({ items: 5_000 });
    const server = fakeSyncServer(venue);
    /** Each write transaction: how many others were under way when it began, and its records. */
    const written: Array<{ alongside: number; records: number }> = [];
    let current: { alongside: number; records: number } | null = null;
    let writing = 0;
    const databases: CatalogDb[] = [];
    const result = await syncCatalog({
      bridge: server.bridge,
      accountKey,
      accountDb,
      log: () => {},
      writeBatch: { records: 2_000, idleRecords: 400, waitMs: 60_000 },
      openGeneration: (key, n, options) => {
        const db = openGenerationDb(key, n, options);
        databases.push(db);
        const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
        vi.spyOn(db, 'transaction').mockImplementation(((mode: string, stores: unknown, body: () => unknown) => {
          if (mode !== 'rw') return transaction(mode, stores, body);
          const entry = { alongside: writing++, records: 0 };
          written.push(entry);
          // The body issues its bulkPuts synchronously: they count for this transaction.
          return transaction(mode, stores, () => {
            current = entry;
            try {
              return body();
            } finally {
              current = null;
            }
          }).finally(() => writing--);
        }) as never);
        for (const store of recordStores) {
          const table = db[store] as unknown as { bulkPut: (rows: object[]) => Promise<unknown> };
          const bulkPut = table.bulkPut.bind(table);
          vi.spyOn(table, 'bulkPut').mockImplementation((rows: object[]) => {
            if (store !== 'floorTables') current!.records += rows.length;
            return bulkPut(rows);
          });
        }
        return db;
      },
    });
    cleanups.push(async () => {
      for (const db of databases) db.close();
      await deleteGeneration(accountDb, accountKey, result.n);
    });
    // Rows are records here (floor tables come with their rooms).
    expect(written.reduce((sum, w) => sum + w.records, 0)).toBe(Object.values(result.counts).reduce((sum, n) => sum + n, 0) - result.counts.floorTables!);
    expect(written[0]).toEqual({ alongside: 0, records: expect.any(Number) });
    expect(written[0]!.records).toBeGreaterThanOrEqual(400);
    expect(written[0]!.records).toBeLessThan(2_000);
    expect(written.some((w) => w.alongside === 1)).toBe(true);
    // The last one is whatever was left when the fetches ended.
    for (const w of written.slice(0, -1)) expect(w.records).toBeGreaterThanOrEqual(w.alongside === 0 ? 400 : 2_000);
  });

  it('asks for pages several to a call, two calls at a time, every page once', async () => {
    const { run } = setup();
    const venue = fakeVenue({ items: 2_000 });
    const server = fakeSyncServer(venue);
    let active = 0;
    let mostActive = 0;
    const counting: BridgeClient['fetchSyncPages'] = async (input, context) => {
      mostActive = Math.max(mostActive, ++active);
      try {
        return await server.bridge.fetchSyncPages(input, context);
      } finally {
        active--;
      }
    };
    const result = await run({ ...server, bridge: { ...server.bridge, fetchSyncPages: counting } });
    expect(await result.db.items.count()).toBe(2_000);
    const pages = minimumRequests(venue);
    expect(server.calls).toHaveLength(pages);
    expect(new Set(server.calls.map((c) => `${c.resource}:${c.warehouseId ?? ''}:${c.page}`)).size).toBe(pages);
    expect(Math.max(...server.batches.map((batch) => batch.length))).toBe(5);
    // Pages asked for together leave together: far fewer calls than pages.
    expect(server.batches.length).toBeLessThanOrEqual(Math.ceil(pages / 3));
    expect(mostActive).toBe(2);

    // One page in flight: one page a call, one call at a time.
    const single = fakeSyncServer(venue);
    await run(single, { concurrency: 1 });
    expect(single.batches.every((batch) => batch.length === 1)).toBe(true);
    expect(single.batches).toHaveLength(pages);
  });

  it('once a call failed for good, asks for nothing more', async () => {
    const { run } = setup();
    const venue = fakeVenue({ items: 4_000 });
    let failed = false;
    let askedAfter = 0;
    const server = fakeSyncServer(venue, {
      before: (input) => {
        if (input.resource === 'items' && input.page === 4) throw fail('invalid-response');
      },
    });
    const watching: BridgeClient['fetchSyncPages'] = async (input, context) => {
      if (failed) askedAfter += input.pages.length;
      return server.bridge.fetchSyncPages(input, context).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    };
    const failure = await expectFailure(run({ ...server, bridge: { ...server.bridge, fetchSyncPages: watching } }));
    expect(failure).toMatchObject({ kind: 'server', bridgeKind: 'invalid-response' });
    expect(failure.detail).toContain('items page 4');
    expect(askedAfter).toBe(0);
    expect(server.calls.length).toBeLessThan(minimumRequests(venue));
  });

  it('a fault mid-sync keeps the previous generation current and unchanged, and deletes the failed one', async () => {
    const { run, accountDb, accountKey } = setup();
    const venue = fakeVenue({ items: 1000 });
    const first = await run(fakeSyncServer(venue));
    const before = await dump(first.db);

    // Upstream changes, then the connection drops on page 3 of items.
    venue.records.items.splice(0, 500);
    venue.records.customers.push({ id: 99, name: 'New', active: 1 });
    const server = fakeSyncServer(venue, {
      before: (input) => {
        if (input.resource === 'items' && input.page === 3) throw fail('offline');
      },
    });
    const failure = await expectFailure(run(server));

    expect(failure.kind).toBe('connection');
    expect(failure.bridgeKind).toBe('offline');
    // The bridge's words, as the main side chose them (the screen adds that the saved catalog stays).
    expect(failure).toMatchObject({ code: 'gateway-failed', params: { injected: 'offline' } });
    expect(failure.detail).toContain('items page 3');
    // Pages of other resources were written into generation 2 before the fault: none leaked.
    expect(server.calls.length).toBeGreaterThan(3);
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1, state: 'current', syncedAt: first.syncedAt });
    expect(await dump(first.db)).toEqual(before);
    await expectCleanedUp(accountKey, accountDb, 2);
    // No image cache update for a sync that did not count.
    expect(server.photoCalls).toHaveLength(0);

    // The next sync succeeds and takes a new number.
    const third = await run(fakeSyncServer(venue));
    expect(third.n).toBe(3);
    expect(third.retired).toEqual([1]);
    expect(await third.db.items.count()).toBe(500);
  });

  it('a failure before the first sync leaves no generation at all', async () => {
    const { run, accountDb, accountKey } = setup();
    const server = fakeSyncServer(fakeVenue(), {
      before: (input) => {
        if (input.resource === 'customers') throw fail('unauthorised');
      },
    });
    const failure = await expectFailure(run(server));
    expect(failure).toMatchObject({ kind: 'server', bridgeKind: 'unauthorised' });
    expect(await readCurrentGeneration(accountDb)).toBeNull();
    await expectCleanedUp(accountKey, accountDb, 1);
  });

  it('a storage failure mid-sync fails it as storage, keeps the previous generation and deletes the new one', async () => {
    const { run, accountDb, accountKey, opened } = setup();
    const venue = fakeVenue({ items: 1000 });
    const before = await run(fakeSyncServer(venue));
    const failure = await expectFailure(
      run(fakeSyncServer(venue), {
        // Small batches, so pages are still being fetched when the write fails.
        writeBatch: { records: 200, waitMs: 0 },
        openGeneration: (key, n, options) => {
          const db = openGenerationDb(key, n, options);
          opened.push(db);
          vi.spyOn(db.items, 'bulkPut').mockRejectedValue(new Error('QuotaExceededError: disk full'));
          return db;
        },
      }),
    );
    expect(failure.kind).toBe('storage');
    expect(failure.detail).toContain('disk full');
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: before.n, state: 'current' });
    await expectCleanedUp(accountKey, accountDb, before.n + 1);
  });

  it('retries a page that failed transiently, and gives up after the last retry', async () => {
    const { run } = setup();
    const venue = fakeVenue({ items: 450 });
    let failures = 0;
    const flaky = fakeSyncServer(venue, {
      before: (input) => {
        if (input.resource === 'items' && input.page === 2 && failures < 2) {
          failures++;
          throw fail(failures === 1 ? 'server-error' : 'timeout');
        }
      },
    });
    const sleeps: number[] = [];
    const ok = await run(flaky, { retryDelaysMs: [10, 20], sleep: async (ms) => void sleeps.push(ms) });
    expect(await ok.db.items.count()).toBe(450);
    expect(sleeps).toEqual([10, 20]);
    expect(flaky.calls.filter((c) => c.resource === 'items' && c.page === 2)).toHaveLength(3);

    const broken = fakeSyncServer(venue, {
      before: (input) => {
        if (input.resource === 'items' && input.page === 2) throw fail('server-error');
      },
    });
    const failure = await expectFailure(run(broken, { retryDelaysMs: [10, 20] }));
    expect(failure.bridgeKind).toBe('server-error');
    expect(broken.calls.filter((c) => c.resource === 'items' && c.page === 2)).toHaveLength(3);
  });

  it('records that vanished upstream vanish locally', async () => {
    const { run, accountDb, accountKey } = setup();
    const venue = fakeVenue({ items: 40 });
    const first = await run(fakeSyncServer(venue));
    expect(await first.db.items.get(1005)).toBeDefined();

    venue.records.items = venue.records.items.filter((item) => item.id !== 1005);
    venue.records.customers = venue.records.customers.filter((customer) => customer.id !== 3);
    venue.records.rooms = venue.records.rooms.filter((room) => room.id !== 2);
    venue.stocks.delete(2);
    venue.records.warehouses = venue.records.warehouses.filter((warehouse) => warehouse.id !== 2);
    const second = await run(fakeSyncServer(venue));

    expect(await second.db.items.get(1005)).toBeUndefined();
    expect(await second.db.items.count()).toBe(39);
    expect(await second.db.customers.get(3)).toBeUndefined();
    expect(await second.db.rooms.get(2)).toBeUndefined();
    expect(await second.db.floorTables.where('roomId').equals(2).count()).toBe(0);
    expect(await second.db.stocks.where('warehouse_id').equals(2).count()).toBe(0);
    expect(second.retired).toEqual([1]);
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 2 });
    expect(await accountDb.generations.get(1)).toMatchObject({ state: 'retired' });

    // The caller deletes the retired generation once nothing reads it.
    first.db.close();
    await deleteGeneration(accountDb, accountKey, 1);
    expect(await databaseExists(generationDbName(accountKey, 1))).toBe(false);
  });

  describe('refuses data that does not add up, keeping the current generation', () => {
    async function expectRefused(mutate: (server: ReturnType<typeof fakeVenue>) => Parameters<typeof fakeSyncServer>[1], kind: SyncFailure['kind']) {
      const { run, accountDb, accountKey } = setup();
      const venue = fakeVenue({ items: 450 });
      const first = await run(fakeSyncServer(venue));
      const before = await dump(first.db);
      const failure = await expectFailure(run(fakeSyncServer(venue, mutate(venue))));
      expect(failure.kind).toBe(kind);
      expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1 });
      expect(await dump(first.db)).toEqual(before);
      await expectCleanedUp(accountKey, accountDb, 2);
      return failure;
    }

    it('an item with price "abc"', async () => {
      const failure = await expectRefused((venue) => {
        venue.records.items[310]!.price = 'abc';
        return {};
      }, 'invalid-data');
      expect(failure.code).toBe('sync-unreadable-data');
      expect(failure.detail).toMatch(/items page 2: items record 111 \(id 1310\): price/);
    });

    it('a record count that does not match the server’s total', async () => {
      const failure = await expectRefused(
        () => ({ answer: (page, input) => (input.resource === 'customers' ? { ...page, total: page.total + 1 } : page) }),
        'inconsistent',
      );
      // Caught on page 1: 5 records cannot be the only page of 6.
      expect(failure.detail).toContain('customers page 1: last page 1, but total 6 at 5 a page makes 2');
    });

    it('a total that changes between pages (records added upstream while paging)', async () => {
      const failure = await expectRefused(
        () => ({ answer: (page, input) => (input.resource === 'items' && input.page === 3 ? { ...page, total: 451 } : page) }),
        'inconsistent',
      );
      expect(failure.detail).toContain('items page 3');
    });

    it('a record served twice (it moved between pages while paging)', async () => {
      const failure = await expectRefused(
        (venue) => ({
          answer: (page, input) =>
            input.resource === 'items' && input.page === 3 ? { ...page, records: [venue.records.items[0]!, ...page.records.slice(1)] } : page,
        }),
        'inconsistent',
      );
      expect(failure.detail).toContain('items: stored 449, expected 450');
    });

    it('a page other than the one asked for', async () => {
      await expectRefused(() => ({ answer: (page, input) => (input.resource === 'modifiers' ? { ...page, page: 2 } : page) }), 'inconsistent');
    });
  });

  describe('pages that lie fail naming the resource and page, within the requests their total allows', () => {
    /** Beyond this many requests for one resource the sync has "hung": the fake server fails it. */
    const HANG_GUARD = 40;

    /**
     * A first sync, then one against `answer`'s rewrite of the items pages; the sync must fail as
     * `kind`, leave generation 1 current and unchanged, and ask for items at most `maxItemRequests`.
     */
    async function expectLieRefused(answer: NonNullable<Parameters<typeof fakeSyncServer>[1]>['answer'], maxItemRequests: number) {
      const { run, accountDb, accountKey } = setup();
      const venue = fakeVenue({ items: 450 });
      const first = await run(fakeSyncServer(venue));
      const before = await dump(first.db);
      let itemRequests = 0;
      const server = fakeSyncServer(venue, {
        before: (input) => {
          if (input.resource === 'items' && ++itemRequests > HANG_GUARD) throw fail('server-error');
        },
        answer: (page, input) => (input.resource === 'items' ? answer!(page, input) : page),
      });
      const failure = await expectFailure(run(server, { retryDelaysMs: [] }));
      expect(failure.kind).toBe('inconsistent');
      expect(failure.code).toBe('sync-inconsistent');
      expect(itemRequests).toBeLessThanOrEqual(maxItemRequests);
      expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: 1, state: 'current' });
      expect(await dump(first.db)).toEqual(before);
      await expectCleanedUp(accountKey, accountDb, 2);
      return failure;
    }

    const item = (id: number) => ({
      id,
      name: `Item ${id}`,
      price: '1.00',
      costPrice: '1.00',
      type: 0,
      category_id: 100,
      photo: null,
      active: '1',
      allergies: '',
      order: '1',
    });

    it('an endless paginator (one more full page, always) stops after ≤ ceil(total / 200) + 1 requests', async () => {
      // Total and last page agree with each other but not with 200 a page: 20,000 pages of 200.
      const failure = await expectLieRefused(
        (page) => ({ ...page, records: Array.from({ length: 200 }, (_, i) => item(100_000 + page.page * 200 + i)), total: 20_000, lastPage: 20_000 }),
        Math.ceil(20_000 / 200) + 1,
      );
      expect(failure.detail).toContain('items page 1');
    });

    it('a current_page that does not advance (page 1 again and again)', async () => {
      const failure = await expectLieRefused((page) => ({ ...page, page: 1, records: page.records }), Math.ceil(450 / 200) + 1);
      expect(failure.detail).toMatch(/items page [23]: the server answered page 1/);
    });

    it('a total smaller than the records served (the catalog would be cut short)', async () => {
      const failure = await expectLieRefused((page) => ({ ...page, total: 300, lastPage: 2 }), Math.ceil(300 / 200) + 1);
      expect(failure.detail).toContain('items page 2: 200 records, expected 100');
    });

    it('a total that disagrees with the last page', async () => {
      const failure = await expectLieRefused((page) => ({ ...page, total: 300 }), 1);
      expect(failure.detail).toContain('items page 1: last page 3, but total 300 at 200 a page makes 2');
    });

    it('a last page of 5,000,000 (5 million tasks were queued at once)', async () => {
      const failure = await expectLieRefused((page) => ({ ...page, lastPage: 5_000_000, total: 5_000_000 }), 1);
      expect(failure.detail).toContain('items page 1: last page 5000000, but total 5000000 at 200 a page makes 25000');
    });

    it('a page of 150,000 records (more than the 200 a page holds)', async () => {
      const failure = await expectLieRefused(
        (page) => (page.page === 1 ? { ...page, records: Array.from({ length: 150_000 }, (_, i) => item(200_000 + i)), total: 150_000, lastPage: 1 } : page),
        1,
      );
      expect(failure.detail).toContain('items page 1: 150000 records, more than the 200 a page holds');
    });
  });

  it('reports progress: records and requests per resource, and time left from the request rate', async () => {
    const { run } = setup();
    const venue = fakeVenue({ items: 450 });
    const snapshots: SyncProgress[] = [];
    // The clock moves only when the server answers: 2 s a request, so the rate is 0.5 a second.
    let clock = Date.parse('2026-11-22T10:00:00.000Z');
    const server = fakeSyncServer(venue, { before: () => void (clock += 2000) });
    const result: SyncSuccess = await run(server, {
      concurrency: 1,
      // Every page written as soon as it is validated: progress at every page.
      writeBatch: { records: 1, waitMs: 0 },
      now: () => new Date(clock),
      onProgress: (progress) => snapshots.push(structuredClone(progress)),
    });

    const items = (progress: SyncProgress) => progress.resources.find((r) => r.resource === 'items')!;
    const stocks = (progress: SyncProgress) => progress.resources.find((r) => r.resource === 'stocks')!;
    const first = snapshots[0]!;
    expect(first.requests).toBe(0);
    expect(first.secondsLeft).toBeNull();
    expect(items(first)).toEqual({ resource: 'items', records: 0, total: null, requests: 0, requestsTotal: null, done: false });

    // Records follow the pages stored: 200, 200, then 50 of 450.
    for (const snapshot of snapshots) {
      const { requests, records, total, requestsTotal } = items(snapshot);
      expect(records).toBe([0, 200, 400, 450][requests]);
      if (requests > 0) expect({ total, requestsTotal }).toEqual({ total: 450, requestsTotal: 3 });
      // Time left from the rate of requests, which the clock holds at 0.5 a second.
      if (snapshot.requests > 0 && snapshot.requestsLeft > 0) expect(snapshot.secondsLeft).toBeGreaterThanOrEqual(snapshot.requestsLeft * 2);
    }

    const last = result.progress;
    expect(last.requests).toBe(minimumRequests(venue));
    expect(last.requestsLeft).toBe(0);
    expect(last.secondsLeft).toBe(0);
    expect(last.resources.every((r) => r.done)).toBe(true);
    expect(items(last)).toEqual({ resource: 'items', records: 450, total: 450, requests: 3, requestsTotal: 3, done: true });
    expect(stocks(last)).toEqual({ resource: 'stocks', records: 5, total: 5, requests: 2, requestsTotal: 2, done: true });
    // Requests only ever grow.
    for (let i = 1; i < snapshots.length; i++) expect(snapshots[i]!.requests).toBeGreaterThanOrEqual(snapshots[i - 1]!.requests);
  });

  it('estimates a resource not yet started from the pages it took last time', async () => {
    const { run } = setup();
    const venue = fakeVenue({ items: 1000 });
    await run(fakeSyncServer(venue), { concurrency: 1 });
    const snapshots: SyncProgress[] = [];
    await run(fakeSyncServer(venue), { concurrency: 1, onProgress: (progress) => snapshots.push(structuredClone(progress)) });
    // Before anything answered: 5 pages of items and 2 of stocks expected, 1 for each of the 14 others.
    expect(snapshots[0]!.requestsLeft).toBe(5 + 2 + 14);
  });

  it('still counts as synced when the image cache cannot be told', async () => {
    const { run, accountDb } = setup();
    const lines: string[] = [];
    const server = fakeSyncServer(fakeVenue(), {
      overrides: {
        syncImages: async () => {
          throw fail('internal');
        },
      },
    });
    const result = await run(server, { log: (line) => lines.push(line) });
    expect(await readCurrentGeneration(accountDb)).toMatchObject({ n: result.n, state: 'current' });
    expect(lines.some((line) => line.includes('syncImages failed'))).toBe(true);
  });

  it('stops when aborted (the app closing) and deletes the unfinished generation', async () => {
    const { run, accountDb, accountKey } = setup();
    const controller = new AbortController();
    const server = fakeSyncServer(fakeVenue({ items: 1000 }), {
      before: (input) => {
        if (input.resource === 'items' && input.page === 2) controller.abort();
      },
    });
    const failure = await expectFailure(run(server, { signal: controller.signal }));
    expect(failure.kind).toBe('aborted');
    expect(await readCurrentGeneration(accountDb)).toBeNull();
    await expectCleanedUp(accountKey, accountDb, 1);
  });
});
