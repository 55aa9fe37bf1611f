// The shop's catalog sync against the real retail sandbox serving the demo shop,
// through the real main-side handler (electron/services/retail/shopHandlers.ts) and retail gateway
// with the spec's budgets (40 catalog requests a minute, 120 in all): everything stored, every count
// equal to what the API itself says, the fewest requests, and a failure mid-sync leaving the
// previous generation. Only the IPC/HTTP hop of the bridge is replaced (by a JSON round trip and
// the bridge's own output schema).
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, startRetailSandbox, type RunningRetailSandbox } from '../../electron/sandbox/retail';
import { demoShopSeeder } from '../../electron/sandbox/retail/seed/demoShop';
import { ServiceError } from '../../electron/services/bridge/dispatcher';
import { createRetailGateway, createRetailLimiter, type RetailGateway } from '../../electron/services/retail';
import { createShopHandlers } from '../../electron/services/retail/shopHandlers';
import { BridgeError, bridgeOperations, type BridgeClient } from '../../shared/bridge';
import { testBridgeClient } from '../../renderer/src/bridge/testing';
import { openShopDb, openShopGenerationDb, shopRecordStores, type ShopCatalogDb, type ShopDb } from '../../renderer/src/data/shop/shopDb';
import { readCurrentShopGeneration } from '../../renderer/src/data/shop/shopGenerations';
import { syncShopCatalog, type ShopSyncSuccess } from '../../renderer/src/data/shop/shopSync';
import { SyncFailure } from '../../renderer/src/data/sync/sync';
import { failureOf } from '../../shared/testing/failureOf.testing';

/** The sandbox does not limit (the test's own look-ups would spend the budget); the gateway keeps the spec's. */
const SANDBOX_LIMITS = { catalogRequestsPerMinute: 100_000, requestsPerMinute: 100_000 };

interface Shop {
  bridge: BridgeClient;
  /** Requests that reached the network, by path (without the query). */
  requests: string[];
  /** Makes the network fail for requests whose URL matches, from now on. */
  breakWhen: (match: ((url: string) => boolean) | null) => void;
}

function shopOver(sandbox: RunningRetailSandbox): Shop {
  const requests: string[] = [];
  let broken: ((url: string) => boolean) | null = null;
  const fetchCounted = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(new URL(url).pathname);
    if (broken?.(url))
      return new Response(JSON.stringify({ error: 'Unauthenticated.', code: 0, data: [] }), { status: 401, headers: { 'content-type': 'application/json' } });
    return fetch(input, init);
  }) as typeof fetch;
  const gateway: RetailGateway = createRetailGateway({
    baseUrl: sandbox.url,
    username: DEMO_SHOP.username,
    token: async () => DEMO_SHOP.accessToken,
    limiter: createRetailLimiter(),
    timeoutMs: 20_000,
    fetch: fetchCounted,
  });
  const handlers = createShopHandlers({ gateway });
  return {
    requests,
    breakWhen: (match) => {
      broken = match;
    },
    bridge: testBridgeClient({
      async fetchShopPages(input) {
        try {
          const answer = await handlers.fetchShopPages(bridgeOperations.fetchShopPages.input.parse(input));
          return bridgeOperations.fetchShopPages.output.parse(JSON.parse(JSON.stringify(answer)));
        } catch (error) {
          if (error instanceof ServiceError) throw new BridgeError(error.info);
          throw error;
        }
      },
    }),
  };
}

let counter = 0;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function terminal(): { accountKey: string; shopDb: ShopDb; open: (n: number) => ShopCatalogDb } {
  const accountKey = `shop:it-${Date.now()}-${counter++}`;
  const shopDb = openShopDb(accountKey);
  const opened: ShopCatalogDb[] = [];
  cleanups.push(async () => {
    for (const db of opened) db.close();
    shopDb.close();
    for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(`comanda-shop-${accountKey}`)) await Dexie.delete(name);
  });
  return {
    accountKey,
    shopDb,
    open: (n) => {
      const db = openShopGenerationDb(accountKey, n);
      opened.push(db);
      return db;
    },
  };
}

async function storedCounts(db: ShopCatalogDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const store of shopRecordStores) counts[store] = await db.table(store).count();
  return counts;
}

/** What the retail API itself says it holds (its `total`s and whole lists), read apart from the terminal. */
async function apiTotals(sandbox: RunningRetailSandbox): Promise<Record<string, number>> {
  const get = async (path: string) => {
    const response = await fetch(`${sandbox.url}/api/external/${path}`, {
      headers: { username: DEMO_SHOP.username, authorization: `Bearer ${DEMO_SHOP.accessToken}`, 'content-type': 'application/json' },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as unknown;
  };
  const total = async (path: string) => ((await get(`${path}?pagination=1`)) as { total: number }).total;
  const length = async (path: string) => ((await get(path)) as unknown[]).length;
  const totals: Record<string, number> = {
    groups: await total('catalog/groups'),
    categories: await total('catalog/categories'),
    products: await total('catalog/products'),
    units: await total('config/units'),
    customers: await total('config/customers'),
    // The products' `stocks` (withStocks) are what the terminal stores: they must be catalog/stocks' rows.
    stocks: await total('catalog/stocks'),
    variantSets: await length('catalog/variantSets'),
    variants: await length('catalog/variants'),
    productVariants: await length('catalog/productsVariants'),
    taxes: await length('config/taxes'),
    paymentMethods: await length('config/payment_methods'),
  };
  const rates = (await get('promotions/priceRates')) as Array<{ id: number }>;
  totals.priceRates = rates.length;
  totals.priceRateProducts = 0;
  for (const rate of rates) totals.priceRateProducts += await length(`promotions/priceRates/${rate.id}/products`);
  const promotions = (await get('promotions/promotions')) as Array<{ id: number; apply_to: number }>;
  totals.promotions = promotions.length;
  totals.promotionCategories = 0;
  for (const promotion of promotions.filter((p) => p.apply_to === 2))
    totals.promotionCategories += await length(`promotions/promotions/${promotion.id}/categories`);
  totals.promotionProducts = 0;
  return totals;
}

function fewestRequests(totals: Record<string, number>, categoryLinked: number): number {
  const pages = (n: number) => Math.max(1, Math.ceil(n / 200));
  return (
    pages(totals.groups!) +
    pages(totals.categories!) +
    pages(totals.products!) +
    pages(totals.units!) +
    pages(totals.customers!) +
    7 + // variant sets, variants, product variants, taxes, payment methods, price rates, promotions
    totals.priceRates! +
    categoryLinked
  );
}

const isCatalog = (path: string) => path.startsWith('/api/external/catalog/');

describe('shop catalog sync against the retail sandbox (demo shop)', () => {
  let sandbox: RunningRetailSandbox;
  beforeAll(async () => {
    sandbox = await startRetailSandbox({ seed: demoShopSeeder(), limits: SANDBOX_LIMITS });
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
  });

  it('stores everything, every count equal to the API’s, in the fewest requests, within the catalog budget', async () => {
    const shop = shopOver(sandbox);
    const { accountKey, shopDb, open } = terminal();
    const result = await syncShopCatalog({ bridge: shop.bridge, accountKey, shopDb });

    const totals = await apiTotals(sandbox);
    const counts = await storedCounts(open(result.n));
    expect(counts).toEqual(totals);
    expect(result.counts).toEqual(totals);
    expect(totals.products).toBeGreaterThan(2_000);

    const promotions = sandbox.app.state.account(DEMO_SHOP.username)!.promotions;
    const expected = fewestRequests(totals, promotions.filter((p) => p.apply_to === 2).length);
    expect(shop.requests).toHaveLength(expected);
    expect(Object.values(result.requests).reduce((a, b) => a + b, 0)).toBe(expected);
    expect(result.calls).toBe(Math.ceil(expected / 5));
    // One minute's catalog budget is enough: the sync never waits for it.
    expect(shop.requests.filter(isCatalog).length).toBeLessThanOrEqual(40);
    expect(shop.requests.length).toBeLessThanOrEqual(120);

    // Spot checks of what the till reads, against the sandbox's own records.
    const db = open(result.n);
    const account = sandbox.app.state.account(DEMO_SHOP.username)!;
    const variant = account.products.find((p) => p.type === 6 && p.barcode !== null)!;
    const stored = await db.products.where('barcode').equals(String(variant.barcode)).first();
    expect(stored).toMatchObject({ id: variant.id, price: variant.price, main_product_id: variant.main_product_id, type: 6 });
    expect(stored!.variant_info).toMatchObject({ product_id: variant.id });
    const stock = account.stocks.find((s) => s.item_id === variant.id)!;
    expect(await db.stocks.get([stock.warehouse_id, variant.id])).toMatchObject({ quantity: stock.quantity });
    expect(await readCurrentShopGeneration(shopDb)).toMatchObject({ n: result.n, state: 'current' });
  }, 120_000);

  it('a failure mid-sync (the token refused at the products’ third page) leaves the previous generation', async () => {
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const shop = shopOver(sandbox);
    const { accountKey, shopDb, open } = terminal();
    const first: ShopSyncSuccess = await syncShopCatalog({ bridge: shop.bridge, accountKey, shopDb });

    shop.breakWhen((url) => url.includes('/catalog/products?') && new URL(url).searchParams.get('page') === '3');
    const failure = await failureOf(syncShopCatalog({ bridge: shop.bridge, accountKey, shopDb, retryDelaysMs: [] }), SyncFailure);
    expect(failure.bridgeKind).toBe('unauthorised');

    const current = await readCurrentShopGeneration(shopDb);
    expect(current?.n).toBe(first.n);
    expect(await storedCounts(open(first.n))).toEqual(first.counts);
    expect(await shopDb.generations.where('state').equals('building').count()).toBe(0);
    expect((await Dexie.getDatabaseNames()).filter((name) => name.startsWith(`comanda-shop-${accountKey}-gen-`))).toEqual([
      `comanda-shop-${accountKey}-gen-${first.n}`,
    ]);
  }, 120_000);
});

describe('shop catalog sync at scale (a 5,000-product shop)', () => {
  let sandbox: RunningRetailSandbox;
  // `--retail-scale`: about 8 products per article.
  const ARTICLES = 625;
  beforeAll(async () => {
    sandbox = await startRetailSandbox({ seed: demoShopSeeder(ARTICLES), limits: SANDBOX_LIMITS });
  }, 120_000);
  afterAll(async () => {
    await sandbox.close();
  });

  it('stores all of it in the fewest requests: within one minute’s catalog budget', async () => {
    const shop = shopOver(sandbox);
    const { accountKey, shopDb, open } = terminal();
    const started = performance.now();
    const result = await syncShopCatalog({ bridge: shop.bridge, accountKey, shopDb });
    const seconds = (performance.now() - started) / 1000;
    const totals = await apiTotals(sandbox);
    expect(await storedCounts(open(result.n))).toEqual(totals);
    expect(totals.products).toBeGreaterThanOrEqual(4_500);
    const promotions = sandbox.app.state.account(DEMO_SHOP.username)!.promotions;
    expect(shop.requests).toHaveLength(fewestRequests(totals, promotions.filter((p) => p.apply_to === 2).length));
    expect(shop.requests.filter(isCatalog).length).toBeLessThanOrEqual(40);
    console.log(
      `shop sync at scale: ${totals.products} products, ${shop.requests.length} requests (${shop.requests.filter(isCatalog).length} catalog), ${result.calls} bridge calls, ${seconds.toFixed(1)} s`,
    );
  }, 180_000);
});
