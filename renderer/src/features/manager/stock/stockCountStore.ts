import { create } from 'zustand';
import type { BridgeClient } from '../../../../../shared/bridge';
import type { CountSheet } from './stockCount';

// The stock count's sheets, one per warehouse, for this window while manager mode is used: going to
// another tab (or out of manager mode) and back keeps what was typed. Bound to the account's
// bridge: another account's bridge starts empty.

export interface StockCountState {
  bridge: BridgeClient | null;
  /** The warehouse chosen on the count tab; null: not chosen yet (the terminal's own, else the first). */
  warehouseId: number | null;
  sheets: Readonly<Record<number, CountSheet>>;
}

export const useStockCountStore = create<StockCountState>()(() => ({ bridge: null, warehouseId: null, sheets: {} }));

export const stockCountSelectors = {
  /** The chosen warehouse, when the store is this bridge's. */
  warehouseId: (bridge: BridgeClient) => (state: StockCountState) => (state.bridge === bridge ? state.warehouseId : null),
  sheet: (bridge: BridgeClient, warehouseId: number | null) => (state: StockCountState) =>
    state.bridge === bridge && warehouseId !== null ? state.sheets[warehouseId] : undefined,
} as const;

/** Makes the store this bridge's (another account's sheets are dropped). */
export function claimStockCounts(bridge: BridgeClient): void {
  if (useStockCountStore.getState().bridge !== bridge) useStockCountStore.setState({ bridge, warehouseId: null, sheets: {} });
}

export function chooseCountWarehouse(bridge: BridgeClient, warehouseId: number): void {
  claimStockCounts(bridge);
  useStockCountStore.setState({ warehouseId });
}

/** Changes one warehouse's sheet (made by `change(undefined)` when there is none yet). */
export function updateSheet(bridge: BridgeClient, warehouseId: number, change: (sheet: CountSheet | undefined) => CountSheet): void {
  claimStockCounts(bridge);
  useStockCountStore.setState((state) => ({ sheets: { ...state.sheets, [warehouseId]: change(state.sheets[warehouseId]) } }));
}
