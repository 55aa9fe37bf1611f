import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openShopGenerationDb, type ShopCatalogDb } from '../../data/shop/shopDb';
import { createBasketStore } from './basketStore';
import {
  productByCode,
  searchShopProducts,
  shopCategoriesOfGroup,
  shopGroups,
  shopPricing,
  shopProductsOfCategory,
  tillProductOf,
  variantGrid,
} from './tillData';
import { isSoldOut, variantMatrix } from './tillInput';
import { seedSmallShop, shopProduct } from './tillTesting';

let counter = 0;
const opened: ShopCatalogDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function shop(): Promise<ShopCatalogDb> {
  const db = openShopGenerationDb(`till-${Date.now()}-${counter++}`, 1);
  opened.push(db);
  await seedSmallShop(db);
  return db;
}

describe('till reads of the shop catalog', () => {
  it('lists groups, their categories and a category grid without the variants', async () => {
    const db = await shop();
    expect((await shopGroups(db)).map((g) => g.name)).toEqual(['Clothing', 'Deli']);
    expect((await shopCategoriesOfGroup(db, 1)).map((c) => c.id)).toEqual([10]);
    expect((await shopProductsOfCategory(db, 10)).map((p) => p.id)).toEqual([100, 200]);
  });

  it('finds by barcode, reference and name (accents and case aside)', async () => {
    const db = await shop();
    await db.products.put(shopProduct({ id: 400, name: 'Camiseta Básica Azul', category_id: 10, price: 100 }));
    expect((await searchShopProducts(db, '8400000000200')).map((p) => p.id)).toEqual([200]);
    expect((await searchShopProducts(db, 'tsh-103')).map((p) => p.id)).toEqual([103]);
    expect((await searchShopProducts(db, 'basic')).map((p) => p.id)).toEqual([100, 400]); // the master stands for its variants; names starting with it first
    expect((await searchShopProducts(db, 'CAMISETA azul')).map((p) => p.id)).toEqual([400]);
    expect((await searchShopProducts(db, 'camiseta roja')).map((p) => p.id)).toEqual([]);
    expect((await searchShopProducts(db, 'tote')).map((p) => p.id)).toEqual([200]); // a word inside the name
    expect((await searchShopProducts(db, 'azul')).map((p) => p.id)).toEqual([400]);
    expect(await searchShopProducts(db, '  ')).toEqual([]);
  });

  it('resolves a scanned code to its product or variant; an unknown one to null', async () => {
    const db = await shop();
    expect((await productByCode(db, '84000000103'))?.id).toBe(103);
    expect((await productByCode(db, '8400000000300'))?.id).toBe(300);
    expect((await productByCode(db, 'BAG-200'))?.id).toBe(200);
    expect(await productByCode(db, '0000000000000')).toBeNull();
  });

  it('builds a master grid: sizes × colours with shop-floor stock, sold out marked, missing cells empty', async () => {
    const db = await shop();
    const master = (await db.products.get(100))!;
    const grid = await variantGrid(db, master);
    expect(grid.rows).toMatchObject({ setName: 'Size', values: [{ name: 'S' }, { name: 'M' }, { name: 'L' }] });
    expect(grid.columns).toMatchObject({ setName: 'Colour', values: [{ name: 'Navy' }, { name: 'Red' }] });
    const matrix = variantMatrix(grid);
    expect(matrix.map((row) => row.map((cell) => cell?.product.id ?? null))).toEqual([
      [101, 102],
      [103, 104],
      [null, 105],
    ]);
    expect(matrix.map((row) => row.map((cell) => (cell === null ? null : isSoldOut(cell))))).toEqual([
      [false, false],
      [false, true],
      [null, false],
    ]);
  });

  it('gives the basket a product with its variant name, tax and rate prices, and the pricing context', async () => {
    const db = await shop();
    expect(await tillProductOf(db, (await db.products.get(104))!)).toMatchObject({
      id: 104,
      masterId: 100,
      variantName: 'M · Red',
      taxPercentHundredths: 2100,
      priceCents: 1500,
    });
    expect(await tillProductOf(db, (await db.products.get(200))!)).toMatchObject({ variantName: null, ratePrices: { 1: 700 } });
    const pricing = await shopPricing(db);
    expect(pricing.rates).toEqual([{ id: 1, name: 'Staff', type: 1, amountHundredths: -1000, rounding: 2 }]);
    expect(pricing.promotions).toMatchObject([{ id: 1, type: 1, apply_type: 2, productIds: [100], categoryIds: [] }]);

    // End to end through the store: two T-shirt variants make a 2x1, the cheese is weighed.
    const basket = createBasketStore(() => Date.UTC(2026, 10, 23, 11));
    basket.getState().setPricing(pricing);
    basket.getState().add(await tillProductOf(db, (await db.products.get(101))!));
    basket.getState().add(await tillProductOf(db, (await db.products.get(103))!));
    basket.getState().add(await tillProductOf(db, (await db.products.get(300))!), 250);
    const { totals, lines } = basket.getState().view;
    expect(lines.map((l) => l.priced.discount)).toEqual([0, 1500, 0]); // equal prices: the later product of the pair is the free one
    expect(totals.total).toBe(1500 + 475); // 18.99 × 0.25 = 4.7475 → 4.75
  });
});
