import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeInput } from '../../../../shared/bridge';
import { initialWarehouseState, setItemStock, useWarehouseStore, type StockBridge } from './warehouseStore';

// "86" and "Put back" (StockDialogs.tsx) are this action: the item's stock in the terminal's warehouse.

function bridgeKeepingCalls() {
  const calls: BridgeInput<'setItemStock'>[] = [];
  const bridge = {
    setItemStock: async (input: BridgeInput<'setItemStock'>) => {
      calls.push(input);
      await Promise.resolve();
      return { stock: { itemId: input.itemId, warehouseId: input.warehouseId, quantity: input.quantity } };
    },
  } as unknown as StockBridge;
  return { bridge, calls };
}

afterEach(() => useWarehouseStore.setState(initialWarehouseState()));

describe('86 an item', () => {
  it("sets the item's stock to 0 in the warehouse this terminal sells from", async () => {
    const { bridge, calls } = bridgeKeepingCalls();
    useWarehouseStore.setState({ bridge, warehouseId: 4, status: 'ready' });
    await expect(setItemStock(10, 0)).resolves.toMatchObject({ itemId: 10, quantity: 0 });
    expect(calls).toEqual([{ warehouseId: 4, itemId: 10, quantity: 0 }]);
  });

  it('sends nothing when the account has gone or no warehouse is chosen', async () => {
    const { bridge, calls } = bridgeKeepingCalls();
    await expect(setItemStock(10, 0)).rejects.toEqual({ code: 'account-switched' });
    useWarehouseStore.setState({ bridge, warehouseId: null, status: 'ready' });
    await expect(setItemStock(10, 0)).rejects.toThrow('no warehouse chosen');
    expect(calls).toEqual([]);
  });
});
