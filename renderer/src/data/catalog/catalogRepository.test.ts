import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { categoriesOfGroup, countsByResource, groups, itemsOfCategory } from './catalogRepository';
import { openGenerationDb, type CatalogDb } from './catalogDb';
import { openAccountDb } from '../db';
import { currentGeneration } from './generations';
import { syncCatalog } from '../sync/sync';
import { fakeSyncServer, fakeVenue } from '../sync/syncTesting';

let counter = 0;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A synced generation of the fake venue (30 items in categories 100–102 of group 1). */
async function synced(): Promise<{ db: CatalogDb; accountKey: string }> {
  const accountKey = `repo-${Date.now()}-${counter++}`;
  const accountDb = openAccountDb(accountKey);
  const result = await syncCatalog({ bridge: fakeSyncServer(fakeVenue({ items: 30 })).bridge, accountKey, accountDb, log: () => {} });
  cleanups.push(async () => {
    result.db.close();
    accountDb.close();
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-${accountKey}`)) await Dexie.delete(name);
  });
  return { db: result.db, accountKey };
}

describe('catalogRepository', () => {
  it('lists active groups and the active categories of a group, in id order', async () => {
    const { db } = await synced();
    expect((await groups(db)).map((group) => group.id)).toEqual([1]);
    expect((await categoriesOfGroup(db, 1)).map((category) => category.id)).toEqual([100, 102]); // 101 is inactive
    expect((await categoriesOfGroup(db, 1, { includeInactive: true })).map((category) => category.id)).toEqual([100, 101, 102]);
    expect(await categoriesOfGroup(db, 99)).toEqual([]);
  });

  it('lists the active items of a category by order, then name', async () => {
    const { db } = await synced();
    // Items 1000–1009: order 10 − i; item 1009 is inactive.
    const items = await itemsOfCategory(db, 100);
    expect(items.map((item) => item.id)).toEqual([1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001, 1000]);
    expect((await itemsOfCategory(db, 100, { includeInactive: true }))[0]!.id).toBe(1009);

    const unordered = openGenerationDb(`repo-order-${counter++}`, 1);
    cleanups.push(() => unordered.delete());
    const item = (id: number, name: string, order?: number) => ({ id, name, price: 1, costPrice: 0, type: 0 as const, category_id: 7, active: true, order });
    await unordered.items.bulkPut([item(1, 'Zumo'), item(2, 'agua'), item(3, 'Café', 2), item(4, 'Té', 1)] as never);
    expect((await itemsOfCategory(unordered, 7)).map((i) => i.name)).toEqual(['Té', 'Café', 'agua', 'Zumo']);
  });

  it('counts records per store, and opens the current generation of an account', async () => {
    const { db, accountKey } = await synced();
    const counts = await countsByResource(db);
    expect(counts).toMatchObject({ groups: 1, categories: 3, items: 30, rooms: 3, floorTables: 3, paymentMethods: 3, customers: 5, warehouses: 2, stocks: 5 });

    const current = await currentGeneration(accountKey);
    expect(current?.n).toBe(1);
    expect(await current!.db.items.count()).toBe(30);
    current!.db.close();
    expect(await currentGeneration(`nobody-${counter++}`)).toBeNull();
  });
});
