import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type AppInfo } from '../../../../shared/bridge';
import { openGenerationDb, type CatalogDb } from '../../data/catalog/catalogDb';
import { createCatalogStore, type SyncFailureInfo } from '../../data/catalog/catalogStore';
import { loadRoomsOrdered } from '../../data/floor/floorRepository';
import { startCatalogSync } from '../../data/sync/syncService';
import { fakeSyncServer, fakeVenue } from '../../data/sync/syncTesting';
import { createFloorStore } from './floorStore';
import { startFloorLoader, type FloorLoader } from './loadFloor';

let counter = 0;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const appInfo = (accountKey: string): AppInfo => ({ shell: 'browser', mode: 'demo', accountKey, tenant: 'Bar Pepe', version: '0.1.0' });

function generation(accountKey: string, n: number, syncedAt = '2026-11-22T12:00:00.000Z') {
  const db = openGenerationDb(accountKey, n);
  cleanups.push(() => db.delete());
  return { n, db, syncedAt, counts: {}, requests: {} };
}

function setup() {
  const catalog = createCatalogStore();
  const floor = createFloorStore();
  const sync = { firstRun: Promise.resolve(), syncNow: vi.fn(async () => {}) };
  const loader = startFloorLoader(sync, { store: floor, catalog });
  cleanups.push(() => loader.stop());
  return { catalog, floor, sync, loader };
}

const failure = (kind: SyncFailureInfo['kind'], code: SyncFailureInfo['code'], bridgeKind: SyncFailureInfo['bridgeKind'] = null): SyncFailureInfo => ({
  kind,
  bridgeKind,
  code,
  detail: 'engineer detail',
  at: '2026-11-22T12:00:00.000Z',
});

describe('startFloorLoader', () => {
  it('shows the current generation, and follows the switch to a new one', async () => {
    const { catalog, floor } = setup();
    expect(floor.getState().db).toBeNull();
    expect(floor.getState().connection).toBe('connecting');

    const first = generation(`floor-${counter++}`, 1, '2026-11-22T09:00:00.000Z');
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: first, connection: 'online' });
    expect(floor.getState().db).toBe(first.db);
    expect(floor.getState()).toMatchObject({ floorSavedAt: '2026-11-22T09:00:00.000Z', connection: 'online', loadError: null });
    expect(floor.getState().appInfo?.tenant).toBe('Bar Pepe');

    floor.getState().selectRoom(2);
    const second = generation(`floor-${counter++}`, 2, '2026-11-22T09:15:00.000Z');
    catalog.setState({ current: second, syncing: false });
    expect(floor.getState().db).toBe(second.db);
    expect(floor.getState().floorSavedAt).toBe('2026-11-22T09:15:00.000Z');
    // Same account: the waiter stays in the room they were looking at.
    expect(floor.getState().selectedRoomId).toBe(2);
  });

  it('offline says so through the indicator only; other failures are shown; the plan stays', () => {
    const { catalog, floor } = setup();
    const current = generation(`floor-${counter++}`, 1);
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current });

    catalog.setState({ connection: 'offline', lastFailure: failure('connection', 'offline', 'offline') });
    expect(floor.getState()).toMatchObject({ connection: 'offline', loadError: null });
    expect(floor.getState().db).toBe(current.db);

    const refused = failure('server', 'credentials-refused', 'unauthorised');
    catalog.setState({ connection: 'online', lastFailure: refused });
    expect(floor.getState()).toMatchObject({ connection: 'online', loadError: refused });
    expect(floor.getState().db).toBe(current.db);

    catalog.setState({ lastFailure: failure('aborted', 'sync-aborted') });
    expect(floor.getState().loadError).toBeNull();
  });

  it('shows the version 1 floor plan until the first generation exists', () => {
    const { catalog, floor } = setup();
    const legacyDb = generation(`floor-${counter++}`, 1).db;
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', legacyFloor: { db: legacyDb, savedAt: '2026-11-21T20:00:00.000Z' } });
    expect(floor.getState().db).toBe(legacyDb);
    expect(floor.getState().floorSavedAt).toBe('2026-11-21T20:00:00.000Z');
  });

  it('another account: its own plan, nothing selected', () => {
    const { catalog, floor } = setup();
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: generation(`floor-${counter++}`, 1) });
    floor.getState().selectRoom(2);

    catalog.setState({ appInfo: appInfo('b'), accountKey: 'b', current: null });
    expect(floor.getState()).toMatchObject({ db: null, selectedRoomId: null, floorSavedAt: null });
    expect(floor.getState().appInfo?.accountKey).toBe('b');
  });

  it('Retry syncs now; stop() stops following and releases the venue', () => {
    const { catalog, floor, sync, loader } = setup();
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: generation(`floor-${counter++}`, 1) });
    void loader.retry();
    expect(sync.syncNow).toHaveBeenCalledTimes(1);

    loader.stop();
    expect(floor.getState().db).toBeNull();
    catalog.setState({ connection: 'offline' });
    expect(floor.getState().connection).not.toBe('offline');
  });

  it('with the sync service: online and drawn after a sync; offline after a restart, the same plan kept', async () => {
    const accountKey = `floor-service-${counter++}`;
    const opened: CatalogDb[] = [];
    cleanups.push(async () => {
      for (const db of opened) db.close();
      for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-${accountKey}`)) await Dexie.delete(name);
    });
    const boot = (reachable: boolean) => {
      const catalog = createCatalogStore();
      const floor = createFloorStore();
      const server = fakeSyncServer(fakeVenue(), {
        overrides: { getAppInfo: async () => appInfo(accountKey) },
        before: () => {
          if (!reachable) throw new BridgeError({ kind: 'offline', code: 'offline' });
        },
      });
      const sync = startCatalogSync(server.bridge, {
        store: catalog,
        log: () => {},
        timers: { set: () => 0, clear: () => {} },
        openGeneration: (key, n, options) => {
          const db = openGenerationDb(key, n, options);
          opened.push(db);
          return db;
        },
      });
      const loader: FloorLoader = startFloorLoader(sync, { store: floor, catalog });
      return { floor, sync, loader };
    };

    const online = boot(true);
    await online.loader.ready;
    expect(online.floor.getState().connection).toBe('online');
    expect((await loadRoomsOrdered(online.floor.getState().db!)).map((room) => room.name)).toEqual(['Salón', 'Terraza', 'Privado']);
    online.loader.stop();
    online.sync.stop();

    const offline = boot(false);
    await offline.loader.ready;
    cleanups.push(() => offline.sync.stop(), () => offline.loader.stop());
    expect(offline.floor.getState().connection).toBe('offline');
    expect(offline.floor.getState().loadError).toBeNull();
    expect(offline.floor.getState().floorSavedAt).not.toBeNull();
    expect((await loadRoomsOrdered(offline.floor.getState().db!)).map((room) => room.name)).toEqual(['Salón', 'Terraza', 'Privado']);
  });
});
