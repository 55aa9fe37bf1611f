// Warehouses and stocks (spec §2.8, §4.4). Decisions where the spec is silent (conservative):
// - `item_id` must be a positive integer naming an item of the account's catalog; `quantity` a
//   number (or a numeric string: clarifications "Values the vendor's servers accept"): greater
//   than 0 for addStock ("number to add"), 0 or more for setStock;
// - setStock takes EITHER `item_id` + `quantity` OR `stocks: [{ item_id, quantity }, …]` (non-empty),
//   not both; a batch is all-or-nothing (one bad pair → 422, nothing changes); a repeated item
//   in one batch: the last pair wins;
// - a stock row that does not exist yet is created (`defaultQuantity` 0, `alert` 0, `unit_id` of
//   the item or null);
// - answers (not shown in the spec): addStock and single setStock → 200 with the stock row,
//   batch setStock → 200 with the array of rows in request order;
// - an unknown or non-numeric warehouse id → 404.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { laravelInteger, laravelNumeric } from '../laravelValues';
import { batchSizeProblem } from '../limits';
import { listPage } from '../pagination';
import { nextId, type AccountState } from '../state';
import type { StockRecord, WarehouseRecord } from './model';
import { describeIssue, entriesUnder, pathId, readJson } from './input';

// clarifications "Values the vendor's servers accept": "101" and "2.5" are read as numbers.
const itemId = laravelInteger(z.int().positive());
const addPair = z.object({ item_id: itemId, quantity: laravelNumeric(z.number().positive()) });
const setPair = z.object({ item_id: itemId, quantity: laravelNumeric(z.number().nonnegative()) });
const setBatch = z.object({ stocks: z.array(setPair).min(1, 'at least one stock is required') });

/** Quantities are kept to 6 decimals so repeated additions of decimals do not drift. */
function round(quantity: number): number {
  return Math.round(quantity * 1e6) / 1e6;
}

function findWarehouse(c: Context<SandboxEnv>): WarehouseRecord | undefined {
  const id = pathId(c.req.param('id'));
  return c.get('account').commerce.warehouses.find((w) => w.id === id);
}

function unknownItem(account: AccountState, pairs: readonly { item_id: number }[]): number | undefined {
  const items = new Set(account.catalog.items.map((i) => i.id));
  return pairs.find((p) => !items.has(p.item_id))?.item_id;
}

/** The stock row of an item in a warehouse, created empty when missing. */
function stockRow(account: AccountState, warehouseId: number, item: number): StockRecord {
  const stocks = account.commerce.stocks;
  let row = stocks.find((s) => s.warehouse_id === warehouseId && s.item_id === item);
  if (!row) {
    const unit = account.catalog.items.find((i) => i.id === item)?.unit_id;
    row = {
      id: nextId(account, 'stocks', stocks),
      quantity: 0,
      defaultQuantity: 0,
      alert: 0,
      warehouse_id: warehouseId,
      item_id: item,
      unit_id: typeof unit === 'number' ? unit : null,
    };
    stocks.push(row);
  }
  return row;
}

export function warehousesRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();

  routes.get('/warehouses', (c) => {
    const warehouses = [...c.get('account').commerce.warehouses].sort((a, b) => a.order - b.order || a.id - b.id);
    return c.json(listPage(c, warehouses));
  });

  routes.get('/warehouses/:id', (c) => {
    const warehouse = findWarehouse(c);
    if (!warehouse) return errorResponse(c, 404, `No warehouse with id ${c.req.param('id')}.`);
    const stocks = c
      .get('account')
      .commerce.stocks.filter((s) => s.warehouse_id === warehouse.id)
      .sort((a, b) => a.id - b.id);
    return c.json(listPage(c, stocks));
  });

  routes.post('/warehouses/:id/addStock', async (c) => {
    const warehouse = findWarehouse(c);
    if (!warehouse) return errorResponse(c, 404, `No warehouse with id ${c.req.param('id')}.`);
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const parsed = addPair.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'body'));
    const account = c.get('account');
    const missing = unknownItem(account, [parsed.data]);
    if (missing !== undefined) return errorResponse(c, 422, `No item with id ${missing} in the catalog.`);
    const row = stockRow(account, warehouse.id, parsed.data.item_id);
    row.quantity = round(row.quantity + parsed.data.quantity);
    return c.json(row);
  });

  routes.post('/warehouses/:id/setStock', async (c) => {
    const warehouse = findWarehouse(c);
    if (!warehouse) return errorResponse(c, 404, `No warehouse with id ${c.req.param('id')}.`);
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const value = body.value as Record<string, unknown> | null;
    const isBatch = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'stocks');
    if (isBatch && (Object.hasOwn(value, 'item_id') || Object.hasOwn(value, 'quantity'))) {
      return errorResponse(c, 422, 'Send either item_id and quantity, or stocks: not both.');
    }
    const tooMany = batchSizeProblem(entriesUnder(value, 'stocks'), c.get('limits'), 'stocks');
    if (tooMany) return errorResponse(c, 422, tooMany);
    const parsed = isBatch ? setBatch.safeParse(value) : setPair.safeParse(value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'body'));
    const pairs = 'stocks' in parsed.data ? parsed.data.stocks : [parsed.data];

    const account = c.get('account');
    const missing = unknownItem(account, pairs);
    if (missing !== undefined) return errorResponse(c, 422, `No item with id ${missing} in the catalog.`);
    const rows = pairs.map((pair) => {
      const row = stockRow(account, warehouse.id, pair.item_id);
      row.quantity = round(pair.quantity);
      return row;
    });
    return c.json(isBatch ? rows : rows[0]);
  });

  return routes;
}
