import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type AppInfo, type BridgeClient, type BridgeErrorKind, type BridgeEvent, type ErrorCode } from '../../../../shared/bridge';
import { generationDbName, openGenerationDb, type CatalogDb } from '../catalog/catalogDb';
import { createCatalogStore } from '../catalog/catalogStore';
import { openAccountDb, type ComandaDb } from '../db';
import { beginGeneration, readCurrentGeneration } from '../catalog/generations';
import { startCatalogSync, type CatalogSync, type CatalogSyncOptions, type Timers } from './syncService';
import { fakeSyncServer, fakeVenue, type FakeVenue, type SyncPageInput } from './syncTesting';

let counter = 0;
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Timers the test fires by hand: what is scheduled, and after how long. */
function manualTimers() {
  let next = 0;
  const pending = new Map<number, { run: () => void; ms: number }>();
  const timers: Timers = {
    set(run, ms) {
      pending.set(++next, { run, ms });
      return next;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    delays: () => [...pending.values()].map((timer) => timer.ms).sort((a, b) => a - b),
    /** Runs (and removes) every timer of `ms`. */
    fire(ms: number) {
      for (const [id, timer] of [...pending]) {
        if (timer.ms !== ms) continue;
        pending.delete(id);
        timer.run();
      }
    },
  };
}

function fail(kind: BridgeErrorKind, code: ErrorCode = 'gateway-failed') {
  return new BridgeError({ kind, code, detail: `injected ${kind}` });
}

interface SetupOptions {
  venue?: FakeVenue;
  before?: (input: SyncPageInput) => void | Promise<void>;
  settings?: () => Promise<number>;
  accountKey?: string;
  getAppInfo?: () => Promise<AppInfo>;
}

function setup(options: SetupOptions = {}) {
  const accountKey = options.accountKey ?? `service-${Date.now()}-${counter++}`;
  const appInfo = (key: string): AppInfo => ({ shell: 'browser', mode: 'demo', accountKey: key, tenant: 'demo', version: '0.1.0' });
  let currentKey = accountKey;
  const listeners = new Set<(event: BridgeEvent) => void>();
  const venue = options.venue ?? fakeVenue();
  const server = fakeSyncServer(venue, {
    before: options.before,
    overrides: {
      getAppInfo: vi.fn(options.getAppInfo ?? (async () => appInfo(currentKey))),
      getSettings: async () => {
        const minutes = options.settings ? await options.settings() : 15;
        return { settings: { account: { mode: 'demo' as const }, syncEveryMinutes: minutes }, hasSecrets: false, environments: [] };
      },
      onEvent: (listener: (event: BridgeEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  });
  const store = createCatalogStore();
  const manual = manualTimers();
  const accountDbs: ComandaDb[] = [];
  const generationDbs: CatalogDb[] = [];
  const keys = new Set([accountKey]);
  cleanups.push(async () => {
    for (const db of [...generationDbs, ...accountDbs]) db.close();
    for (const name of await Dexie.getDatabaseNames()) if ([...keys].some((key) => name.startsWith(`comanda-${key}`))) await Dexie.delete(name);
  });
  const start = (extra: Partial<CatalogSyncOptions> = {}): CatalogSync => {
    const sync = startCatalogSync(server.bridge as BridgeClient, {
      store,
      timers: manual.timers,
      retireAfterMs: 1_000,
      log: () => {},
      openAccount: (key) => {
        keys.add(key);
        const db = openAccountDb(key);
        accountDbs.push(db);
        return db;
      },
      openGeneration: (key, n, opts) => {
        const db = openGenerationDb(key, n, opts);
        generationDbs.push(db);
        return db;
      },
      engine: { sleep: async () => {}, retryDelaysMs: [] },
      ...extra,
    });
    cleanups.push(() => sync.stop());
    return sync;
  };
  const emit = (event: BridgeEvent) => listeners.forEach((listener) => listener(event));
  const switchAccount = (key: string) => {
    currentKey = key;
    keys.add(key);
    emit({ type: 'account-changed', accountKey: key });
  };
  return { accountKey, server, venue, store, start, emit, manual, listeners, switchAccount };
}

async function databaseExists(name: string): Promise<boolean> {
  return (await Dexie.getDatabaseNames()).includes(name);
}

describe('startCatalogSync', () => {
  it('syncs at start-up and publishes the new generation, online', async () => {
    const { start, store, server, manual, accountKey } = setup();
    const sync = start();
    await sync.firstRun;

    const state = store.getState();
    expect(state.accountKey).toBe(accountKey);
    expect(state.appInfo?.accountKey).toBe(accountKey);
    expect(state.current?.n).toBe(1);
    expect(state.current?.db.name).toBe(generationDbName(accountKey, 1));
    expect(await state.current!.db.items.count()).toBe(30);
    expect(state.connection).toBe('online');
    expect(state.syncing).toBe(false);
    expect(state.progress).toBeNull();
    expect(state.lastFailure).toBeNull();
    expect(server.photoCalls).toHaveLength(1);
    // Next sync in syncEveryMinutes (15 by default).
    expect(manual.delays()).toEqual([15 * 60_000]);
  });

  it('shows the saved generation at once, syncs in the background, then switches and deletes the old one', async () => {
    const venue = fakeVenue();
    const first = setup({ venue });
    const firstSync = first.start();
    await firstSync.firstRun;
    firstSync.stop();

    // A second start of the same terminal: the server answers only when the test says so.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const second = setup({ venue, accountKey: first.accountKey, before: () => gate });
    const sync = second.start();
    await sync.opened;
    expect(second.store.getState().current?.n).toBe(1);
    expect(await second.store.getState().current!.db.rooms.count()).toBe(3);
    expect(second.store.getState().syncing).toBe(true);

    venue.records.items.pop();
    release();
    await sync.firstRun;
    const state = second.store.getState();
    expect(state.current?.n).toBe(2);
    expect(await state.current!.db.items.count()).toBe(29);

    // The old generation stays readable for a moment (screens move over), then goes.
    expect(await databaseExists(generationDbName(first.accountKey, 1))).toBe(true);
    second.manual.fire(1_000);
    await vi.waitFor(async () => expect(await databaseExists(generationDbName(first.accountKey, 1))).toBe(false));
  });

  it('cleans up at start: generations left building by a closed app, and stray databases', async () => {
    const { start, accountKey } = setup();
    const first = start();
    await first.firstRun; // generation 1 is current
    first.stop();

    // As if the app had closed mid-sync (generation 2) and a database had lost its row (7).
    const accountDb = openAccountDb(accountKey);
    const abandoned = await beginGeneration(accountDb, new Date());
    const half = openGenerationDb(accountKey, abandoned);
    await half.items.bulkPut([{ id: 1 } as never]);
    half.close();
    const stray = openGenerationDb(accountKey, 7);
    await stray.open();
    stray.close();

    const again = setup({ accountKey });
    const sync = again.start();
    await sync.opened;
    expect(await databaseExists(generationDbName(accountKey, abandoned))).toBe(false);
    expect(await databaseExists(generationDbName(accountKey, 7))).toBe(false);
    expect(await accountDb.generations.get(abandoned)).toBeUndefined();
    expect(await databaseExists(generationDbName(accountKey, 1))).toBe(true);
    await sync.firstRun;
    expect((await readCurrentGeneration(accountDb))?.n).toBe(abandoned + 1);
    accountDb.close();
  });

  it('offline: keeps what it has, says offline, retries every 30 s and at once when the connection is back', async () => {
    let reachable = false;
    const { start, store, manual, emit, server } = setup({
      before: () => {
        if (!reachable) throw fail('offline', 'offline');
      },
    });
    const sync = start({ retryOfflineEveryMs: 30_000 });
    await sync.firstRun;
    expect(store.getState().connection).toBe('offline');
    expect(store.getState().lastFailure).toMatchObject({ kind: 'connection', bridgeKind: 'offline' });
    expect(store.getState().lastFailure?.code).toBe('offline');
    expect(store.getState().current).toBeNull();
    expect(manual.delays()).toEqual([30_000]);

    // The 30 s retry, still offline.
    const calls = server.calls.length;
    manual.fire(30_000);
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(calls));
    await vi.waitFor(() => expect(manual.delays()).toEqual([30_000]));

    // The main side says the connection is back: sync now, not at the next tick.
    reachable = true;
    emit({ type: 'connection', state: 'offline', at: '2026-11-22T10:00:00.000Z' });
    emit({ type: 'connection', state: 'online', at: '2026-11-22T10:01:00.000Z' });
    await vi.waitFor(() => expect(store.getState().current?.n).toBeGreaterThan(0));
    expect(store.getState().connection).toBe('online');
    expect(store.getState().lastFailure).toBeNull();
  });

  it('other failures: the server answered, so online, with its code; next try at the usual interval', async () => {
    const { start, store, manual } = setup({
      before: () => {
        throw fail('unauthorised', 'credentials-refused');
      },
      settings: async () => 5,
    });
    await start().firstRun;
    expect(store.getState().connection).toBe('online');
    expect(store.getState().lastFailure?.code).toBe('credentials-refused');
    expect(manual.delays()).toEqual([5 * 60_000]);
  });

  it('reads the interval from the settings, and falls back to 15 minutes without them', async () => {
    const withSettings = setup({ settings: async () => 2 });
    await withSettings.start().firstRun;
    expect(withSettings.manual.delays()).toEqual([2 * 60_000]);

    const without = setup({
      settings: async () => {
        throw fail('internal', 'settings-unavailable');
      },
    });
    await without.start().firstRun;
    expect(without.manual.delays()).toEqual([15 * 60_000]);
    without.manual.fire(15 * 60_000);
    await vi.waitFor(() => expect(without.store.getState().current?.n).toBe(2));
  });

  it('runs one sync at a time: "Sync now" during a sync joins it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { start, server, store } = setup({ before: () => gate });
    const sync = start();
    await sync.opened;
    const again = sync.syncNow();
    const viaStore = store.getState().syncNow();
    release();
    await Promise.all([sync.firstRun, again, viaStore]);
    expect(store.getState().current?.n).toBe(1);
    expect(server.calls.filter((c) => c.resource === 'groups')).toHaveLength(1);

    await sync.syncNow();
    expect(store.getState().current?.n).toBe(2);
    expect(server.calls.filter((c) => c.resource === 'groups')).toHaveLength(2);
  });

  it('when the local service does not answer, says so, and Retry starts over', async () => {
    let answering = false;
    const { start, store, accountKey } = setup({
      getAppInfo: async () => {
        if (!answering) throw fail('internal', 'local-service-not-answering');
        return { shell: 'browser', mode: 'demo', accountKey, tenant: 'demo', version: '0.1.0' };
      },
    });
    const sync = start();
    await sync.firstRun;
    expect(store.getState().appInfo).toBeNull();
    expect(store.getState().lastFailure?.code).toBe('local-service-not-answering');
    expect(store.getState().connection).toBe('offline');

    answering = true;
    await sync.syncNow();
    expect(store.getState().appInfo?.accountKey).toBe(accountKey);
    expect(store.getState().current?.n).toBe(1);
    expect(store.getState().connection).toBe('online');
  });

  it('an account switch (stop, then a service on the other account) never mixes the two', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = true; // only the first account's requests hang
    const first = setup({ before: () => (gated ? gate : undefined) });
    const a = first.start();
    await a.opened;
    expect(first.store.getState().syncing).toBe(true);

    // The app stops the first account's service and starts one on the other, same store.
    a.stop();
    gated = false;
    const other = `${first.accountKey}-other`;
    first.switchAccount(other);
    const b = first.start();
    await b.firstRun;
    expect(first.store.getState().accountKey).toBe(other);
    expect(first.store.getState().current?.db.name).toBe(generationDbName(other, 1));

    // The first account's late answers change nothing in the store, and leave nothing behind.
    release();
    await a.firstRun;
    expect(first.store.getState().accountKey).toBe(other);
    expect(first.store.getState().current?.db.name).toBe(generationDbName(other, 1));
    expect(first.store.getState().syncNow).not.toBe(a.syncNow);
    await vi.waitFor(async () => expect(await databaseExists(generationDbName(first.accountKey, 1))).toBe(false));
  });

  it('a service stopped after its successor started leaves the successor’s state alone', async () => {
    const { start, store } = setup();
    const old = start();
    await old.firstRun;
    const successor = start();
    await successor.firstRun;
    const published = store.getState().current;
    old.stop();
    expect(store.getState().current).toBe(published);
    expect(store.getState().syncNow).toBe(successor.syncNow);
  });

  it('stop() aborts the sync under way, which leaves no generation behind', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { start, store, accountKey, listeners } = setup({ before: () => gate });
    const sync = start();
    await sync.opened;
    sync.stop();
    expect(listeners.size).toBe(0);
    expect(store.getState().current).toBeNull();
    expect(store.getState().syncing).toBe(false);
    release();
    await sync.firstRun;
    await vi.waitFor(async () => expect(await databaseExists(generationDbName(accountKey, 1))).toBe(false));
  });

  it('shows a version 1 floor plan until the first sync, then empties it', async () => {
    const accountKey = `service-v1-${Date.now()}-${counter++}`;
    // The database as version 1 of the app left it.
    const v1 = new Dexie(`comanda-${accountKey}`);
    v1.version(1).stores({ rooms: 'id, order', floorTables: 'id, roomId', meta: 'key' });
    await v1.table('rooms').put({ id: 5, name: 'Old room', order: 1, active: true });
    await v1
      .table('floorTables')
      .put({ id: 50, roomId: 5, name: '50', x: 0, y: 0, width: 80, height: 80, color: '#ffffff', typeId: 1, isJoined: false, joinedWithId: null });
    await v1.table('meta').put({ key: 'floorSavedAt', value: '2026-11-21T20:00:00.000Z' });
    v1.close();

    let reachable = false;
    const { start, store } = setup({
      accountKey,
      before: () => {
        if (!reachable) throw fail('offline');
      },
    });
    const sync = start();
    await sync.firstRun;
    const legacy = store.getState().legacyFloor;
    expect(legacy?.savedAt).toBe('2026-11-21T20:00:00.000Z');
    expect((await legacy!.db.rooms.toArray()).map((room) => room.name)).toEqual(['Old room']);

    reachable = true;
    await sync.syncNow();
    expect(store.getState().legacyFloor).toBeNull();
    expect(store.getState().current?.n).toBe(2); // 1 was the attempt made offline
    expect(await legacy!.db.rooms.count()).toBe(0);
  });
});

describe('a current generation whose database was lost outside the app', () => {
  it('is not shown (no empty floor plan pretending to be the venue) and is rebuilt by the next sync', async () => {
    const first = setup();
    const sync = first.start();
    await sync.firstRun;
    sync.stop();
    await vi.waitFor(async () => {
      // Wait for the stopped service to close its connections, then lose the database.
      await Dexie.delete(generationDbName(first.accountKey, 1));
      expect(await databaseExists(generationDbName(first.accountKey, 1))).toBe(false);
    });

    let reachable = false;
    const again = setup({
      accountKey: first.accountKey,
      before: () => {
        if (!reachable) throw fail('offline');
      },
    });
    const second = again.start();
    await second.firstRun;
    expect(again.store.getState().current).toBeNull();

    reachable = true;
    await second.syncNow();
    expect(again.store.getState().current?.n).toBeGreaterThan(1);
    expect(await again.store.getState().current!.db.items.count()).toBe(30);
  });
});
