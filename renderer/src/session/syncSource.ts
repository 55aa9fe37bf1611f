import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { SyncResource } from '../../../shared/bridge';
import { catalogStore, type SyncFailureInfo } from '../data/catalog/catalogStore';
import { shopCatalogStore } from '../data/shop/shopCatalogStore';
import { SHOP_SYNC_RESOURCES, type ShopSyncResource } from '../data/shop/shopSync';
import { SYNC_RESOURCES } from '../data/sync/sync';
import type { SyncProgress } from '../data/sync/syncProgress';

// Which catalog the header's sync status and the sync view describe ("progress
// and last sync as for the venue"): the venue's catalog store by default, the shop's inside a
// <SyncSourceContext.Provider value={shopSyncSource}>. Both stores have the same shape where these
// screens read them: the current generation's `syncedAt` and counts, the progress, the last
// failure and "Sync now".

/** A resource the sync view can name (the `sync` namespace has a message for each). */
export type SyncViewResource = SyncResource | ShopSyncResource;

/** What the sync status and view read of a catalog store. */
export interface SyncSourceState {
  current: { syncedAt: string; counts: Partial<Record<string, number>> } | null;
  syncing: boolean;
  progress: SyncProgress<SyncViewResource> | null;
  lastFailure: SyncFailureInfo | null;
  syncNow: () => Promise<void>;
}

export interface SyncSource {
  store: Pick<StoreApi<SyncSourceState>, 'getState' | 'getInitialState' | 'subscribe'>;
  /** The resources the view lists when no sync is under way (what the current generation holds). */
  resources: readonly SyncViewResource[];
}

export const venueSyncSource: SyncSource = { store: catalogStore, resources: SYNC_RESOURCES };
export const shopSyncSource: SyncSource = { store: shopCatalogStore, resources: SHOP_SYNC_RESOURCES };

export const SyncSourceContext = createContext<SyncSource>(venueSyncSource);

/** Reads the catalog the sync screens describe: the smallest piece needed. */
export function useSyncSource<T>(selector: (state: SyncSourceState) => T): T {
  return useStore(useContext(SyncSourceContext).store, selector);
}

export function useSyncResources(): readonly SyncViewResource[] {
  return useContext(SyncSourceContext).resources;
}

export const syncSourceSelectors = {
  /** ISO time of the last successful sync, or null when never. */
  lastSyncedAt: (state: SyncSourceState) => state.current?.syncedAt ?? null,
  counts: (state: SyncSourceState) => state.current?.counts ?? null,
  syncing: (state: SyncSourceState) => state.syncing,
  progress: (state: SyncSourceState) => state.progress,
  lastFailure: (state: SyncSourceState) => state.lastFailure,
  failureKind: (state: SyncSourceState) => state.lastFailure?.kind ?? null,
  syncNow: (state: SyncSourceState) => state.syncNow,
} as const;
