import type { BridgeClient } from '../../../../../shared/bridge';
import { afterSave, countsToSave, withChanged, type CountSheet } from './stockCount';
import { updateSheet } from './stockCountStore';

// "Save" on the stock count as a user action: every counted item with the quantity the manager
// saw goes in one call; the main side writes them only when nothing changed at the POS since they
// were read. Saved: in stock becomes what the POS now has and those counts are done. Changed
// elsewhere: the items that did are marked on the sheet, and nothing was written.

export type CountSaved =
  | { kind: 'nothing' }
  /** Counts that cannot be read; nothing was sent. */
  | { kind: 'invalid'; itemIds: number[] }
  /** Items changed elsewhere that the manager has not decided on yet; nothing was sent. */
  | { kind: 'unsettled'; count: number }
  | { kind: 'too-many'; count: number }
  | { kind: 'saved'; count: number }
  /** Nothing was written: these items changed at the POS since they were read (the first one first). */
  | { kind: 'changed'; count: number; firstItemId: number };

/**
 * Saves the sheet's counts and keeps what the answer says on the sheet (stockCountStore.ts); throws
 * when the call failed. `onSend` runs when the counts are about to go (not when nothing is sent).
 */
export async function saveStockCount(bridge: BridgeClient, sheet: CountSheet, onSend: () => void = () => {}): Promise<CountSaved> {
  const plan = countsToSave(sheet);
  if (plan.kind === 'nothing' || plan.kind === 'invalid' || plan.kind === 'too-many') return plan;
  if (plan.kind === 'unsettled') return { kind: 'unsettled', count: plan.itemIds.length };
  const { warehouseId } = sheet;
  onSend();
  const answer = await bridge.saveStockCount({ warehouseId, counts: plan.counts });
  if (answer.outcome === 'saved') {
    updateSheet(bridge, warehouseId, (current) => afterSave(current ?? sheet, answer.stocks));
    return { kind: 'saved', count: answer.stocks.length };
  }
  updateSheet(bridge, warehouseId, (current) => withChanged(current ?? sheet, answer.changed));
  return { kind: 'changed', count: answer.changed.length, firstItemId: answer.changed[0]!.itemId };
}
