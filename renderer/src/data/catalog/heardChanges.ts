import type { StoreApi } from 'zustand/vanilla';
import type { CatalogDb } from './catalogDb';

// Changes the main side announced (an 86, a catalog quick edit) go into this window's current
// catalog generation at once. A sync that started before a change was heard may have read the
// server before it: the changes heard since that sync started are applied again to the generation
// it switches to; older ones are dropped (the new generation has them, or something newer).
// Either service's catalog store will do (catalogStore.ts, shop/shopCatalogStore.ts): both say
// whether a sync is under way and which generation is current.

/** What the helper reads of a catalog store: the venue's and the shop's both have it. */
export type GenerationStoreApi<Db> = Pick<StoreApi<{ syncing: boolean; current: { db: Db } | null }>, 'getState' | 'subscribe'>;

export interface HeardChange<T> {
  value: T;
  /** When this window heard it (the `now` clock). */
  at: number;
}

export interface HeardChanges<T> {
  /** Remembers each change by its key and applies the batch to the current generation. */
  hear(changes: readonly { key: string; value: T }[]): void;
  stop(): void;
}

export function followHeardChanges<T, Db = CatalogDb>(options: {
  catalog: GenerationStoreApi<Db>;
  now: () => number;
  /** Writes changes into a generation (errors are the caller's to log). */
  apply: (db: Db, changes: HeardChange<T>[]) => void;
  /** A second change of the same key joins the first (default: replaces it). */
  merge?: (before: T, next: T) => T;
}): HeardChanges<T> {
  const { catalog, now, apply } = options;
  const heard = new Map<string, HeardChange<T>>();
  let stopped = false;
  let syncStartedAt: number | null = catalog.getState().syncing ? now() : null;
  let shownDb: Db | null = catalog.getState().current?.db ?? null;

  const unsubscribe = catalog.subscribe((state, previous) => {
    if (stopped) return;
    if (state.syncing && !previous.syncing) syncStartedAt = now();
    const db = state.current?.db ?? null;
    if (db === shownDb) return;
    shownDb = db;
    const since = syncStartedAt ?? Number.NEGATIVE_INFINITY;
    const again: HeardChange<T>[] = [];
    for (const [key, change] of heard) {
      if (change.at < since) heard.delete(key);
      else again.push(change);
    }
    if (db !== null && again.length > 0) apply(db, again);
  });

  return {
    hear(changes) {
      if (stopped || changes.length === 0) return;
      const at = now();
      for (const { key, value } of changes) {
        const before = heard.get(key)?.value;
        heard.set(key, { value: before !== undefined && options.merge ? options.merge(before, value) : value, at });
      }
      const db = catalog.getState().current?.db ?? null;
      if (db !== null)
        apply(
          db,
          changes.map(({ value }) => ({ value, at })),
        );
    },
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}
