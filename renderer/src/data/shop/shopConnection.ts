import { createStore } from 'zustand/vanilla';
import type { BridgeClient } from '../../../../shared/bridge';
import type { CatalogConnection } from '../catalog/catalogStore';
import { shopCatalogStore, type ShopCatalogState, type ShopCatalogStoreApi } from './shopCatalogStore';

// The shop's connection as its header shows it ("as for the venue"): what the
// main side last said (`getConnectionState`, then its `connection` events, from probing the retail
// host) and what the shop's sync proved — a page read means online, a sync that could not connect
// offline. Back online after a failed sync, the shop syncs at once rather than at the next tick.

export interface ShopConnectionState {
  connection: CatalogConnection;
}

export const createShopConnectionStore = () => createStore<ShopConnectionState>()(() => ({ connection: 'connecting' }));
export type ShopConnectionStoreApi = ReturnType<typeof createShopConnectionStore>;

/** The app's one shop connection store; tests make their own. */
export const shopConnectionStore: ShopConnectionStoreApi = createShopConnectionStore();

export interface ShopConnectionFeedOptions {
  bridge: Pick<BridgeClient, 'getConnectionState' | 'onEvent'>;
  store?: ShopConnectionStoreApi;
  catalog?: ShopCatalogStoreApi;
  log?: (line: string) => void;
}

export function startShopConnectionFeed(options: ShopConnectionFeedOptions): { stop(): void } {
  const store = options.store ?? shopConnectionStore;
  const catalog = options.catalog ?? shopCatalogStore;
  const log = options.log ?? ((line: string) => console.warn(line));
  let stopped = false;
  /** An event or a sync said something: the first answer of getConnectionState is older. */
  let told = false;
  const set = (connection: CatalogConnection) => {
    told = true;
    if (store.getState().connection !== connection) store.setState({ connection });
  };

  store.setState({ connection: 'connecting' });

  const unsubscribe = options.bridge.onEvent((event) => {
    if (stopped || event.type !== 'connection') return;
    const before = store.getState().connection;
    set(event.state);
    if (event.state === 'online' && before === 'offline' && catalog.getState().lastFailure !== null) void catalog.getState().syncNow();
  });

  options.bridge.getConnectionState({}).then(
    ({ state }) => {
      if (!stopped && !told && state !== null) set(state);
    },
    (error: unknown) => log(`shop: the connection state could not be read: ${error instanceof Error ? error.message : String(error)}`),
  );

  const follow = (state: ShopCatalogState, previous: ShopCatalogState) => {
    if (stopped) return;
    if ((state.progress?.requests ?? 0) > (previous.progress?.requests ?? 0)) set('online');
    if (state.current !== null && state.current.syncedAt !== previous.current?.syncedAt && !state.syncing && state.lastFailure === null && previous.syncing)
      set('online');
    if (state.lastFailure !== null && state.lastFailure !== previous.lastFailure && state.lastFailure.kind === 'connection') set('offline');
  };
  const unfollow = catalog.subscribe(follow);

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      unfollow();
    },
  };
}
