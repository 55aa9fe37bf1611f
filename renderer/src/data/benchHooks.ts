import { openAccountDb } from './db';
import { openGenerationDb, recordStores, type CatalogDb } from './catalogDb';
import { openCurrentGeneration, readCurrentGeneration } from './generations';

/**
 * Hooks for `npm run bench` (test/bench), loaded only when the page is opened with `?bench`, as
 * a separate chunk: the terminal itself never ships them into its start-up path.
 */
export interface BenchHooks {
  /** The current generation's record: when its sync started and ended, counts and pages per resource. */
  currentSync(accountKey: string): Promise<{
    n: number;
    startedAt: string;
    syncedAt: string | null;
    counts: Partial<Record<string, number>>;
    requests: Partial<Record<string, number>>;
  } | null>;
  /**
   * Copies every record of the current generation into a scratch database with one raw Dexie
   * `bulkPut` per store, timed (reading the records is not timed). The yardstick the sync
   * engine's storing rate is compared with.
   */
  rawBulkPut(accountKey: string): Promise<{ records: number; ms: number }>;
}

declare global {
  var __comandaBench: BenchHooks | undefined;
}

export function installBenchHooks(): void {
  globalThis.__comandaBench = {
    async currentSync(accountKey) {
      const accountDb = openAccountDb(accountKey);
      try {
        const row = await readCurrentGeneration(accountDb);
        return row && { n: row.n, startedAt: row.startedAt, syncedAt: row.syncedAt, counts: row.counts, requests: row.requests };
      } finally {
        accountDb.close();
      }
    },
    async rawBulkPut(accountKey) {
      const accountDb = openAccountDb(accountKey);
      const current = await openCurrentGeneration(accountDb, accountKey).finally(() => accountDb.close());
      if (current === null) throw new Error('No synced catalog to copy');
      const source: CatalogDb = current.db;
      const rows = new Map<string, unknown[]>();
      for (const store of recordStores) rows.set(store, await source.table(store).toArray());
      source.close();

      const scratch = openGenerationDb(`bench-scratch-${accountKey}`, Date.now());
      await scratch.open();
      let records = 0;
      const started = performance.now();
      for (const store of recordStores) {
        const batch = rows.get(store) ?? [];
        records += batch.length;
        await scratch.table(store).bulkPut(batch);
      }
      const ms = performance.now() - started;
      await scratch.delete();
      return { records, ms };
    },
  };
}
