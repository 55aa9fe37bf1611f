import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type AppInfo } from '../../../../shared/bridge';
import { openGenerationDb, type CatalogDb } from '../../data/catalog/catalogDb';
import { createCatalogStore, type CatalogStoreApi, type SyncFailureInfo } from '../../data/catalog/catalogStore';
import { loadRoomsOrdered } from '../../data/floor/floorRepository';
import { startCatalogSync } from '../../data/sync/syncService';
import { fakeSyncServer, fakeVenue } from '../../data/sync/syncTesting';
import { sessionSelectors } from '../../session/session';
import { createFloorStore, type FloorStoreApi } from './floorStore';
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

/** What the floor screen reads: the session (from the catalog store) and its own selection. */
function view(catalog: CatalogStoreApi, floor: FloorStoreApi) {
  const state = catalog.getState();
  return {
    appInfo: sessionSelectors.appInfo(state),
    db: sessionSelectors.floorDb(state),
    connection: sessionSelectors.connection(state),
    loadError: sessionSelectors.loadError(state),
    floorSavedAt: sessionSelectors.floorSavedAt(state),
    selectedRoomId: floor.getState().selectedRoomId,
  };
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
    expect(view(catalog, floor).db).toBeNull();
    expect(view(catalog, floor).connection).toBe('connecting');

    const first = generation(`floor-${counter++}`, 1, '2026-11-22T09:00:00.000Z');
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: first, connection: 'online' });
    expect(view(catalog, floor).db).toBe(first.db);
    expect(view(catalog, floor)).toMatchObject({ floorSavedAt: '2026-11-22T09:00:00.000Z', connection: 'online', loadError: null });
    expect(view(catalog, floor).appInfo?.tenant).toBe('Bar Pepe');

    floor.getState().selectRoom(2);
    const second = generation(`floor-${counter++}`, 2, '2026-11-22T09:15:00.000Z');
    catalog.setState({ current: second, syncing: false });
    expect(view(catalog, floor).db).toBe(second.db);
    expect(view(catalog, floor).floorSavedAt).toBe('2026-11-22T09:15:00.000Z');
    // Same account: the waiter stays in the room they were looking at.
    expect(view(catalog, floor).selectedRoomId).toBe(2);
  });

  it('offline says so through the indicator only; other failures are shown; the plan stays', () => {
    const { catalog, floor } = setup();
    const current = generation(`floor-${counter++}`, 1);
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current });

    catalog.setState({ connection: 'offline', lastFailure: failure('connection', 'offline', 'offline') });
    expect(view(catalog, floor)).toMatchObject({ connection: 'offline', loadError: null });
    expect(view(catalog, floor).db).toBe(current.db);

    const refused = failure('server', 'credentials-refused', 'unauthorised');
    catalog.setState({ connection: 'online', lastFailure: refused });
    expect(view(catalog, floor)).toMatchObject({ connection: 'online', loadError: refused });
    expect(view(catalog, floor).db).toBe(current.db);

    catalog.setState({ lastFailure: failure('aborted', 'sync-aborted') });
    expect(view(catalog, floor).loadError).toBeNull();
  });

  it('shows the version 1 floor plan until the first generation exists', () => {
    const { catalog, floor } = setup();
    const legacyDb = generation(`floor-${counter++}`, 1).db;
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', legacyFloor: { db: legacyDb, savedAt: '2026-11-21T20:00:00.000Z' } });
    expect(view(catalog, floor).db).toBe(legacyDb);
    expect(view(catalog, floor).floorSavedAt).toBe('2026-11-21T20:00:00.000Z');
  });

  it('another account: its own plan, nothing selected', () => {
    const { catalog, floor } = setup();
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: generation(`floor-${counter++}`, 1) });
    floor.getState().selectRoom(2);

    catalog.setState({ appInfo: appInfo('b'), accountKey: 'b', current: null });
    expect(view(catalog, floor)).toMatchObject({ db: null, selectedRoomId: null, floorSavedAt: null });
    expect(view(catalog, floor).appInfo?.accountKey).toBe('b');
  });

  it('Retry syncs now; stop() stops following, with nothing selected', () => {
    const { catalog, floor, sync, loader } = setup();
    catalog.setState({ appInfo: appInfo('a'), accountKey: 'a', current: generation(`floor-${counter++}`, 1) });
    void loader.retry();
    expect(sync.syncNow).toHaveBeenCalledTimes(1);
    floor.getState().selectRoom(2);

    loader.stop();
    expect(view(catalog, floor).selectedRoomId).toBeNull();
    void loader.retry();
    expect(sync.syncNow).toHaveBeenCalledTimes(1);
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
      return { catalog, floor, sync, loader };
    };

    const online = boot(true);
    await online.loader.ready;
    expect(view(online.catalog, online.floor).connection).toBe('online');
    expect((await loadRoomsOrdered(view(online.catalog, online.floor).db!)).map((room) => room.name)).toEqual(['Salón', 'Terraza', 'Privado']);
    online.loader.stop();
    online.sync.stop();

    const offline = boot(false);
    await offline.loader.ready;
    cleanups.push(
      () => offline.sync.stop(),
      () => offline.loader.stop(),
    );
    expect(view(offline.catalog, offline.floor).connection).toBe('offline');
    expect(view(offline.catalog, offline.floor).loadError).toBeNull();
    expect(view(offline.catalog, offline.floor).floorSavedAt).not.toBeNull();
    expect((await loadRoomsOrdered(view(offline.catalog, offline.floor).db!)).map((room) => room.name)).toEqual(['Salón', 'Terraza', 'Privado']);
  });
});
