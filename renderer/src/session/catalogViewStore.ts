import { create } from 'zustand';
import type { AllergenCode } from '../../../shared/api/catalog';

/** The catalog's first tab: the items this terminal sent most lately. */
export const MOST_SOLD = 'most-sold';
/** A tab of the groups column: "Most sold" or a group (by id). */
export type GroupTab = typeof MOST_SOLD | number;

/**
 * What the catalog view is showing: "Most sold", or a group and one of its categories. Only ids are kept (the
 * records come from the current generation through useLiveQuery), so a sync never leaves a stale
 * copy here; an id that vanished upstream falls back to the first one (see `chosen`).
 */
export interface CatalogViewState {
  /** null: nothing chosen yet, so the first tab, "Most sold". */
  selectedGroupId: GroupTab | null;
  /** The category chosen last in each group, so going back to a group returns to it. */
  categoryByGroup: Readonly<Record<number, number>>;
  /** What the waiter typed in Search; non-empty → the results replace the category's grid. */
  query: string;
  /** "Hide items containing…": allergen codes (spec 2.7) whose items are not offered. */
  hiddenAllergens: ReadonlySet<AllergenCode>;
  /** The item card tapped last (marked pressed); the order builder will act on it. */
  selectedItemId: number | null;
  selectGroup: (groupId: GroupTab) => void;
  selectCategory: (groupId: number, categoryId: number) => void;
  setQuery: (query: string) => void;
  toggleHiddenAllergen: (code: AllergenCode) => void;
  clearHiddenAllergens: () => void;
  selectItem: (itemId: number) => void;
}

/** A fresh store (tests make their own; the app uses `useCatalogViewStore`). */
export const createCatalogViewStore = () =>
  create<CatalogViewState>()((set) => ({
    selectedGroupId: null,
    categoryByGroup: {},
    query: '',
    hiddenAllergens: new Set<AllergenCode>(),
    selectedItemId: null,
    selectGroup: (groupId) => set((state) => (state.selectedGroupId === groupId ? state : { selectedGroupId: groupId })),
    selectCategory: (groupId, categoryId) =>
      set((state) => (state.categoryByGroup[groupId] === categoryId ? state : { categoryByGroup: { ...state.categoryByGroup, [groupId]: categoryId } })),
    setQuery: (query) => set((state) => (state.query === query ? state : { query })),
    toggleHiddenAllergen: (code) =>
      set((state) => {
        const hiddenAllergens = new Set(state.hiddenAllergens);
        if (!hiddenAllergens.delete(code)) hiddenAllergens.add(code);
        return { hiddenAllergens };
      }),
    clearHiddenAllergens: () => set((state) => (state.hiddenAllergens.size === 0 ? state : { hiddenAllergens: new Set<AllergenCode>() })),
    selectItem: (itemId) => set((state) => (state.selectedItemId === itemId ? state : { selectedItemId: itemId })),
  }));

export const useCatalogViewStore = createCatalogViewStore();

/** Components select the smallest piece they need. */
export const catalogViewSelectors = {
  selectedGroupId: (state: CatalogViewState) => state.selectedGroupId,
  /** The tab shown: "Most sold" until a group is chosen. */
  selectedTab: (state: CatalogViewState): GroupTab => state.selectedGroupId ?? MOST_SOLD,
  selectedCategoryId: (groupId: number) => (state: CatalogViewState) => state.categoryByGroup[groupId] ?? null,
  selectGroup: (state: CatalogViewState) => state.selectGroup,
  selectCategory: (state: CatalogViewState) => state.selectCategory,
  query: (state: CatalogViewState) => state.query,
  setQuery: (state: CatalogViewState) => state.setQuery,
  hiddenAllergens: (state: CatalogViewState) => state.hiddenAllergens,
  toggleHiddenAllergen: (state: CatalogViewState) => state.toggleHiddenAllergen,
  clearHiddenAllergens: (state: CatalogViewState) => state.clearHiddenAllergens,
  isItemSelected: (itemId: number) => (state: CatalogViewState) => state.selectedItemId === itemId,
  selectItem: (state: CatalogViewState) => state.selectItem,
} as const;

/**
 * The record the view shows out of `records`: the one with `selectedId`, else the first (nothing
 * chosen yet, or the chosen one vanished on the last sync or is now inactive); null when empty.
 */
export function chosen<T extends { id: number }>(records: readonly T[], selectedId: number | null): T | null {
  return records.find((record) => record.id === selectedId) ?? records[0] ?? null;
}
