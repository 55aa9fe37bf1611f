// Stock (retail-api.md §2.3, §4.2; clarifications "Prices, taxes and orders"): the paginated
// `catalog/stocks` list (with `id`), and `stocks/add`, which SETS the quantity of a product in a
// warehouse (creating the row when missing) and answers `{ "quantity": <new quantity> }`.
// Decisions (docs/sandbox.md): `product_id` must be a product and `warehouse_id` a warehouse of
// the account (else 422); `quantity` is a decimal with at most 3 decimals and may be negative (a
// count can find less than the books); the answer's quantity is a JSON number; a new row takes the
// product's unit, alert level 0 and defaultQuantity 0. `alert` on the wire is whether the row is on
// alert (quantity at or below its alert level), as in a product's `stocks` entries (§2.6).
import { Hono } from 'hono';
import { z } from 'zod';
import type { RetailEnv } from '../env';
import { invalidData } from '../errors';
import { dec3, id, parseWith, readJsonBody } from '../input';
import { nextRetailId, type RetailAccountState, type RetailStockRecord } from '../model';
import { retailPage } from '../pagination';
import { decimal3, number3 } from '../wire';

const addSchema = z.object({ product_id: id, warehouse_id: id, quantity: dec3({ max: 1e12 }) });

export function stockWire(stock: RetailStockRecord): Record<string, unknown> {
  return {
    id: stock.id,
    quantity: decimal3(stock.quantity),
    defaultQuantity: decimal3(stock.defaultQuantity),
    alert: stock.quantity <= stock.alert,
    warehouse_id: stock.warehouse_id,
    item_id: stock.item_id,
    unit_id: stock.unit_id,
  };
}

/** The stock row of a product in a warehouse, created (at 0) when missing. */
export function stockRow(account: RetailAccountState, productId: number, warehouseId: number): RetailStockRecord {
  let row = account.stocks.find((s) => s.item_id === productId && s.warehouse_id === warehouseId);
  if (!row) {
    const product = account.products.find((p) => p.id === productId);
    row = {
      id: nextRetailId(account, 'stocks', account.stocks),
      item_id: productId,
      warehouse_id: warehouseId,
      unit_id: product?.unit_id ?? null,
      quantity: 0,
      defaultQuantity: 0,
      alert: 0,
    };
    account.stocks.push(row);
  }
  return row;
}

export function stockRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.get('/catalog/stocks', (c) => {
    const page = retailPage(c, c.get('account').stocks);
    return c.json({ ...page, data: page.data.map(stockWire) });
  });
  routes.post('/stocks/add', async (c) => {
    const account = c.get('account');
    const body = parseWith(addSchema, await readJsonBody(c));
    if (!account.products.some((p) => p.id === body.product_id)) throw invalidData(`product_id: no product ${body.product_id}`);
    if (!account.warehouses.some((w) => w.id === body.warehouse_id)) throw invalidData(`warehouse_id: no warehouse ${body.warehouse_id}`);
    const row = stockRow(account, body.product_id, body.warehouse_id);
    row.quantity = body.quantity;
    return c.json({ quantity: number3(row.quantity) });
  });
  return routes;
}
