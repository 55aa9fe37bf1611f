import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../../../shared/bridge';
import { loadSearchIndex, searchItems } from '../search/search';
import { openGenerationDb, type CatalogDb, type StoredItem, type StoredModifier } from './catalogDb';
import { applyCatalogEdits, editsOf, startCatalogEditFeed } from './catalogEdits';
import { createCatalogStore } from './catalogStore';
import type { OpenGeneration } from './generations';
import { itemRecordsOnce } from './itemRecords';

/** Dexie writes are asynchronous: wait for the condition (no fixed sleeps). */
const WAIT = { timeout: 2_000, interval: 5 };

let counter = 0;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const item = (id: number, fields: Partial<StoredItem> = {}): StoredItem =>
  ({
    id,
    name: `Item ${id}`,
    price: 2.5,
    costPrice: 1,
    type: 0,
    category_id: 3,
    active: true,
    allergies: '',
    photo: null,
    buttonName: null,
    ...fields,
  }) as StoredItem;
const modifier = (id: number, fields: Partial<StoredModifier> = {}): StoredModifier =>
  ({ id, name: `Modifier ${id}`, price: 0.5, category_id: 1, active: true, photo: null, ...fields }) as StoredModifier;

async function generation(n: number, items: StoredItem[] = [item(1), item(2)]): Promise<CatalogDb> {
  const db = openGenerationDb(`edits-${process.pid}-${counter++}`, n);
  await db.groups.put({ id: 1, name: 'Drinks', active: true } as never);
  await db.categories.put({ id: 3, name: 'Soft drinks', group_id: 1, active: true } as never);
  await db.items.bulkPut(items);
  await db.modifiers.put(modifier(5));
  cleanups.push(async () => {
    db.close();
    await Dexie.delete(db.name);
  });
  return db;
}

const opened = (db: CatalogDb, n: number) => ({ n, db, syncedAt: '2026-11-27T10:00:00.000Z', counts: {}, requests: {} }) as OpenGeneration;

function fakeBridge() {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    send: (event: BridgeEvent) => listeners.forEach((listener) => listener(event)),
    listeners,
    onEvent(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('applyCatalogEdits', () => {
  it('writes only the changed fields, in the stored shape (price in units, allergies joined by ";", flags as booleans)', async () => {
    const db = await generation(1);
    const found = await applyCatalogEdits(db, [
      { kind: 'item', id: 1, priceCents: 390, allergens: [13, 1], name: ' Caña ' },
      { kind: 'item', id: 2, active: false, buttonName: 'Short', photo: '' },
      { kind: 'modifier', id: 5, priceCents: 0 },
      { kind: 'category', id: 3, name: 'Refrescos' },
      { kind: 'group', id: 1, active: false },
      { kind: 'item', id: 99, priceCents: 100 }, // not in this copy: left to the next sync
    ]);
    expect(found).toBe(5);
    expect(await db.items.get(1)).toEqual(item(1, { name: 'Caña', price: 3.9, allergies: '1;13' }));
    expect(await db.items.get(2)).toEqual(item(2, { active: false, buttonName: 'Short', photo: null }));
    expect(await db.modifiers.get(5)).toEqual(modifier(5, { price: 0 }));
    expect(await db.categories.get(3)).toMatchObject({ name: 'Refrescos', group_id: 1, active: true });
    expect(await db.groups.get(1)).toMatchObject({ name: 'Drinks', active: false });
    expect(await db.items.get(99)).toBeUndefined();
  });

  it('forgets the read-once caches of the generation: search and the records Send prices from show the new values', async () => {
    const db = await generation(1);
    expect(searchItems(await loadSearchIndex(db), 'item 1').items.map((i) => i.price)).toEqual([2.5]);
    expect((await itemRecordsOnce(db, 1))!.items[0]!.price).toBe(2.5);
    await applyCatalogEdits(db, [{ kind: 'item', id: 1, priceCents: 420, name: 'Item 1 large' }]);
    expect(searchItems(await loadSearchIndex(db), 'item 1').items.map((i) => [i.name, i.price])).toEqual([['Item 1 large', 4.2]]);
    expect((await itemRecordsOnce(db, 1))!.items[0]!.price).toBe(4.2);
  });

  it('editsOf keeps the edits of the records the server accepted', () => {
    const edits = [
      { kind: 'item', id: 1, priceCents: 1 },
      { kind: 'modifier', id: 1, priceCents: 2 },
      { kind: 'item', id: 2, priceCents: 3 },
    ] as const;
    expect(
      editsOf(
        [...edits],
        [
          { kind: 'item', id: 2 },
          { kind: 'modifier', id: 1 },
        ],
      ),
    ).toEqual([edits[1], edits[2]]);
  });
});

describe('startCatalogEditFeed', () => {
  it('applies every `catalog-edited` event to the current generation', async () => {
    const db = await generation(1);
    const catalog = createCatalogStore();
    catalog.setState({ current: opened(db, 1) });
    const bridge = fakeBridge();
    const feed = startCatalogEditFeed({ bridge, catalog });
    cleanups.push(() => feed.stop());
    bridge.send({ type: 'catalog-edited', edits: [{ kind: 'item', id: 2, priceCents: 1_000 }] });
    await vi.waitFor(async () => expect((await db.items.get(2))!.price).toBe(10), WAIT);
    feed.stop();
    expect(bridge.listeners.size).toBe(0);
  });

  it('applies again to a new generation the edits heard after its sync started, not older ones', async () => {
    const first = await generation(1);
    // What the sync read from the server: item 1 already with the older edit (5.00); item 2 still old.
    const second = await generation(2, [item(1, { price: 5 }), item(2)]);
    let clock = 1_000;
    const catalog = createCatalogStore();
    catalog.setState({ current: opened(first, 1) });
    const bridge = fakeBridge();
    const feed = startCatalogEditFeed({ bridge, catalog, now: () => clock });
    cleanups.push(() => feed.stop());

    bridge.send({ type: 'catalog-edited', edits: [{ kind: 'item', id: 1, priceCents: 500 }] }); // before the sync
    clock = 2_000;
    catalog.setState({ syncing: true });
    clock = 3_000;
    bridge.send({ type: 'catalog-edited', edits: [{ kind: 'item', id: 2, priceCents: 777, allergens: [4] }] }); // during it
    await vi.waitFor(async () => expect((await first.items.get(2))!.price).toBe(7.77), WAIT);
    await second.items.update(1, { price: 6 }); // the server changed it again since: the sync's copy wins
    catalog.setState({ syncing: false, current: opened(second, 2) });

    await vi.waitFor(async () => expect(await second.items.get(2)).toMatchObject({ price: 7.77, allergies: '4' }), WAIT);
    expect((await second.items.get(1))!.price).toBe(6);
  });
});
