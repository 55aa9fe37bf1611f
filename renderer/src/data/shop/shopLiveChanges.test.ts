import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../../shared/bridge';
import { openShopGenerationDb, type ShopCatalogDb, type StoredShopProduct, type StoredShopStock } from './shopDb';
import { shopProduct } from './shopTesting';
import { createShopCatalogStore } from './shopCatalogStore';
import { applyCustomerChange, applyProductChange, startShopLiveChanges } from './shopLiveChanges';

// A product or customer changed at the shop (a webhook, through the main side)
// is put into the current catalog generation at once, stored as the sync stores it.

/** A product as the sync stores it (shopTesting.ts), managing its stock, at 10.00 unless told. */
const stored = (fields: Partial<StoredShopProduct> & Pick<StoredShopProduct, 'id' | 'name' | 'category_id'>): StoredShopProduct =>
  shopProduct({ price: 1000, usesStockManagement: true, ...fields });

/** A product's own record as the main side hands it over (the wire schema's output: cents). */
function record(fields: Record<string, unknown>): Record<string, unknown> {
  const { searchName: _s, taxPercentage: _t, variant_info: _v, ...wire } = stored({ id: 1, name: 'x', category_id: 1 });
  return { ...wire, ...fields };
}

const stock = (productId: number, quantity: number, warehouse = 1): StoredShopStock => ({
  warehouse_id: warehouse,
  product_id: productId,
  id: null,
  quantity,
  defaultQuantity: null,
  alert: false,
  unit_id: null,
});

const opened: ShopCatalogDb[] = [];
let counter = 0;
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function generation(): Promise<ShopCatalogDb> {
  const db = openShopGenerationDb(`shop:live-test-${Date.now()}-${counter++}`, 1);
  opened.push(db);
  await db.groups.bulkPut([
    { id: 1, name: 'Ropa', photo: null, order: 0, active: true, tax_id: 2, tax: { id: 2, name: 'IVA 10 %', percentage: 1000, shouldStack: false } },
  ]);
  await db.categories.bulkPut([
    { id: 1, name: 'Camisetas', group_id: 1, photo: null, order: 0, active: true, extra_id: null, tax_id: null, tax: null },
    {
      id: 2,
      name: 'Libros',
      group_id: 1,
      photo: null,
      order: 0,
      active: true,
      extra_id: null,
      tax_id: 4,
      tax: { id: 4, name: 'IVA 4 %', percentage: 400, shouldStack: false },
    },
  ]);
  await db.products.bulkPut([
    stored({
      id: 1,
      name: 'Camiseta',
      category_id: 1,
      price: 1500,
      taxPercentage: 2100,
      tax: { id: 1, name: 'IVA 21 %', percentage: 2100, shouldStack: false },
    }),
    stored({ id: 10, name: 'Sudadera', category_id: 1, type: 5, taxPercentage: 1000 }),
    stored({
      id: 11,
      name: 'Sudadera S',
      category_id: 1,
      type: 6,
      main_product_id: 10,
      taxPercentage: 1000,
      variant_info: { id: 7, product_id: 11, variant_1_id: 1, variant_2_id: 2 },
    }),
  ]);
  await db.stocks.bulkPut([stock(1, 5_000), stock(1, 2_000, 2), stock(11, 3_000)]);
  return db;
}

describe('applyProductChange', () => {
  it('puts the new price, name and search text; keeps the stocks and variant link a product’s own record does not carry', async () => {
    const db = await generation();
    await applyProductChange(db, 11, record({ id: 11, name: 'Sudadera Small', category_id: 1, type: 6, main_product_id: 10, price: 2995 }));
    const product = await db.products.get(11);
    expect(product).toMatchObject({ price: 2995, name: 'Sudadera Small', searchName: 'sudadera small', variant_info: { id: 7 } });
    // No tax of its own: its master's (folded as the sync does).
    expect(product?.taxPercentage).toBe(1000);
    expect(await db.stocks.where('product_id').equals(11).toArray()).toEqual([stock(11, 3_000)]);
    expect(product).not.toHaveProperty('stocks');
  });

  it('with `stocks` (read fresh) replaces the product’s stock rows', async () => {
    const db = await generation();
    await applyProductChange(
      db,
      1,
      record({
        id: 1,
        name: 'Camiseta',
        category_id: 1,
        price: 1600,
        stocks: [{ id: 3, quantity: 7_000, alert: false, warehouse_id: 1, item_id: 1, unit_id: null }],
      }),
    );
    expect(await db.stocks.where('product_id').equals(1).toArray()).toEqual([
      { warehouse_id: 1, product_id: 1, id: 3, quantity: 7_000, defaultQuantity: null, alert: false, unit_id: null },
    ]);
  });

  it('adds a new product, its tax from its category, else its group', async () => {
    const db = await generation();
    await applyProductChange(db, 20, record({ id: 20, name: 'Novela', category_id: 2, price: 1890 }));
    await applyProductChange(db, 21, record({ id: 21, name: 'Gorra', category_id: 1, price: 990 }));
    expect(await db.products.get(20)).toMatchObject({ name: 'Novela', taxPercentage: 400, variant_info: null });
    expect((await db.products.get(21))?.taxPercentage).toBe(1000);
  });

  it('a master’s new tax reaches its variants that have none of their own', async () => {
    const db = await generation();
    await applyProductChange(
      db,
      10,
      record({ id: 10, name: 'Sudadera', category_id: 1, type: 5, tax: { id: 1, name: 'IVA 21 %', percentage: 2100, shouldStack: false } }),
    );
    expect((await db.products.get(11))?.taxPercentage).toBe(2100);
  });

  it('removes a deleted product and its stock rows', async () => {
    const db = await generation();
    await applyProductChange(db, 1, null);
    expect(await db.products.get(1)).toBeUndefined();
    expect(await db.stocks.where('product_id').equals(1).count()).toBe(0);
    expect(await db.stocks.count()).toBe(1);
  });

  it('stores nothing from a record that does not read as a product, or names another id', async () => {
    const db = await generation();
    const lines: string[] = [];
    expect(await applyProductChange(db, 1, record({ id: 1, price: '15.00' }), (line) => lines.push(line))).toBe(false);
    expect(await applyProductChange(db, 1, record({ id: 2, price: 1 }), (line) => lines.push(line))).toBe(false);
    expect((await db.products.get(1))?.price).toBe(1500);
    expect(lines).toHaveLength(2);
  });
});

describe('applyCustomerChange', () => {
  const customer = {
    id: 9,
    name: 'Laia Puig',
    address: 'Carrer Gran 1',
    city: null,
    state: null,
    country: null,
    postalCode: null,
    nif: null,
    web: null,
    email: null,
    phone: null,
    notes: null,
    maxCredit: 10000,
    extra_id: null,
    price_rate_id: null,
  };

  it('puts a changed customer and removes a deleted one', async () => {
    const db = await generation();
    await applyCustomerChange(db, 9, customer);
    expect(await db.customers.get(9)).toEqual(customer);
    await applyCustomerChange(db, 9, { ...customer, name: 'Laia Puig i Soler' });
    expect((await db.customers.get(9))?.name).toBe('Laia Puig i Soler');
    await applyCustomerChange(db, 9, null);
    expect(await db.customers.get(9)).toBeUndefined();
  });
});

describe('startShopLiveChanges', () => {
  it('applies the events to the current generation in the order they came, and stops', async () => {
    const db = await generation();
    const catalog = createShopCatalogStore();
    catalog.setState({ current: { n: 1, db, syncedAt: '2026-11-01T10:00:00.000Z' } as never });
    const listeners = new Set<(event: BridgeEvent) => void>();
    const bridge = {
      onEvent: (listener: (event: BridgeEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const live = startShopLiveChanges({ bridge, catalog });
    const send = (event: BridgeEvent) => listeners.forEach((listener) => listener(event));
    send({ type: 'shop-product-changed', productId: 1, product: record({ id: 1, name: 'Camiseta', category_id: 1, price: 1700 }) });
    send({ type: 'shop-product-changed', productId: 1, product: record({ id: 1, name: 'Camiseta', category_id: 1, price: 1800 }) });
    send({ type: 'shop-reports-stale' });
    await live.idle();
    expect((await db.products.get(1))?.price).toBe(1800);

    live.stop();
    expect(listeners.size).toBe(0);
  });

  it('does nothing before the first sync (no generation yet)', async () => {
    const catalog = createShopCatalogStore();
    const listeners: ((event: BridgeEvent) => void)[] = [];
    const live = startShopLiveChanges({ bridge: { onEvent: (l) => (listeners.push(l), () => undefined) }, catalog });
    listeners[0]!({ type: 'shop-product-changed', productId: 1, product: null });
    await expect(live.idle()).resolves.toBeUndefined();
  });
});
