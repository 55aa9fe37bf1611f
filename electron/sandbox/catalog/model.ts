// Catalog records as the sandbox stores them (spec: hospitality 2.5–2.7). Stored with real
// numbers; booleans are 0/1 as the spec's examples send them. Records may carry more fields than
// listed (clarifications: catalog records may carry unknown fields); they are kept and returned.

export type Flag = 0 | 1;

interface Extra {
  [field: string]: unknown;
}

/** spec 2.6 Group */
export interface GroupRecord extends Extra {
  id: number;
  name: string;
  photo?: string | null;
  active: Flag;
  tax_id?: number | null;
  printer_id?: number | null;
  printer_group_id?: number | null;
  super_group_id?: number | null;
  extra_id?: string | null;
}

/** spec 2.6 Category */
export interface CategoryRecord extends Extra {
  id: number;
  name: string;
  photo?: string | null;
  active: Flag;
  group_id: number;
  tax_id?: number | null;
  printer_id?: number | null;
  printer_group_id?: number | null;
  modifier_category_id?: number | null;
  modifier_group_id?: number | null;
  super_group_id?: number | null;
  dish_order_id?: number | null;
  extra_id?: string | null;
}

/** spec 2.6 Item — type 0 = normal, 1 = menu, 4 = selling format. */
export interface ItemRecord extends Extra {
  id: number;
  name: string;
  price: number;
  costPrice: number;
  type: 0 | 1 | 4;
  category_id: number;
  photo?: string | null;
  active: Flag;
  info?: string | null;
  /** spec 2.7: codes joined by ';', e.g. "1;7;13". */
  allergies?: string | null;
  modifier_group_id?: number | null;
  modifier_category_id?: number | null;
  order?: number;
}

/** spec 2.6 Selling format */
export interface SellingFormatRecord extends Extra {
  id: number;
  name: string;
  photo?: string | null;
  order?: number;
  active: Flag;
}

/** spec 2.6 Selling format pivot — connects a type 4 item to a selling format. */
export interface SellingFormatPivotRecord extends Extra {
  id: number;
  quantity: number;
  price: number;
  order?: number;
  format_id: number;
  item_id: number;
  combination_group_id?: number | null;
  unit_id?: number | null;
}

/** spec 2.6 Modifier */
export interface ModifierRecord extends Extra {
  id: number;
  name: string;
  price: number;
  category_id: number;
  photo?: string | null;
  order?: number;
  cookDuration?: number | null;
  active: Flag;
  extra_id?: string | null;
  /** Not in the spec's table (clarifications): starts chosen when ordering. */
  autoSelected?: Flag;
}

/**
 * spec 2.6 Modifier category — isChoice 0 = select one, 1 = multiple (default). `min`/`max`
 * (clarifications; max 0 = no limit) and `shouldHide` (not offered when ordering) are not in the
 * spec's table.
 */
export interface ModifierCategoryRecord extends Extra {
  id: number;
  name: string;
  order?: number;
  isChoice: Flag;
  isOptional: Flag;
  active: Flag;
  min?: number;
  max?: number;
  shouldHide?: Flag;
}

/** spec 2.6 Modifier group */
export interface ModifierGroupRecord extends Extra {
  id: number;
  name: string;
  order?: number;
  dont_show_automatically: Flag;
}

/** spec 2.6 Modifier pivot — a modifier group's categories. */
export interface ModifierPivotRecord extends Extra {
  id: number;
  order?: number;
  group_id: number;
  category_id: number;
}

/**
 * spec 2.6 Menu category (`menuMenuCategories`) of a type 1 item. isMultipleChoice: 0 = select
 * one, 1 = multiple (default), 2 = select one mandatory, 3 = select by default (min-max),
 * 4 = custom (min-max).
 */
export interface MenuCategoryRecord extends Extra {
  id: number;
  name: string;
  order?: number;
  isMultipleChoice: 0 | 1 | 2 | 3 | 4;
  max: number;
  min: number;
  item_id: number;
  dish_order_id?: number | null;
}

/** spec 2.6 Menu item-category pivot (`menuMenuItemCategoryPivots`): a dish of a menu category. */
export interface MenuItemCategoryPivotRecord extends Extra {
  id: number;
  active: Flag;
  order?: number;
  /** Supplement added to the menu's price when this dish is chosen. */
  price: number;
  addModifiersPrice: Flag;
  item_id: number;
  category_id: number;
  separatorName?: string | null;
  modifier_group_id?: number | null;
  format_pivot_id?: number | null;
}

/** The 11 catalog resources, keyed by their URL segment (spec 4.3). */
export interface CatalogState {
  groups: GroupRecord[];
  categories: CategoryRecord[];
  items: ItemRecord[];
  sellingFormats: SellingFormatRecord[];
  sellingFormatPivots: SellingFormatPivotRecord[];
  modifiers: ModifierRecord[];
  modifierCategories: ModifierCategoryRecord[];
  modifierGroups: ModifierGroupRecord[];
  modifierPivots: ModifierPivotRecord[];
  menuMenuCategories: MenuCategoryRecord[];
  menuMenuItemCategoryPivots: MenuItemCategoryPivotRecord[];
}

export type CatalogResource = keyof CatalogState;

export const CATALOG_RESOURCES: readonly CatalogResource[] = [
  'groups',
  'categories',
  'items',
  'sellingFormats',
  'sellingFormatPivots',
  'modifiers',
  'modifierCategories',
  'modifierGroups',
  'modifierPivots',
  'menuMenuCategories',
  'menuMenuItemCategoryPivots',
];

export function emptyCatalog(): CatalogState {
  return Object.fromEntries(CATALOG_RESOURCES.map((r) => [r, []])) as unknown as CatalogState;
}
