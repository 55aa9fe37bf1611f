import type { BridgeClient } from '../../../../shared/bridge';
import type { ShopPage, ShopPageInput, ShopResource } from '../../../../shared/bridge/shop';
import { RETAIL_PRODUCT_TYPE } from '../../../../shared/api/retail';
import { syncGeneration, type ResourceTable, type Stream } from '../sync/engine';
import { inconsistent, unreadable } from '../sync/syncFailure';
import type { SyncProgress } from '../sync/syncProgress';
import {
  shopRecordStores,
  shopSearchText,
  type ShopCatalogDb,
  type ShopDb,
  type ShopRecordStore,
  type StoredShopProduct,
  type StoredShopStock,
} from './shopDb';
import { shopGenerations } from './shopGenerations';
import { checkShopRecords, ShopRecordProblem, type ShopRecordOf } from './shopRecords';

// The shop's catalog sync (docs/decisions.md "Shop catalog sync"): its resource table
// for the sync engine the venue uses too (sync/engine.ts; docs/decisions.md "One sync engine for
// venue and shop"). No React. Pages of 200 records (the most the API gives), five to a
// `fetchShopPages` call and one call at a time, each record checked (shopRecords.ts) before it is
// stored. Only when every list is complete and every count equals the server's `total` is the
// generation sealed and made current; any failure leaves the current generation as it was.
//
// Requests, fewest first: one page per 200 records of groups, categories, products (with their
// stocks and variant info), units and customers; one request each for the lists the API answers
// whole (variant sets, variants, product variants, taxes, payment methods, price rates,
// promotions); one per price rate (its product prices) and one per promotion that applies to linked
// categories (its categories). Not read: `catalog/stocks` (the products' `stocks` are the same rows)
// and product-linked promotions' products (one catalog request per product: see the decision).

/** What the sync reads, in this order (top-level lists first; the per-parent ones when their parents are stored). */
export const SHOP_SYNC_RESOURCES = [
  'groups',
  'categories',
  'products',
  'variantSets',
  'variants',
  'productVariants',
  'taxes',
  'units',
  'paymentMethods',
  'customers',
  'priceRates',
  'promotions',
  'priceRateProducts',
  'promotionCategories',
] as const satisfies readonly ShopResource[];
export type ShopSyncResource = (typeof SHOP_SYNC_RESOURCES)[number];

const PER_PARENT: readonly ShopSyncResource[] = ['priceRateProducts', 'promotionCategories'];
const TOP_LEVEL = SHOP_SYNC_RESOURCES.filter((resource) => !PER_PARENT.includes(resource));

/** The lists read page by page (§2.1 envelope); the others are answered whole, as page 1 of 1. */
const PAGINATED: ReadonlySet<ShopSyncResource> = new Set<ShopSyncResource>(['groups', 'categories', 'products', 'units', 'customers']);

/** §4.1: no page holds more than 200 records. */
export const SHOP_PAGE_SIZE = 200;
/** Pages one `fetchShopPages` call carries (the bridge's limit). */
export const SHOP_PAGES_PER_CALL = 5;
/** `apply_to` 2: the promotion applies to the products of its linked categories (clarifications). */
const APPLIES_TO_CATEGORIES = 2;

export type ShopSyncProgress = SyncProgress<ShopSyncResource>;

type ShopBridge = Pick<BridgeClient, 'fetchShopPages'>;

export interface SyncShopOptions {
  bridge: ShopBridge;
  accountKey: string;
  /** The shop's pointer database (shopDb.ts openShopDb). */
  shopDb: ShopDb;
  openGeneration?: (accountKey: string, n: number, options?: { chromeTransactionDurability?: 'relaxed' | 'strict' }) => ShopCatalogDb;
  now?: () => Date;
  onProgress?: (progress: ShopSyncProgress) => void;
  /** Aborting (the app closing, the account switching) fails the sync as `aborted`. */
  signal?: AbortSignal;
  /** Pages per bridge call (default and most: 5). */
  pagesPerCall?: number;
  /** Waits before the 2nd, 3rd… attempt of a call that failed transiently (default 2 s, 8 s). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
}

export interface ShopSyncSuccess {
  n: number;
  /** When the sync succeeded: the till's "last sync". */
  syncedAt: string;
  counts: Partial<Record<ShopRecordStore, number>>;
  /** Requests (pages) per resource. */
  requests: Partial<Record<ShopResource, number>>;
  /** Bridge calls made. */
  calls: number;
  /** Generations retired by the switch: delete them once nobody reads them (deleteShopGeneration). */
  retired: number[];
  progress: ShopSyncProgress;
}

/** Rows keyed by two ids (shopDb.ts): counted by both. */
const pairKey =
  (a: string, b: string) =>
  (row: object): string =>
    `${String((row as Record<string, unknown>)[a])}/${String((row as Record<string, unknown>)[b])}`;

/**
 * The shop's resources (retail spec): the top-level lists at once, then each price rate's prices and
 * each category-linked promotion's categories once their parents are in; a product page also fills
 * `stocks` from its products' withStocks rows.
 */
export const shopSync: ResourceTable<ShopSyncResource, ShopRecordStore, ShopCatalogDb, ShopBridge, ShopPageInput, ShopPage> = {
  generations: shopGenerations,
  resources: SHOP_SYNC_RESOURCES,
  initial: TOP_LEVEL,
  children: {
    priceRates: { child: 'priceRateProducts', parentIds: (rows) => (rows.priceRates ?? []).map((rate) => (rate as ShopRecordOf<'priceRates'>).id) },
    promotions: {
      child: 'promotionCategories',
      parentIds: (rows) => ((rows.promotions ?? []) as ShopRecordOf<'promotions'>[]).filter((p) => p.apply_to === APPLIES_TO_CATEGORIES).map((p) => p.id),
    },
  },
  stores: shopRecordStores,
  storeOf: Object.fromEntries(SHOP_SYNC_RESOURCES.map((resource) => [resource, resource])) as Record<ShopSyncResource, ShopRecordStore>,
  keyOf: {
    stocks: pairKey('warehouse_id', 'product_id'),
    priceRateProducts: pairKey('price_rate_id', 'product_id'),
    promotionCategories: pairKey('promotion_id', 'category_id'),
    promotionProducts: pairKey('promotion_id', 'product_id'),
  },
  everyRecordOnce: false,
  maxPagesPerCall: SHOP_PAGES_PER_CALL,
  fetchPages: async (bridge, pages) => (await bridge.fetchShopPages({ pages })).pages,
  input: (stream, page) => ({ resource: stream.resource, page, ...(stream.parentId !== undefined ? { parentId: stream.parentId } : {}) }),
  checkPage,
  readPage(stream, answer, where) {
    let records: ShopRecordOf<ShopSyncResource>[];
    try {
      records = checkShopRecords(stream.resource, answer.records);
    } catch (error) {
      if (error instanceof ShopRecordProblem) throw unreadable(`${where}: ${error.message}`);
      throw error;
    }
    if (stream.resource !== 'products') return { rows: { [stream.resource]: records } };
    const products = records as ShopRecordOf<'products'>[];
    return {
      rows: {
        products: products.map(toStoredProduct),
        stocks: products.flatMap((product) => (product.stocks ?? []).map((stock) => toStoredStock(product.id, stock))),
      },
    };
  },
  beforeSeal: foldProductTaxes,
};

/** Syncs the shop's catalog into a new generation and switches to it; throws a SyncFailure otherwise. */
export async function syncShopCatalog(options: SyncShopOptions): Promise<ShopSyncSuccess> {
  const { shopDb, pagesPerCall, log, ...rest } = options;
  // One call at a time, as full as it may be: the shop's catalog is small, its rate limit tight.
  const perCall = Math.min(Math.max(1, pagesPerCall ?? SHOP_PAGES_PER_CALL), SHOP_PAGES_PER_CALL);
  const result = await syncGeneration(shopSync, { ...rest, pointerDb: shopDb, concurrency: perCall, pagesPerCall: perCall, log: log ?? (() => {}) });
  result.db.close();
  const { db: _db, photos: _photos, ...success } = result;
  return success;
}

/** The page must be the one asked for, add up with the stream's `total`, and hold checked records. */
function checkPage(stream: Stream<ShopSyncResource>, asked: number, page: ShopPage, at: string): void {
  if (page.resource !== stream.resource || page.page !== asked || page.parentId !== stream.parentId) {
    throw inconsistent(`${at}: the answer is ${page.resource} page ${page.page}${page.parentId !== undefined ? ` of ${page.parentId}` : ''}`);
  }
  if (PAGINATED.has(stream.resource)) {
    // Lists the API answers whole (variants, product variants…) come as page 1 of 1, any length.
    if (page.records.length > SHOP_PAGE_SIZE) throw inconsistent(`${at}: ${page.records.length} records on one page`);
    if (page.lastPage !== Math.max(1, Math.ceil(page.total / SHOP_PAGE_SIZE)))
      throw inconsistent(`${at}: last page ${page.lastPage} for a total of ${page.total}`);
  } else if (page.lastPage !== 1) {
    throw inconsistent(`${at}: last page ${page.lastPage} of a list answered whole`);
  }
  if (stream.total === null) {
    stream.total = page.total;
    stream.lastPage = page.lastPage;
  } else if (page.total !== stream.total || page.lastPage !== stream.lastPage) {
    // The list changed under the sync: a copy made of two versions is not complete.
    throw inconsistent(`${at}: total ${page.total} (last page ${page.lastPage}), page 1 said ${stream.total} (${String(stream.lastPage)})`);
  }
}

export function toStoredProduct(product: ShopRecordOf<'products'>): StoredShopProduct {
  const { stocks: _stocks, variant_info, ...fields } = product;
  return { ...fields, variant_info: variant_info ?? null, taxPercentage: product.tax?.percentage ?? null, searchName: shopSearchText(product.name) };
}

function toStoredStock(productId: number, stock: NonNullable<ShopRecordOf<'products'>['stocks']>[number]): StoredShopStock {
  return {
    warehouse_id: stock.warehouse_id,
    product_id: productId,
    id: stock.id ?? null,
    quantity: stock.quantity,
    defaultQuantity: null,
    alert: stock.alert,
    unit_id: stock.unit_id,
  };
}

/**
 * A product without a tax of its own takes its variant master's, else its category's, else its
 * group's (the tax the shop sells it at). Run once every product, category and group is stored.
 */
async function foldProductTaxes(db: ShopCatalogDb): Promise<void> {
  const groups = new Map((await db.groups.toArray()).map((g) => [g.id, g.tax?.percentage ?? null]));
  const categories = new Map((await db.categories.toArray()).map((c) => [c.id, c.tax?.percentage ?? groups.get(c.group_id) ?? null]));
  const masters = new Map<number, number | null>();
  await db.products
    .where('type')
    .equals(RETAIL_PRODUCT_TYPE.variantMaster)
    .each((master) => {
      masters.set(master.id, master.tax?.percentage ?? categories.get(master.category_id) ?? null);
    });
  await db.transaction('rw', db.products, async () => {
    await db.products
      .filter((product) => product.tax === null)
      .modify((product) => {
        const fromMaster = product.main_product_id !== null ? masters.get(product.main_product_id) : undefined;
        product.taxPercentage = fromMaster ?? categories.get(product.category_id) ?? null;
      });
  });
}
