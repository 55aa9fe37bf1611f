import type { CatalogRecords } from '../../../../shared/domain/catalog';
import type { CatalogDb, StoredItem } from './catalogDb';

// The records the order rules need for ONE item (STYLE: Dexie — narrow, indexed queries, never a
// whole table): its format pivots and formats; its modifiers (group → pivots → categories →
// modifiers, its own or its catalog category's); for a menu, its menu categories, their dish
// pivots, those dishes and, in turn, the dishes' formats and modifiers.

const present = <T>(records: readonly (T | undefined)[]): T[] => records.filter((r): r is T => r !== undefined);
const ids = (values: readonly (number | null | undefined)[]) => [...new Set(values.filter((v): v is number => typeof v === 'number'))];

export async function loadItemRecords(db: CatalogDb, itemId: number): Promise<CatalogRecords | null> {
  const item = await db.items.get(itemId);
  if (!item) return null;

  const menuMenuCategories = item.type === 1 ? await db.menuMenuCategories.where('item_id').equals(itemId).toArray() : [];
  const menuMenuItemCategoryPivots =
    menuMenuCategories.length > 0
      ? await db.menuMenuItemCategoryPivots
          .where('category_id')
          .anyOf(menuMenuCategories.map((c) => c.id))
          .toArray()
      : [];
  const dishIds = ids(menuMenuItemCategoryPivots.map((p) => p.item_id)).filter((id) => id !== itemId);
  const dishes = present(await db.items.bulkGet(dishIds));
  const items: StoredItem[] = [item, ...dishes];

  const categories = present(await db.categories.bulkGet(ids(items.map((i) => i.category_id))));

  const formatItems = items.filter((i) => i.type === 4).map((i) => i.id);
  const sellingFormatPivots = formatItems.length > 0 ? await db.sellingFormatPivots.where('item_id').anyOf(formatItems).toArray() : [];
  const sellingFormats = present(await db.sellingFormats.bulkGet(ids(sellingFormatPivots.map((p) => p.format_id))));

  const groupIds = ids([
    ...items.map((i) => i.modifier_group_id),
    ...categories.map((c) => c.modifier_group_id),
    ...menuMenuItemCategoryPivots.map((p) => p.modifier_group_id),
  ]);
  const modifierGroups = present(await db.modifierGroups.bulkGet(groupIds));
  const modifierPivots = groupIds.length > 0 ? await db.modifierPivots.where('group_id').anyOf(groupIds).toArray() : [];
  const modifierCategoryIds = ids([
    ...items.map((i) => i.modifier_category_id),
    ...categories.map((c) => c.modifier_category_id),
    ...modifierPivots.map((p) => p.category_id),
  ]);
  const modifierCategories = present(await db.modifierCategories.bulkGet(modifierCategoryIds));
  const modifiers = modifierCategoryIds.length > 0 ? await db.modifiers.where('category_id').anyOf(modifierCategoryIds).toArray() : [];

  return {
    categories,
    items,
    sellingFormats,
    sellingFormatPivots,
    modifiers,
    modifierCategories,
    modifierGroups,
    modifierPivots,
    menuMenuCategories,
    menuMenuItemCategoryPivots,
  };
}

/** Items whose records are kept per catalog generation (a busy menu's worth). */
const ITEM_CACHE_LIMIT = 2_000;
const readOnce = new WeakMap<CatalogDb, Map<number, Promise<CatalogRecords | null>>>();

/**
 * loadItemRecords, read once per catalog generation: a generation never changes once it is
 * current (a sync builds the next one), so what was read stays true for as long as `db` is the
 * catalog — except for catalog quick edits written into it (catalogEdits.ts), which call
 * forgetItemRecords. Send prices its ticket from here without a round of IndexedDB reads.
 */
export function itemRecordsOnce(db: CatalogDb, itemId: number): Promise<CatalogRecords | null> {
  let items = readOnce.get(db);
  if (!items) {
    items = new Map();
    readOnce.set(db, items);
  }
  const known = items.get(itemId);
  if (known) return known;
  const reading = loadItemRecords(db, itemId);
  if (items.size >= ITEM_CACHE_LIMIT) items.delete(items.keys().next().value as number);
  items.set(itemId, reading);
  const kept = items;
  // A failed read is not remembered: the next one tries again.
  reading.catch(() => kept.delete(itemId));
  return reading;
}

/** Forgets what was read of a generation whose records were changed in place (catalog quick edits). */
export function forgetItemRecords(db: CatalogDb): void {
  readOnce.delete(db);
}
