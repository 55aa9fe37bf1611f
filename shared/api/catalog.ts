import { z } from 'zod';
import { fastPaginated, type FastShape } from './fastPage';
import { wireFlag, wireInt, wireNumber } from './wire';

// Wire formats of the 11 catalog resources (spec: hospitality 2.5–2.7, 4.3) as the client reads
// them. Objects are not strict: unknown fields are ignored, never a failure (clarifications:
// catalog records may carry fields beyond the spec's tables). Numbers and 0/1 flags are accepted
// as numbers or strings. Required fields and their types are enforced; optional fields may be
// absent or null, and flags/counts with a default in spec 2.6 take it when absent or null.

const text = z.string().nullish();
const int = wireInt.nullish();
const decimal = wireNumber.nullish();

/** A 0/1 flag (spec 2: booleans travel as 0/1) read as a boolean, `fallback` when absent or null. */
function flag(fallback: boolean) {
  return wireFlag.nullish().transform((v) => v ?? fallback);
}

/** An integer with a default when absent or null. */
function count(fallback: number) {
  return wireInt.nullish().transform((v) => v ?? fallback);
}

/** An integer among `allowed` (e.g. an item's `type`). */
function oneOf<const T extends readonly number[]>(allowed: T) {
  return wireInt.refine((v) => allowed.includes(v), `expected one of ${allowed.join(', ')}`).transform((v) => v as T[number]);
}

/** spec 2.7: allergen codes. */
export const ALLERGENS = {
  1: 'eggs',
  2: 'sesame',
  3: 'lupin',
  4: 'mustard',
  5: 'fish',
  6: 'celery',
  7: 'crustaceans',
  8: 'peanuts',
  9: 'mollusks',
  10: 'soy',
  11: 'nuts',
  12: 'sulfites',
  13: 'dairy',
} as const satisfies Record<number, string>;
export type AllergenCode = keyof typeof ALLERGENS;

function isAllergenCode(code: number): code is AllergenCode {
  return Object.hasOwn(ALLERGENS, code);
}

/**
 * Lenient reading of an item's `allergies` (spec 2.7: codes joined by `;`): the known codes, in
 * order, without duplicates; anything else is skipped. null/absent/"" → no allergens.
 */
export function parseAllergies(raw: string | null | undefined): AllergenCode[] {
  const codes: AllergenCode[] = [];
  for (const part of (raw ?? '').split(';')) {
    const trimmed = part.trim();
    if (!/^\d+$/.test(trimmed)) continue;
    const code = Number(trimmed);
    if (isAllergenCode(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * Strict check of an `allergies` string as a writer must send it (spec 2.7): "" (none) or codes
 * 1–13 joined by `;`, no blanks, no duplicates. Returns what is wrong, or null when it is valid.
 */
export function allergiesProblem(raw: string): string | null {
  if (raw === '') return null;
  const seen = new Set<number>();
  for (const part of raw.split(';')) {
    if (!/^\d+$/.test(part)) return `"${part}" is not an allergen code (expected codes 1–13 joined by ";")`;
    const code = Number(part);
    if (!isAllergenCode(code)) return `${code} is not an allergen code (spec 2.7: 1–13)`;
    if (seen.has(code)) return `allergen code ${code} is listed twice`;
    seen.add(code);
  }
  return null;
}

/** spec 2.6 Group. Rule 1 of 4.3 lets a group be created without a name: absent/null reads as "". */
export const groupWire = z.object({
  id: wireInt,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  photo: text,
  active: flag(true),
  tax_id: int,
  printer_id: int,
  printer_group_id: int,
  super_group_id: int,
  extra_id: text,
});
export type GroupWire = z.output<typeof groupWire>;

/** spec 2.6 Category */
export const categoryWire = z.object({
  id: wireInt,
  name: z.string(),
  photo: text,
  active: flag(true),
  group_id: wireInt,
  tax_id: int,
  printer_id: int,
  printer_group_id: int,
  modifier_category_id: int,
  modifier_group_id: int,
  super_group_id: int,
  dish_order_id: int,
  extra_id: text,
});
export type CategoryWire = z.output<typeof categoryWire>;

/** spec 2.6 Item type: 0 = normal, 1 = menu, 4 = selling format. */
export const ITEM_TYPE = { normal: 0, menu: 1, sellingFormat: 4 } as const;

/** spec 2.6 Item (`order` is not in the table; clarifications name it as a field items may carry). */
export const itemWire = z.object({
  id: wireInt,
  name: z.string(),
  price: wireNumber,
  costPrice: wireNumber,
  type: oneOf([ITEM_TYPE.normal, ITEM_TYPE.menu, ITEM_TYPE.sellingFormat]),
  category_id: wireInt,
  photo: text,
  active: flag(true),
  info: text,
  hasInventory: flag(false),
  usesWeight: flag(false),
  isMenu: flag(false),
  shouldAppearInMenuList: flag(false),
  isOpen: flag(false),
  displayInventory: flag(false),
  isLinked: flag(false),
  useAverageCostPrice: flag(false),
  nameKitchen: text,
  buttonName: text,
  barcode: text,
  config: text,
  extra_id: text,
  /** spec 2.7: codes joined by ";"; read it with parseAllergies(). */
  allergies: text,
  tax_id: int,
  printer_id: int,
  printer_group_id: int,
  modifier_group_id: int,
  modifier_category_id: int,
  super_group_id: int,
  dish_order_id: int,
  unit_id: int,
  report_category_id: int,
  cookDuration: decimal,
  minQuantity: decimal,
  order: int,
});
export type ItemWire = z.output<typeof itemWire>;

/** spec 2.6 Selling format */
export const sellingFormatWire = z.object({
  id: wireInt,
  name: z.string(),
  photo: text,
  order: int,
  active: flag(true),
});
export type SellingFormatWire = z.output<typeof sellingFormatWire>;

/** spec 2.6 Selling format pivot: a type 4 item sold in a selling format. */
export const sellingFormatPivotWire = z.object({
  id: wireInt,
  quantity: wireNumber,
  price: wireNumber,
  order: int,
  format_id: wireInt,
  item_id: wireInt,
  combination_group_id: int,
  unit_id: int,
});
export type SellingFormatPivotWire = z.output<typeof sellingFormatPivotWire>;

/** spec 2.6 Modifier (`autoSelected` is not in the table; clarifications name it). */
export const modifierWire = z.object({
  id: wireInt,
  name: z.string(),
  price: wireNumber,
  category_id: wireInt,
  photo: text,
  order: int,
  cookDuration: decimal,
  active: flag(true),
  extra_id: text,
  autoSelected: flag(false),
});
export type ModifierWire = z.output<typeof modifierWire>;

/**
 * spec 2.6 Modifier category: isChoice false = select one, true = multiple choice (default).
 * `min`/`max` are not in the table; clarifications say a modifier category may carry them (a max
 * of 0 or none: no limit). `shouldHide` (a field real clients read, not in the spec): the
 * category is not offered when ordering (docs/decisions.md "Modifier choice rules").
 */
export const modifierCategoryWire = z.object({
  id: wireInt,
  name: z.string(),
  order: int,
  isChoice: flag(true),
  isOptional: flag(true),
  active: flag(true),
  min: int,
  max: int,
  shouldHide: flag(false),
});
export type ModifierCategoryWire = z.output<typeof modifierCategoryWire>;

/** spec 2.6 Modifier group */
export const modifierGroupWire = z.object({
  id: wireInt,
  name: z.string(),
  order: int,
  dont_show_automatically: flag(false),
});
export type ModifierGroupWire = z.output<typeof modifierGroupWire>;

/** spec 2.6 Modifier pivot: a modifier category of a modifier group. */
export const modifierPivotWire = z.object({
  id: wireInt,
  order: int,
  group_id: wireInt,
  category_id: wireInt,
});
export type ModifierPivotWire = z.output<typeof modifierPivotWire>;

/**
 * spec 2.6 Menu category `isMultipleChoice`: 0 = select one, 1 = multiple choice (default),
 * 2 = select one mandatory, 3 = select by default (min-max), 4 = custom (min-max).
 */
export const MULTIPLE_CHOICE = { selectOne: 0, multiple: 1, selectOneMandatory: 2, selectByDefault: 3, custom: 4 } as const;
export type MultipleChoiceMode = (typeof MULTIPLE_CHOICE)[keyof typeof MULTIPLE_CHOICE];

/** spec 2.6 Menu category (`menuMenuCategories`) of a type 1 item. */
export const menuMenuCategoryWire = z.object({
  id: wireInt,
  name: z.string(),
  order: int,
  isMultipleChoice: wireInt
    .nullish()
    .transform((v) => v ?? MULTIPLE_CHOICE.multiple)
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 4, 'expected one of 0, 1, 2, 3, 4')
    .transform((v) => v as MultipleChoiceMode),
  max: count(1),
  min: count(0),
  item_id: wireInt,
  dish_order_id: int,
});
export type MenuMenuCategoryWire = z.output<typeof menuMenuCategoryWire>;

/** spec 2.6 Menu item-category pivot (`menuMenuItemCategoryPivots`): a dish of a menu category. */
export const menuMenuItemCategoryPivotWire = z.object({
  id: wireInt,
  active: flag(true),
  order: int,
  /** Supplement added to the menu's price when this dish is chosen. */
  price: wireNumber,
  addModifiersPrice: flag(true),
  item_id: wireInt,
  category_id: wireInt,
  separatorName: text,
  modifier_group_id: int,
  format_pivot_id: int,
});
export type MenuMenuItemCategoryPivotWire = z.output<typeof menuMenuItemCategoryPivotWire>;

// spec 4.1: every catalog list is paginated (Laravel's envelope, clarifications: Hospitality v2).
// Each page schema reads with a fast path in front of zod (fastPage.ts: the same pages accepted,
// the same output); the field lists below say how each record schema above reads its fields, and
// fastPage.test.ts holds them to the schemas.
export const catalogFastShapes = {
  groups: {
    id: 'int',
    name: 'name',
    photo: 'string?',
    active: 'flag:true',
    tax_id: 'int?',
    printer_id: 'int?',
    printer_group_id: 'int?',
    super_group_id: 'int?',
    extra_id: 'string?',
  },
  categories: {
    id: 'int',
    name: 'string',
    photo: 'string?',
    active: 'flag:true',
    group_id: 'int',
    tax_id: 'int?',
    printer_id: 'int?',
    printer_group_id: 'int?',
    modifier_category_id: 'int?',
    modifier_group_id: 'int?',
    super_group_id: 'int?',
    dish_order_id: 'int?',
    extra_id: 'string?',
  },
  items: {
    id: 'int',
    name: 'string',
    price: 'number',
    costPrice: 'number',
    type: 'itemType',
    category_id: 'int',
    photo: 'string?',
    active: 'flag:true',
    info: 'string?',
    hasInventory: 'flag:false',
    usesWeight: 'flag:false',
    isMenu: 'flag:false',
    shouldAppearInMenuList: 'flag:false',
    isOpen: 'flag:false',
    displayInventory: 'flag:false',
    isLinked: 'flag:false',
    useAverageCostPrice: 'flag:false',
    nameKitchen: 'string?',
    buttonName: 'string?',
    barcode: 'string?',
    config: 'string?',
    extra_id: 'string?',
    allergies: 'string?',
    tax_id: 'int?',
    printer_id: 'int?',
    printer_group_id: 'int?',
    modifier_group_id: 'int?',
    modifier_category_id: 'int?',
    super_group_id: 'int?',
    dish_order_id: 'int?',
    unit_id: 'int?',
    report_category_id: 'int?',
    cookDuration: 'number?',
    minQuantity: 'number?',
    order: 'int?',
  },
  sellingFormats: { id: 'int', name: 'string', photo: 'string?', order: 'int?', active: 'flag:true' },
  sellingFormatPivots: {
    id: 'int',
    quantity: 'number',
    price: 'number',
    order: 'int?',
    format_id: 'int',
    item_id: 'int',
    combination_group_id: 'int?',
    unit_id: 'int?',
  },
  modifiers: {
    id: 'int',
    name: 'string',
    price: 'number',
    category_id: 'int',
    photo: 'string?',
    order: 'int?',
    cookDuration: 'number?',
    active: 'flag:true',
    extra_id: 'string?',
    autoSelected: 'flag:false',
  },
  modifierCategories: {
    id: 'int',
    name: 'string',
    order: 'int?',
    isChoice: 'flag:true',
    isOptional: 'flag:true',
    active: 'flag:true',
    min: 'int?',
    max: 'int?',
    shouldHide: 'flag:false',
  },
  modifierGroups: { id: 'int', name: 'string', order: 'int?', dont_show_automatically: 'flag:false' },
  modifierPivots: { id: 'int', order: 'int?', group_id: 'int', category_id: 'int' },
  menuMenuCategories: {
    id: 'int',
    name: 'string',
    order: 'int?',
    isMultipleChoice: 'multipleChoice',
    max: 'count:1',
    min: 'count:0',
    item_id: 'int',
    dish_order_id: 'int?',
  },
  menuMenuItemCategoryPivots: {
    id: 'int',
    active: 'flag:true',
    order: 'int?',
    price: 'number',
    addModifiersPrice: 'flag:true',
    item_id: 'int',
    category_id: 'int',
    separatorName: 'string?',
    modifier_group_id: 'int?',
    format_pivot_id: 'int?',
  },
} as const satisfies Record<string, FastShape>;

export const groupsPage = fastPaginated(groupWire, catalogFastShapes.groups);
export const categoriesPage = fastPaginated(categoryWire, catalogFastShapes.categories);
export const itemsPage = fastPaginated(itemWire, catalogFastShapes.items);
export const sellingFormatsPage = fastPaginated(sellingFormatWire, catalogFastShapes.sellingFormats);
export const sellingFormatPivotsPage = fastPaginated(sellingFormatPivotWire, catalogFastShapes.sellingFormatPivots);
export const modifiersPage = fastPaginated(modifierWire, catalogFastShapes.modifiers);
export const modifierCategoriesPage = fastPaginated(modifierCategoryWire, catalogFastShapes.modifierCategories);
export const modifierGroupsPage = fastPaginated(modifierGroupWire, catalogFastShapes.modifierGroups);
export const modifierPivotsPage = fastPaginated(modifierPivotWire, catalogFastShapes.modifierPivots);
export const menuMenuCategoriesPage = fastPaginated(menuMenuCategoryWire, catalogFastShapes.menuMenuCategories);
export const menuMenuItemCategoryPivotsPage = fastPaginated(menuMenuItemCategoryPivotWire, catalogFastShapes.menuMenuItemCategoryPivots);

/**
 * spec 4.3: URL segment (`V2/catalog/{segment}`) → wrapper key of a multi-record write, the
 * record schema and the page schema. In the spec's table the wrapper key equals the segment.
 */
export const catalogResources = {
  groups: { wrapperKey: 'groups', record: groupWire, page: groupsPage },
  categories: { wrapperKey: 'categories', record: categoryWire, page: categoriesPage },
  items: { wrapperKey: 'items', record: itemWire, page: itemsPage },
  sellingFormats: { wrapperKey: 'sellingFormats', record: sellingFormatWire, page: sellingFormatsPage },
  sellingFormatPivots: { wrapperKey: 'sellingFormatPivots', record: sellingFormatPivotWire, page: sellingFormatPivotsPage },
  modifiers: { wrapperKey: 'modifiers', record: modifierWire, page: modifiersPage },
  modifierCategories: { wrapperKey: 'modifierCategories', record: modifierCategoryWire, page: modifierCategoriesPage },
  modifierGroups: { wrapperKey: 'modifierGroups', record: modifierGroupWire, page: modifierGroupsPage },
  modifierPivots: { wrapperKey: 'modifierPivots', record: modifierPivotWire, page: modifierPivotsPage },
  menuMenuCategories: { wrapperKey: 'menuMenuCategories', record: menuMenuCategoryWire, page: menuMenuCategoriesPage },
  menuMenuItemCategoryPivots: {
    wrapperKey: 'menuMenuItemCategoryPivots',
    record: menuMenuItemCategoryPivotWire,
    page: menuMenuItemCategoryPivotsPage,
  },
} as const;

export type CatalogSegment = keyof typeof catalogResources;
export const catalogSegments = Object.keys(catalogResources) as CatalogSegment[];

/** The record type of a catalog resource as the client reads it. */
export type CatalogWire<S extends CatalogSegment> = z.output<(typeof catalogResources)[S]['record']>;
