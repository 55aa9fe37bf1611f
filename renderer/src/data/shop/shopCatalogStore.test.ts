import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../shared/bridge';
import { createShopCatalogStore, shopCatalogSelectors, startShopSync, type ShopSync } from './shopCatalogStore';
import { fakeShop, fakeShopServer } from './shopSyncTesting';

let counter = 0;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Timers run only when the test says so. */
function manualTimers() {
  const due: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  return {
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      due.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    pending: () => due.filter((t) => !t.cancelled).map((t) => t.ms),
  };
}

function start(server = fakeShopServer(fakeShop(30))) {
  const accountKey = `shop:store-${Date.now()}-${counter++}`;
  const store = createShopCatalogStore();
  const timers = manualTimers();
  const sync: ShopSync = startShopSync(server.bridge, {
    accountKey,
    store,
    setTimer: timers.setTimer,
    log: () => {},
    engine: { retryDelaysMs: [], sleep: async () => {} },
  });
  cleanups.push(async () => {
    sync.stop();
    await sync.firstRun;
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-shop-${accountKey}`)) await Dexie.delete(name);
  });
  return { accountKey, store, sync, server, timers };
}

describe('startShopSync', () => {
  it('syncs at start, puts the generation and its "last sync" in the store, and plans the next sync', async () => {
    const { store, sync, timers } = start();
    await sync.firstRun;
    const state = store.getState();
    expect(shopCatalogSelectors.generation(state)).not.toBeNull();
    expect(shopCatalogSelectors.lastSyncedAt(state)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(state.syncing).toBe(false);
    expect(state.lastFailure).toBeNull();
    expect(await shopCatalogSelectors.shopDb(state)!.products.count()).toBe(35);
    expect(timers.pending()).toContain(15 * 60_000);
  });

  it('a failed sync keeps the generation the till reads and says why', async () => {
    const server = fakeShopServer(fakeShop(30));
    const { store, sync } = start(server);
    await sync.firstRun;
    const before = store.getState().current!;
    server.failOn((p) => p.resource === 'groups', new BridgeError({ kind: 'offline', code: 'offline' }));
    await sync.syncNow();
    const state = store.getState();
    expect(state.current?.n).toBe(before.n);
    expect(state.lastFailure).toMatchObject({ kind: 'connection', bridgeKind: 'offline' });
    expect(await state.current!.db.products.count()).toBe(35);
  });

  it('a second start reads the saved generation before syncing', async () => {
    const first = start();
    await first.sync.firstRun;
    const n = first.store.getState().current!.n;
    first.sync.stop();
    const store = createShopCatalogStore();
    const server = fakeShopServer(fakeShop(30));
    server.failOn(() => true, new BridgeError({ kind: 'offline', code: 'offline' }), 10);
    const again = startShopSync(server.bridge, { accountKey: first.accountKey, store, setTimer: () => () => {}, log: () => {}, engine: { retryDelaysMs: [] } });
    await again.opened;
    expect(store.getState().current?.n).toBe(n);
    await again.firstRun;
    expect(store.getState().current?.n).toBe(n);
    again.stop();
  });
});
