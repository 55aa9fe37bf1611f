import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../shared/bridge';
import { SyncFailure } from '../sync/sync';
import { openShopDb, openShopGenerationDb, shopGenerationDbName, type ShopCatalogDb } from './shopDb';
import { cleanUpShopGenerations, currentShopGeneration, readCurrentShopGeneration } from './shopGenerations';
import { SHOP_SYNC_RESOURCES, syncShopCatalog, type ShopSyncProgress, type SyncShopOptions } from './shopSync';
import { fakeShop, fakeShopServer, minimumShopRequests, type FakeShopServer } from './shopSyncTesting';
import { failureOf } from '../../../../shared/testing/failureOf.testing';

let counter = 0;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup() {
  const accountKey = `shop:test-${Date.now()}-${counter++}`;
  const shopDb = openShopDb(accountKey);
  const opened: ShopCatalogDb[] = [];
  cleanups.push(async () => {
    for (const db of opened) db.close();
    shopDb.close();
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-shop-${accountKey}`)) await Dexie.delete(name);
  });
  let clock = Date.parse('2026-11-23T10:00:00.000Z');
  const run = (server: FakeShopServer, extra: Partial<SyncShopOptions> = {}) =>
    syncShopCatalog({
      bridge: server.bridge,
      accountKey,
      shopDb,
      now: () => new Date((clock += 100)),
      retryDelaysMs: [1, 1],
      sleep: async () => {},
      ...extra,
    });
  const read = async <T>(work: (db: ShopCatalogDb) => Promise<T>): Promise<T> => {
    const current = await readCurrentShopGeneration(shopDb);
    if (!current) throw new Error('no current generation');
    const db = openShopGenerationDb(accountKey, current.n);
    opened.push(db);
    return work(db);
  };
  return { accountKey, shopDb, run, read };
}

describe('syncShopCatalog', () => {
  it('stores every record, in the fewest requests, five pages a call, and switches to the new generation', async () => {
    const { run, read, shopDb } = setup();
    const shop = fakeShop(450);
    const server = fakeShopServer(shop);
    const progress: ShopSyncProgress[] = [];
    const result = await run(server, { onProgress: (p) => progress.push(p) });

    expect(result.counts).toMatchObject({
      groups: 2,
      categories: 3,
      products: 455,
      variantSets: 2,
      variants: 4,
      productVariants: 4,
      taxes: 3,
      units: 1,
      paymentMethods: 2,
      customers: 230,
      priceRates: 2,
      priceRateProducts: 2,
      promotions: 4,
      promotionCategories: 3,
      promotionProducts: 0,
      // 450 plain products in warehouse 1, four variants in two warehouses.
      stocks: 458,
    });
    const requests = Object.values(result.requests).reduce((a, b) => a + b, 0);
    expect(requests).toBe(minimumShopRequests(shop));
    expect(server.asked).toHaveLength(requests);
    expect(server.calls()).toBe(Math.ceil(requests / 5));
    // catalog/stocks is never read (the products' stocks are the same rows), nor links product by product.
    expect(server.asked.some((p) => p.resource === 'stocks' || p.resource === 'promotionProducts')).toBe(false);
    // Only the promotions that apply to linked categories have their categories read.
    expect(server.asked.filter((p) => p.resource === 'promotionCategories').map((p) => p.parentId)).toEqual([1, 4]);

    const current = await readCurrentShopGeneration(shopDb);
    expect(current).toMatchObject({ n: result.n, state: 'current', syncedAt: result.syncedAt });
    const last = progress.at(-1)!;
    expect(last.requestsLeft).toBe(0);
    expect(last.resources.map((r) => r.resource)).toEqual([...SHOP_SYNC_RESOURCES]);
    expect(last.resources.every((r) => r.done)).toBe(true);
    expect(last.resources.find((r) => r.resource === 'products')).toMatchObject({ records: 455, total: 455, requests: 3, requestsTotal: 3 });
    expect(last.resources.find((r) => r.resource === 'promotionCategories')).toMatchObject({ records: 3, total: 3, requests: 2, requestsTotal: 2 });

    await read(async (db) => {
      // Indexed look-ups the till makes.
      expect((await db.products.where('barcode').equals('8400000000042').first())?.id).toBe(42);
      expect((await db.products.where('reference').equals('REF-42').first())?.id).toBe(42);
      expect((await db.products.where('searchName').startsWith('camiseta bas').toArray()).map((p) => p.id)).toEqual([7]);
      const variants = await db.products.where('main_product_id').equals(451).toArray();
      expect(variants.map((v) => v.id)).toEqual([452, 453, 454, 455]);
      expect(variants[0]!.variant_info).toMatchObject({ variant_1_id: 101, variant_2_id: 201 });
      expect(await db.stocks.get([2, 455])).toMatchObject({ quantity: 1000, alert: false, defaultQuantity: null });
      expect(await db.stocks.get([1, 455])).toMatchObject({ quantity: 0, alert: true });
      expect(await db.priceRateProducts.where('product_id').equals(3).toArray()).toEqual([{ price_rate_id: 2, product_id: 3, price: 800, rate_price: 799 }]);
      expect((await db.promotionCategories.where('category_id').equals(11).toArray()).map((l) => l.promotion_id)).toEqual([1]);
      // Money stays in cents (never scaled twice), stocks in thousandths.
      expect((await db.products.get(42))?.price).toBe(1042);
      expect((await db.customers.get(1))?.maxCredit).toBe(50_000);
      expect(await db.promotions.get(3)).toMatchObject({ quantity: 100_000, discount: 1000 });
      // Tax: the product's own, else its master's, else its category's, else its group's.
      expect((await db.products.get(7))?.taxPercentage).toBe(400);
      expect((await db.products.get(453))?.taxPercentage).toBe(1000);
      expect((await db.products.get(1))?.taxPercentage).toBe(1000); // category 11 (Mitjons)
      expect((await db.products.get(3))?.taxPercentage).toBe(2100); // category 10, group 1
      expect((await db.products.get(2))?.taxPercentage).toBe(400); // category 12, group 2
      // No `stocks` array left on a stored product.
      expect(Object.hasOwn((await db.products.get(1))!, 'stocks')).toBe(false);
    });
  });

  it('uses the last sync’s request counts as the estimate until the server tells', async () => {
    const { run } = setup();
    const first = await run(fakeShopServer(fakeShop(450)));
    const progress: ShopSyncProgress[] = [];
    await run(fakeShopServer(fakeShop(450)), { onProgress: (p) => progress.push(p) });
    // Before any answer: every resource's count from the previous sync.
    expect(progress[0]!.requestsLeft).toBe(Object.values(first.requests).reduce((a, b) => a + b, 0));
  });

  it('a failure mid-sync leaves the previous generation current and usable, and deletes the half-built one', async () => {
    const { run, read, shopDb, accountKey } = setup();
    const first = await run(fakeShopServer(fakeShop(450)));
    const server = fakeShopServer(fakeShop(600));
    server.failOn((p) => p.resource === 'products' && p.page === 3, new BridgeError({ kind: 'unauthorised', code: 'credentials-refused' }));
    const failure = await failureOf(run(server), SyncFailure);
    expect(failure.kind).toBe('server');
    expect(failure.bridgeKind).toBe('unauthorised');

    const current = await readCurrentShopGeneration(shopDb);
    expect(current?.n).toBe(first.n);
    expect(await read((db) => db.products.count())).toBe(455);
    const names = await Dexie.getDatabaseNames();
    expect(names).not.toContain(shopGenerationDbName(accountKey, first.n + 1));
    expect(await shopDb.generations.get(first.n + 1)).toBeUndefined();
    const open = await currentShopGeneration(accountKey);
    expect(open?.n).toBe(first.n);
    open?.db.close();
  });

  it('tries a transient failure again, then succeeds', async () => {
    const { run } = setup();
    const server = fakeShopServer(fakeShop(10));
    server.failOn((p) => p.resource === 'customers', new BridgeError({ kind: 'rate-limited', code: 'rate-limited' }), 2);
    const result = await run(server);
    expect(result.counts.customers).toBe(230);
  });

  it('refuses a malformed record and keeps nothing of that sync', async () => {
    const { run, shopDb } = setup();
    const server = fakeShopServer(fakeShop(10));
    server.tamper((page) => (page.resource === 'products' ? { ...page, records: page.records.map((r, i) => (i === 3 ? { ...r, price: '12.50' } : r)) } : page));
    const failure = await failureOf(run(server), SyncFailure);
    expect(failure.kind).toBe('invalid-data');
    expect(failure.detail).toContain('products page 1');
    expect(failure.detail).toContain('price');
    expect(await readCurrentShopGeneration(shopDb)).toBeNull();
  });

  it('refuses a list whose total changes while it is read, and counts that do not add up', async () => {
    const { run } = setup();
    const server = fakeShopServer(fakeShop(450));
    server.tamper((page) => (page.resource === 'products' && page.page === 2 ? { ...page, total: page.total + 1 } : page));
    expect((await failureOf(run(server), SyncFailure)).kind).toBe('inconsistent');

    const short = fakeShopServer(fakeShop(450));
    short.tamper((page) => (page.resource === 'customers' && page.page === 2 ? { ...page, records: page.records.slice(1) } : page));
    const failure = await failureOf(run(short), SyncFailure);
    expect(failure.kind).toBe('inconsistent');
    expect(failure.detail).toContain('customers');
  });

  it('an abort fails the sync as aborted and leaves no generation behind', async () => {
    const { run, shopDb, accountKey } = setup();
    const controller = new AbortController();
    const server = fakeShopServer(fakeShop(450));
    server.tamper((page) => {
      if (page.resource === 'customers') controller.abort();
      return page;
    });
    expect((await failureOf(run(server, { signal: controller.signal }), SyncFailure)).kind).toBe('aborted');
    expect(await readCurrentShopGeneration(shopDb)).toBeNull();
    expect(await cleanUpShopGenerations(shopDb, accountKey)).toEqual([]);
  });

  it('a new sync retires the previous generation; the clean-up deletes it', async () => {
    const { run, shopDb, accountKey } = setup();
    const first = await run(fakeShopServer(fakeShop(10)));
    const second = await run(fakeShopServer(fakeShop(20)));
    expect(second.retired).toEqual([first.n]);
    expect(await cleanUpShopGenerations(shopDb, accountKey)).toEqual([first.n]);
    expect((await readCurrentShopGeneration(shopDb))?.n).toBe(second.n);
  });
});
