import { scaledDecimal } from '../../../../shared/api/retail/wire';
import type { ShopCatalogDb, StoredShopProduct, StoredShopStock } from './shopDb';

// The shop's local stock, kept in the `stocks` store of the current catalog
// generation (shopDb.ts), between two syncs:
// - after a sale, each product's row in the till's warehouse drops by what was sold, at once, as the
//   service will once the sale's invoice arrives (clarifications "Retail": an invoice takes each
//   line's quantity — its weight for a product sold by weight — out of warehouse 1, for products
//   with `usesStockManagement`, creating a missing row); the next sync brings the service's truth;
// - a manager's "set stock" (stocks/add through the main side) writes the quantity it answered.
// Every change of a call is one read-write transaction. Quantities are thousandths.

/** The shop floor: the warehouse the till sells from and whose stock it shows (clarifications "Retail"). */
export const SHOP_FLOOR_WAREHOUSE = 1;

/** An order line as the sale sent it (retail §2.5): quantity and weight as wire decimals. */
export interface SoldLine {
  product_id: number;
  quantity: number | string;
  weight?: number | string | null | undefined;
}

/** What a sale took out of one product's stock. */
export interface StockDrop {
  productId: number;
  /** Thousandths taken out. */
  sold: number;
  /** The row's quantity before (null: there was no row, one was made) and after, thousandths. */
  before: number | null;
  after: number;
}

/** A wire decimal as thousandths; null when it does not read (the sale's own check refused such a line). */
function thousandths(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const scaled = scaledDecimal(value, 3);
  return typeof scaled === 'number' ? scaled : null;
}

/**
 * Thousandths sold per product, the way the service counts them: a product sold by weight gives
 * its line's weight (when the line has one), the others their quantity; lines of one product add
 * up. Products the catalog does not know, or that keep no stock, are left out.
 */
export function soldPerProduct(
  lines: readonly SoldLine[],
  products: ReadonlyMap<number, Pick<StoredShopProduct, 'usesStockManagement' | 'usesWeight'>>,
): Map<number, number> {
  const sold = new Map<number, number>();
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (product === undefined || !product.usesStockManagement) continue;
    const weight = product.usesWeight ? thousandths(line.weight) : null;
    const amount = weight ?? thousandths(line.quantity);
    if (amount === null || amount <= 0) continue;
    sold.set(line.product_id, (sold.get(line.product_id) ?? 0) + amount);
  }
  return sold;
}

/**
 * After a sale is saved: the rows of `warehouseId` drop by the sold quantities (a missing row of a
 * product that keeps stock is made, below zero, as the service makes it). Returns what changed.
 */
export async function dropStockAfterSale(db: ShopCatalogDb, lines: readonly SoldLine[], warehouseId = SHOP_FLOOR_WAREHOUSE): Promise<StockDrop[]> {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  if (ids.length === 0) return [];
  return db.transaction('rw', db.products, db.stocks, async () => {
    const found = await db.products.bulkGet(ids);
    const products = new Map(found.filter((p) => p !== undefined).map((p) => [p.id, p]));
    const sold = soldPerProduct(lines, products);
    if (sold.size === 0) return [];
    const productIds = [...sold.keys()];
    const rows = await db.stocks.bulkGet(productIds.map((id) => [warehouseId, id] as [number, number]));
    const drops: StockDrop[] = [];
    const written: StoredShopStock[] = productIds.map((productId, index) => {
      const row = rows[index];
      const amount = sold.get(productId)!;
      const after = (row?.quantity ?? 0) - amount;
      drops.push({ productId, sold: amount, before: row?.quantity ?? null, after });
      return withQuantity(row, warehouseId, productId, after, products.get(productId)?.unit_id ?? null);
    });
    await db.stocks.bulkPut(written);
    return drops;
  });
}

/** A manager set the stock (the service's answer): the local row says so at once. */
export async function setLocalStock(db: ShopCatalogDb, stock: { productId: number; warehouseId: number; quantity: number }): Promise<void> {
  await db.transaction('rw', db.products, db.stocks, async () => {
    const [row, product] = await Promise.all([db.stocks.get([stock.warehouseId, stock.productId]), db.products.get(stock.productId)]);
    await db.stocks.put(withQuantity(row, stock.warehouseId, stock.productId, stock.quantity, product?.unit_id ?? null));
  });
}

/**
 * The row with its new quantity. A new row is the service's new row (no id known, its product's
 * unit); `alert` ("on alert") is kept — the alert level itself is not synced — except that a new
 * row at or below zero is on alert, as the service's new row (alert level 0) is.
 */
function withQuantity(row: StoredShopStock | undefined, warehouseId: number, productId: number, quantity: number, unitId: number | null): StoredShopStock {
  if (row !== undefined) return { ...row, quantity };
  return { warehouse_id: warehouseId, product_id: productId, id: null, quantity, defaultQuantity: null, alert: quantity <= 0, unit_id: unitId };
}

/** The row of one product in one warehouse; null when the warehouse keeps no count of it. */
export async function shopStockOf(db: ShopCatalogDb, productId: number, warehouseId = SHOP_FLOOR_WAREHOUSE): Promise<StoredShopStock | null> {
  return (await db.stocks.get([warehouseId, productId])) ?? null;
}
