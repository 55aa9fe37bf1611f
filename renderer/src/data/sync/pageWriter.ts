import type Dexie from 'dexie';
import type { Table } from 'dexie';
import { storageFailure, SyncFailure } from './syncFailure';
import { coded } from '../../../../shared/bridge';

// The sync engine's writer (sync/engine.ts), the same for venue and shop: validated pages queue up
// and are written in the background of the fetches, a bulkPut per store in one transaction.

/** The part of a stream the writer needs: the engine's Stream. */
export interface QueuedPage<S, Store extends string> {
  stream: S;
  records: number;
  rows: Partial<Record<Store, object[]>>;
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
 * page, busy with answers and validation, has started the next (docs/decisions.md "Catalog sync store rate": 20 to 100 ms each time,
 * over a second in a sync); with two, the next one's records are waiting when a commit ends.
 */
const TRANSACTIONS_AT_ONCE = 2;

/**
 * Writes validated pages in the background of the fetches, up to TRANSACTIONS_AT_ONCE
 * transactions at a time: the pages queued when a batch is due go together (a bulkPut per store).
 * The fetches wait only when twice a batch is queued. The first storage failure is kept: every
 * later add and the flush fail with it.
 */
export class PageWriter<S, Store extends string> {
  private queue: QueuedPage<S, Store>[] = [];
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
    private readonly db: Dexie,
    private readonly batch: WriteBatch,
    private readonly onStored: (pages: readonly QueuedPage<S, Store>[]) => void,
  ) {}

  /** Queues a page; resolves once the queue has room again (not when the page is stored). */
  async add(page: QueuedPage<S, Store>): Promise<void> {
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

  private takeQueue(): QueuedPage<S, Store>[] {
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

  private fail(error: unknown, batch: readonly QueuedPage<S, Store>[]): void {
    if (this.failure === null) {
      const failure = storageFailure(error);
      this.failure = new SyncFailure(failure.kind, coded(failure.code, failure.params), `${batch.map((page) => page.where).join(', ')}: ${failure.detail}`);
    }
    this.takeQueue();
  }
}

/** One transaction for the pages: a bulkPut per store they fill (rooms: rooms and their tables), all at once. */
async function writeRows<Store extends string>(db: Dexie, pages: readonly QueuedPage<unknown, Store>[]): Promise<void> {
  const byStore = new Map<Store, object[]>();
  for (const page of pages) {
    for (const [store, rows] of Object.entries(page.rows) as [Store, object[]][]) {
      if (rows.length === 0) continue;
      const into = byStore.get(store);
      if (into) for (const row of rows) into.push(row);
      else byStore.set(store, [...rows]);
    }
  }
  if (byStore.size === 0) return;
  // The store's own property (db.items), as callers may wrap it (a test counting bulkPuts).
  const tables = db as unknown as Record<Store, Table<object, unknown>>;
  await db.transaction(
    'rw',
    [...byStore.keys()].map((store) => tables[store]),
    () => Promise.all([...byStore].map(([store, rows]) => tables[store].bulkPut(rows))),
  );
}
