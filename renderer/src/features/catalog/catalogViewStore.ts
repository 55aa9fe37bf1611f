import { create } from 'zustand';

/**
 * What the catalog view is showing: a group and one of its categories. Only ids are kept (the
 * records come from the current generation through useLiveQuery), so a sync never leaves a stale
 * copy here; an id that vanished upstream falls back to the first one (see `chosen`).
 */
export interface CatalogViewState {
  selectedGroupId: number | null;
  /** The category chosen last in each group, so going back to a group returns to it. */
  categoryByGroup: Readonly<Record<number, number>>;
  selectGroup: (groupId: number) => void;
  selectCategory: (groupId: number, categoryId: number) => void;
}

/** A fresh store (tests make their own; the app uses `useCatalogViewStore`). */
export const createCatalogViewStore = () =>
  create<CatalogViewState>()((set) => ({
    selectedGroupId: null,
    categoryByGroup: {},
    selectGroup: (groupId) => set((state) => (state.selectedGroupId === groupId ? state : { selectedGroupId: groupId })),
    selectCategory: (groupId, categoryId) =>
      set((state) =>
        state.categoryByGroup[groupId] === categoryId ? state : { categoryByGroup: { ...state.categoryByGroup, [groupId]: categoryId } },
      ),
  }));

export const useCatalogViewStore = createCatalogViewStore();

/** Components select the smallest piece they need. */
export const catalogViewSelectors = {
  selectedGroupId: (state: CatalogViewState) => state.selectedGroupId,
  selectedCategoryId: (groupId: number) => (state: CatalogViewState) => state.categoryByGroup[groupId] ?? null,
  selectGroup: (state: CatalogViewState) => state.selectGroup,
  selectCategory: (state: CatalogViewState) => state.selectCategory,
} as const;

/**
 * The record the view shows out of `records`: the one with `selectedId`, else the first (nothing
 * chosen yet, or the chosen one vanished on the last sync or is now inactive); null when empty.
 */
export function chosen<T extends { id: number }>(records: readonly T[], selectedId: number | null): T | null {
  return records.find((record) => record.id === selectedId) ?? records[0] ?? null;
}
