import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../../../shared/bridge';
import type { StoredStock } from '../data/catalog/catalogDb';
import { catalogSelectors } from '../data/catalog/catalogStore';
import { useQueueStore } from '../data/queue/queueStore';
import { useCatalog } from './useCatalog';
import { shownStock, unsyncedSalesOf } from '../data/stock/unsyncedSales';
import { useWarehouseStore } from '../data/stock/warehouseStore';

/**
 * The chosen warehouse's stock row of one item, live: one indexed read of `[warehouse_id+item_id]`
 * per button (never the whole table), re-run when that row changes (an 86 from any window), the
 * warehouse changes or a new generation opens, less the units the queue's orders took since the
 * sync (unsyncedSales.ts). null: no warehouse or no row; undefined: reading.
 */
const NO_ENTRIES: readonly OutboxEntry[] = [];

export function useItemStock(itemId: number): StoredStock | null | undefined {
  const db = useCatalog(catalogSelectors.catalogDb);
  const syncedAt = useCatalog(catalogSelectors.lastSyncedAt);
  const warehouseId = useWarehouseStore((state) => state.warehouseId);
  const row = useLiveQuery(
    async () =>
      db === null || warehouseId === null ? null : ((await db.stocks.where('[warehouse_id+item_id]').equals([warehouseId, itemId]).first()) ?? null),
    [db, warehouseId, itemId],
  );
  // Less what the queue's orders took since that figure (unsyncedSales.ts): the button counts down.
  const sold = useQueueStore((state) =>
    warehouseId === null || syncedAt === null ? undefined : unsyncedSalesOf(state.queue?.entries ?? NO_ENTRIES, warehouseId, syncedAt).get(itemId),
  );
  return row ? shownStock(row, sold) : row;
}
