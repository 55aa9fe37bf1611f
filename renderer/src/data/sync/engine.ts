import Dexie from 'dexie';
import type { GenerationPointerRow, Generations, SealedDb } from './generationPointer';
import { PageFetcher } from './pageFetcher';
import { DEFAULT_WRITE_BATCH, PageWriter, type QueuedPage, type WriteBatch } from './pageWriter';
import { SyncProgressTracker, type SyncProgress } from './syncProgress';
import { abortableSleep, aborted, inconsistent, storageFailure, SyncFailure } from './syncFailure';

// The catalog sync engine of both services (ARCHITECTURE §4.2; docs/decisions.md "One sync engine
// for venue and shop"). No React: each service's store schedules it (syncService.ts for the venue,
// shop/shopCatalogStore.ts for the shop). What it reads, how a page is checked and where its records
// land is the service's resource table (sync.ts venueSync, shop/shopSync.ts shopSync); the engine
// is the rest, the same for both:
//
// One sync builds one new generation database. Pages are asked for several to a bridge call; every
// page is checked and its records read as it arrives, then queued for the writer, which stores the
// queued pages together (a bulkPut per store in one transaction) while the next pages are fetched.
// Only when every stream is complete and the counts match the server's totals is the generation
// sealed and made current, in one transaction on the pointer database. Any failure — the bridge, a
// malformed record, a count mismatch, storage, or the app closing — leaves the current generation
// untouched; the half-built one is deleted (or, if the app closed, at the next start).

/** One page as either service's bridge hands it over. */
export interface AnsweredPage {
  page: number;
  lastPage: number;
  total: number;
  records: readonly unknown[];
}

/** One list read page by page: a resource, or a resource of one parent (a warehouse's stocks). */
export interface Stream<R extends string = string> {
  resource: R;
  /** `resource`, or `resource:parentId`: names it in progress and in a failure's detail. */
  key: string;
  parentId?: number;
  total: number | null;
  lastPage: number | null;
  /** Records a full page holds, when the table's page check works it out. */
  pageSize: number | null;
  /** Records stored. */
  read: number;
  /** Pages fetched and read (some may still wait in the write queue). */
  pagesRead: number;
}

/** The rows one page puts into each store of the generation, and the photo paths it mentions. */
export interface ReadRows<Store extends string> {
  rows: Partial<Record<Store, object[]>>;
  photos?: readonly string[];
}

/**
 * A service's resource table: everything the engine needs to know about what the service mirrors.
 * `R` its resources, `Store` its generation's record stores, `B` the bridge it reads through.
 */
export interface ResourceTable<R extends string, Store extends string, Db extends Dexie, B, Input, Answer extends AnsweredPage> {
  generations: Generations<GenerationPointerRow<Store, R>, Db>;
  /** Every resource, in the order progress lists them. */
  resources: readonly R[];
  /** The resources read at once, in this order; the others are a parent's (`children`). */
  initial: readonly R[];
  /** A parent resource's children: one stream per parent id, started once every parent page is read. */
  children: Partial<Record<R, { child: R; parentIds: (rows: Partial<Record<Store, object[]>>) => number[] }>>;
  /** The stores that hold synced records (not `meta`). */
  stores: readonly Store[];
  /** The store a resource's records are counted in (its `total`). */
  storeOf: Record<R, Store>;
  /** A row's key in a store whose key is not `id`. */
  keyOf?: Partial<Record<Store, (row: object) => unknown>>;
  /** Every store must hold exactly the records its streams' totals add up to (a record met twice is a fault). */
  everyRecordOnce: boolean;
  /** Pages one bridge call may carry. */
  maxPagesPerCall: number;
  fetchPages(bridge: B, inputs: Input[]): Promise<Answer[]>;
  input(stream: Stream<R>, page: number): Input;
  /** Throws SyncFailure `inconsistent` unless `answer` is the page asked for; sets the stream's total and last page from page 1. */
  checkPage(stream: Stream<R>, page: number, answer: Answer, where: string): void;
  /** Checks the page's records and turns them into rows; throws SyncFailure `invalid-data`. */
  readPage(stream: Stream<R>, answer: Answer, where: string): ReadRows<Store>;
  /** Runs once every stream is stored, before the seal (the shop folds taxes in). */
  beforeSeal?(db: Db): Promise<void>;
  /** Runs once the new generation is current (the venue tells the image cache its photos). */
  afterSwitch?(bridge: B, photos: string[], log: (line: string) => void): Promise<void>;
}

export interface SyncGenerationOptions<R extends string, Db extends Dexie, B> {
  bridge: B;
  accountKey: string;
  /** The service's pointer database (db.ts for the venue, shopDb.ts openShopDb for the shop). */
  pointerDb: Dexie & { generations: unknown };
  /** Opens generation `n`; tests pass one that counts transactions. */
  openGeneration?: (accountKey: string, n: number, options?: { chromeTransactionDurability?: 'relaxed' | 'strict' }) => Db;
  now?: () => Date;
  onProgress?: (progress: SyncProgress<R>) => void;
  /** Aborting (the app closing, the account switching) fails the sync as `aborted`. */
  signal?: AbortSignal;
  /** Pages in flight at once. The main side's rate limiter paces them. */
  concurrency: number;
  /** Pages asked for in one bridge call (see PageFetcher). */
  pagesPerCall: number;
  /** Waits before the 2nd, 3rd, … attempt of a call that failed transiently (default 2 s, 8 s). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log: (line: string) => void;
  /** When read pages are written (default DEFAULT_WRITE_BATCH). */
  writeBatch?: WriteBatch;
}

export interface GenerationSynced<R extends string, Store extends string, Db> {
  n: number;
  /** The new current generation, open (the connection that built it). */
  db: Db;
  syncedAt: string;
  counts: Record<Store, number>;
  /** Requests (pages) per resource. */
  requests: Partial<Record<R, number>>;
  /** Bridge calls answered. */
  calls: number;
  /** Generations retired by the switch: delete them once nobody reads them. */
  retired: number[];
  /** Every photo path the new generation references. */
  photos: string[];
  progress: SyncProgress<R>;
}

interface PageTask<R extends string> {
  stream: Stream<R>;
  page: number;
}

/** One sync's bookkeeping: its streams, what they stored, the parents' ids seen so far. */
interface Build<R extends string, Store extends string> {
  streams: Stream<R>[];
  /** The keys stored in each store: their number is what the store holds (a record met twice was stored once). */
  storedKeys: Map<Store, Set<unknown>>;
  /** Rows read per store (the stores no resource is counted in: a room's tables, a product's stocks). */
  rowsRead: Map<Store, number>;
  photos: Set<string>;
  parentIds: Map<Stream<R>, number[]>;
}

/** Builds a new generation from the server and switches to it; throws SyncFailure otherwise. */
export async function syncGeneration<R extends string, Store extends string, Db extends Dexie, B, Input, Answer extends AnsweredPage>(
  table: ResourceTable<R, Store, Db, B, Input, Answer>,
  options: SyncGenerationOptions<R, Db, B>,
): Promise<GenerationSynced<R, Store, Db>> {
  const { generations } = table;
  const { accountKey, pointerDb, log, signal } = options;
  const label = generations.kind.label;
  const now = options.now ?? (() => new Date());
  const open = options.openGeneration ?? generations.kind.open;

  let n: number;
  let previous: GenerationPointerRow<Store, R> | null;
  try {
    previous = await generations.readCurrent(pointerDb);
    n = await generations.begin(pointerDb, now());
  } catch (error) {
    throw storageFailure(error);
  }

  const tracker = new SyncProgressTracker<R>(
    n,
    table.resources,
    previous?.requests ?? {},
    now,
    (Object.values(table.children) as { child: R }[]).map((c) => c.child),
  );
  const report = () => options.onProgress?.(tracker.snapshot());
  let db: Db | null = null;

  try {
    if (signal?.aborted) throw aborted();
    // A database of this name can only be left over from a deleted pointer database: start clean.
    await Dexie.delete(generations.kind.dbName(accountKey, n));
    // Relaxed durability for the bulk writes; the strict seal below makes them all durable before
    // the pointer moves (a later sync write flushes the earlier ones with it).
    db = open(accountKey, n, { chromeTransactionDurability: 'relaxed' });
    await db.open();
    report();

    const build: Build<R, Store> = {
      streams: [],
      storedKeys: new Map(table.stores.map((store) => [store, new Set()])),
      rowsRead: new Map(table.stores.map((store) => [store, 0])),
      photos: new Set(),
      parentIds: new Map(),
    };
    const calls = await readStreams(table, options, db, build, tracker, report);
    if (signal?.aborted) throw aborted();

    // Sanity checks before switching: the server's totals are the truth (clients stop on them).
    const counts = Object.fromEntries(table.stores.map((store) => [store, build.storedKeys.get(store)!.size])) as Record<Store, number>;
    checkTotals(table, build, counts);
    await table.beforeSeal?.(db).catch((error: unknown) => {
      throw storageFailure(error);
    });

    const syncedAt = now();
    await seal(open, accountKey, n);
    if (signal?.aborted) throw aborted();
    const requests = Object.fromEntries(tracker.snapshot().resources.map((r) => [r.resource, r.requests])) as Partial<Record<R, number>>;
    let retired: number[];
    try {
      retired = await generations.switchTo(pointerDb, n, { syncedAt, counts, requests });
    } catch (error) {
      throw storageFailure(error);
    }

    const photos = [...build.photos];
    await table.afterSwitch?.(options.bridge, photos, log);
    const progress = tracker.snapshot();
    options.onProgress?.(progress);
    log(`${label}: generation ${n} current, ${calls} bridge calls, ${progress.requests} requests`);
    return { n, db, syncedAt: syncedAt.toISOString(), counts, requests, calls, retired, photos, progress };
  } catch (error) {
    const failure = error instanceof SyncFailure ? error : storageFailure(error);
    log(`${label}: generation ${n} failed: ${failure.kind}: ${failure.message} (${failure.detail})`);
    db?.close();
    try {
      await generations.markFailed(pointerDb, n);
      await generations.remove(pointerDb, accountKey, n);
    } catch (cleanupError) {
      // The next start-up clean-up deletes it; the current generation is untouched either way.
      log(`${label}: could not delete failed generation ${n}: ${String(cleanupError)}`);
    }
    throw failure;
  }
}

/** Fetches, checks, reads and stores every stream's pages; returns the bridge calls made. */
async function readStreams<R extends string, Store extends string, Db extends Dexie, B, Input, Answer extends AnsweredPage>(
  table: ResourceTable<R, Store, Db, B, Input, Answer>,
  options: SyncGenerationOptions<R, Db, B>,
  db: Db,
  build: Build<R, Store>,
  tracker: SyncProgressTracker<R>,
  report: () => void,
): Promise<number> {
  const concurrency = Math.max(1, options.concurrency);
  const perCall = Math.min(table.maxPagesPerCall, concurrency, Math.max(1, options.pagesPerCall));

  const newStream = (resource: R, parentId?: number): PageTask<R> => {
    const stream: Stream<R> = {
      resource,
      key: parentId === undefined ? resource : `${resource}:${parentId}`,
      total: null,
      lastPage: null,
      pageSize: null,
      read: 0,
      pagesRead: 0,
    };
    if (parentId !== undefined) stream.parentId = parentId;
    build.streams.push(stream);
    return { stream, page: 1 };
  };

  const writer = new PageWriter<Stream<R>, Store>(db, options.writeBatch ?? DEFAULT_WRITE_BATCH, (stored) => {
    for (const page of stored) tally(table, build, page);
    for (const { stream, records } of stored) tracker.pageStored(stream.resource, records);
    report();
  });

  const fetcher = new PageFetcher<Input, Answer>((inputs) => table.fetchPages(options.bridge, inputs), {
    label: table.generations.kind.label,
    perCall,
    calls: Math.ceil(concurrency / perCall),
    retryDelaysMs: options.retryDelaysMs ?? [2_000, 8_000],
    sleep: options.sleep ?? abortableSleep,
    log: options.log,
    signal: options.signal,
  });

  const runPage = async ({ stream, page }: PageTask<R>): Promise<Iterable<PageTask<R>>> => {
    const where = `${stream.key} page ${page}`;
    const answer = await fetcher.fetch(table.input(stream, page), where);
    table.checkPage(stream, page, answer, where);
    if (page === 1) tracker.streamStarted(stream.resource, stream.key, { total: stream.total!, lastPage: stream.lastPage! });

    const { rows, photos } = table.readPage(stream, answer, where);
    stream.pagesRead += 1;
    for (const photo of photos ?? []) build.photos.add(photo);
    const children = table.children[stream.resource];
    if (children) build.parentIds.set(stream, [...(build.parentIds.get(stream) ?? []), ...children.parentIds(rows)]);

    // Read: the page joins the write queue, and this slot fetches the next page meanwhile.
    await writer.add({ stream, records: answer.records.length, rows, where });

    const next: Iterable<PageTask<R>>[] = [];
    // Pages 2…last are handed out one at a time as the pool has room, never built all at once.
    if (page === 1 && stream.lastPage! > 1) next.push(laterPages(stream));
    // A parent's children (a warehouse's stocks, a price rate's prices) start once every parent page is in.
    if (children && stream.pagesRead === stream.lastPage) {
      const ids = build.parentIds.get(stream) ?? [];
      tracker.expectStreams(children.child, ids.length);
      next.push(ids.map((id) => newStream(children.child, id)));
      report();
    }
    return chain(next);
  };

  const initial = table.initial.map((resource) => newStream(resource));
  try {
    // The first failure stops the pool: pages not yet asked for are dropped with it.
    await runPool(initial, runPage, concurrency, (failure) => fetcher.cancel(failure));
    await writer.flush();
  } finally {
    // Nothing may write to a database that is about to be deleted.
    await writer.stop();
  }
  return fetcher.calls;
}

/** A stored page counts: its stream's records, the keys and rows of each store it filled. */
function tally<R extends string, Store extends string>(
  table: { keyOf?: Partial<Record<Store, (row: object) => unknown>> },
  build: Build<R, Store>,
  { stream, records, rows }: QueuedPage<Stream<R>, Store>,
): void {
  stream.read += records;
  for (const [store, list] of Object.entries(rows) as [Store, object[]][]) {
    const keys = build.storedKeys.get(store)!;
    const keyOf = table.keyOf?.[store] ?? ((row: object) => (row as { id: unknown }).id);
    for (const row of list) keys.add(keyOf(row));
    build.rowsRead.set(store, (build.rowsRead.get(store) ?? 0) + list.length);
  }
}

/** Every stream read its server's total; with `everyRecordOnce`, every store holds what its streams add up to. */
function checkTotals<R extends string, Store extends string>(
  table: Pick<ResourceTable<R, Store, Dexie, unknown, unknown, AnsweredPage>, 'stores' | 'storeOf' | 'everyRecordOnce'>,
  build: Build<R, Store>,
  counts: Record<Store, number>,
): void {
  const problems: string[] = [];
  const counted = new Set<Store>(Object.values(table.storeOf) as Store[]);
  const expected = new Map<Store, number>(table.stores.map((store) => [store, counted.has(store) ? 0 : (build.rowsRead.get(store) ?? 0)]));
  for (const stream of build.streams) {
    if (stream.read !== stream.total) problems.push(`${stream.key}: read ${stream.read} records, the server's total is ${stream.total}`);
    const store = table.storeOf[stream.resource];
    expected.set(store, (expected.get(store) ?? 0) + (stream.total ?? 0));
  }
  if (table.everyRecordOnce) {
    for (const [store, count] of expected) {
      // Fewer stored than read: two records shared an id (a record moved between pages while paging).
      if (counts[store] !== count) problems.push(`${store}: stored ${counts[store] ?? 0}, expected ${count}`);
    }
  }
  if (problems.length > 0) throw inconsistent(problems.join('; '));
}

/** Written last, through a strict-durability connection, so the data is on disk before the switch. */
async function seal(
  open: (accountKey: string, n: number, options?: { chromeTransactionDurability?: 'relaxed' | 'strict' }) => Dexie,
  accountKey: string,
  n: number,
): Promise<void> {
  const strict = open(accountKey, n, { chromeTransactionDurability: 'strict' }) as unknown as SealedDb;
  try {
    await strict.meta.put({ key: 'sealed', value: n });
  } catch (error) {
    throw storageFailure(error);
  } finally {
    strict.close();
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

function* laterPages<R extends string>(stream: Stream<R>): Generator<PageTask<R>> {
  for (let page = 2; page <= stream.lastPage!; page++) yield { stream, page };
}

function* chain<T>(sources: readonly Iterable<T>[]): Generator<T> {
  for (const source of sources) yield* source;
}
