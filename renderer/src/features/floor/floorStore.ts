import { create, type StateCreator } from 'zustand';
import type { AppInfo } from '../../../../shared/bridge';
import type { FloorDb } from '../../data/catalog/catalogDb';
import type { SyncFailureInfo } from '../../data/catalog/catalogStore';

export type ConnectionIndicatorState = 'connecting' | 'online' | 'offline';

/**
 * Which venue this terminal shows and the database its floor plan is read from (the current
 * catalog generation); `db` is null until the first sync of this account has succeeded.
 */
export interface VenueSlice {
  appInfo: AppInfo | null;
  db: FloorDb | null;
  setVenue: (appInfo: AppInfo, db: FloorDb | null) => void;
  clearVenue: () => void;
}

/** The floor drawn as a plan (one room at a time) or as a list of the open tables of every room. */
export type FloorView = 'plan' | 'list';

/** What the waiter is looking at: the plan or the list, and which room (tables are chosen in the service store). */
export interface SelectionSlice {
  floorView: FloorView;
  showFloorView: (view: FloorView) => void;
  selectedRoomId: number | null;
  selectRoom: (roomId: number) => void;
}

/** How fresh the floor plan is and why it may not be. */
export interface SyncSlice {
  connection: ConnectionIndicatorState;
  /** The last failed load a waiter should see (not "offline": the indicator says that); the screen words it. */
  loadError: SyncFailureInfo | null;
  /** ISO time the local floor plan was saved from the server, or null when never. */
  floorSavedAt: string | null;
  /** A catalog sync (which brings the floor plan) is under way. */
  syncing: boolean;
  setConnection: (connection: ConnectionIndicatorState) => void;
  setLoadError: (failure: SyncFailureInfo | null) => void;
  setFloorSavedAt: (savedAt: string | null) => void;
}

export type FloorStore = VenueSlice & SelectionSlice & SyncSlice;

const createVenueSlice: StateCreator<FloorStore, [], [], VenueSlice> = (set) => ({
  appInfo: null,
  db: null,
  setVenue: (appInfo, db) => set({ appInfo, db }),
  clearVenue: () => set({ appInfo: null, db: null, selectedRoomId: null, floorSavedAt: null }),
});

const createSelectionSlice: StateCreator<FloorStore, [], [], SelectionSlice> = (set) => ({
  floorView: 'plan',
  showFloorView: (floorView) => set({ floorView }),
  selectedRoomId: null,
  selectRoom: (roomId) => set((state) => (state.selectedRoomId === roomId ? state : { selectedRoomId: roomId })),
});

const createSyncSlice: StateCreator<FloorStore, [], [], SyncSlice> = (set) => ({
  connection: 'connecting',
  loadError: null,
  floorSavedAt: null,
  syncing: false,
  setConnection: (connection) => set({ connection }),
  setLoadError: (loadError) => set({ loadError }),
  setFloorSavedAt: (floorSavedAt) => set({ floorSavedAt }),
});

/** A fresh store (tests make their own; the app uses `useFloorStore`). */
export const createFloorStore = () =>
  create<FloorStore>()((...a) => ({
    ...createVenueSlice(...a),
    ...createSelectionSlice(...a),
    ...createSyncSlice(...a),
  }));

export type FloorStoreApi = ReturnType<typeof createFloorStore>;

export const useFloorStore: FloorStoreApi = createFloorStore();

/** Components select the smallest piece they need. */
export const floorSelectors = {
  appInfo: (state: FloorStore) => state.appInfo,
  db: (state: FloorStore) => state.db,
  floorView: (state: FloorStore) => state.floorView,
  showFloorView: (state: FloorStore) => state.showFloorView,
  selectedRoomId: (state: FloorStore) => state.selectedRoomId,
  connection: (state: FloorStore) => state.connection,
  loadError: (state: FloorStore) => state.loadError,
  floorSavedAt: (state: FloorStore) => state.floorSavedAt,
  syncing: (state: FloorStore) => state.syncing,
  selectRoom: (state: FloorStore) => state.selectRoom,
} as const;
