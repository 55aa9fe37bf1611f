import { describe, expect, it } from 'vitest';
import { catalogViewSelectors, chosen, createCatalogViewStore, MOST_SOLD } from './catalogViewStore';

describe('chosen', () => {
  const records = [{ id: 3 }, { id: 7 }, { id: 9 }];

  it('is the selected record', () => {
    expect(chosen(records, 7)).toEqual({ id: 7 });
  });

  it('falls back to the first record when none is selected or the selected one is gone', () => {
    expect(chosen(records, null)).toEqual({ id: 3 });
    expect(chosen(records, 42)).toEqual({ id: 3 });
  });

  it('is null when there is nothing to choose from', () => {
    expect(chosen([], 7)).toBeNull();
  });
});

describe('catalog view store', () => {
  it('starts on "Most sold", the first tab, until a group is chosen', () => {
    const store = createCatalogViewStore();
    expect(catalogViewSelectors.selectedTab(store.getState())).toBe(MOST_SOLD);
    store.getState().selectGroup(4);
    expect(catalogViewSelectors.selectedTab(store.getState())).toBe(4);
    store.getState().selectGroup(MOST_SOLD);
    expect(catalogViewSelectors.selectedTab(store.getState())).toBe(MOST_SOLD);
  });

  it('remembers the category chosen in each group', () => {
    const store = createCatalogViewStore();
    const { selectGroup, selectCategory } = store.getState();
    selectGroup(1);
    selectCategory(1, 10);
    selectGroup(2);
    selectCategory(2, 20);
    expect(catalogViewSelectors.selectedGroupId(store.getState())).toBe(2);
    expect(catalogViewSelectors.selectedCategoryId(1)(store.getState())).toBe(10);
    expect(catalogViewSelectors.selectedCategoryId(2)(store.getState())).toBe(20);
    expect(catalogViewSelectors.selectedCategoryId(3)(store.getState())).toBeNull();
  });

  it('does not notify when the same group or category is chosen again', () => {
    const store = createCatalogViewStore();
    store.getState().selectGroup(1);
    store.getState().selectCategory(1, 10);
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    store.getState().selectGroup(1);
    store.getState().selectCategory(1, 10);
    unsubscribe();
    expect(notified).toBe(0);
  });
});

describe('catalog view store: search, allergen filter and selection', () => {
  it('keeps the query, toggles hidden allergens and marks one item selected', () => {
    const store = createCatalogViewStore();
    const state = () => store.getState();
    state().setQuery('jamon');
    expect(catalogViewSelectors.query(state())).toBe('jamon');
    state().toggleHiddenAllergen(1);
    state().toggleHiddenAllergen(13);
    state().toggleHiddenAllergen(1);
    expect([...catalogViewSelectors.hiddenAllergens(state())]).toEqual([13]);
    state().clearHiddenAllergens();
    expect(catalogViewSelectors.hiddenAllergens(state()).size).toBe(0);
    state().selectItem(5);
    expect(catalogViewSelectors.isItemSelected(5)(state())).toBe(true);
    expect(catalogViewSelectors.isItemSelected(6)(state())).toBe(false);
  });
});
