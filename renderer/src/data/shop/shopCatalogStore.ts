import { createStore } from 'zustand/vanilla';
import { coded, type BridgeClient } from '../../../../shared/bridge';
import type { SyncFailureInfo } from '../catalog/catalogStore';
import { SyncFailure } from '../sync/sync';
import { openShopDb, openShopGenerationDb, type ShopCatalogDb, type ShopDb } from './shopDb';
import { cleanUpShopGenerations, deleteShopGeneration, openCurrentShopGeneration, type OpenShopGeneration } from './shopGenerations';
import { syncShopCatalog, type ShopSyncProgress, type SyncShopOptions } from './shopSync';

// The shop's local catalog as the till sees it, like catalogStore.ts for the
// venue: the current generation (an open database to query with useLiveQuery), the sync's
// progress and its last failure; "last sync" is the current generation's `syncedAt`. A vanilla
// zustand store; components read it with `useStore(shopCatalogStore, selector)`.
// startShopSync runs the sync at start-up, every `everyMinutes`, and on demand (one at a time).

export interface ShopCatalogState {
  accountKey: string | null;
  /** The generation the till reads; null before the first successful sync. */
  current: OpenShopGeneration | null;
  syncing: boolean;
  /** Resources, pages read / total, requests left (null when no sync is under way). */
  progress: ShopSyncProgress | null;
  /** The last attempt's failure; null after a success. */
  lastFailure: SyncFailureInfo | null;
  /** Sync now; joins a sync under way. Set by startShopSync. */
  syncNow: () => Promise<void>;
}

export const createShopCatalogStore = () =>
  createStore<ShopCatalogState>()(() => ({
    accountKey: null,
    current: null,
    syncing: false,
    progress: null,
    lastFailure: null,
    syncNow: () => Promise.resolve(),
  }));
export type ShopCatalogStoreApi = ReturnType<typeof createShopCatalogStore>;

/** The app's one shop catalog store; tests make their own. */
export const shopCatalogStore: ShopCatalogStoreApi = createShopCatalogStore();

export const shopCatalogSelectors = {
  /** The open database of the current generation, or null: the handle for the till's queries. */
  shopDb: (state: ShopCatalogState) => state.current?.db ?? null,
  generation: (state: ShopCatalogState) => state.current?.n ?? null,
  /** ISO time of the last successful sync, or null when never. */
  lastSyncedAt: (state: ShopCatalogState) => state.current?.syncedAt ?? null,
  syncing: (state: ShopCatalogState) => state.syncing,
  progress: (state: ShopCatalogState) => state.progress,
  lastFailure: (state: ShopCatalogState) => state.lastFailure,
  syncNow: (state: ShopCatalogState) => state.syncNow,
} as const;

export const DEFAULT_SHOP_SYNC_EVERY_MINUTES = 15;
/** A retired generation is deleted this long after the switch, once screens read the new one. */
const RETIRE_AFTER_MS = 5_000;

export interface ShopSyncOptions {
  accountKey: string;
  store?: ShopCatalogStoreApi;
  everyMinutes?: number;
  now?: () => Date;
  log?: (line: string) => void;
  openGeneration?: (accountKey: string, n: number) => ShopCatalogDb;
  engine?: Pick<SyncShopOptions, 'retryDelaysMs' | 'sleep'>;
  /** Injected in tests; default setTimeout. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

export interface ShopSync {
  /** Settles once the saved generation (if any) is in the store. */
  readonly opened: Promise<void>;
  /** Settles when the first sync attempt has finished. */
  readonly firstRun: Promise<void>;
  /** Never rejects: the outcome is in the store. */
  syncNow(): Promise<void>;
  /** Stops syncing (a sync under way is aborted and its generation deleted) and closes the databases. */
  stop(): void;
}

export function startShopSync(bridge: Pick<BridgeClient, 'fetchShopPages'>, options: ShopSyncOptions): ShopSync {
  const store = options.store ?? shopCatalogStore;
  const { accountKey } = options;
  const log = options.log ?? ((line: string) => console.warn(line));
  const openGeneration = options.openGeneration ?? openShopGenerationDb;
  const everyMs = Math.max(1, options.everyMinutes ?? DEFAULT_SHOP_SYNC_EVERY_MINUTES) * 60_000;
  const setTimer =
    options.setTimer ??
    ((run, ms) => {
      const handle = setTimeout(run, ms);
      return () => clearTimeout(handle);
    });
  const shopDb: ShopDb = openShopDb(accountKey);
  const controller = new AbortController();
  const cancels = new Set<() => void>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let cancelNext: (() => void) | null = null;

  const later = (run: () => void, ms: number) => {
    const cancel = setTimer(() => {
      cancels.delete(cancel);
      run();
    }, ms);
    cancels.add(cancel);
    return cancel;
  };

  store.setState({ accountKey, current: null, syncing: false, progress: null, lastFailure: null });

  const opened = (async () => {
    try {
      await cleanUpShopGenerations(shopDb, accountKey, log);
      const current = await openCurrentShopGeneration(shopDb, accountKey, openGeneration);
      if (stopped) current?.db.close();
      else store.setState({ current });
    } catch (error) {
      log(`shop sync: could not open the saved catalog: ${String(error)}`);
    }
  })();

  async function runOnce(): Promise<void> {
    await opened;
    if (stopped) return;
    store.setState({ syncing: true, progress: null });
    try {
      const result = await syncShopCatalog({
        bridge,
        accountKey,
        shopDb,
        openGeneration,
        signal: controller.signal,
        onProgress: (progress) => store.setState({ progress }),
        log,
        ...(options.now ? { now: options.now } : {}),
        ...options.engine,
      });
      const next = await openCurrentShopGeneration(shopDb, accountKey, openGeneration);
      if (stopped) {
        next?.db.close();
        return;
      }
      const previous = store.getState().current;
      store.setState({ current: next, syncing: false, progress: null, lastFailure: null });
      later(() => {
        previous?.db.close();
        for (const n of result.retired) void deleteShopGeneration(shopDb, accountKey, n).catch((error: unknown) => log(`shop sync: ${String(error)}`));
      }, RETIRE_AFTER_MS);
    } catch (error) {
      const failure =
        error instanceof SyncFailure ? error : new SyncFailure('storage', coded('sync-storage'), error instanceof Error ? error.message : String(error));
      if (!stopped) {
        store.setState({
          syncing: false,
          progress: null,
          lastFailure: {
            kind: failure.kind,
            bridgeKind: failure.bridgeKind,
            code: failure.code,
            params: failure.params,
            detail: failure.detail,
            at: new Date().toISOString(),
          },
        });
      }
    }
  }

  function schedule(): void {
    cancelNext?.();
    if (!stopped) cancelNext = later(() => void syncNow(), everyMs);
  }

  function syncNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = runOnce().finally(() => {
        running = null;
        schedule();
      });
    }
    return running;
  }

  store.setState({ syncNow });
  const firstRun = syncNow();

  return {
    opened,
    firstRun,
    syncNow,
    stop() {
      if (stopped) return;
      stopped = true;
      controller.abort();
      for (const cancel of cancels) cancel();
      cancels.clear();
      void (running ?? Promise.resolve()).finally(() => {
        store.getState().current?.db.close();
        store.setState({ current: null, syncing: false, progress: null, syncNow: () => Promise.resolve() });
        shopDb.close();
      });
    },
  };
}
