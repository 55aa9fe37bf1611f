import type { OutboxEntry } from '../../../../shared/bridge';
import type { StoredStock } from '../catalog/catalogDb';

// What this terminal sold that the synced stock does not count yet: the catalog's
// stock rows are the vendor's figures at the last sync (or an 86 / put back since); every order the
// queue holds that takes stock from the chosen warehouse (loyalty orders with `warehouse_id`) and
// that the vendor had not yet accepted when that sync ended is taken off the shown quantity, so a
// button counts down as rounds are sent — in every window, since the queue is the main side's. The
// next sync brings the vendor's own figure; nothing here is written to the catalog, so nothing can
// be counted twice.

/** One order's units of one item, and when the order was taken (epoch ms). */
export interface SoldUnits {
  at: number;
  quantity: number;
}

/** Orders that take stock: a person's "discard" and a refusal took nothing. */
function takesStock(entry: OutboxEntry, warehouseId: number, syncedAtMs: number): boolean {
  if (entry.request.kind !== 'order' || entry.request.order.warehouse_id !== warehouseId) return false;
  if (entry.state === 'rejected' || entry.resolution === 'discarded') return false;
  // Accepted before the sync ended: the synced figure already counts it.
  return !(entry.state === 'accepted' && Date.parse(entry.updatedAt) <= syncedAtMs);
}

/** Per item id: the units taken from `warehouseId` by orders the stock synced at `syncedAt` does not count. */
export function unsyncedSales(entries: readonly OutboxEntry[], warehouseId: number, syncedAt: string): Map<number, SoldUnits[]> {
  const syncedAtMs = Date.parse(syncedAt);
  const sold = new Map<number, SoldUnits[]>();
  for (const entry of entries) {
    if (!takesStock(entry, warehouseId, syncedAtMs)) continue;
    const at = Date.parse(entry.createdAt);
    for (const line of entry.lines) {
      const list = sold.get(line.choice.itemId) ?? [];
      list.push({ at, quantity: line.quantity });
      sold.set(line.choice.itemId, list);
    }
  }
  return sold;
}

/**
 * The quantity to show: the row's, less the units sold after it was last set (a row an 86 or a put
 * back set at `setAt` already is the truth at that moment). Never below 0: "Sold out" is the floor.
 */
export function shownStock(row: StoredStock & { setAt?: string }, sold: readonly SoldUnits[] | undefined): StoredStock {
  if (!sold || sold.length === 0) return row;
  const setAtMs = row.setAt === undefined ? -Infinity : Date.parse(row.setAt);
  const taken = sold.reduce((sum, units) => (units.at > setAtMs ? sum + units.quantity : sum), 0);
  return taken === 0 ? row : { ...row, quantity: Math.max(0, row.quantity - taken) };
}

/** unsyncedSales, computed once per queue snapshot, warehouse and generation for every button. */
let memo: { entries: readonly OutboxEntry[]; warehouseId: number; syncedAt: string; sold: Map<number, SoldUnits[]> } | null = null;
export function unsyncedSalesOf(entries: readonly OutboxEntry[], warehouseId: number, syncedAt: string): Map<number, SoldUnits[]> {
  if (memo === null || memo.entries !== entries || memo.warehouseId !== warehouseId || memo.syncedAt !== syncedAt) {
    memo = { entries, warehouseId, syncedAt, sold: unsyncedSales(entries, warehouseId, syncedAt) };
  }
  return memo.sold;
}
