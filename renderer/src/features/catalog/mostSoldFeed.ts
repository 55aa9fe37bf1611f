import { create } from 'zustand';
import type { AllergenCode } from '../../../../shared/api/catalog';
import type { BridgeClient, MostSold } from '../../../../shared/bridge';
import type { CatalogDb, StoredItem } from '../../data/catalog/catalogDb';
import type { QueueStoreApi } from '../../data/queue/queueStore';
import { containsAnyAllergen } from '../../data/search/search';

// "Most sold": the items this terminal sent most in the last 14 days, counted by
// the main side from its queue database (electron/services/queue/mostSold.ts). Read when the
// account opens and again after the queue changes (a round accepted changes the counts), at most
// once per `intervalMs`: the catalog's first tab shows the latest answer.

/** How many items the tab lists: more than fit a 1920×1080 screen, few enough to scan. */
export const MOST_SOLD_LIMIT = 48;

export interface MostSoldState {
  /** Item ids and quantities, most sent first; null until the first answer (or after a failure with none). */
  items: MostSold['items'] | null;
  set: (items: MostSold['items'] | null) => void;
}

export const createMostSoldStore = () =>
  create<MostSoldState>()((set) => ({
    items: null,
    set: (items) => set({ items }),
  }));

export const useMostSoldStore = createMostSoldStore();

export interface MostSoldFeed {
  stop(): void;
}

export function startMostSoldFeed({
  bridge,
  queue,
  store = useMostSoldStore,
  intervalMs = 2_000,
  log = () => {},
}: {
  bridge: Pick<BridgeClient, 'getMostSold'>;
  queue: QueueStoreApi;
  store?: ReturnType<typeof createMostSoldStore>;
  intervalMs?: number;
  log?: (line: string) => void;
}): MostSoldFeed {
  let stopped = false;
  let reading = false;
  let again = false;
  let lastReadAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  store.getState().set(null);

  const read = async () => {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    lastReadAt = Date.now();
    try {
      const answer = await bridge.getMostSold({ limit: MOST_SOLD_LIMIT });
      if (!stopped) store.getState().set(answer.items);
    } catch (error) {
      // The last list stays; the tab says nothing was sent only when no list ever came.
      log(`most sold: not read: ${error instanceof Error ? error.message : String(error)}`);
      if (!stopped && store.getState().items === null) store.getState().set([]);
    } finally {
      reading = false;
    }
    if (again && !stopped) {
      again = false;
      schedule();
    }
  };

  const schedule = () => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void read();
      },
      Math.max(0, lastReadAt + intervalMs - Date.now()),
    );
  };

  let revision = queue.getState().queue?.revision ?? null;
  const unsubscribe = queue.subscribe((state) => {
    const next = state.queue?.revision ?? null;
    if (next === revision) return;
    revision = next;
    schedule();
  });
  void read();

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

/** The records of the most-sold list still in the catalog and on sale, in the list's order. */
export async function mostSoldItems(db: CatalogDb, ids: readonly number[]): Promise<StoredItem[]> {
  const found = await db.items.bulkGet([...ids]);
  return found.filter((item): item is StoredItem => item !== undefined && item.active);
}

/**
 * What the "Most sold" tab shows: nothing yet while the list or its records are read; the empty
 * state (and the first group instead) when nothing was sent lately or none of it is on sale; else
 * the items, those the allergen filter hides counted apart.
 */
export type MostSoldTab = { kind: 'reading' } | { kind: 'empty' } | { kind: 'items'; shown: StoredItem[]; hiddenCount: number };

export function mostSoldTab(list: MostSold['items'] | null, items: readonly StoredItem[] | undefined, hiddenAllergens: ReadonlySet<AllergenCode>): MostSoldTab {
  if (list === null || items === undefined) return { kind: 'reading' };
  if (items.length === 0) return { kind: 'empty' };
  const shown = items.filter((item) => !containsAnyAllergen(item.allergies, hiddenAllergens));
  return { kind: 'items', shown, hiddenCount: items.length - shown.length };
}
