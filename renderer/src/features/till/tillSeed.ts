import { createBridgeClient, pickBridgeApi } from '../../bridge';
import { openShopDb, openShopGenerationDb, type ShopCatalogDb, type StoredShopProduct } from '../../data/shop/shopDb';
import { beginShopGeneration, switchToShopGeneration } from '../../data/shop/shopGenerations';
import { shopProduct, seedSmallShop } from './tillTesting';

// Test and bench seeding of the till (loaded only with `?bench` in the page's address: see
// TillScreen.tsx): writes a complete shop catalog generation the way a sync does (begin, records,
// seal, switch) so the till moves to it at once. `globalThis.__tillBench`:
// - seedSmall(): the small shop of tillTesting.ts (a variant master, a weighed cheese, a 2x1, a rate);
// - seedScale(products): that shop plus `products` generated products (variant masters with six
//   variants, plain and weighed products, each sellable one with a barcode) for the bench;
// - barcodes(count, products, seed): `count` barcodes of plain products and variants of seedScale(products), seeded.

export interface TillBenchHooks {
  seedSmall(): Promise<{ n: number }>;
  seedScale(products: number): Promise<{ n: number; products: number; ms: number }>;
  barcodes(count: number, products: number, seed?: number): Promise<string[]>;
}

async function accountKeyOfPage(): Promise<string> {
  return (await createBridgeClient(pickBridgeApi()).getAppInfo({})).accountKey;
}

/** Writes a new current generation filled by `fill`; returns its number. */
export async function seedGeneration(accountKey: string, fill: (db: ShopCatalogDb) => Promise<void>): Promise<number> {
  const pointer = openShopDb(accountKey);
  try {
    const n = await beginShopGeneration(pointer, new Date());
    const db = openShopGenerationDb(accountKey, n);
    try {
      await fill(db);
      await db.meta.put({ key: 'sealed', value: n });
    } finally {
      db.close();
    }
    await switchToShopGeneration(pointer, n, { syncedAt: new Date(), counts: {}, requests: {} });
    return n;
  } finally {
    pointer.close();
  }
}

/** Generated products from id 10,000 on, in categories 1000…1099 of groups 100…109. */
export function scaleProducts(count: number): { products: StoredShopProduct[]; groups: number; categories: number } {
  const products: StoredShopProduct[] = [];
  const words = ['Shirt', 'Jeans', 'Jacket', 'Sock', 'Scarf', 'Sneaker', 'Boot', 'Hat', 'Belt', 'Dress', 'Skirt', 'Sweater'];
  const colours = ['Navy', 'Red', 'Olive', 'Sand', 'Black', 'White', 'Teal', 'Grey'];
  let id = 10_000;
  let article = 0;
  while (products.length < count) {
    const category = 1000 + (article % 100);
    const name = `${words[article % words.length]} ${colours[(article * 7) % colours.length]} ${article}`;
    const price = 499 + ((article * 7919) % 9000);
    if (article % 3 === 0 && products.length + 7 <= count) {
      const master = id++;
      products.push(shopProduct({ id: master, name, category_id: category, type: 5, price, reference: `A${article}`, order: article }));
      for (let v = 0; v < 6; v++) {
        const variant = id++;
        const size = 11 + (v % 3);
        const colour = 21 + Math.floor(v / 3);
        products.push(
          shopProduct({
            id: variant,
            name,
            category_id: category,
            type: 6,
            price,
            main_product_id: master,
            barcode: `84${String(variant).padStart(11, '0')}`,
            reference: `A${article}-${v}`,
            variant_info: { id: variant, product_id: variant, variant_1_id: size, variant_2_id: colour },
          }),
        );
      }
    } else {
      const weighed = article % 10 === 1;
      const plain = id++;
      products.push(
        shopProduct({
          id: plain,
          name,
          category_id: category,
          price,
          usesWeight: weighed,
          barcode: `84${String(plain).padStart(11, '0')}`,
          reference: `A${article}`,
          order: article,
        }),
      );
    }
    article++;
  }
  return { products, groups: 10, categories: 100 };
}

async function fillScale(db: ShopCatalogDb, count: number): Promise<void> {
  await seedSmallShop(db);
  const { products } = scaleProducts(count);
  await db.groups.bulkPut(
    Array.from({ length: 10 }, (_, g) => ({ id: 100 + g, name: `Range ${g + 1}`, photo: null, order: 10 + g, active: true, tax_id: null, tax: null })),
  );
  await db.categories.bulkPut(
    Array.from({ length: 100 }, (_, c) => ({
      id: 1000 + c,
      name: `Line ${c + 1}`,
      group_id: 100 + (c % 10),
      photo: null,
      order: c,
      active: true,
      extra_id: null,
      tax_id: null,
      tax: null,
    })),
  );
  for (let start = 0; start < products.length; start += 5000) await db.products.bulkPut(products.slice(start, start + 5000));
  const variants = products.filter((p) => p.variant_info !== null);
  for (let start = 0; start < variants.length; start += 5000) {
    const slice = variants.slice(start, start + 5000);
    await db.productVariants.bulkPut(slice.map((p) => p.variant_info!));
    await db.stocks.bulkPut(
      slice.map((p) => ({ warehouse_id: 1, product_id: p.id, id: p.id, quantity: (p.id % 5) * 1000, defaultQuantity: null, alert: false, unit_id: null })),
    );
  }
}

export function installTillBenchHooks(): void {
  const hooks: TillBenchHooks = {
    async seedSmall() {
      return { n: await seedGeneration(await accountKeyOfPage(), seedSmallShop) };
    },
    async seedScale(count) {
      const started = performance.now();
      const n = await seedGeneration(await accountKeyOfPage(), (db) => fillScale(db, count));
      return { n, products: count, ms: Math.round(performance.now() - started) };
    },
    async barcodes(count, productCount, seed = 15) {
      const { products } = scaleProducts(productCount);
      const sellable = products.filter((p) => p.barcode !== null && !p.usesWeight && p.type !== 5);
      let a = seed >>> 0;
      const random = () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      return Array.from({ length: count }, () => sellable[Math.floor(random() * sellable.length)]!.barcode!);
    },
  };
  (globalThis as { __tillBench?: TillBenchHooks }).__tillBench = hooks;
}
