import { create } from 'zustand';

// The floor's own screen state. The session it draws (which account, the floor plan's database,
// the connection) is read from session/session.ts, not kept here (docs/decisions.md, "Renderer layers").

/** The floor drawn as a plan (one room at a time) or as a list of the open tables of every room. */
export type FloorView = 'plan' | 'list';

/** What the waiter is looking at: the plan or the list, and which room (tables are chosen in the navigation store). */
export interface FloorStore {
  floorView: FloorView;
  showFloorView: (view: FloorView) => void;
  selectedRoomId: number | null;
  selectRoom: (roomId: number) => void;
  /** Another account (or none): nothing selected. */
  clearSelection: () => void;
}

/** A fresh store (tests make their own; the app uses `useFloorStore`). */
export const createFloorStore = () =>
  create<FloorStore>()((set) => ({
    floorView: 'plan',
    showFloorView: (floorView) => set({ floorView }),
    selectedRoomId: null,
    selectRoom: (roomId) => set((state) => (state.selectedRoomId === roomId ? state : { selectedRoomId: roomId })),
    clearSelection: () => set({ selectedRoomId: null }),
  }));

export type FloorStoreApi = ReturnType<typeof createFloorStore>;

export const useFloorStore: FloorStoreApi = createFloorStore();

/** Components select the smallest piece they need. */
export const floorSelectors = {
  floorView: (state: FloorStore) => state.floorView,
  showFloorView: (state: FloorStore) => state.showFloorView,
  selectedRoomId: (state: FloorStore) => state.selectedRoomId,
  selectRoom: (state: FloorStore) => state.selectRoom,
} as const;
