import { describe, expect, it } from 'vitest';
import { BridgeError, type BridgeClient, type BridgeInput, type BridgeOutput } from '../../../../../shared/bridge';
import { saveStockCount } from './countStock';
import { sheetFromRead, withTyped } from './stockCount';
import { stockCountSelectors, updateSheet, useStockCountStore } from './stockCountStore';

/** A bridge whose saveStockCount answers `answer` (or throws it), keeping what it was sent. */
function bridgeAnswering(answer: BridgeOutput<'saveStockCount'> | Error) {
  const calls: BridgeInput<'saveStockCount'>[] = [];
  const bridge = {
    saveStockCount: async (input: BridgeInput<'saveStockCount'>) => {
      calls.push(input);
      await Promise.resolve();
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as BridgeClient;
  return { bridge, calls };
}

function countedSheet(bridge: BridgeClient) {
  const read = sheetFromRead(1, [
    { itemId: 10, quantity: 12 },
    { itemId: 11, quantity: 3 },
  ]);
  const sheet = withTyped(withTyped(read, 10, '10'), 11, '3');
  updateSheet(bridge, 1, () => sheet);
  return sheet;
}
const storedSheet = (bridge: BridgeClient) => stockCountSelectors.sheet(bridge, 1)(useStockCountStore.getState())!;

describe('saving a stock count', () => {
  it("sends every counted item with what was in stock, and then shows the POS's quantities with no counts left", async () => {
    const { bridge, calls } = bridgeAnswering({
      outcome: 'saved',
      stocks: [
        { itemId: 10, quantity: 10 },
        { itemId: 11, quantity: 3 },
      ],
    });
    const sheet = countedSheet(bridge);
    await expect(saveStockCount(bridge, sheet)).resolves.toEqual({ kind: 'saved', count: 2 });
    expect(calls).toEqual([
      {
        warehouseId: 1,
        counts: [
          { itemId: 10, expected: 12, counted: 10 },
          { itemId: 11, expected: 3, counted: 3 },
        ],
      },
    ]);
    expect(storedSheet(bridge)).toMatchObject({ expected: { 10: 10, 11: 3 }, typed: {}, changed: {} });
  });

  it('marks what changed at the POS, keeping every count', async () => {
    const { bridge } = bridgeAnswering({ outcome: 'changed-elsewhere', changed: [{ itemId: 11, expected: 3, now: 7 }] });
    const sheet = countedSheet(bridge);
    await expect(saveStockCount(bridge, sheet)).resolves.toEqual({ kind: 'changed', count: 1, firstItemId: 11 });
    expect(storedSheet(bridge)).toMatchObject({ changed: { 11: 7 }, typed: { 10: '10', 11: '3' } });
    // Until the manager decides on item 11, nothing more is sent.
    await expect(saveStockCount(bridge, storedSheet(bridge))).resolves.toEqual({ kind: 'unsettled', count: 1 });
  });

  it('sends nothing for a count that cannot be read, and keeps the sheet when the call fails', async () => {
    const { bridge, calls } = bridgeAnswering(new BridgeError({ kind: 'unreachable', code: 'offline' }));
    const sheet = countedSheet(bridge);
    await expect(saveStockCount(bridge, withTyped(sheet, 10, 'ten'))).resolves.toEqual({ kind: 'invalid', itemIds: [10] });
    expect(calls).toEqual([]);
    await expect(saveStockCount(bridge, sheet)).rejects.toThrow(BridgeError);
    expect(storedSheet(bridge)).toEqual(sheet);
  });
});
