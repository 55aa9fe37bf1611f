import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent, ItemStock } from '../../../shared/bridge';
import { openGenerationDb, type CatalogDb, type StoredStock } from '../data/catalog/catalogDb';
import { createCatalogStore, type CatalogStoreApi } from '../data/catalog/catalogStore';
import type { OpenGeneration } from '../data/catalog/generations';
import { applyStockChange, localStockId, startStockFeed } from './stockFeed';
import { useWarehouseStore } from '../data/stock/warehouseStore';

/** Dexie writes are asynchronous: wait for the condition (no fixed sleeps). */
const WAIT = { timeout: 2_000, interval: 5 };

let counter = 0;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function generation(n: number, stocks: StoredStock[] = []): Promise<CatalogDb> {
  const accountKey = `stock-${process.pid}-${counter++}`;
  const db = openGenerationDb(accountKey, n);
  await db.stocks.bulkPut(stocks);
  cleanups.push(async () => {
    db.close();
    await Dexie.delete(db.name);
  });
  return db;
}

const row = (fields: Partial<StoredStock>): StoredStock => ({
  id: 1,
  quantity: 10,
  defaultQuantity: 24,
  alert: 6,
  warehouse_id: 1,
  item_id: 7,
  unit_id: null,
  ...fields,
});
const opened = (db: CatalogDb, n: number) => ({ n, db, syncedAt: '2026-11-23T10:00:00.000Z', counts: {}, requests: {} }) as OpenGeneration;
const read = (db: CatalogDb, warehouseId: number, itemId: number) => db.stocks.where('[warehouse_id+item_id]').equals([warehouseId, itemId]).toArray();

/** A bridge whose events the test sends; the saved warehouse is `warehouseId`. */
function fakeBridge(warehouseId: number | null = 2) {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    send: (event: BridgeEvent) => listeners.forEach((listener) => listener(event)),
    listeners,
    getStockSettings: async () => ({ warehouseId }),
    saveStockSettings: async (input: { warehouseId: number | null }) => input,
    setItemStock: async (input: ItemStock) => ({ stock: input }),
    onEvent(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('applyStockChange', () => {
  it('updates the quantity of the row it finds by warehouse and item, keeping the rest', async () => {
    const db = await generation(1, [row({ id: 1, warehouse_id: 1, item_id: 7 }), row({ id: 2, warehouse_id: 2, item_id: 7, quantity: 4 })]);
    await applyStockChange(db, { warehouseId: 1, itemId: 7, quantity: 0 }, Date.parse('2026-11-27T10:00:00.000Z'));
    expect(await read(db, 1, 7)).toEqual([{ ...row({ id: 1, quantity: 0 }), setAt: '2026-11-27T10:00:00.000Z' }]);
    expect((await read(db, 2, 7))[0]!.quantity).toBe(4);
  });

  it('creates the row when the warehouse had none for the item (one row, the same id in every window)', async () => {
    const db = await generation(1);
    const at = Date.parse('2026-11-27T10:00:00.000Z');
    await Promise.all([
      applyStockChange(db, { warehouseId: 3, itemId: 9, quantity: 0 }, at),
      applyStockChange(db, { warehouseId: 3, itemId: 9, quantity: 0 }, at),
    ]);
    expect(await read(db, 3, 9)).toEqual([
      {
        id: localStockId({ warehouseId: 3, itemId: 9 }),
        quantity: 0,
        defaultQuantity: 0,
        alert: 0,
        warehouse_id: 3,
        item_id: 9,
        unit_id: null,
        setAt: '2026-11-27T10:00:00.000Z',
      },
    ]);
    expect(localStockId({ warehouseId: 3, itemId: 9 })).toBeLessThan(0);
    await applyStockChange(db, { warehouseId: 3, itemId: 9, quantity: 5 }, at + 1_000);
    expect((await read(db, 3, 9)).map((r) => r.quantity)).toEqual([5]);
  });
});

describe('startStockFeed', () => {
  function start(catalog: CatalogStoreApi, bridge = fakeBridge(), now = () => Date.now()) {
    const feed = startStockFeed({ bridge, catalog, now });
    cleanups.push(() => feed.stop());
    return { feed, bridge };
  }

  it('reads the saved warehouse into the store, and forgets it (and the bridge) when stopped', async () => {
    const catalog = createCatalogStore();
    const { feed, bridge } = start(catalog, fakeBridge(2));
    expect(useWarehouseStore.getState().status).toBe('loading');
    await vi.waitFor(async () => expect(useWarehouseStore.getState()).toMatchObject({ warehouseId: 2, status: 'ready' }), WAIT);
    feed.stop();
    expect(useWarehouseStore.getState()).toMatchObject({ warehouseId: null, bridge: null });
    expect(bridge.listeners.size).toBe(0);
  });

  it('applies every `stock-changed` event to the current generation', async () => {
    const db = await generation(1, [row({ warehouse_id: 2, item_id: 7, quantity: 10 })]);
    const catalog = createCatalogStore();
    catalog.setState({ current: opened(db, 1) });
    const { bridge } = start(catalog);
    bridge.send({ type: 'stock-changed', stock: { warehouseId: 2, itemId: 7, quantity: 0 } });
    await vi.waitFor(async () => expect((await read(db, 2, 7))[0]!.quantity).toBe(0), WAIT);
    bridge.send({ type: 'stock-changed', stock: { warehouseId: 2, itemId: 8, quantity: 5 } });
    await vi.waitFor(async () => expect((await read(db, 2, 8))[0]!.quantity).toBe(5), WAIT);
  });

  it('applies again to a new generation the changes heard after its sync started, not older ones', async () => {
    const first = await generation(1, [row({ id: 1, warehouse_id: 2, item_id: 7 }), row({ id: 2, warehouse_id: 2, item_id: 8 })]);
    // What the sync read from the vendor: item 7 at 3 (after the old 86), item 8 still at 10.
    const second = await generation(2, [row({ id: 1, warehouse_id: 2, item_id: 7, quantity: 3 }), row({ id: 2, warehouse_id: 2, item_id: 8, quantity: 10 })]);
    let clock = 1_000;
    const catalog = createCatalogStore();
    catalog.setState({ current: opened(first, 1) });
    const { bridge } = start(catalog, fakeBridge(), () => clock);

    bridge.send({ type: 'stock-changed', stock: { warehouseId: 2, itemId: 7, quantity: 0 } }); // before the sync
    clock = 2_000;
    catalog.setState({ syncing: true });
    clock = 3_000;
    bridge.send({ type: 'stock-changed', stock: { warehouseId: 2, itemId: 8, quantity: 0 } }); // during it
    await vi.waitFor(async () => expect((await read(first, 2, 8))[0]!.quantity).toBe(0), WAIT);
    catalog.setState({ syncing: false, current: opened(second, 2) });

    await vi.waitFor(async () => expect((await read(second, 2, 8))[0]!.quantity).toBe(0), WAIT);
    expect((await read(second, 2, 7))[0]!.quantity).toBe(3);
  });
});
