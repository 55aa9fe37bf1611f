import { MAX_SYNC_PAGES_PER_CALL, syncResourceNames, type BridgeClient, type SyncPage, type SyncPageInput, type SyncResource } from '../../../../shared/bridge';
import { recordStores, storesOfResource, type CatalogDb, type RecordStore } from '../catalog/catalogDb';
import type { ComandaDb } from '../db';
import { venueGenerations } from '../catalog/generations';
import { syncGeneration, type ResourceTable, type Stream } from './engine';
import type { WriteBatch } from './pageWriter';
import { readPage, RecordProblem } from './syncRecords';
import type { SyncProgress } from './syncProgress';
import { describe, inconsistent, unreadable } from './syncFailure';

// The venue's catalog sync: its resource table for the sync engine (engine.ts; docs/decisions.md
// "One sync engine for venue and shop"). No React: the service (syncService.ts) schedules it and
// the UI reads its progress from catalogStore.ts.

export { SyncFailure, type SyncFailureKind } from './syncFailure';
export { type WriteBatch } from './pageWriter';

/** Everything the terminal mirrors, in the order it is fetched (catalog first, stocks last). */
export const SYNC_RESOURCES: readonly SyncResource[] = syncResourceNames;

type VenueBridge = Pick<BridgeClient, 'fetchSyncPages' | 'syncImages'>;

export interface SyncCatalogOptions {
  bridge: VenueBridge;
  accountKey: string;
  /** The account's database (db.ts), where the generation pointer lives. */
  accountDb: ComandaDb;
  /** Opens generation `n` (named by generationDbName); tests pass one that counts transactions. */
  openGeneration?: (accountKey: string, n: number, options?: { chromeTransactionDurability?: 'relaxed' | 'strict' }) => CatalogDb;
  now?: () => Date;
  onProgress?: (progress: SyncProgress) => void;
  /** Aborting (the app closing, the account switching) fails the sync as `aborted`. */
  signal?: AbortSignal;
  /** Pages in flight at once (default 10). The main side's rate limiter paces them. */
  concurrency?: number;
  /** Pages asked for in one bridge call (default 5; see PageFetcher). */
  pagesPerCall?: number;
  /** Waits before the 2nd, 3rd, … attempt of a call that failed transiently (default 2 s, 8 s). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
  /** When validated pages are written (default DEFAULT_WRITE_BATCH). */
  writeBatch?: WriteBatch;
}

export interface SyncSuccess {
  n: number;
  /** The new current generation, open (the connection that built it). */
  db: CatalogDb;
  syncedAt: string;
  counts: Record<string, number>;
  requests: Partial<Record<SyncResource, number>>;
  /** Generations retired by the switch: delete them once nobody reads them (deleteGeneration). */
  retired: number[];
  /** Every photo path the new generation references (sent to `syncImages`). */
  photos: string[];
  progress: SyncProgress;
}

/**
 * spec §4.1: no page holds more than 200 records. Payment methods are one plain list (spec 4.2),
 * which the main side hands over whole as page 1.
 */
const MAX_PAGE_RECORDS = 200;

/**
 * The venue's resources (hospitality spec §4): every list at once, then each warehouse's stocks
 * once the warehouses are in. Each store must hold exactly its streams' totals.
 */
export const venueSync: ResourceTable<SyncResource, RecordStore, CatalogDb, VenueBridge, SyncPageInput, SyncPage> = {
  generations: venueGenerations,
  resources: SYNC_RESOURCES,
  initial: SYNC_RESOURCES.filter((resource) => resource !== 'stocks'),
  children: { warehouses: { child: 'stocks', parentIds: (rows) => (rows.warehouses ?? []).map((row) => (row as { id: number }).id) } },
  stores: recordStores,
  storeOf: Object.fromEntries(SYNC_RESOURCES.map((resource) => [resource, storesOfResource[resource][0]!])) as Record<SyncResource, RecordStore>,
  everyRecordOnce: true,
  maxPagesPerCall: MAX_SYNC_PAGES_PER_CALL,
  fetchPages: async (bridge, pages) => (await bridge.fetchSyncPages({ pages })).pages,
  input: (stream, page) =>
    stream.parentId === undefined ? { resource: stream.resource, page } : { resource: stream.resource, page, warehouseId: stream.parentId },
  checkPage,
  readPage(stream, answer, where) {
    try {
      return readPage(stream.resource, answer.records, stream.parentId === undefined ? {} : { warehouseId: stream.parentId });
    } catch (error) {
      if (error instanceof RecordProblem) throw unreadable(`${where}: ${error.message}`);
      throw error;
    }
  },
  afterSwitch: announcePhotos,
};

/** Builds a new generation from the server and switches to it; throws SyncFailure otherwise. */
export async function syncCatalog(options: SyncCatalogOptions): Promise<SyncSuccess> {
  const { accountDb, concurrency, pagesPerCall, log, ...rest } = options;
  const result = await syncGeneration(venueSync, {
    ...rest,
    pointerDb: accountDb,
    concurrency: concurrency ?? 10,
    pagesPerCall: pagesPerCall ?? 5,
    log: log ?? ((line: string) => console.warn(line)),
  });
  const { calls: _calls, ...success } = result;
  return success;
}

/**
 * The page must be the one asked for, hold no more than a page can, agree with the stream's first
 * page, and hold exactly the records the total leaves for it: so a server that lies about its
 * pages can neither make the sync page forever nor cut the catalog short (spec §4.1).
 */
function checkPage(stream: Stream<SyncResource>, page: number, answer: SyncPage, where: string): void {
  const records = answer.records.length;
  const lastPage = Math.max(1, answer.lastPage);
  const { total } = answer;
  if (answer.page !== page) {
    throw inconsistent(`${where}: the server answered page ${answer.page}`);
  }
  if (records > MAX_PAGE_RECORDS && stream.resource !== 'paymentMethods') {
    throw inconsistent(`${where}: ${records} records, more than the ${MAX_PAGE_RECORDS} a page holds`);
  }
  if (!Number.isSafeInteger(total) || total < 0) {
    throw inconsistent(`${where}: total ${total}`);
  }
  if (page === 1) {
    if (records === 0 && total > 0) throw inconsistent(`${where}: no records, but total ${total}`);
    // Page 1 is full unless it is the only page: its count is the page size.
    const pageSize = Math.max(1, records);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (lastPage !== pages) {
      throw inconsistent(`${where}: last page ${answer.lastPage}, but total ${total} at ${pageSize} a page makes ${pages}`);
    }
    stream.total = total;
    stream.lastPage = lastPage;
    stream.pageSize = pageSize;
  } else if (total !== stream.total || lastPage !== stream.lastPage) {
    // Records were added or removed upstream while we paged: the pages no longer add up.
    throw inconsistent(`${where}: total ${total} / last page ${lastPage}, page 1 said ${stream.total} / ${stream.lastPage}`);
  }
  const pageSize = stream.pageSize!;
  const expected = page < lastPage ? pageSize : page === lastPage ? total - (lastPage - 1) * pageSize : 0;
  if (records !== expected) {
    throw inconsistent(`${where}: ${records} records, expected ${expected} (total ${total} at ${pageSize} a page)`);
  }
}

async function announcePhotos(bridge: VenueBridge, photos: string[], log: (line: string) => void): Promise<void> {
  const MAX = 200_000; // the bridge's limit (shared/bridge operations: syncImages)
  if (photos.length > MAX) log(`sync: ${photos.length} photos referenced; only the first ${MAX} are cached`);
  try {
    await bridge.syncImages({ photos: photos.slice(0, MAX) });
  } catch (error) {
    // Images are a convenience: the catalog is synced even when their cache cannot be told.
    log(`sync: syncImages failed: ${describe(error)}`);
  }
}
