import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext } from 'react';
import type { BridgeClient } from '../../../../../shared/bridge';
import type { ShopCatalogDb, StoredShopProduct, StoredShopStock } from '../../../data/shop/shopDb';
import { SHOP_FLOOR_WAREHOUSE, shopStockOf } from '../../../data/shop/shopStock';
import type { StockLevel } from '../../../data/stock/stockLevel';

// The till's stock: the catalog generation the counter reads and "set this
// product's stock" (TillStockProvider.tsx), for the product cards and the variant grid's cells.
// Outside a provider (unit tests of a dialog alone) nothing can be set and no stock is read.

export interface TillStock {
  db: ShopCatalogDb;
  /** Asks the PIN (when one is set), then opens the "Set stock" dialog for the product. */
  askSetStock(product: StoredShopProduct, variantName?: string | null): void;
}

export const TillStockContext = createContext<TillStock | null>(null);

export function useTillStock(): TillStock | null {
  return useContext(TillStockContext);
}

/** The bridge the shop's terminal is scoped to (App.tsx provides it); null: the window's own. */
export const ShopBridgeContext = createContext<Pick<BridgeClient, 'setShopStock'> | null>(null);

/**
 * A product's row in the shop floor's stock, live (a sale or a manager's change shows at once);
 * undefined while reading, null when the shop floor keeps no count of it (or outside a provider).
 */
export function useShopFloorStock(productId: number | null): StoredShopStock | null | undefined {
  const db = useTillStock()?.db ?? null;
  return useLiveQuery(async () => (db === null || productId === null ? null : shopStockOf(db, productId, SHOP_FLOOR_WAREHOUSE)), [db, productId]);
}

/**
 * What the venue's stock mark (features/stock/StockMark.tsx) shows for a shop's row: the service
 * says only whether a row is "on alert" (at or below its level), not the level.
 */
export function shopStockLevel(row: Pick<StoredShopStock, 'quantity' | 'alert'> | null | undefined): StockLevel {
  if (row === null || row === undefined) return { kind: 'untracked' };
  const quantity = row.quantity / 1000;
  if (row.quantity <= 0) return { kind: 'sold-out', quantity };
  if (row.alert) return { kind: 'low', quantity, alert: quantity };
  return { kind: 'in-stock', quantity };
}
