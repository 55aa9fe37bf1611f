import type { BridgeClient, ItemStock } from '../../../shared/bridge';
import type { CatalogDb, StoredStock } from '../data/catalog/catalogDb';
import { catalogStore as appCatalogStore, type CatalogStoreApi } from '../data/catalog/catalogStore';
import { followHeardChanges } from '../data/catalog/heardChanges';
import { initialWarehouseState, loadWarehouse, useWarehouseStore } from '../data/stock/warehouseStore';

// Stock in every window. While an account's terminal is open this:
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

  const changes = followHeardChanges<ItemStock>({
    catalog,
    now,
    apply: (db, heard) => {
      for (const { value: stock, at } of heard) {
        applyStockChange(db, stock, at).catch((error: unknown) =>
          log(`stock: could not apply the change of item ${stock.itemId}: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    },
  });

  const unsubscribeEvents = bridge.onEvent((event) => {
    if (stopped || event.type !== 'stock-changed') return;
    changes.hear([{ key: `${event.stock.warehouseId}/${event.stock.itemId}`, value: event.stock }]);
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribeEvents();
      changes.stop();
      globalThis.removeEventListener?.('focus', reload);
      globalThis.document?.removeEventListener('visibilitychange', reload);
      if (useWarehouseStore.getState().bridge === bridge) useWarehouseStore.setState(initialWarehouseState());
    },
  };
}
