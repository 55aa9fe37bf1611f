import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { catalogSelectors, catalogStore } from '../../../data/catalog/catalogStore';
import { buildSearchIndex, searchItems, type SearchIndex } from '../../../data/search/search';

// The local catalog as the Vendors tab reads it: item names for a vendor's items
// (the POS's vendor items carry ids only) and a search to pick one to add. The vendor side buys
// what the bar may not sell, so inactive items are found too (the till's search offers active
// items of active categories only): a generation never changes once written, so its index is
// built once and kept per database.

const indexes = new WeakMap<CatalogDb, Promise<SearchIndex>>();

function vendorSearchIndex(db: CatalogDb): Promise<SearchIndex> {
  let index = indexes.get(db);
  if (index === undefined) {
    index = db.items.toArray().then((items) => buildSearchIndex(items.map((item) => ({ ...item, active: true }))));
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}

/** The current generation's database, or null before the first sync. */
export function useCatalogDb(): CatalogDb | null {
  return useStore(catalogStore, catalogSelectors.catalogDb);
}

/** The names of these items in the local catalog (an item it lacks is left out). */
export function useItemNames(db: CatalogDb | null, itemIds: readonly number[]): ReadonlyMap<number, string> | undefined {
  const key = itemIds.join(',');
  return useLiveQuery(async () => {
    if (db === null || itemIds.length === 0) return new Map<number, string>();
    const records = await db.items.bulkGet([...itemIds]);
    return new Map(records.filter((record) => record !== undefined).map((record) => [record.id, record.name]));
    // `key` stands for the ids (a new array each render).
  }, [db, key]);
}

export interface FoundItem {
  id: number;
  name: string;
}

/** The items whose name matches what was typed (every word starts a word of the name), at most `limit`. */
export function useItemSearch(db: CatalogDb | null, query: string, limit: number): { items: FoundItem[]; total: number } | null {
  const [found, setFound] = useState<{ items: FoundItem[]; total: number } | null>(null);
  // Nothing to search: no answer, and the last one is forgotten while rendering (not in an effect),
  // so the next search starts from none.
  const idle = db === null || query.trim() === '';
  if (idle && found !== null) setFound(null);
  useEffect(() => {
    if (db === null || query.trim() === '') return;
    let live = true;
    void vendorSearchIndex(db).then(
      (index) => {
        if (!live) return;
        const result = searchItems(index, query, { limit });
        setFound({ items: result.items.map((item) => ({ id: item.id, name: item.name })), total: result.total });
      },
      () => live && setFound({ items: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [db, query, limit]);
  return idle ? null : found;
}
