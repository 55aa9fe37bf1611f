import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { indexCatalog } from '../../../../shared/domain/catalog';
import { evaluateLine, type LineChoice } from '../../../../shared/domain/line';
import { demoRecords, make } from '../../../../shared/domain/testing';
import { openGenerationDb, type CatalogDb } from './catalogDb';
import { itemRecordsOnce, loadItemRecords } from './itemRecords';

let counter = 0;
const dbs: CatalogDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function demoDb(): Promise<CatalogDb> {
  const db = openGenerationDb(`item-records-${++counter}`, 1);
  dbs.push(db);
  const r = demoRecords();
  // Records no demo item refers to: a narrow read must leave them out.
  const noise = {
    items: [make.item({ id: 900, name: 'Otro', category_id: 9 })],
    modifierCategories: [make.modifierCategory({ id: 90 })],
    modifiers: [make.modifier({ id: 90, category_id: 90 })],
    sellingFormatPivots: [make.formatPivot({ id: 90, item_id: 900, format_id: 1 })],
  };
  await db.transaction('rw', db.tables, async () => {
    await db.categories.bulkPut([...r.categories]);
    await db.items.bulkPut([...r.items, ...noise.items]);
    await db.sellingFormats.bulkPut([...r.sellingFormats]);
    await db.sellingFormatPivots.bulkPut([...r.sellingFormatPivots, ...noise.sellingFormatPivots]);
    await db.modifiers.bulkPut([...r.modifiers, ...noise.modifiers]);
    await db.modifierCategories.bulkPut([...r.modifierCategories, ...noise.modifierCategories]);
    await db.modifierGroups.bulkPut([...r.modifierGroups]);
    await db.modifierPivots.bulkPut([...r.modifierPivots]);
    await db.menuMenuCategories.bulkPut([...r.menuMenuCategories]);
    await db.menuMenuItemCategoryPivots.bulkPut([...r.menuMenuItemCategoryPivots]);
  });
  return db;
}

const full = indexCatalog(demoRecords());

describe('loadItemRecords', () => {
  it('reads just what one item needs, and the rules answer as they do on the whole catalog', async () => {
    const db = await demoDb();
    const choices: LineChoice[] = [
      { itemId: 10, quantity: 1 },
      { itemId: 11, quantity: 2, modifierIds: [2, 3, 4] },
      { itemId: 11, quantity: 1 },
      { itemId: 12, quantity: 1, modifierIds: [7] },
      { itemId: 20, quantity: 1, formatPivotId: 1 },
      { itemId: 30, quantity: 1, dishes: [{ pivotId: 1 }, { pivotId: 4, modifierIds: [1, 3] }, { pivotId: 8 }] },
      { itemId: 30, quantity: 1, dishes: [{ pivotId: 1 }, { pivotId: 4 }] },
    ];
    for (const choice of choices) {
      const records = await loadItemRecords(db, choice.itemId);
      expect(records).not.toBeNull();
      expect(records!.items.map((i) => i.id)).not.toContain(900);
      expect(records!.modifiers.map((m) => m.id)).not.toContain(90);
      expect(records!.sellingFormatPivots.map((p) => p.id)).not.toContain(90);
      expect(evaluateLine(choice, indexCatalog(records!)), `item ${choice.itemId}`).toEqual(evaluateLine(choice, full));
    }
  });

  it('answers null for an item that is not there', async () => {
    expect(await loadItemRecords(await demoDb(), 12345)).toBeNull();
  });
});

describe('itemRecordsOnce', () => {
  it('reads an item once per catalog generation; another generation reads its own', async () => {
    const db = await demoDb();
    const itemId = (await db.items.toArray())[0]!.id;
    let reads = 0;
    const get = db.items.get.bind(db.items);
    db.items.get = ((key: number) => {
      reads += 1;
      return get(key);
    }) as typeof db.items.get;
    const first = await itemRecordsOnce(db, itemId);
    expect(await itemRecordsOnce(db, itemId)).toBe(first);
    expect(first).toEqual(await loadItemRecords(db, itemId));
    expect(reads).toBe(2); // the cached read, then loadItemRecords' own read above
    const next = await demoDb();
    expect(await itemRecordsOnce(next, itemId)).toEqual(first);
    expect(await itemRecordsOnce(next, itemId)).not.toBe(first);
  });

  it('does not remember a failed read', async () => {
    const db = await demoDb();
    const itemId = (await db.items.toArray())[0]!.id;
    const get = db.items.get.bind(db.items);
    let fail = true;
    db.items.get = ((key: number) => {
      if (fail) return Promise.reject(new Error('storage blocked'));
      return get(key);
    }) as typeof db.items.get;
    await expect(itemRecordsOnce(db, itemId)).rejects.toThrow('storage blocked');
    fail = false;
    expect(await itemRecordsOnce(db, itemId)).not.toBeNull();
  });
});
