import { afterEach, describe, expect, it } from 'vitest';
import { bridgeOperations } from '../../../shared/bridge';
import { DEMO_SHOP } from '../../sandbox/retail';
import { ServiceError } from '../bridge/dispatcher';
import { createRetailGateway } from './gateway';
import { createRetailLimiter } from './limiter';
import { createShopHandlers } from './shopHandlers';
import { useDemoShopSandbox } from '../../sandbox/retail/demoShop.testing';
import { failureOf } from '../../../shared/testing/failureOf.testing';

// The till's `setShopStock` against the real retail sandbox serving the demo shop.
// The referee is the sandbox's own API (`GET catalog/stocks`), not the handler's answer.

const sandbox = useDemoShopSandbox();
afterEach(() => {
  sandbox().app.faults.set({});
});

const handlers = () =>
  createShopHandlers({
    gateway: createRetailGateway({
      baseUrl: sandbox().url,
      username: DEMO_SHOP.username,
      token: async () => DEMO_SHOP.accessToken,
      limiter: createRetailLimiter(),
      timeoutMs: 5_000,
    }),
  });

const headers = { username: DEMO_SHOP.username, authorization: `Bearer ${DEMO_SHOP.accessToken}` };

interface WireStock {
  warehouse_id: number;
  quantity: string | number;
}

/** The product's stock in the warehouse as the sandbox's own API lists it (one product, withStocks): the referee. */
async function serverQuantity(productId: number, warehouseId: number): Promise<number | null> {
  const answer = await fetch(`${sandbox().url}/api/external/catalog/products/${productId}?withStocks=1`, { headers });
  expect(answer.status).toBe(200);
  const product = (await answer.json()) as { stocks?: WireStock[] };
  const row = (product.stocks ?? []).find((s) => s.warehouse_id === warehouseId);
  return row === undefined ? null : Number(row.quantity);
}

const stockRows = () => sandbox().app.state.account(DEMO_SHOP.username)!.stocks.length;

/** A product of the demo shop that keeps stock, with a row in warehouse 1. */
function stockedProduct(): { id: number } {
  const account = sandbox().app.state.account(DEMO_SHOP.username)!;
  const row = account.stocks.find((s) => s.warehouse_id === 1 && account.products.some((p) => p.id === s.item_id && p.usesStockManagement));
  return { id: row!.item_id };
}

describe('setShopStock', () => {
  it('sets the stock (not adds to it): the server lists the new quantity, the answer is in thousandths', async () => {
    const product = stockedProduct();
    const set = await handlers().setShopStock({ productId: product.id, warehouseId: 1, quantity: 12_500 });
    expect(set).toEqual({ stock: { productId: product.id, warehouseId: 1, quantity: 12_500 } });
    expect(await serverQuantity(product.id, 1)).toBe(12.5);
    // Again with less: set, not added.
    await handlers().setShopStock({ productId: product.id, warehouseId: 1, quantity: 3_000 });
    expect(await serverQuantity(product.id, 1)).toBe(3);
    await handlers().setShopStock({ productId: product.id, warehouseId: 1, quantity: 0 });
    expect(await serverQuantity(product.id, 1)).toBe(0);
    // The answer passes the bridge's output schema.
    expect(bridgeOperations.setShopStock.output.parse(set)).toEqual(set);
  });

  it('creates the row when the warehouse has none for the product', async () => {
    const account = sandbox().app.state.account(DEMO_SHOP.username)!;
    const product = account.products.find((p) => p.type !== 5 && !account.stocks.some((s) => s.item_id === p.id && s.warehouse_id === 2))!;
    expect(await serverQuantity(product.id, 2)).toBeNull();
    await handlers().setShopStock({ productId: product.id, warehouseId: 2, quantity: 7_000 });
    expect(await serverQuantity(product.id, 2)).toBe(7);
  });

  it('a product or warehouse the shop does not have: refused with a code, nothing set', async () => {
    const before = stockRows();
    const noProduct = await failureOf(handlers().setShopStock({ productId: 99_999_999, warehouseId: 1, quantity: 1_000 }), ServiceError);
    expect(noProduct.info).toMatchObject({ kind: 'invalid', code: 'server-rejected' });
    const noWarehouse = await failureOf(handlers().setShopStock({ productId: stockedProduct().id, warehouseId: 999, quantity: 1_000 }), ServiceError);
    expect(noWarehouse.info).toMatchObject({ kind: 'invalid', code: 'server-rejected' });
    expect(stockRows()).toBe(before);
  });

  it('offline: a coded connection failure, and the server keeps what it had', async () => {
    const product = stockedProduct();
    await handlers().setShopStock({ productId: product.id, warehouseId: 1, quantity: 4_000 });
    sandbox().app.faults.set({ offline: true });
    const offline = await failureOf(handlers().setShopStock({ productId: product.id, warehouseId: 1, quantity: 9_000 }), ServiceError);
    // The sandbox drops the connection once the request is written: the gateway cannot tell whether
    // it arrived (`outcome-unknown`); a terminal that cannot connect at all gets `offline`. Both
    // are connection failures the till words as such (setting again later is safe: it SETS).
    expect(['offline', 'outcome-unknown']).toContain(offline.info.kind);
    sandbox().app.faults.set({});
    expect(await serverQuantity(product.id, 1)).toBe(4);
  });

  it('the bridge refuses a negative, fractional or too large quantity before any handler runs', () => {
    const input = bridgeOperations.setShopStock.input;
    expect(input.safeParse({ productId: 1, warehouseId: 1, quantity: 2_000 }).success).toBe(true);
    expect(input.safeParse({ productId: 1, warehouseId: 1, quantity: -1 }).success).toBe(false);
    expect(input.safeParse({ productId: 1, warehouseId: 1, quantity: 1.5 }).success).toBe(false);
    expect(input.safeParse({ productId: 1, warehouseId: 1, quantity: 1e15 }).success).toBe(false);
    expect(input.safeParse({ productId: 0, warehouseId: 1, quantity: 1 }).success).toBe(false);
    expect(input.safeParse({ productId: 1, warehouseId: 1, quantity: 1, extra: true }).success).toBe(false);
  });
});
