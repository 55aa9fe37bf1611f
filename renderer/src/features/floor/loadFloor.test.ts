import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type AppInfo, type BridgeErrorKind, type BridgeEvent, type FloorRoom } from '../../../../shared/bridge';
import { openAccountDb, type ComandaDb } from '../../data/db';
import { loadRoomsOrdered, saveFloor, tablesOfRoom } from '../../data/floorRepository';
import { createFloorStore } from './floorStore';
import { startFloorLoader, type FloorLoader } from './loadFloor';
import { testBridgeClient } from '../../bridge/testing';

const salon: FloorRoom = {
  id: 1,
  name: 'Salón',
  order: 1,
  active: true,
  tables: [{ id: 10, roomId: 1, name: '1', x: 0, y: 0, width: 80, height: 80, color: '#ffffff', typeId: 1, isJoined: false, joinedWithId: null }],
};
const terraza: FloorRoom = { ...salon, id: 2, name: 'Terraza', order: 2, tables: [] };

let accountCounter = 0;
const opened: ComandaDb[] = [];
const loaders: FloorLoader[] = [];

afterEach(async () => {
  for (const loader of loaders.splice(0)) loader.stop();
  for (const db of opened.splice(0)) await db.delete();
});

function fail(kind: BridgeErrorKind, message = `failed: ${kind}`) {
  return new BridgeError({ kind, message, detail: 'engineer detail' });
}

function setup(listRooms: () => Promise<{ rooms: FloorRoom[] }>) {
  const accountKey = `load-${Date.now()}-${accountCounter++}`;
  const appInfo: AppInfo = { shell: 'browser', mode: 'demo', accountKey, tenant: 'Bar Pepe', version: '0.1.0' };
  const listeners = new Set<(event: BridgeEvent) => void>();
  const listRoomsMock = vi.fn(listRooms);
  const getAppInfo = vi.fn(async () => appInfo);
  const bridge = testBridgeClient({
    getAppInfo,
    listRooms: listRoomsMock,
    onEvent: (listener: (event: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const store = createFloorStore();
  const openDb = (key: string) => {
    const db = openAccountDb(key);
    opened.push(db);
    return db;
  };
  const emit = (event: BridgeEvent) => listeners.forEach((listener) => listener(event));
  const start = (retryEveryMs = 30_000) => {
    const loader = startFloorLoader(bridge, { store, openDb, retryEveryMs, log: () => {}, now: () => new Date('2025-11-22T12:00:00.000Z') });
    loaders.push(loader);
    return loader;
  };
  return { accountKey, bridge, getAppInfo, store, emit, start, listRooms: listRoomsMock, listeners };
}

describe('startFloorLoader', () => {
  it('opens the account database, saves the rooms and goes online', async () => {
    const { store, start, accountKey } = setup(async () => ({ rooms: [salon, terraza] }));
    const loader = start();
    expect(store.getState().connection).toBe('connecting');
    await loader.ready;

    const state = store.getState();
    expect(state.connection).toBe('online');
    expect(state.loadError).toBeNull();
    expect(state.floorSavedAt).toBe('2025-11-22T12:00:00.000Z');
    expect(state.appInfo?.tenant).toBe('Bar Pepe');
    expect(state.db?.name).toBe(`comanda-${accountKey}`);
    expect((await loadRoomsOrdered(state.db!)).map((room) => room.name)).toEqual(['Salón', 'Terraza']);
    expect(await tablesOfRoom(state.db!, 1)).toHaveLength(1);
  });

  it('offline: keeps the saved floor plan, retries, and comes online when the server answers', async () => {
    let reachable = false;
    const { store, start, accountKey, listRooms } = setup(async () => {
      if (!reachable) throw fail('offline');
      return { rooms: [salon] };
    });
    const earlier = openAccountDb(accountKey);
    await saveFloor(earlier, [salon, terraza], new Date('2025-11-21T20:00:00.000Z'));
    earlier.close();

    const loader = start(20);
    await loader.ready;
    expect(store.getState().connection).toBe('offline');
    expect(store.getState().loadError).toBeNull();
    expect(store.getState().floorSavedAt).toBe('2025-11-21T20:00:00.000Z');
    expect((await loadRoomsOrdered(store.getState().db!)).map((room) => room.id)).toEqual([1, 2]);

    await vi.waitFor(() => expect(listRooms.mock.calls.length).toBeGreaterThanOrEqual(2));
    reachable = true;
    await vi.waitFor(() => expect(store.getState().connection).toBe('online'));
    expect(store.getState().floorSavedAt).toBe('2025-11-22T12:00:00.000Z');
    expect((await loadRoomsOrdered(store.getState().db!)).map((room) => room.id)).toEqual([1]);

    // Online: no more retries.
    const calls = listRooms.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(listRooms.mock.calls.length).toBe(calls);
  });

  it('treats a timeout like offline', async () => {
    const { store, start } = setup(async () => {
      throw fail('timeout');
    });
    await start().ready;
    expect(store.getState().connection).toBe('offline');
    expect(store.getState().loadError).toBeNull();
  });

  it('shows the message of any other failure and keeps the local data', async () => {
    const { store, start, accountKey } = setup(async () => {
      throw fail('unauthorised', 'The access token was refused. Check the account settings.');
    });
    const earlier = openAccountDb(accountKey);
    await saveFloor(earlier, [salon]);
    earlier.close();

    await start().ready;
    expect(store.getState().loadError).toBe('The access token was refused. Check the account settings.');
    expect(store.getState().connection).toBe('online');
    expect(await loadRoomsOrdered(store.getState().db!)).toHaveLength(1);
  });

  it('follows connection events, refreshing when the connection comes back', async () => {
    const { store, start, emit, listRooms } = setup(async () => ({ rooms: [salon] }));
    await start().ready;
    expect(listRooms).toHaveBeenCalledTimes(1);

    emit({ type: 'connection', state: 'offline', at: '2025-11-22T12:01:00.000Z' });
    expect(store.getState().connection).toBe('offline');
    emit({ type: 'connection', state: 'online', at: '2025-11-22T12:02:00.000Z' });
    expect(store.getState().connection).toBe('online');
    await vi.waitFor(() => expect(listRooms).toHaveBeenCalledTimes(2));
  });

  it('says when the local service does not answer, and Retry starts over', async () => {
    const { store, start, getAppInfo } = setup(async () => ({ rooms: [salon] }));
    getAppInfo.mockRejectedValueOnce(fail('internal', 'The terminal’s local service is not answering.'));
    const loader = start();
    await loader.ready;
    expect(store.getState().db).toBeNull();
    expect(store.getState().loadError).toBe('The terminal’s local service is not answering.');
    expect(store.getState().connection).toBe('offline');

    await loader.retry();
    expect(store.getState().db).not.toBeNull();
    expect(store.getState().connection).toBe('online');
    expect(store.getState().loadError).toBeNull();
  });

  it('stop() unsubscribes and releases the venue', async () => {
    const { store, start, listeners } = setup(async () => ({ rooms: [salon] }));
    const loader = start();
    await loader.ready;
    loader.stop();
    expect(listeners.size).toBe(0);
    expect(store.getState().db).toBeNull();
  });
});
