import { describe, expect, it } from 'vitest';
import { BridgeError, type BridgeInput, type PurchaseOrderLine } from '../../../../../shared/bridge';
import { receiptPlan } from './receiptForm';
import { openReceiving } from './receiveGoods';

const line = (id: number, ordered: number): PurchaseOrderLine => ({
  id,
  itemId: id + 100,
  itemName: `Item ${id}`,
  itemBarcode: null,
  status: 0,
  ordered,
  receivedAtServer: 0,
  here: { accepted: 0, waiting: 0, unconfirmed: 0 },
  priceCents: null,
  totalCents: null,
});

/** A main side that commits a receipt, or fails the next call with `failNext`. */
function fakeBridge() {
  const calls: BridgeInput<'receivePurchaseOrder'>[] = [];
  let failNext: BridgeError | null = null;
  return {
    calls,
    failNextWith: (error: BridgeError) => void (failNext = error),
    receivePurchaseOrder: async (input: BridgeInput<'receivePurchaseOrder'>) => {
      calls.push(input);
      await Promise.resolve();
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      return {
        entryIds: input.lines.map((l) => l.entryId),
        here: input.lines.map((l) => ({ lineId: l.lineId, here: { accepted: 0, waiting: l.quantity, unconfirmed: 0 } })),
      };
    },
  };
}

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const lines = [line(1, 24_000), line(2, 6_000)];
const warehouse = { id: 3, name: 'Bar' };

describe('receiving goods', () => {
  it('sends one line per typed quantity into the warehouse, and shows what is now waiting to go', async () => {
    const bridge = fakeBridge();
    const receiving = openReceiving(bridge, { id: 9, reference: 'PO-9' }, newId);
    const plan = receiptPlan(lines, new Map([[2, '1,5']]));
    const received = await receiving.receive({ plan, lines, warehouse });
    expect(bridge.calls).toHaveLength(1);
    expect(bridge.calls[0]).toMatchObject({
      purchaseOrderId: 9,
      reference: 'PO-9',
      warehouseId: 3,
      warehouseName: 'Bar',
      lines: [{ lineId: 2, itemId: 102, quantity: 1_500 }],
    });
    expect(received.count).toBe(1);
    expect(received.lines.map((l) => l.here.waiting)).toEqual([0, 1_500]);
  });

  it('sends the same entry ids again after a lost answer, and new ones after a saved receipt', async () => {
    const bridge = fakeBridge();
    const receiving = openReceiving(bridge, { id: 9, reference: 'PO-9' }, newId);
    const plan = receiptPlan(lines, new Map([[1, '2']]));
    bridge.failNextWith(new BridgeError({ kind: 'unreachable', code: 'main-not-answering' }));
    await expect(receiving.receive({ plan, lines, warehouse })).rejects.toThrow(BridgeError);
    await receiving.receive({ plan, lines, warehouse });
    await receiving.receive({ plan, lines, warehouse });
    const sent = bridge.calls.map((c) => c.lines[0]!.entryId);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[1]);
  });
});
