import type { ChangedElsewhere, ItemStock, StockCountLine, WarehouseStockRow } from '../../../shared/bridge';
import { explainedGatewayCall } from '../bridge/gatewayFailures';
import type { StockWire } from '../../../shared/api';
import { audited } from './audited';
import type { BackofficeDeps, BackofficeHandlers } from './types';

// Stock counts. Reading: every page of the warehouse's stocks (spec 4.4 GET
// V2/warehouses/<id>), one row per item. Saving:
//   1. read the warehouse again;
//   2. any counted item whose quantity now differs from the one the manager saw ("expected") →
//      write NOTHING and answer those items with their new quantity (the screen shows "changed
//      elsewhere: now 7"; the manager keeps the count or counts again, then saves again);
//   3. else ONE `setStock` with the `stocks` array (spec 4.4) through `audited` (the audit log's
//      'stock-count', target "warehouse <id>"), then `stock-changed` for every item so the item
//      buttons of every window follow.
// Between 1 and 3 another terminal could still write (the API has no conditional write); the
// window is one request long instead of the whole count.

/** Quantities compare to the 6 decimals the POS keeps (no float noise from 0.1 + 0.2). */
export function sameQuantity(a: number, b: number): boolean {
  return Math.round(a * 1e6) === Math.round(b * 1e6);
}

/** One quantity per item (a repeated row: the last one read wins, as the POS's own list order). */
function byItem(rows: readonly StockWire[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const row of rows) quantities.set(row.item_id, row.quantity);
  return quantities;
}

/** The counted items whose quantity at the POS is no longer the expected one (no row = 0). */
export function changedSince(counts: readonly StockCountLine[], current: ReadonlyMap<number, number>): ChangedElsewhere[] {
  return counts.flatMap((line) => {
    const now = current.get(line.itemId) ?? 0;
    return sameQuantity(now, line.expected) ? [] : [{ itemId: line.itemId, expected: line.expected, now }];
  });
}

export function stockCountHandlers(deps: BackofficeDeps): Pick<BackofficeHandlers, 'readWarehouseStock' | 'saveStockCount'> {
  const readStock = (warehouseId: number) => explainedGatewayCall(async () => byItem(await deps.gateway.listStocks(warehouseId, { priority: 'interactive' })));

  return {
    async readWarehouseStock({ warehouseId }) {
      const quantities = await readStock(warehouseId);
      const stocks: WarehouseStockRow[] = [...quantities].map(([itemId, quantity]) => ({ itemId, quantity }));
      return { warehouseId, stocks };
    },

    async saveStockCount({ warehouseId, counts }) {
      const changed = changedSince(counts, await readStock(warehouseId));
      if (changed.length > 0) {
        deps.log?.(`stock count: warehouse ${warehouseId}: ${changed.length} of ${counts.length} items changed since they were read; nothing written`);
        return { outcome: 'changed-elsewhere', changed };
      }

      const body = { stocks: counts.map((line) => ({ item_id: line.itemId, quantity: line.counted })) };
      const answer = await audited(deps.audit, {
        action: 'stock-count',
        target: `warehouse ${warehouseId}`,
        change: body,
        send: () => deps.gateway.setStock(warehouseId, body, { priority: 'interactive' }),
      });

      // The rows the POS answered, when it answered them (not shown in the spec), else what was set.
      const answered = answer === null ? new Map<number, number>() : byItem(Array.isArray(answer) ? answer : [answer]);
      const stocks: WarehouseStockRow[] = counts.map((line) => ({ itemId: line.itemId, quantity: answered.get(line.itemId) ?? line.counted }));
      for (const row of stocks) {
        const stock: ItemStock = { warehouseId, itemId: row.itemId, quantity: row.quantity };
        deps.emit({ type: 'stock-changed', stock });
      }
      return { outcome: 'saved', stocks };
    },
  };
}
