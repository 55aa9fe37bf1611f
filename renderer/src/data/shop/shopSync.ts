import Dexie from 'dexie';
import { BridgeError, coded, type BridgeClient, type BridgeErrorKind } from '../../../../shared/bridge';
import type { ShopPage, ShopPageInput, ShopResource } from '../../../../shared/bridge/shop';
import { RETAIL_PRODUCT_TYPE } from '../../../../shared/api/retail';
import { SyncFailure } from '../sync/sync';
import { SyncProgressTracker, type SyncProgress } from '../sync/syncProgress';
import {
  openShopGenerationDb,
  shopRecordStores,
  shopSearchText,
  type ShopCatalogDb,
  type ShopDb,
  type ShopRecordStore,
  type StoredShopProduct,
  type StoredShopStock,
} from './shopDb';
import { beginShopGeneration, deleteShopGeneration, markShopGenerationFailed, readCurrentShopGeneration, switchToShopGeneration } from './shopGenerations';
import { checkShopRecords, ShopRecordProblem, type ShopRecordOf } from './shopRecords';

// The shop's catalog sync (docs/decisions.md "Shop catalog sync"). No
// React. One sync builds one new generation database (shopDb.ts): pages of 200 records (the most the
// API gives), five to a `fetchShopPages` call, each record checked (shopRecords.ts) before it is
// stored, a page's records in one bulkPut per store. Only when every list is complete and every
// count equals the server's `total` is the generation sealed and made current; any failure (the
// bridge, a bad record, a count that does not add up, storage, an abort) leaves the current
// generation as it was and deletes the half-built one.
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

export interface SyncShopOptions {
  bridge: Pick<BridgeClient, 'fetchShopPages'>;
  accountKey: string;
  /** The shop's pointer database (shopDb.ts openShopDb). */
  shopDb: ShopDb;
  openGeneration?: (accountKey: string, n: number) => ShopCatalogDb;
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

interface Stream {
  resource: ShopSyncResource;
  parentId?: number;
  total: number | null;
  lastPage: number | null;
  read: number;
}

interface PageTask {
  stream: Stream;
  page: number;
}

const transient: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>(['timeout', 'server-error', 'rate-limited']);

/** Syncs the shop's catalog into a new generation and switches to it; throws a SyncFailure otherwise. */
export async function syncShopCatalog(options: SyncShopOptions): Promise<ShopSyncSuccess> {
  const now = options.now ?? (() => new Date());
  const open = options.openGeneration ?? openShopGenerationDb;
  const pagesPerCall = Math.min(Math.max(1, options.pagesPerCall ?? SHOP_PAGES_PER_CALL), SHOP_PAGES_PER_CALL);
  const retryDelays = options.retryDelaysMs ?? [2_000, 8_000];
  const sleep = options.sleep ?? abortableSleep;
  const log = options.log ?? (() => {});
  const { shopDb, accountKey, signal } = options;

  const previous = await readCurrentShopGeneration(shopDb);
  const n = await beginShopGeneration(shopDb, now());
  const db = open(accountKey, n);
  const tracker = new SyncProgressTracker<ShopSyncResource>(n, SHOP_SYNC_RESOURCES, previous?.requests ?? {}, now, PER_PARENT);
  const requests: Partial<Record<ShopResource, number>> = {};
  const streams: Stream[] = [];
  const pending: PageTask[] = [];
  let calls = 0;
  const report = () => options.onProgress?.(tracker.snapshot());

  const addStream = (resource: ShopSyncResource, parentId?: number) => {
    const stream: Stream = { resource, ...(parentId !== undefined ? { parentId } : {}), total: null, lastPage: null, read: 0 };
    streams.push(stream);
    pending.push({ stream, page: 1 });
  };

  try {
    if (signal?.aborted) throw aborted();
    await db.open().catch((error: unknown) => {
      throw storageFailure(error);
    });
    for (const resource of TOP_LEVEL) addStream(resource);
    report();

    while (pending.length > 0) {
      if (signal?.aborted) throw aborted();
      const batch = pending.splice(0, pagesPerCall);
      const asked: ShopPageInput[] = batch.map(({ stream, page }) => ({
        resource: stream.resource,
        page,
        ...(stream.parentId !== undefined ? { parentId: stream.parentId } : {}),
      }));
      const pages = await fetchWithRetries(options.bridge, asked, { retryDelays, sleep, signal, log });
      calls++;
      if (signal?.aborted) throw aborted();
      if (pages.length !== batch.length) throw inconsistent(`asked for ${batch.length} pages, got ${pages.length}`);

      // Checked whole before anything of the batch is stored.
      const checked = batch.map((task, i) => checkPage(task, pages[i]!));
      await storeBatch(db, checked).catch((error: unknown) => {
        throw storageFailure(error);
      });

      for (const { task, page, records } of checked) {
        const { stream } = task;
        stream.read += records.length;
        requests[stream.resource] = (requests[stream.resource] ?? 0) + 1;
        tracker.pageStored(stream.resource, records.length);
        if (task.page !== 1) continue;
        tracker.streamStarted(stream.resource, String(stream.parentId ?? 0), { total: page.total, lastPage: page.lastPage });
        for (let later = 2; later <= page.lastPage; later++) pending.push({ stream, page: later });
        if (stream.resource === 'priceRates') {
          const rates = records as ShopRecordOf<'priceRates'>[];
          tracker.expectStreams('priceRateProducts', rates.length);
          for (const rate of rates) addStream('priceRateProducts', rate.id);
        } else if (stream.resource === 'promotions') {
          const linked = (records as ShopRecordOf<'promotions'>[]).filter((p) => p.apply_to === APPLIES_TO_CATEGORIES);
          tracker.expectStreams('promotionCategories', linked.length);
          for (const promotion of linked) addStream('promotionCategories', promotion.id);
        }
      }
      report();
    }

    for (const stream of streams) {
      if (stream.read !== stream.total) throw inconsistent(`${where(stream)}: ${stream.read} records read, the server's total is ${String(stream.total)}`);
    }
    if (signal?.aborted) throw aborted();

    await foldProductTaxes(db).catch((error: unknown) => {
      throw storageFailure(error);
    });
    const counts: Partial<Record<ShopRecordStore, number>> = {};
    for (const store of shopRecordStores) counts[store] = await db.table(store).count();
    await db.meta.put({ key: 'sealed', value: n });
    if (signal?.aborted) throw aborted();
    const syncedAt = now();
    const retired = await switchToShopGeneration(shopDb, n, { syncedAt, counts, requests });
    db.close();
    const progress = tracker.snapshot();
    options.onProgress?.(progress);
    log(`shop sync: generation ${n} current, ${calls} bridge calls, ${Object.values(requests).reduce((a, b) => a + b, 0)} requests`);
    return { n, syncedAt: syncedAt.toISOString(), counts, requests, calls, retired, progress };
  } catch (error) {
    db.close();
    const failure = asFailure(error);
    try {
      await markShopGenerationFailed(shopDb, n);
      await deleteShopGeneration(shopDb, accountKey, n);
    } catch (cleanUp) {
      log(`shop sync: could not delete generation ${n}: ${String(cleanUp)}`);
    }
    log(`shop sync: generation ${n} failed (${failure.kind}): ${failure.detail}`);
    throw failure;
  }
}

interface CheckedPage {
  task: PageTask;
  page: ShopPage;
  records: ShopRecordOf<ShopSyncResource>[];
}

function where(stream: Stream, page?: number): string {
  return `${stream.resource}${stream.parentId !== undefined ? ` of ${stream.parentId}` : ''}${page !== undefined ? ` page ${page}` : ''}`;
}

/** The page must be the one asked for, add up with the stream's `total`, and hold checked records. */
function checkPage(task: PageTask, page: ShopPage): CheckedPage {
  const { stream } = task;
  const at = where(stream, task.page);
  if (page.resource !== stream.resource || page.page !== task.page || page.parentId !== stream.parentId) {
    throw inconsistent(`${at}: the answer is ${page.resource} page ${page.page}${page.parentId !== undefined ? ` of ${page.parentId}` : ''}`);
  }
  if (PAGINATED.has(stream.resource)) {
    // Lists the API answers whole (variants, product variants…) come as page 1 of 1, any length.
    if (page.records.length > SHOP_PAGE_SIZE) throw inconsistent(`${at}: ${page.records.length} records on one page`);
    if (page.lastPage !== Math.max(1, Math.ceil(page.total / SHOP_PAGE_SIZE))) throw inconsistent(`${at}: last page ${page.lastPage} for a total of ${page.total}`);
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
  let records: ShopRecordOf<ShopSyncResource>[];
  try {
    records = checkShopRecords(stream.resource, page.records);
  } catch (error) {
    if (error instanceof ShopRecordProblem) throw new SyncFailure('invalid-data', coded('sync-unreadable-data'), `${at}: ${error.message}`);
    throw error;
  }
  return { task, page, records };
}

/** A batch's pages in one transaction: a bulkPut per store. */
async function storeBatch(db: ShopCatalogDb, pages: readonly CheckedPage[]): Promise<void> {
  await db.transaction('rw', shopRecordStores.map((store) => db.table(store)), async () => {
    for (const { task, records } of pages) {
      const resource = task.stream.resource;
      if (resource === 'products') {
        const products = records as ShopRecordOf<'products'>[];
        await db.products.bulkPut(products.map(toStoredProduct));
        const stocks = products.flatMap((product) => (product.stocks ?? []).map((stock) => toStoredStock(product.id, stock)));
        if (stocks.length > 0) await db.stocks.bulkPut(stocks);
      } else if (records.length > 0) {
        await db.table(resource).bulkPut(records);
      }
    }
  });
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

async function fetchWithRetries(
  bridge: Pick<BridgeClient, 'fetchShopPages'>,
  pages: ShopPageInput[],
  o: { retryDelays: readonly number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void>; signal: AbortSignal | undefined; log: (line: string) => void },
): Promise<ShopPage[]> {
  const at = pages.map((p) => `${p.resource}${p.parentId !== undefined ? ` of ${p.parentId}` : ''} page ${p.page}`).join(', ');
  for (let attempt = 0; ; attempt++) {
    try {
      return (await bridge.fetchShopPages({ pages })).pages;
    } catch (error) {
      const delay = o.retryDelays[attempt];
      if (error instanceof BridgeError && transient.has(error.kind) && delay !== undefined && !o.signal?.aborted) {
        o.log(`shop sync: ${at}: ${error.kind}, trying again in ${delay} ms`);
        await o.sleep(delay, o.signal);
        if (o.signal?.aborted) throw aborted();
        continue;
      }
      throw bridgeFailure(error, at);
    }
  }
}

function asFailure(error: unknown): SyncFailure {
  if (error instanceof SyncFailure) return error;
  return storageFailure(error);
}

function bridgeFailure(error: unknown, at: string): SyncFailure {
  if (error instanceof BridgeError) {
    const connection = error.kind === 'offline' || error.kind === 'timeout';
    return new SyncFailure(connection ? 'connection' : 'server', coded(error.code, error.params), `${at}: ${error.kind}${error.detail ? `: ${error.detail}` : ''}`, error.kind);
  }
  return new SyncFailure('server', coded('sync-local-service-failed'), `${at}: ${describe(error)}`);
}

function inconsistent(detail: string): SyncFailure {
  return new SyncFailure('inconsistent', coded('sync-inconsistent'), detail);
}

function storageFailure(error: unknown): SyncFailure {
  if (error instanceof SyncFailure) return error;
  if (error instanceof Dexie.DexieError || error instanceof Error) return new SyncFailure('storage', coded('sync-storage'), describe(error));
  return new SyncFailure('storage', coded('sync-storage'), String(error));
}

function aborted(): SyncFailure {
  return new SyncFailure('aborted', coded('sync-aborted'), 'aborted');
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
