import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openShopGenerationDb, type ShopCatalogDb, type StoredShopStock } from './shopDb';
import { shopProduct } from './shopTesting';
import { dropStockAfterSale, setLocalStock, SHOP_FLOOR_WAREHOUSE, shopStockOf, soldPerProduct } from './shopStock';

// The till's local stock after a sale and after a manager sets it.

const opened: ShopCatalogDb[] = [];
let counter = 0;

async function shop(): Promise<ShopCatalogDb> {
  const db = openShopGenerationDb(`shop:stock-test-${Date.now()}-${counter++}`, 1);
  opened.push(db);
  await db.products.bulkPut([
    shopProduct({ id: 1, name: 'Tote bag', category_id: 1, usesStockManagement: true, unit_id: 4 }),
    shopProduct({ id: 2, name: 'Cheese', category_id: 1, usesStockManagement: true, usesWeight: true }),
    shopProduct({ id: 3, name: 'Gift wrap', category_id: 1, usesStockManagement: false }),
    shopProduct({ id: 4, name: 'Socks', category_id: 1, usesStockManagement: true, unit_id: 4 }),
  ]);
  await db.stocks.bulkPut([
    stock(1, 1, 10_000),
    stock(2, 2, 40_000),
    stock(3, 3, 5_000),
    // The other warehouse's rows are never touched by the till's sales.
    stock(1, 4, 7_000, 2),
  ]);
  return db;
}

function stock(productId: number, id: number, quantity: number, warehouseId = SHOP_FLOOR_WAREHOUSE): StoredShopStock {
  return { warehouse_id: warehouseId, product_id: productId, id, quantity, defaultQuantity: null, alert: false, unit_id: null };
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('soldPerProduct', () => {
  const products = new Map([
    [1, { usesStockManagement: true, usesWeight: false }],
    [2, { usesStockManagement: true, usesWeight: true }],
    [3, { usesStockManagement: false, usesWeight: false }],
  ]);

  it('counts units, or the weight of a product sold by weight, in thousandths; lines of one product add up', () => {
    const sold = soldPerProduct(
      [
        { product_id: 1, quantity: 2 },
        { product_id: 2, quantity: 1, weight: 0.35 },
        { product_id: 1, quantity: '1.000' },
      ],
      products,
    );
    expect([...sold]).toEqual([
      [1, 3_000],
      [2, 350],
    ]);
  });

  it('leaves out products that keep no stock, unknown products and lines that do not read', () => {
    const sold = soldPerProduct(
      [
        { product_id: 3, quantity: 4 },
        { product_id: 99, quantity: 1 },
        { product_id: 1, quantity: 'two' },
        { product_id: 1, quantity: 0 },
      ],
      products,
    );
    expect(sold.size).toBe(0);
  });

  it('a weighed line without a weight counts its quantity, as the service does', () => {
    expect([...soldPerProduct([{ product_id: 2, quantity: 2, weight: null }], products)]).toEqual([[2, 2_000]]);
  });
});

describe('dropStockAfterSale', () => {
  it('drops the shop floor’s rows by what was sold, at once, and says what changed', async () => {
    const db = await shop();
    const drops = await dropStockAfterSale(db, [
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1, weight: 0.25 },
      { product_id: 1, quantity: 1 },
      { product_id: 3, quantity: 1 },
    ]);
    expect(drops).toEqual([
      { productId: 1, sold: 3_000, before: 10_000, after: 7_000 },
      { productId: 2, sold: 250, before: 40_000, after: 39_750 },
    ]);
    expect((await shopStockOf(db, 1))?.quantity).toBe(7_000);
    expect((await shopStockOf(db, 2))?.quantity).toBe(39_750);
    // A product without stock management keeps its count; the other warehouse is untouched.
    expect((await shopStockOf(db, 3))?.quantity).toBe(5_000);
    expect((await shopStockOf(db, 1, 2))?.quantity).toBe(7_000);
    // The rest of the row stays as synced.
    expect(await shopStockOf(db, 1)).toMatchObject({ id: 1, alert: false });
  });

  it('may go below zero, and makes a missing row of a product that keeps stock (as the service does)', async () => {
    const db = await shop();
    await dropStockAfterSale(db, [{ product_id: 1, quantity: 12 }]);
    expect((await shopStockOf(db, 1))?.quantity).toBe(-2_000);
    await dropStockAfterSale(db, [{ product_id: 4, quantity: 2 }]);
    expect(await shopStockOf(db, 4)).toEqual({ warehouse_id: 1, product_id: 4, id: null, quantity: -2_000, defaultQuantity: null, alert: true, unit_id: 4 });
  });

  it('sells from the warehouse it is told', async () => {
    const db = await shop();
    await dropStockAfterSale(db, [{ product_id: 1, quantity: 1 }], 2);
    expect((await shopStockOf(db, 1, 2))?.quantity).toBe(6_000);
    expect((await shopStockOf(db, 1))?.quantity).toBe(10_000);
  });

  it('nothing to drop: nothing written', async () => {
    const db = await shop();
    expect(await dropStockAfterSale(db, [])).toEqual([]);
    expect(await dropStockAfterSale(db, [{ product_id: 3, quantity: 1 }])).toEqual([]);
    expect((await shopStockOf(db, 3))?.quantity).toBe(5_000);
  });

  it('two sales one after the other both count', async () => {
    const db = await shop();
    await Promise.all([dropStockAfterSale(db, [{ product_id: 1, quantity: 1 }]), dropStockAfterSale(db, [{ product_id: 1, quantity: 2 }])]);
    expect((await shopStockOf(db, 1))?.quantity).toBe(7_000);
  });
});

describe('setLocalStock', () => {
  it('writes the quantity the service answered into the row, keeping the rest', async () => {
    const db = await shop();
    await setLocalStock(db, { productId: 1, warehouseId: 1, quantity: 25_000 });
    expect(await shopStockOf(db, 1)).toEqual({ ...stock(1, 1, 25_000) });
  });

  it('makes the row when the warehouse had none', async () => {
    const db = await shop();
    await setLocalStock(db, { productId: 4, warehouseId: 1, quantity: 6_000 });
    expect(await shopStockOf(db, 4)).toEqual({ warehouse_id: 1, product_id: 4, id: null, quantity: 6_000, defaultQuantity: null, alert: false, unit_id: 4 });
  });
});
