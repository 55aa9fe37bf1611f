import type { CatalogState } from '../data/catalog/catalogStore';
import { useCatalog } from './useCatalog';

// The venue session — which account is open, whether the terminal reaches the server, whether a
// sync is under way — read straight from the catalog store (data/catalog/catalogStore.ts), which
// the catalog sync keeps; nothing copies it (docs/decisions.md, "Renderer layers").

export type ConnectionIndicatorState = CatalogState['connection'];

/** Components select the smallest piece they need. */
export const sessionSelectors = {
  appInfo: (state: CatalogState) => state.appInfo,
  /** The floor plan's database: the current generation, else the version 1 plan, else none yet. */
  floorDb: (state: CatalogState) => state.current?.db ?? state.legacyFloor?.db ?? null,
  connection: (state: CatalogState) => state.connection,
  /** The last failed sync a waiter should read: offline is said by the indicator, a stopped sync is nothing to read. */
  loadError: (state: CatalogState) => {
    const failure = state.lastFailure;
    return failure === null || failure.kind === 'connection' || failure.kind === 'aborted' ? null : failure;
  },
  /** ISO time the local floor plan was saved from the server, or null when never. */
  floorSavedAt: (state: CatalogState) => state.current?.syncedAt ?? state.legacyFloor?.savedAt ?? null,
  syncing: (state: CatalogState) => state.syncing,
} as const;

/** Reads the session from a component: the smallest piece needed. */
export const useSession = useCatalog;
