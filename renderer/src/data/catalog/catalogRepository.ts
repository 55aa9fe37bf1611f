import { recordStores, type CatalogDb, type RecordStore, type StoredCategory, type StoredGroup, type StoredItem } from './catalogDb';

// Reads of the current catalog generation for the ordering screens. Each is one narrow indexed
// query (STYLE: Dexie); pass the generation's db from `catalogSelectors.catalogDb` and run them in
// useLiveQuery with the db in the dependencies, so a new generation re-runs them.
//
// Groups and categories carry no order field (spec 2.6): they are listed in id order, which is the
// order they were created in the back office. Items are listed by `order`, then name.

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Active groups, in id order. */
export async function groups(db: CatalogDb, options: { includeInactive?: boolean } = {}): Promise<StoredGroup[]> {
  const all = await db.groups.toArray(); // a venue has tens of groups (1 per 500 items at scale)
  return (options.includeInactive ? all : all.filter((group) => group.active)).sort(byId);
}

/** Active categories of one group, in id order. */
export async function categoriesOfGroup(db: CatalogDb, groupId: number, options: { includeInactive?: boolean } = {}): Promise<StoredCategory[]> {
  const categories = await db.categories.where('group_id').equals(groupId).toArray();
  return (options.includeInactive ? categories : categories.filter((category) => category.active)).sort(byId);
}

/** Active items of one category, by their `order` (items without one last), then name, then id. */
export async function itemsOfCategory(db: CatalogDb, categoryId: number, options: { includeInactive?: boolean } = {}): Promise<StoredItem[]> {
  const items = await db.items.where('category_id').equals(categoryId).toArray();
  return (options.includeInactive ? items : items.filter((item) => item.active)).sort(compareItems);
}

export function compareItems(a: StoredItem, b: StoredItem): number {
  const orderA = a.order ?? Number.POSITIVE_INFINITY;
  const orderB = b.order ?? Number.POSITIVE_INFINITY;
  if (orderA !== orderB) return orderA < orderB ? -1 : 1;
  return nameCollator.compare(a.name, b.name) || a.id - b.id;
}

/** Records per store of the generation (`items`, `floorTables`, `stocks`, …). */
export async function countsByResource(db: CatalogDb): Promise<Record<RecordStore, number>> {
  const entries = await Promise.all(recordStores.map(async (store) => [store, await db[store].count()] as const));
  return Object.fromEntries(entries) as Record<RecordStore, number>;
}
