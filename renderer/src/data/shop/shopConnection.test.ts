import { describe, expect, it, vi } from 'vitest';
import type { BridgeEvent, ConnectionState } from '../../../../shared/bridge';
import { coded } from '../../../../shared/bridge';
import type { SyncFailureInfo } from '../catalog/catalogStore';
import { createShopCatalogStore } from './shopCatalogStore';
import { createShopConnectionStore, startShopConnectionFeed } from './shopConnection';
import type { OpenShopGeneration } from './shopGenerations';

// The shop header's connection follows the main side and the shop's sync.

function fakeBridge(initial: ConnectionState | null | Promise<never>) {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    getConnectionState: vi.fn(() => (initial instanceof Promise ? initial : Promise.resolve({ state: initial }))),
    onEvent: (listener: (event: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    say: (state: ConnectionState) => {
      for (const listener of listeners) listener({ type: 'connection', state, at: new Date().toISOString() });
    },
    listeners,
  };
}

const failure = (kind: SyncFailureInfo['kind']): SyncFailureInfo => ({
  kind,
  bridgeKind: 'offline',
  ...coded('sync-aborted'),
  detail: 'x',
  at: new Date().toISOString(),
});
const generation = (syncedAt: string) => ({ n: 1, syncedAt, counts: {}, requests: {} }) as unknown as OpenShopGeneration;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startShopConnectionFeed', () => {
  it('starts connecting, then takes what the main side last saw, then its events', async () => {
    const bridge = fakeBridge('offline');
    const store = createShopConnectionStore();
    store.setState({ connection: 'online' });
    const feed = startShopConnectionFeed({ bridge, store, catalog: createShopCatalogStore() });
    expect(store.getState().connection).toBe('connecting');
    await flush();
    expect(store.getState().connection).toBe('offline');
    bridge.say('online');
    expect(store.getState().connection).toBe('online');
    feed.stop();
    expect(bridge.listeners.size).toBe(0);
    bridge.say('offline');
    expect(store.getState().connection).toBe('online');
  });

  it('an event that came first wins over the older answer of getConnectionState', async () => {
    const bridge = fakeBridge('offline');
    const store = createShopConnectionStore();
    const feed = startShopConnectionFeed({ bridge, store, catalog: createShopCatalogStore() });
    bridge.say('online');
    await flush();
    expect(store.getState().connection).toBe('online');
    feed.stop();
  });

  it('follows the sync: a page read is online, a sync that could not connect is offline, other failures say nothing', async () => {
    const bridge = fakeBridge(null);
    const store = createShopConnectionStore();
    const catalog = createShopCatalogStore();
    const log = vi.fn();
    const feed = startShopConnectionFeed({ bridge, store, catalog, log });
    await flush();
    expect(store.getState().connection).toBe('connecting');
    catalog.setState({ lastFailure: failure('connection') });
    expect(store.getState().connection).toBe('offline');
    catalog.setState({ syncing: true, progress: { generation: 2, startedAt: '', resources: [], requests: 1, requestsLeft: 3, secondsLeft: null } });
    expect(store.getState().connection).toBe('online');
    catalog.setState({ syncing: false, progress: null, lastFailure: failure('server') });
    expect(store.getState().connection).toBe('online');
    store.setState({ connection: 'offline' });
    catalog.setState({ syncing: true });
    catalog.setState({ syncing: false, current: generation('2026-11-24T10:00:00.000Z'), lastFailure: null });
    expect(store.getState().connection).toBe('online');
    feed.stop();
    expect(log).not.toHaveBeenCalled();
  });

  it('back online after a failed sync: syncs at once', async () => {
    const bridge = fakeBridge('offline');
    const catalog = createShopCatalogStore();
    const syncNow = vi.fn(() => Promise.resolve());
    catalog.setState({ syncNow, lastFailure: failure('connection') });
    const store = createShopConnectionStore();
    const feed = startShopConnectionFeed({ bridge, store, catalog });
    await flush();
    bridge.say('online');
    expect(syncNow).toHaveBeenCalledTimes(1);
    // Online again without a failure: nothing more.
    catalog.setState({ lastFailure: null });
    bridge.say('offline');
    bridge.say('online');
    expect(syncNow).toHaveBeenCalledTimes(1);
    feed.stop();
  });

  it('the main side does not answer: it is logged and the indicator stays as it was', async () => {
    const bridge = fakeBridge(Promise.reject(new Error('unreachable')));
    const store = createShopConnectionStore();
    const log = vi.fn();
    const feed = startShopConnectionFeed({ bridge, store, catalog: createShopCatalogStore(), log });
    await flush();
    expect(store.getState().connection).toBe('connecting');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unreachable'));
    feed.stop();
  });
});
