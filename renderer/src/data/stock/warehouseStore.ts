import { create } from 'zustand';
import type { BridgeClient, ErrorParams, ItemStock } from '../../../../shared/bridge';
import type { StoredWarehouse } from '../catalog/catalogDb';

// The warehouse this terminal sells from, for the current account: loaded from
// the main side (getStockSettings) when the account opens (stockFeed.ts). Orders read
// `useWarehouseStore.getState().warehouseId` to send `warehouse_id`; item buttons show its stock.

/** What the stock screens need of the account's bridge. */
export type StockBridge = Pick<BridgeClient, 'getStockSettings' | 'saveStockSettings' | 'setItemStock'>;

/** A failure as the renderer words it (i18n/errorText.ts). */
export interface StockProblem {
  code: string;
  params?: ErrorParams | undefined;
}

export interface WarehouseState {
  /** null: no warehouse (nothing is sent as `warehouse_id`, no stock is shown). */
  warehouseId: number | null;
  /** `loading` until the main side answered; `failed`: it could not be read (no warehouse meanwhile). */
  status: 'loading' | 'ready' | 'failed';
  problem: StockProblem | null;
  /** The account's bridge while its terminal is open (stockFeed.ts); null otherwise. */
  bridge: StockBridge | null;
}

export const initialWarehouseState = (): WarehouseState => ({ warehouseId: null, status: 'loading', problem: null, bridge: null });

export const useWarehouseStore = create<WarehouseState>()(() => initialWarehouseState());

const asProblem = (error: unknown): StockProblem =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? { code: (error as StockProblem).code, params: (error as StockProblem).params }
    : { code: 'unexpected' };

/** Reads the saved warehouse of the account (again). */
export async function loadWarehouse(): Promise<void> {
  const bridge = useWarehouseStore.getState().bridge;
  if (bridge === null) return;
  try {
    const { warehouseId } = await bridge.getStockSettings({});
    if (useWarehouseStore.getState().bridge === bridge) useWarehouseStore.setState({ warehouseId, status: 'ready', problem: null });
  } catch (error) {
    if (useWarehouseStore.getState().bridge === bridge) useWarehouseStore.setState({ status: 'failed', problem: asProblem(error) });
  }
}

/** Settings opened after a failed read: the warehouse is read again. */
export function reloadWarehouseIfFailed(): void {
  if (useWarehouseStore.getState().status === 'failed') void loadWarehouse();
}

/** Saves the choice; the store changes once the main side kept it. Throws the bridge's error. */
export async function chooseWarehouse(warehouseId: number | null): Promise<void> {
  const bridge = useWarehouseStore.getState().bridge;
  if (bridge === null) throw { code: 'account-switched' } satisfies StockProblem;
  const saved = await bridge.saveStockSettings({ warehouseId });
  if (useWarehouseStore.getState().bridge === bridge) useWarehouseStore.setState({ warehouseId: saved.warehouseId, status: 'ready', problem: null });
}

/** 86 an item (quantity 0) or put it back, in the chosen warehouse; online only. Throws the bridge's error. */
export async function setItemStock(itemId: number, quantity: number): Promise<ItemStock> {
  const { bridge, warehouseId } = useWarehouseStore.getState();
  if (bridge === null) throw { code: 'account-switched' } satisfies StockProblem;
  if (warehouseId === null) throw new Error('no warehouse chosen');
  const { stock } = await bridge.setItemStock({ warehouseId, itemId, quantity });
  return stock;
}

export { asProblem };

/** Warehouses in the back office's `order`, then by name. */
export function sortWarehouses(warehouses: StoredWarehouse[], collator: Intl.Collator): StoredWarehouse[] {
  return [...warehouses].sort(
    (a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || collator.compare(a.name, b.name) || a.id - b.id,
  );
}
