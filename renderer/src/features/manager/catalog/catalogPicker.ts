import type { CatalogEditKind } from '../../../../../shared/bridge';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { normaliseForSearch } from '../../../data/search/search';
import { pickedCategory, pickedGroup, pickedItem, pickedModifier, type PickedRecord } from './catalogEditForm';

// Finding a record to edit in the local catalog (the current generation): by name, accent- and
// case-insensitive, every typed word somewhere in the name; inactive records too (a manager may
// want to switch one back on). One cursor per store with a limit — never a whole table in memory.

/** Most records listed per kind. */
export const PICK_LIMIT = 40;

export type PickKind = CatalogEditKind | 'all';

function matcher(query: string): (name: string) => boolean {
  const words = normaliseForSearch(query).split(' ').filter(Boolean);
  return (name) => {
    const folded = normaliseForSearch(name);
    return words.every((word) => folded.includes(word));
  };
}

export async function findRecords(db: CatalogDb, query: string, kind: PickKind, limit = PICK_LIMIT): Promise<PickedRecord[]> {
  const matches = matcher(query);
  const wanted = (k: CatalogEditKind) => kind === 'all' || kind === k;
  const [groups, categories, items, modifiers] = await Promise.all([
    wanted('group')
      ? db.groups
          .filter((r) => matches(r.name))
          .limit(limit)
          .toArray()
      : [],
    wanted('category')
      ? db.categories
          .filter((r) => matches(r.name))
          .limit(limit)
          .toArray()
      : [],
    wanted('item')
      ? db.items
          .filter((r) => matches(r.name))
          .limit(limit)
          .toArray()
      : [],
    wanted('modifier')
      ? db.modifiers
          .filter((r) => matches(r.name))
          .limit(limit)
          .toArray()
      : [],
  ]);
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const byName = (a: PickedRecord, b: PickedRecord) => collator.compare(a.name, b.name) || a.id - b.id;
  return [...groups.map(pickedGroup), ...categories.map(pickedCategory), ...items.map(pickedItem), ...modifiers.map(pickedModifier)].sort(byName);
}

/** The record as the local catalog has it now (after a save, or a sync), or null when it is gone. */
export async function currentRecord(db: CatalogDb, kind: CatalogEditKind, id: number): Promise<PickedRecord | null> {
  if (kind === 'group') {
    const r = await db.groups.get(id);
    return r ? pickedGroup(r) : null;
  }
  if (kind === 'category') {
    const r = await db.categories.get(id);
    return r ? pickedCategory(r) : null;
  }
  if (kind === 'item') {
    const r = await db.items.get(id);
    return r ? pickedItem(r) : null;
  }
  const r = await db.modifiers.get(id);
  return r ? pickedModifier(r) : null;
}
