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
  /** Stop following the catalog; the floor shows nothing until started again. */
  stop(): void;
}

/**
 * The floor plan follows the catalog sync (data/syncService.ts): it shows the current generation's
 * rooms and tables as soon as the account's data is open — so a terminal that starts offline has
 * its saved plan — and switches when a sync builds a new generation. Offline or timed out: the
 * indicator says so and the sync retries every 30 s, and at once when the connection comes back.
 * Any other failure: the plan stays and the failure's message is shown.
 */
export function startFloorLoader(sync: Pick<CatalogSync, 'firstRun' | 'syncNow'>, options: FloorLoaderOptions = {}): FloorLoader {
  const store = options.store ?? useFloorStore;
  const catalog = options.catalog ?? catalogStore;
  let stopped = false;

  const apply = (state: CatalogState) => {
    if (stopped) return;
    const floor = store.getState();
    const db = state.current?.db ?? state.legacyFloor?.db ?? null;
    const savedAt = state.current?.syncedAt ?? state.legacyFloor?.savedAt ?? null;
    if (state.appInfo === null) {
      if (floor.appInfo !== null) floor.clearVenue();
    } else if (floor.appInfo?.accountKey !== state.appInfo.accountKey) {
      // Another account: its own plan, nothing selected.
      floor.clearVenue();
      floor.setVenue(state.appInfo, db);
    } else if (floor.db !== db || floor.appInfo !== state.appInfo) {
      floor.setVenue(state.appInfo, db);
    }
    const failure = state.lastFailure;
    // Offline is said by the indicator; a stopped sync is nothing a waiter needs to read.
    const loadError = failure === null || failure.kind === 'connection' || failure.kind === 'aborted' ? null : failure;
    store.setState({ connection: state.connection, loadError, floorSavedAt: savedAt, syncing: state.syncing });
  };

  apply(catalog.getState());
  const unsubscribe = catalog.subscribe(apply);

  return {
    ready: sync.firstRun,
    retry: () => (stopped ? Promise.resolve() : sync.syncNow()),
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      store.getState().clearVenue();
    },
  };
}
