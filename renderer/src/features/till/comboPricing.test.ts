import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { withComboSets } from '../../../../shared/domain/retail/comboLinks';
import { COMBO, comboOnLinkedProducts, dropOpened, keepForCleanup, linksBridge, NOON, pointer, scanOf } from '../../data/shop/comboScanTesting';
import { COMBO_READ_MAX_AGE_MS, type createComboScanStore } from '../../data/shop/shopComboScan';
import { openShopGenerationDb, type ShopCatalogDb } from '../../data/shop/shopDb';
import { createBasketStore } from './basketStore';
import { shopPricing, tillProductOf } from './tillData';
import { seedSmallShop, shopProduct } from './tillTesting';

// The till's combos on linked products with the combo scan (docs/decisions.md "Combos on linked products: the whole set, or no combo"): a
// combo of the tote bag (200), a cap (400) and socks (500) at 20.00; the till has read only the
// basket's links. It must not price the bag and the cap as a set until it knows every product's
// links; then only the three together.

/** The service's links: which promotions each product is linked to. */
const TRUTH: Record<number, number[]> = { 100: [1], 200: [COMBO], 400: [COMBO], 500: [COMBO] };
const fakeBridge = () => linksBridge(TRUTH);

let counter = 0;
afterEach(dropOpened);

async function generation(account: string, n: number): Promise<ShopCatalogDb> {
  const db = keepForCleanup(openShopGenerationDb(account, n));
  await seedSmallShop(db);
  await db.products.bulkPut([
    shopProduct({ id: 400, name: 'Cap', category_id: 10, price: 1000 }),
    shopProduct({ id: 500, name: 'Socks', category_id: 10, price: 600 }),
  ]);
  await db.promotions.put(comboOnLinkedProducts);
  return db;
}

async function basketOver(db: ShopCatalogDb, store: ReturnType<typeof createComboScanStore>, ids: number[]) {
  const basket = createBasketStore(() => NOON);
  const price = async () => {
    const read = await shopPricing(db);
    basket.getState().setPricing({ rates: read.rates, promotions: withComboSets(read.promotions, store.getState().known) });
  };
  await price();
  for (const id of ids) basket.getState().add(await tillProductOf(db, (await db.products.get(id))!));
  return { basket, price };
}

const comboOff = (basket: ReturnType<typeof createBasketStore>) => basket.getState().view.applied.find((a) => a.promotionId === COMBO)?.cents ?? 0;

describe('combos on linked products at the till', () => {
  it('a combo of A, B, C: with A + B and only the basket’s links read, no combo price and the lines say it waits; once every product is read, still none for A + B, and the combo price for A + B + C', async () => {
    const account = `shop:combo-${++counter}`;
    const db = await generation(account, 1);
    // What the basket's own checks (features/till/productLinks.ts) read: the bag's and the cap's links.
    await db.promotionProducts.bulkPut([
      { promotion_id: COMBO, product_id: 200 },
      { promotion_id: COMBO, product_id: 400 },
    ]);
    const { bridge, asked } = fakeBridge();
    const { scan, store } = scanOf(pointer(account), db, bridge);

    const before = await basketOver(db, store, [200, 400]);
    expect(comboOff(before.basket)).toBe(0);
    expect(before.basket.getState().view.lines.map((line) => line.waitingCombos)).toEqual([
      [{ promotionId: COMBO, name: 'Trio' }],
      [{ promotionId: COMBO, name: 'Trio' }],
    ]);

    expect(await scan.pass()).toBe(true);
    expect(new Set(asked)).toEqual(new Set([100, 101, 102, 103, 104, 105, 200, 300, 400, 500]));
    expect(store.getState().known).toMatchObject({ complete: true, read: 10, total: 10 });
    await before.price();
    expect(comboOff(before.basket)).toBe(0);
    expect(before.basket.getState().view.lines.every((line) => line.waitingCombos.length === 0)).toBe(true);

    const all = await basketOver(db, store, [200, 400, 500]);
    // 8.99 + 10.00 + 6.00 = 24.99 → 20.00.
    expect(comboOff(all.basket)).toBe(499);
  });

  it('a read older than a day proves nothing: the combo waits until it is read again', async () => {
    const account = `shop:combo-${++counter}`;
    const shopDb = pointer(account);
    await scanOf(shopDb, await generation(account, 1), fakeBridge().bridge).scan.pass();
    const later = fakeBridge();
    const db = await generation(account, 2);
    const { scan, store } = scanOf(shopDb, db, later.bridge, () => new Date(NOON + COMBO_READ_MAX_AGE_MS + 1));
    const { basket, price } = await basketOver(db, store, [200, 400, 500]);
    expect(comboOff(basket)).toBe(0);
    await scan.pass();
    expect(later.asked).toHaveLength(10);
    await price();
    expect(comboOff(basket)).toBe(499);
  });
});
