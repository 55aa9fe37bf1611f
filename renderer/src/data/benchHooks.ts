import Dexie from 'dexie';
import { openAccountDb } from './db';
import { generationOfDbName, openGenerationDb, recordStores, type CatalogDb } from './catalog/catalogDb';
import { catalogStore } from './catalog/catalogStore';
import { openCurrentGeneration, readCurrentGeneration } from './catalog/generations';
import { loadSearchIndex, searchItems, SEARCH_LIMIT } from './search/search';
import type { AllergenCode } from '../../../shared/api/catalog';

/** One query typed character by character: the search computation's time at each keystroke. */
export interface KeystrokeRun {
  query: string;
  hiddenAllergens: AllergenCode[];
  /** The prefixes typed, one per keystroke ("j", "ja", "jam", …). */
  prefixes: string[];
  /** searchItems() time per prefix, in ms (performance.now()). */
  ms: number[];
  /** Matches of the whole query (after the allergen filter), a sanity check of the query. */
  total: number;
}

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
   * engine's storing rate is compared with. `startedAt` is when the timed part began (epoch ms).
   */
  rawBulkPut(accountKey: string): Promise<{ records: number; ms: number; startedAt: number }>;
  /**
   * Runs the terminal's own sync again ("Sync now") and resolves once it switched to the new
   * generation and the one it replaced is deleted, so the next measurement does not share the
   * machine with that deletion. Read the new generation's times with `currentSync`.
   */
  syncAgain(accountKey: string): Promise<{ attempts: number }>;
  /**
   * Search as you type over the current generation, as the catalog view runs it: the search
   * projection is loaded once (untimed), then each query is typed character by character and
   * only `searchItems()` is timed at each keystroke. With `hiddenAllergens`, the allergen filter
   * is on for every query.
   */
  searchPerKeystroke(accountKey: string, queries: string[], hiddenAllergens?: AllergenCode[]): Promise<KeystrokeRun[]>;
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
      return { records, ms, startedAt: performance.timeOrigin + started };
    },
    async syncAgain(accountKey) {
      const before = await globalThis.__comandaBench!.currentSync(accountKey);
      // A sync stopped half-way (the terminal restarted its catalog service) switches to nothing
      // and records no failure: ask again, a few times at most, and say how many it took.
      let attempts = 0;
      for (;;) {
        attempts++;
        await catalogStore.getState().syncNow();
        const after = await globalThis.__comandaBench!.currentSync(accountKey);
        if (after !== null && after.n !== before?.n && after.syncedAt !== null) break;
        if (attempts === 3)
          throw new Error(`Three syncs did not switch to a new generation: ${catalogStore.getState().lastFailure?.detail ?? 'no failure recorded'}`);
      }
      // The retired generation is deleted a few seconds after the switch (syncService RETIRE_AFTER_MS).
      const deadline = performance.now() + 60_000;
      for (;;) {
        const generations = (await Dexie.getDatabaseNames()).filter((name) => generationOfDbName(accountKey, name) !== null);
        if (generations.length === 1) return { attempts };
        if (performance.now() > deadline) throw new Error(`Generations still present a minute after the sync: ${generations.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async searchPerKeystroke(accountKey, queries, hiddenAllergens = []) {
      const accountDb = openAccountDb(accountKey);
      const current = await openCurrentGeneration(accountDb, accountKey).finally(() => accountDb.close());
      if (current === null) throw new Error('No synced catalog to search');
      try {
        const index = await loadSearchIndex(current.db);
        const hidden = new Set(hiddenAllergens);
        const runs: KeystrokeRun[] = [];
        for (const query of queries) {
          const characters = Array.from(query.normalize('NFC'));
          const prefixes: string[] = [];
          const ms: number[] = [];
          let total = 0;
          for (let typed = 1; typed <= characters.length; typed++) {
            const prefix = characters.slice(0, typed).join('');
            const started = performance.now();
            const result = searchItems(index, prefix, { hiddenAllergens: hidden, limit: SEARCH_LIMIT });
            ms.push(performance.now() - started);
            prefixes.push(prefix);
            total = result.total;
          }
          runs.push({ query, hiddenAllergens: [...hiddenAllergens], prefixes, ms, total });
        }
        return runs;
      } finally {
        current.db.close();
      }
    },
  };
}
