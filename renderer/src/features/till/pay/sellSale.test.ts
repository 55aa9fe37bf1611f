import { describe, expect, it } from 'vitest';
import { BridgeError, queuedEntry, type EntryDraft } from '../../../../../shared/bridge';
import { createQueueStore } from '../../../data/queue/queueStore';
import { createBasketStore } from '../basketStore';
import type { SaleReceiptInput } from '../receipt/receiptModel';
import { TILL_NOON, tillProduct } from '../tillTesting';
import { checkPayments, shopMethods } from './salePay';
import { sellSale, type SellSaleInput } from './sellSale';

const methods = shopMethods([
  { id: 1, name: 'Card' },
  { id: 2, name: 'Cash' },
]);

/** A main side that stores a sale with its invoice in one call; `failNext` refuses the next call. */
function fakeMain() {
  const calls: Array<{ sale: EntryDraft; invoice: EntryDraft }> = [];
  const stored = new Map<string, ReturnType<typeof queuedEntry>>();
  let failNext: BridgeError | null = null;
  return {
    calls,
    stored,
    failNextWith: (error: BridgeError) => void (failNext = error),
    bridge: {
      submitSale: async (input: { sale: EntryDraft; invoice: EntryDraft }) => {
        calls.push(structuredClone(input));
        await Promise.resolve();
        if (failNext) {
          const error = failNext;
          failNext = null;
          throw error;
        }
        const keep = (draft: EntryDraft) =>
          stored.get(draft.id) ?? stored.set(draft.id, queuedEntry(draft, stored.size + 1, '2026-11-23T11:00:00.000Z')).get(draft.id)!;
        return { sale: keep(input.sale), invoice: keep(input.invoice) };
      },
    },
  };
}

function setup() {
  const basket = createBasketStore(() => TILL_NOON);
  basket.getState().add(tillProduct(1, 1250));
  basket.getState().add(tillProduct(2, 399));
  const draft = basket.getState().checkoutDraft();
  const check = checkPayments([{ key: 'p1', methodId: 2, amount: '16,49', tendered: '20' }], methods, draft.totals.total);
  if (check.payments === null) throw new Error('the test payment does not add up');
  const input: SellSaleInput = {
    ids: { sale: 'sale-1', invoice: 'invoice-1' },
    draft,
    check: { ...check, payments: check.payments },
    closedAt: TILL_NOON,
    customerName: null,
    shop: null,
  };
  const receipts: SaleReceiptInput[] = [];
  const queue = createQueueStore();
  const main = fakeMain();
  const deps = { bridge: main.bridge, db: null, queue, basket, recordReceipt: (r: SaleReceiptInput) => void receipts.push(r) };
  return { basket, input, receipts, queue, main, deps };
}

describe('selling a sale with its invoice', () => {
  it('submits the sale and its invoice in one call, then shows them, empties the basket and records the receipt', async () => {
    const { input, main, deps, queue, basket, receipts } = setup();
    const sold = await sellSale(input, deps);
    expect(sold).toEqual({ saleId: 'sale-1', changeCents: 351 });
    expect(main.calls).toHaveLength(1);
    expect(main.calls[0]!.sale).toMatchObject({ id: 'sale-1', kind: 'sale' });
    expect(main.calls[0]!.invoice).toMatchObject({ id: 'invoice-1', kind: 'invoice', after: 'sale-1' });
    expect(queue.getState().queue?.pending.map((e) => e.id)).toEqual(['sale-1', 'invoice-1']);
    expect(basket.getState().entries).toHaveLength(0);
    expect(receipts.map((r) => r.ids)).toEqual([{ sale: 'sale-1', invoice: 'invoice-1' }]);
  });

  it('keeps the basket and records nothing when the sale was not saved; the retry sends the same pair', async () => {
    const { input, main, deps, queue, basket, receipts } = setup();
    main.failNextWith(new BridgeError({ kind: 'unreachable', code: 'main-not-answering' }));
    await expect(sellSale(input, deps)).rejects.toThrow(BridgeError);
    expect(basket.getState().entries).toHaveLength(2);
    expect(queue.getState().queue).toBeNull();
    expect(receipts).toEqual([]);

    await sellSale(input, deps);
    expect(main.calls).toHaveLength(2);
    expect(main.calls[1]).toEqual(main.calls[0]);
    expect([...main.stored.keys()]).toEqual(['sale-1', 'invoice-1']);
  });
});
