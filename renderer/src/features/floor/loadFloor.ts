import { catalogStore, type CatalogState, type CatalogStoreApi } from '../../data/catalog/catalogStore';
import type { CatalogSync } from '../../data/sync/syncService';
import { useFloorStore, type FloorStoreApi } from './floorStore';

export interface FloorLoaderOptions {
  store?: FloorStoreApi;
  catalog?: CatalogStoreApi;
}

export interface FloorLoader {
  /** Settles when the first sync attempt has finished (successfully or not). */
  readonly ready: Promise<void>;
  /** Try again now (the Retry button): a sync, joining one already under way. */
  retry(): Promise<void>;
  /** Stop following the catalog's account. */
  stop(): void;
}

/**
 * The floor plan follows the catalog sync (data/syncService.ts): the plan, the connection and the
 * last failure are read from the session (session/session.ts), which reads the catalog store. Here:
 * Retry, and another account starting with nothing selected.
 */
export function startFloorLoader(sync: Pick<CatalogSync, 'firstRun' | 'syncNow'>, options: FloorLoaderOptions = {}): FloorLoader {
  const store = options.store ?? useFloorStore;
  const catalog = options.catalog ?? catalogStore;
  let stopped = false;
  let accountKey = catalog.getState().appInfo?.accountKey ?? null;

  const follow = (state: CatalogState) => {
    const next = state.appInfo?.accountKey ?? null;
    if (next === accountKey) return;
    accountKey = next;
    store.getState().clearSelection();
  };
  const unsubscribe = catalog.subscribe(follow);

  return {
    ready: sync.firstRun,
    retry: () => (stopped ? Promise.resolve() : sync.syncNow()),
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      store.getState().clearSelection();
    },
  };
}
