import { createStore } from 'zustand/vanilla';
import type { AppInfo, BridgeErrorKind, ErrorCode, ErrorParams } from '../../../../shared/bridge';
import type { FloorDb } from './catalogDb';
import type { OpenGeneration } from './generations';
import type { SyncFailureKind } from '../sync/sync';
import type { SyncProgress } from '../sync/syncProgress';

// The terminal's local venue data as the UI sees it: which account, its current catalog
// generation (an open database to query with useLiveQuery), and how the sync is going. A vanilla
// zustand store (no React here); components read it with `useStore(catalogStore, selector)`.

export type CatalogConnection = 'connecting' | 'online' | 'offline';

export interface SyncFailureInfo {
  kind: SyncFailureKind;
  bridgeKind: BridgeErrorKind | null;
  /** For the waiter: worded by renderer/src/i18n/errorText.ts (syncFailureText). */
  code: ErrorCode;
  params?: ErrorParams | undefined;
  /** For the engineer. */
  detail: string;
  at: string;
}

export interface CatalogState {
  appInfo: AppInfo | null;
  accountKey: string | null;
  /** The generation every screen reads; null before the first successful sync. */
  current: OpenGeneration | null;
  /**
   * The version 1 floor plan of a terminal updated from version 1, shown until the first
   * generation exists (db.ts, SCHEMA_V2); null otherwise.
   */
  legacyFloor: { db: FloorDb; savedAt: string | null } | null;
  /** A sync is under way. */
  syncing: boolean;
  /** Its progress (null when none is under way). */
  progress: SyncProgress | null;
  /** The last attempt's failure; null after a success. */
  lastFailure: SyncFailureInfo | null;
  /** What the last call to the server proved about the connection. */
  connection: CatalogConnection;
  /** Sync now (the "Sync now" and "Retry" buttons); joins a sync under way. Set by the service. */
  syncNow: () => Promise<void>;
}

export const initialCatalogState = (): Omit<CatalogState, 'syncNow'> => ({
  appInfo: null,
  accountKey: null,
  current: null,
  legacyFloor: null,
  syncing: false,
  progress: null,
  lastFailure: null,
  connection: 'connecting',
});

export const createCatalogStore = () => createStore<CatalogState>()(() => ({ ...initialCatalogState(), syncNow: () => Promise.resolve() }));

export type CatalogStoreApi = ReturnType<typeof createCatalogStore>;

/** The app's one catalog store; tests make their own with createCatalogStore(). */
export const catalogStore: CatalogStoreApi = createCatalogStore();

/** Components select the smallest piece they need. */
export const catalogSelectors = {
  appInfo: (state: CatalogState) => state.appInfo,
  /** The open database of the current generation, or null: the handle for catalog queries. */
  catalogDb: (state: CatalogState) => state.current?.db ?? null,
  generation: (state: CatalogState) => state.current?.n ?? null,
  /** ISO time of the last successful sync, or null when never. */
  lastSyncedAt: (state: CatalogState) => state.current?.syncedAt ?? null,
  syncing: (state: CatalogState) => state.syncing,
  progress: (state: CatalogState) => state.progress,
  lastFailure: (state: CatalogState) => state.lastFailure,
  connection: (state: CatalogState) => state.connection,
  syncNow: (state: CatalogState) => state.syncNow,
} as const;
