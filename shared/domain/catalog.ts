import type {
  CategoryWire,
  ItemWire,
  MenuMenuCategoryWire,
  MenuMenuItemCategoryPivotWire,
  ModifierCategoryWire,
  ModifierGroupWire,
  ModifierPivotWire,
  ModifierWire,
  SellingFormatPivotWire,
  SellingFormatWire,
} from '../api/catalog';

// The catalog records the order rules read (spec 2.6), as plain arrays so the renderer can feed
// them from its queries (or the whole store). Indexed once; every rule module reads the index.

export interface CatalogRecords {
  categories: readonly CategoryWire[];
  items: readonly ItemWire[];
  sellingFormats: readonly SellingFormatWire[];
  sellingFormatPivots: readonly SellingFormatPivotWire[];
  modifiers: readonly ModifierWire[];
  modifierCategories: readonly ModifierCategoryWire[];
  modifierGroups: readonly ModifierGroupWire[];
  modifierPivots: readonly ModifierPivotWire[];
  menuMenuCategories: readonly MenuMenuCategoryWire[];
  menuMenuItemCategoryPivots: readonly MenuMenuItemCategoryPivotWire[];
}

export interface CatalogIndex {
  categories: ReadonlyMap<number, CategoryWire>;
  items: ReadonlyMap<number, ItemWire>;
  sellingFormats: ReadonlyMap<number, SellingFormatWire>;
  modifierCategories: ReadonlyMap<number, ModifierCategoryWire>;
  modifierGroups: ReadonlyMap<number, ModifierGroupWire>;
  /** By item id, in `order`. */
  formatPivotsByItem: ReadonlyMap<number, readonly SellingFormatPivotWire[]>;
  /** By modifier category id, in `order`. */
  modifiersByCategory: ReadonlyMap<number, readonly ModifierWire[]>;
  /** By modifier group id, in `order`. */
  modifierPivotsByGroup: ReadonlyMap<number, readonly ModifierPivotWire[]>;
  /** By menu item id, in `order`. */
  menuCategoriesByItem: ReadonlyMap<number, readonly MenuMenuCategoryWire[]>;
  /** By menu category id, in `order`. */
  menuPivotsByCategory: ReadonlyMap<number, readonly MenuMenuItemCategoryPivotWire[]>;
}

/** Ascending `order` (absent last), then id: the display order of every list. */
export function byOrder(a: { order?: number | null; id: number }, b: { order?: number | null; id: number }): number {
  const ao = a.order ?? Number.MAX_SAFE_INTEGER;
  const bo = b.order ?? Number.MAX_SAFE_INTEGER;
  return ao !== bo ? ao - bo : a.id - b.id;
}

function byId<T extends { id: number }>(records: readonly T[]): Map<number, T> {
  return new Map(records.map((r) => [r.id, r]));
}

function groupBy<T extends { id: number; order?: number | null }>(records: readonly T[], key: (r: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const record of records) {
    const k = key(record);
    const list = map.get(k);
    if (list) list.push(record);
    else map.set(k, [record]);
  }
  for (const list of map.values()) list.sort(byOrder);
  return map;
}

export function indexCatalog(records: CatalogRecords): CatalogIndex {
  return {
    categories: byId(records.categories),
    items: byId(records.items),
    sellingFormats: byId(records.sellingFormats),
    modifierCategories: byId(records.modifierCategories),
    modifierGroups: byId(records.modifierGroups),
    formatPivotsByItem: groupBy(records.sellingFormatPivots, (p) => p.item_id),
    modifiersByCategory: groupBy(records.modifiers, (m) => m.category_id),
    modifierPivotsByGroup: groupBy(records.modifierPivots, (p) => p.group_id),
    menuCategoriesByItem: groupBy(records.menuMenuCategories, (c) => c.item_id),
    menuPivotsByCategory: groupBy(records.menuMenuItemCategoryPivots, (p) => p.category_id),
  };
}
