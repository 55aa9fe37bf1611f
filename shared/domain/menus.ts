import type { ItemWire, MenuMenuCategoryWire } from '../api/catalog';
import type { CatalogIndex } from './catalog';
import { toCents } from './money';

// spec 2.6 Menu category (`menuMenuCategories`) and Menu item-category pivot
// (`menuMenuItemCategoryPivots`) of a menu item (type 1).

export interface MenuDishOption {
  /** The menu item-category pivot id: the dish's `dishOrder` in a loyalty order. */
  pivotId: number;
  itemId: number;
  name: string;
  /** Added to the menu's price when this dish is chosen. */
  supplementCents: number;
  /** Whether the dish's own modifiers add to the price (spec 2.6 `addModifiersPrice`). */
  addModifiersPrice: boolean;
  /** A modifier group the pivot sets for this dish (overrides the dish item's own). */
  modifierGroupId: number | null;
  /** A selling-format pivot the menu fixes for a type 4 dish. */
  formatPivotId: number | null;
}

export interface MenuCategoryRule {
  categoryId: number;
  name: string;
  mode: MenuMenuCategoryWire['isMultipleChoice'];
  /** Fewest dishes to choose. */
  min: number;
  /** Most dishes to choose; null = no limit. */
  max: number | null;
  /** Mode 3: the UI preselects the first `min` dishes. */
  preselect: boolean;
  dishes: readonly MenuDishOption[];
}

/**
 * Our reading of spec 2.6 `isMultipleChoice`:
 * - 0 "select one": at most one dish (optional);
 * - 1 "multiple choice": any number of dishes, at least `min`; `max` is not a limit (its default
 *   of 1 would contradict "multiple");
 * - 2 "select one mandatory": exactly one;
 * - 3 "select by default (min–max)": between `min` and `max`, the UI preselecting `min` dishes;
 * - 4 "custom (min–max)": between `min` and `max`.
 * A `max` below `min` is read as `min`. A `min` larger than the active dishes offered is capped
 * to them, so a category can always be completed.
 */
export function menuCategoryRule(category: MenuMenuCategoryWire, catalog: CatalogIndex): MenuCategoryRule {
  const dishes: MenuDishOption[] = [];
  for (const pivot of catalog.menuPivotsByCategory.get(category.id) ?? []) {
    const item = catalog.items.get(pivot.item_id);
    if (!pivot.active || !item?.active || item.type === 1) continue;
    dishes.push({
      pivotId: pivot.id,
      itemId: item.id,
      name: item.name,
      supplementCents: toCents(pivot.price),
      addModifiersPrice: pivot.addModifiersPrice,
      modifierGroupId: pivot.modifier_group_id ?? null,
      formatPivotId: pivot.format_pivot_id ?? null,
    });
  }
  let min: number;
  let max: number | null;
  switch (category.isMultipleChoice) {
    case 0:
      [min, max] = [0, 1];
      break;
    case 1:
      [min, max] = [Math.max(0, category.min), null];
      break;
    case 2:
      [min, max] = [1, 1];
      break;
    default:
      min = Math.max(0, category.min);
      max = Math.max(category.max, min, 1);
  }
  min = Math.min(min, dishes.length);
  return { categoryId: category.id, name: category.name, mode: category.isMultipleChoice, min, max, preselect: category.isMultipleChoice === 3, dishes };
}

/** A menu item's categories as rules, in `order`; [] for items that are not menus. */
export function menuRulesOf(item: ItemWire, catalog: CatalogIndex): MenuCategoryRule[] {
  if (item.type !== 1) return [];
  return (catalog.menuCategoriesByItem.get(item.id) ?? []).map((c) => menuCategoryRule(c, catalog));
}
