import Dexie, { type Table } from 'dexie';
import {
  BridgeError,
  coded,
  MAX_SYNC_PAGES_PER_CALL,
  syncResourceNames,
  type BridgeClient,
  type BridgeErrorKind,
  type ErrorCode,
  type ErrorParams,
  type ErrorText,
  type SyncPage,
  type SyncPageInput,
  type SyncResource,
} from '../../../../shared/bridge';
import { generationDbName, openGenerationDb, recordStores, storesOfResource, type CatalogDb, type RecordStore } from '../catalog/catalogDb';
import type { ComandaDb } from '../db';
import { beginGeneration, deleteGeneration, markGenerationFailed, readCurrentGeneration, switchToGeneration } from '../catalog/generations';
import { readPage, RecordProblem } from './syncRecords';
import { SyncProgressTracker, type SyncProgress } from './syncProgress';

// The catalog sync engine (ARCHITECTURE §4.2). No React: the service
// (syncService.ts) schedules it and the UI reads its progress from catalogStore.ts.
//
// One sync builds one new generation database. Pages are asked for several to a bridge call; every
// page is validated as it arrives, then queued for the writer, which stores the queued pages
// together (a bulkPut per store in one transaction) while the next pages are fetched. Only when every resource is complete and the counts
// match the server's totals is the generation sealed and made current, in one transaction on the
// account database. Any failure — the bridge, a malformed record, a count mismatch, storage, or the
// app closing — leaves the current generation untouched; the half-built one is deleted (or, if
// the app closed, at the next start).

/** Everything the terminal mirrors, in the order it is fetched (catalog first, stocks last). */
export const SYNC_RESOURCES: readonly SyncResource[] = syncResourceNames;

export type SyncFailureKind = 'connection' | 'server' | 'invalid-data' | 'inconsistent' | 'storage' | 'aborted';

/**
 * Why a sync failed: `code` and `params` for the waiter (renderer/src/i18n/errorText.ts
 * syncFailureText words them and adds that the saved catalog stays), `detail` for the engineer.
 */
export class SyncFailure extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  constructor(
    readonly kind: SyncFailureKind,
    text: ErrorText,
    readonly detail: string,
    /** The bridge's kind when the failure came from a bridge call (offline, unauthorised, …). */
    readonly bridgeKind: BridgeErrorKind | null = null,
  ) {
    super(text.code);
    this.name = 'SyncFailure';
    this.code = text.code;
    this.params = text.params;
  }
}

/** Failures worth a second try of the same page: the server may well answer next time. */
const transient: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>(['timeout', 'server-error', 'rate-limited']);

export interface SyncCatalogOptions {
  bridge: Pick<BridgeClient, 'fetchSyncPages' | 'syncImages'>;
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

interface Stream {
  resource: SyncResource;
  key: string;
  warehouseId?: number;
  total: number | null;
  lastPage: number | null;
  /** Records a full page holds: page 1's count when there is more than one page. */
  pageSize: number | null;
  /** Records stored. */
  read: number;
  /** Pages fetched and validated (some may still wait in the write queue). */
  pagesRead: number;
}

/**
 * spec §4.1: no page holds more than 200 records. Payment methods are one plain list (spec 4.2),
 * which the main side hands over whole as page 1.
 */
const MAX_PAGE_RECORDS = 200;

interface PageTask {
  stream: Stream;
  page: number;
}

/** Builds a new generation from the server and switches to it; throws SyncFailure otherwise. */
export async function syncCatalog(options: SyncCatalogOptions): Promise<SyncSuccess> {
  const { bridge, accountKey, accountDb } = options;
  const now = options.now ?? (() => new Date());
  const open = options.openGeneration ?? openGenerationDb;
  const concurrency = Math.max(1, options.concurrency ?? 10);
  const pagesPerCall = Math.min(MAX_SYNC_PAGES_PER_CALL, concurrency, Math.max(1, options.pagesPerCall ?? 5));
  const log = options.log ?? ((line: string) => console.warn(line));
  const signal = options.signal;

  let n: number;
  let previous: Awaited<ReturnType<typeof readCurrentGeneration>>;
  try {
    previous = await readCurrentGeneration(accountDb);
    n = await beginGeneration(accountDb, now());
  } catch (error) {
    throw storageFailure(error);
  }

  const tracker = new SyncProgressTracker(n, SYNC_RESOURCES, previous?.requests ?? {}, now);
  const report = () => options.onProgress?.(tracker.snapshot());
  let db: CatalogDb | null = null;

  try {
    // A database of this name can only be left over from a deleted account database: start clean.
    await Dexie.delete(generationDbName(accountKey, n));
    // Relaxed durability for the bulk writes; the strict seal below makes them all durable before
    // the pointer moves (a later sync write flushes the earlier ones with it).
    db = open(accountKey, n, { chromeTransactionDurability: 'relaxed' });
    await db.open();
    report();

    const photos = new Set<string>();
    const streams: Stream[] = [];
    const warehouseIds: number[] = [];
    const tablesRead = { count: 0 };
    const building = db;

    const newStream = (resource: SyncResource, warehouseId?: number): PageTask => {
      const stream: Stream = {
        resource,
        key: warehouseId === undefined ? resource : `${resource}:${warehouseId}`,
        total: null,
        lastPage: null,
        pageSize: null,
        read: 0,
        pagesRead: 0,
      };
      if (warehouseId !== undefined) stream.warehouseId = warehouseId;
      streams.push(stream);
      return { stream, page: 1 };
    };

    // The ids stored in each store: every store is keyed by `id`, so their number is what the
    // store holds (a record met twice was stored once) without counting the stores afterwards.
    const storedIds = new Map<RecordStore, Set<unknown>>(recordStores.map((store) => [store, new Set()]));
    const writer = new PageWriter(building, options.writeBatch ?? DEFAULT_WRITE_BATCH, (stored) => {
      for (const { stream, records, rows } of stored) {
        stream.read += records;
        tracker.pageStored(stream.resource, records);
        for (const [store, list] of Object.entries(rows) as [RecordStore, object[]][]) {
          const ids = storedIds.get(store)!;
          for (const row of list) ids.add((row as { id: unknown }).id);
        }
      }
      report();
    });

    const fetcher = new PageFetcher(bridge, {
      perCall: pagesPerCall,
      calls: Math.ceil(concurrency / pagesPerCall),
      retryDelaysMs: options.retryDelaysMs ?? [2_000, 8_000],
      sleep: options.sleep ?? abortableSleep,
      log,
      signal,
    });

    const runPage = async ({ stream, page }: PageTask): Promise<Iterable<PageTask>> => {
      const where = `${stream.key} page ${page}`;
      const answer = await fetcher.fetch(
        stream.warehouseId === undefined ? { resource: stream.resource, page } : { resource: stream.resource, page, warehouseId: stream.warehouseId },
        where,
      );
      checkPage(stream, page, answer, where);
      if (page === 1) tracker.streamStarted(stream.resource, stream.key, { total: stream.total!, lastPage: stream.lastPage! });

      let rows: ReturnType<typeof readPage>;
      try {
        rows = readPage(stream.resource, answer.records, stream.warehouseId === undefined ? {} : { warehouseId: stream.warehouseId });
      } catch (error) {
        if (error instanceof RecordProblem) {
          throw new SyncFailure('invalid-data', coded('sync-unreadable-data'), `${where}: ${error.message}`);
        }
        throw error;
      }
      stream.pagesRead += 1;
      for (const photo of rows.photos) photos.add(photo);
      if (stream.resource === 'rooms') tablesRead.count += rows.rows.floorTables?.length ?? 0;
      if (stream.resource === 'warehouses') for (const row of rows.rows.warehouses ?? []) warehouseIds.push((row as { id: number }).id);

      // Validated: the page joins the write queue, and this slot fetches the next page meanwhile.
      await writer.add({ stream, records: answer.records.length, rows: rows.rows, where });

      const next: Iterable<PageTask>[] = [];
      // Pages 2…last are handed out one at a time as the pool has room, never built all at once.
      if (page === 1 && stream.lastPage! > 1) next.push(laterPages(stream));
      // Stocks are listed per warehouse: they start once every warehouse page is in.
      if (stream.resource === 'warehouses' && stream.pagesRead === stream.lastPage) {
        tracker.expectStreams('stocks', warehouseIds.length);
        next.push(warehouseIds.map((id) => newStream('stocks', id)));
        report();
      }
      return chain(next);
    };

    const initial = SYNC_RESOURCES.filter((resource) => resource !== 'stocks').map((resource) => newStream(resource));
    try {
      // The first failure stops the pool: pages not yet asked for are dropped with it.
      await runPool(initial, runPage, concurrency, (failure) => fetcher.cancel(failure));
      await writer.flush();
    } finally {
      // Nothing may write to a database that is about to be deleted.
      await writer.stop();
    }
    if (signal?.aborted) throw aborted();

    // Sanity checks before switching: the server's totals are the truth (clients stop on them).
    const counts = Object.fromEntries(recordStores.map((store) => [store, storedIds.get(store)!.size]));
    checkTotals(streams, counts, tablesRead.count);

    const syncedAt = now();
    await seal(open, accountKey, n);
    if (signal?.aborted) throw aborted();
    const requests = Object.fromEntries(tracker.snapshot().resources.map((r) => [r.resource, r.requests])) as Partial<Record<SyncResource, number>>;
    let retired: number[];
    try {
      retired = await switchToGeneration(accountDb, n, { syncedAt, counts, requests });
    } catch (error) {
      throw storageFailure(error);
    }

    const photoList = [...photos];
    await announcePhotos(bridge, photoList, log);
    const progress = tracker.snapshot();
    options.onProgress?.(progress);
    return { n, db: building, syncedAt: syncedAt.toISOString(), counts, requests, retired, photos: photoList, progress };
  } catch (error) {
    const failure = error instanceof SyncFailure ? error : storageFailure(error);
    log(`sync: generation ${n} failed: ${failure.kind}: ${failure.message} (${failure.detail})`);
    db?.close();
    try {
      await markGenerationFailed(accountDb, n);
      await deleteGeneration(accountDb, accountKey, n);
    } catch (cleanupError) {
      // The next start-up clean-up deletes it; the current generation is untouched either way.
      log(`sync: could not delete failed generation ${n}: ${String(cleanupError)}`);
    }
    throw failure;
  }
}

/**
 * The page must be the one asked for, hold no more than a page can, agree with the stream's first
 * page, and hold exactly the records the total leaves for it: so a server that lies about its
 * pages can neither make the sync page forever nor cut the catalog short.
 */
function checkPage(stream: Stream, page: number, answer: SyncPage, where: string): void {
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

function checkTotals(streams: readonly Stream[], counts: Record<string, number>, tablesRead: number): void {
  const problems: string[] = [];
  const expected = new Map<RecordStore, number>(recordStores.map((store) => [store, 0]));
  for (const stream of streams) {
    if (stream.read !== stream.total) problems.push(`${stream.key}: read ${stream.read} records, the server's total is ${stream.total}`);
    const store = storesOfResource[stream.resource][0]!;
    expected.set(store, (expected.get(store) ?? 0) + (stream.total ?? 0));
  }
  expected.set('floorTables', tablesRead);
  for (const [store, count] of expected) {
    // Fewer stored than read: two records shared an id (a record moved between pages while paging).
    if (counts[store] !== count) problems.push(`${store}: stored ${counts[store] ?? 0}, expected ${count}`);
  }
  if (problems.length > 0) throw inconsistent(problems.join('; '));
}

interface QueuedPage {
  stream: Stream;
  records: number;
  rows: Partial<Record<RecordStore, object[]>>;
  where: string;
}

/**
 * When validated pages are written. IndexedDB stores a few large transactions far faster than
 * many small ones (Chromium, 20,000 items: 200 records a transaction take about a third longer
 * than one bulkPut; 2,000 or more, about the same), so pages queue up to `records` records; a page
 * never waits longer than `waitMs` (progress keeps moving when the rate limit paces the pages).
 * While no transaction is under way, `idleRecords` (default `records`) are enough: with the rate
 * limit off the writes take longer than the fetches, so IndexedDB should not sit idle while a
 * whole batch arrives — at the start (about 0.15 s of a 5 s sync) and whenever the fetches lag.
 */
export interface WriteBatch {
  records: number;
  idleRecords?: number;
  waitMs: number;
}

export const DEFAULT_WRITE_BATCH: WriteBatch = { records: 2_000, idleRecords: 400, waitMs: 250 };

/**
 * Transactions handed to IndexedDB at once. With one, IndexedDB idles from each commit until the
 * page, busy with answers and validation, has started the next (20 to 100 ms each time,
 * over a second in a sync); with two, the next one's records are waiting when a commit ends.
 */
const TRANSACTIONS_AT_ONCE = 2;

/**
 * Writes validated pages in the background of the fetches, up to TRANSACTIONS_AT_ONCE
 * transactions at a time: the pages queued when a batch is due go together (a bulkPut per store).
 * The fetches wait only when twice a batch is queued. The first storage failure is kept: every
 * later add and the flush fail with it.
 */
class PageWriter {
  private queue: QueuedPage[] = [];
  private queuedRecords = 0;
  /** Transactions under way; each settles without throwing. */
  private readonly writing = new Set<Promise<void>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The oldest queued page has waited `waitMs`. */
  private overdue = false;
  /** No more pages come: write what is queued. */
  private closing = false;
  private stopped = false;
  private failure: SyncFailure | null = null;
  private readonly roomWaiters: (() => void)[] = [];

  constructor(
    private readonly db: CatalogDb,
    private readonly batch: WriteBatch,
    private readonly onStored: (pages: readonly QueuedPage[]) => void,
  ) {}

  /** Queues a page; resolves once the queue has room again (not when the page is stored). */
  async add(page: QueuedPage): Promise<void> {
    if (this.failure) throw this.failure;
    this.queue.push(page);
    this.queuedRecords += page.records;
    if (this.queue.length === 1) this.startTimer();
    this.writeIfDue();
    while (this.queuedRecords >= 2 * this.batch.records && this.failure === null && !this.stopped) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    if (this.failure) throw this.failure;
  }

  /** Writes what is queued and resolves when all is stored; throws the storage failure if one happened. */
  async flush(): Promise<void> {
    this.closing = true;
    this.writeIfDue();
    await this.settled();
    if (this.failure) throw this.failure;
  }

  /** Drops what is queued and waits for the transactions under way: nothing writes after this. Never throws. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.takeQueue();
    await this.settled();
  }

  private async settled(): Promise<void> {
    // A transaction that ends may start the next one: wait until none is left.
    while (this.writing.size > 0) await Promise.all(this.writing);
  }

  private writeIfDue(): void {
    if (this.writing.size >= TRANSACTIONS_AT_ONCE || this.stopped || this.failure !== null || this.queue.length === 0) return;
    // IndexedDB idle: do not let it wait for a whole batch.
    const due = this.writing.size === 0 ? (this.batch.idleRecords ?? this.batch.records) : this.batch.records;
    if (!this.closing && !this.overdue && this.queuedRecords < due) return;
    const batch = this.takeQueue();
    const write: Promise<void> = writeRows(this.db, batch)
      .then(() => this.onStored(batch))
      .catch((error: unknown) => this.fail(error, batch))
      .finally(() => {
        this.writing.delete(write);
        this.writeIfDue();
      });
    this.writing.add(write);
  }

  private takeQueue(): QueuedPage[] {
    const batch = this.queue;
    this.queue = [];
    this.queuedRecords = 0;
    this.overdue = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const wake of this.roomWaiters.splice(0)) wake();
    return batch;
  }

  private startTimer(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.overdue = true;
      this.writeIfDue();
    }, this.batch.waitMs);
  }

  private fail(error: unknown, batch: readonly QueuedPage[]): void {
    if (this.failure === null) {
      const failure = storageFailure(error);
      this.failure = new SyncFailure(failure.kind, coded(failure.code, failure.params), `${batch.map((page) => page.where).join(', ')}: ${failure.detail}`);
    }
    this.takeQueue();
  }
}

/** One transaction for the pages: a bulkPut per store they fill (rooms: rooms and their tables), all at once. */
async function writeRows(db: CatalogDb, pages: readonly QueuedPage[]): Promise<void> {
  const byStore = new Map<RecordStore, object[]>();
  for (const page of pages) {
    for (const [store, rows] of Object.entries(page.rows) as [RecordStore, object[]][]) {
      if (rows.length === 0) continue;
      const into = byStore.get(store);
      if (into) for (const row of rows) into.push(row);
      else byStore.set(store, [...rows]);
    }
  }
  if (byStore.size === 0) return;
  await db.transaction(
    'rw',
    [...byStore.keys()].map((store) => db[store]),
    () => Promise.all([...byStore].map(([store, rows]) => (db[store] as Table<object, number>).bulkPut(rows))),
  );
}

interface PageRequest {
  input: SyncPageInput;
  where: string;
  resolve: (page: SyncPage) => void;
  reject: (failure: SyncFailure) => void;
}

/**
 * Asks for pages over the bridge, several to a call. A bridge call costs every process
 * on its way (renderer, browser, network service, main side) a few milliseconds of CPU whatever it
 * carries — about 7 ms on the bench machine — which the IndexedDB writes need more: 184 calls of
 * one page became about 40 of five. Pages asked for while the calls in flight are busy wait and
 * leave together, up to `perCall` a call and `calls` calls at a time; a partial call leaves at the
 * next task, so the pages asked for by one answer's continuations go together. A call succeeds or
 * fails whole; one that failed transiently is tried again whole after the retry delay.
 */
class PageFetcher {
  private waiting: PageRequest[] = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private cancelled: SyncFailure | null = null;

  constructor(
    private readonly bridge: Pick<BridgeClient, 'fetchSyncPages'>,
    private readonly options: {
      perCall: number;
      calls: number;
      retryDelaysMs: readonly number[];
      sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
      log: (line: string) => void;
      signal: AbortSignal | undefined;
    },
  ) {}

  fetch(input: SyncPageInput, where: string): Promise<SyncPage> {
    if (this.cancelled) return Promise.reject(this.cancelled);
    return new Promise<SyncPage>((resolve, reject) => {
      this.waiting.push({ input, where, resolve, reject });
      this.schedule();
    });
  }

  /** The sync failed: pages not yet asked for fail with it, and none is asked for any more. */
  cancel(failure: unknown): void {
    this.cancelled ??= failure instanceof SyncFailure ? failure : storageFailure(failure);
    for (const request of this.waiting.splice(0)) request.reject(this.cancelled);
  }

  private schedule(): void {
    if (this.waiting.length >= this.options.perCall) this.send();
    else if (this.waiting.length > 0 && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, 0);
    }
  }

  private send(): void {
    while (this.inFlight < this.options.calls && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.perCall);
      this.inFlight++;
      void this.call(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async call(batch: readonly PageRequest[]): Promise<void> {
    const { retryDelaysMs, sleep, log, signal } = this.options;
    const where = batch.map((request) => request.where).join(', ');
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) return this.fail(batch, aborted());
      if (this.cancelled) return this.fail(batch, this.cancelled);
      let pages: SyncPage[];
      try {
        pages = (await this.bridge.fetchSyncPages({ pages: batch.map((request) => request.input) })).pages;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (error instanceof BridgeError && transient.has(error.kind) && delay !== undefined && !signal?.aborted) {
          log(`sync: ${where}: ${error.kind} (${error.detail ?? error.message}); trying again in ${delay} ms`);
          await sleep(delay, signal);
          continue;
        }
        return this.fail(batch, bridgeFailure(error, where));
      }
      if (pages.length !== batch.length) return this.fail(batch, inconsistent(`${where}: ${batch.length} pages asked for, ${pages.length} answered`));
      batch.forEach((request, i) => request.resolve(pages[i]!));
      return;
    }
  }

  /** A call failed for good: so does the sync, and nothing more is asked for. */
  private fail(batch: readonly PageRequest[], failure: SyncFailure): void {
    this.cancel(failure);
    for (const request of batch) request.reject(failure);
  }
}

/** Written last, through a strict-durability connection, so the data is on disk before the switch. */
async function seal(open: NonNullable<SyncCatalogOptions['openGeneration']>, accountKey: string, n: number): Promise<void> {
  const strict = open(accountKey, n, { chromeTransactionDurability: 'strict' });
  try {
    await strict.meta.put({ key: 'sealed', value: n });
  } catch (error) {
    throw storageFailure(error);
  } finally {
    strict.close();
  }
}

async function announcePhotos(bridge: SyncCatalogOptions['bridge'], photos: string[], log: (line: string) => void): Promise<void> {
  const MAX = 200_000; // the bridge's limit (shared/bridge operations: syncImages)
  if (photos.length > MAX) log(`sync: ${photos.length} photos referenced; only the first ${MAX} are cached`);
  try {
    await bridge.syncImages({ photos: photos.slice(0, MAX) });
  } catch (error) {
    // Images are a convenience: the catalog is synced even when their cache cannot be told.
    log(`sync: syncImages failed: ${describe(error)}`);
  }
}

/**
 * Runs tasks `concurrency` at a time, first come first served; a task's result may add tasks,
 * taken from it lazily (pages 2…last of a stream are generated as the pool has room). Stops at the
 * first failure, which `onFailure` hears of at once.
 */
async function runPool<T>(
  initial: Iterable<T>,
  run: (task: T) => Promise<Iterable<T>>,
  concurrency: number,
  onFailure: (failure: unknown) => void,
): Promise<void> {
  const sources: Iterator<T>[] = [initial[Symbol.iterator]()];
  const nextTask = (): T | undefined => {
    while (sources.length > 0) {
      const next = sources[0]!.next();
      if (!next.done) return next.value;
      sources.shift();
    }
    return undefined;
  };
  await new Promise<void>((resolve, reject) => {
    let active = 0;
    let failure: unknown = null;
    const pump = () => {
      if (failure !== null) {
        // Wait for pages in flight, so nothing writes to a database that is being deleted.
        if (active === 0) reject(failure);
        return;
      }
      while (active < concurrency) {
        const task = nextTask();
        if (task === undefined) break;
        active++;
        run(task).then(
          (more) => {
            active--;
            sources.push(more[Symbol.iterator]());
            pump();
          },
          (error: unknown) => {
            active--;
            if (failure === null) {
              failure = error;
              onFailure(error);
            }
            pump();
          },
        );
      }
      if (active === 0 && sources.length === 0 && failure === null) resolve();
    };
    pump();
  });
}

function* laterPages(stream: Stream): Generator<PageTask> {
  for (let page = 2; page <= stream.lastPage!; page++) yield { stream, page };
}

function* chain<T>(sources: readonly Iterable<T>[]): Generator<T> {
  for (const source of sources) yield* source;
}

function bridgeFailure(error: unknown, where: string): SyncFailure {
  if (error instanceof BridgeError) {
    const connection = error.kind === 'offline' || error.kind === 'timeout';
    return new SyncFailure(
      connection ? 'connection' : 'server',
      coded(error.code, error.params),
      `${where}: ${error.kind}${error.detail ? `: ${error.detail}` : ''}`,
      error.kind,
    );
  }
  return new SyncFailure('server', coded('sync-local-service-failed'), `${where}: ${describe(error)}`);
}

function inconsistent(detail: string): SyncFailure {
  return new SyncFailure('inconsistent', coded('sync-inconsistent'), detail);
}

function storageFailure(error: unknown): SyncFailure {
  if (error instanceof SyncFailure) return error;
  return new SyncFailure('storage', coded('sync-storage'), describe(error));
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
