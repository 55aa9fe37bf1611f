import type { BridgeClient, ItemStock } from '../../../../shared/bridge';
import type { CatalogDb, StoredStock } from '../../data/catalog/catalogDb';
import { catalogStore as appCatalogStore, type CatalogStoreApi } from '../../data/catalog/catalogStore';
import { initialWarehouseState, loadWarehouse, useWarehouseStore } from './warehouseStore';

// Stock in every window (issue 14 items 9–10). While an account's terminal is open this:
// - gives the warehouse store the account's bridge and reads the saved warehouse (again each time
//   the window comes back to the front: another window of this terminal may have changed it);
// - applies each `stock-changed` event (an 86 or a "put back" from any window) to the current
//   catalog generation's `stocks`, so every item button shows it within a second;
// - applies again, to a generation that a sync builds meanwhile, the changes that arrived after
//   that sync started (the sync may have read the vendor's stocks before them).

/**
 * Puts the stock of one item in one warehouse: updates its row, or creates it when missing. `setAt`
 * (epoch ms, when this window heard of it) goes with it: orders taken before then are already in
 * that figure (unsyncedSales.ts `shownStock`).
 */
export async function applyStockChange(db: CatalogDb, stock: ItemStock, setAtMs: number): Promise<void> {
  const setAt = new Date(setAtMs).toISOString();
  await db.transaction('rw', db.stocks, async () => {
    const row = await db.stocks.where('[warehouse_id+item_id]').equals([stock.warehouseId, stock.itemId]).first();
    if (row !== undefined) {
      await db.stocks.put({ ...row, quantity: stock.quantity, setAt } as StoredStock);
      return;
    }
    const created: StoredStock & { setAt: string } = {
      setAt,
      id: localStockId(stock),
      quantity: stock.quantity,
      defaultQuantity: 0,
      alert: 0,
      warehouse_id: stock.warehouseId,
      item_id: stock.itemId,
      unit_id: null,
    };
    await db.stocks.put(created);
  });
}

/**
 * A row the terminal made itself has a negative id (the vendor's are positive), the same in every
 * window for the same warehouse and item, until the next sync brings the vendor's own row.
 */
export function localStockId(stock: Pick<ItemStock, 'warehouseId' | 'itemId'>): number {
  const id = stock.itemId * 100_000 + stock.warehouseId;
  return stock.warehouseId < 100_000 && Number.isSafeInteger(id) ? -id : -(Number.MAX_SAFE_INTEGER - (stock.itemId % 1_000_000_000));
}

export interface StockFeed {
  stop(): void;
}

export function startStockFeed(options: {
  bridge: Pick<BridgeClient, 'getStockSettings' | 'saveStockSettings' | 'setItemStock' | 'onEvent'>;
  catalog?: CatalogStoreApi;
  log?: (line: string) => void;
  now?: () => number;
}): StockFeed {
  const { bridge } = options;
  const catalog = options.catalog ?? appCatalogStore;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  let stopped = false;

  useWarehouseStore.setState({ ...initialWarehouseState(), bridge });
  void loadWarehouse();
  const reload = () => {
    if (!stopped && globalThis.document?.visibilityState !== 'hidden') void loadWarehouse();
  };
  globalThis.addEventListener?.('focus', reload);
  globalThis.document?.addEventListener('visibilitychange', reload);

  /** The latest change of each warehouse/item this window heard of, and when. */
  const heard = new Map<string, { stock: ItemStock; at: number }>();
  /** When the sync that will bring the next generation started (its stocks may predate later changes). */
  let syncStartedAt: number | null = catalog.getState().syncing ? now() : null;
  let shownDb: CatalogDb | null = catalog.getState().current?.db ?? null;

  const apply = (db: CatalogDb, stock: ItemStock, at: number) =>
    applyStockChange(db, stock, at).catch((error: unknown) => log(`stock: could not apply the change of item ${stock.itemId}: ${error instanceof Error ? error.message : String(error)}`));

  const unsubscribeCatalog = catalog.subscribe((state, previous) => {
    if (stopped) return;
    if (state.syncing && !previous.syncing) syncStartedAt = now();
    const db = state.current?.db ?? null;
    if (db === shownDb) return;
    shownDb = db;
    const since = syncStartedAt ?? Number.NEGATIVE_INFINITY;
    for (const [key, change] of heard) {
      if (change.at < since) heard.delete(key); // the new generation has it, or something newer
      else if (db !== null) void apply(db, change.stock, change.at);
    }
  });

  const unsubscribeEvents = bridge.onEvent((event) => {
    if (stopped || event.type !== 'stock-changed') return;
    const at = now();
    heard.set(`${event.stock.warehouseId}/${event.stock.itemId}`, { stock: event.stock, at });
    const db = catalog.getState().current?.db ?? null;
    if (db !== null) void apply(db, event.stock, at);
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribeEvents();
      unsubscribeCatalog();
      globalThis.removeEventListener?.('focus', reload);
      globalThis.document?.removeEventListener('visibilitychange', reload);
      if (useWarehouseStore.getState().bridge === bridge) useWarehouseStore.setState(initialWarehouseState());
    },
  };
}
