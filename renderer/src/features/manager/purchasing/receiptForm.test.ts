import { describe, expect, it } from 'vitest';
import type { PurchaseOrderLine } from '../../../../../shared/bridge';
import { leftToReceive, parseReceiptQuantity, receiptEntryIds, receiptPlan, receivedShown, thousandthsInput, withHere } from './receiptForm';

// The receipt screen's rules.

const line = (id: number, ordered: number, receivedAtServer = 0, here = { accepted: 0, waiting: 0, unconfirmed: 0 }): PurchaseOrderLine => ({
  id,
  itemId: id + 100,
  itemName: `Item ${id}`,
  itemBarcode: null,
  status: 0,
  ordered,
  receivedAtServer,
  here,
  priceCents: null,
  totalCents: null,
});

describe('what a line shows', () => {
  it('received = the server’s + everything this terminal committed; left never below 0', () => {
    const l = line(1, 24_000, 6_000, { accepted: 2_000, waiting: 1_500, unconfirmed: 500 });
    expect(receivedShown(l)).toBe(10_000);
    expect(leftToReceive(l)).toBe(14_000);
    expect(leftToReceive(line(2, 1_000, 3_000))).toBe(0);
  });
});

describe('typed quantities', () => {
  it('reads whole numbers and up to 3 decimals with a point or a comma, exactly', () => {
    expect(parseReceiptQuantity('')).toBeNull();
    expect(parseReceiptQuantity('  ')).toBeNull();
    expect(parseReceiptQuantity('12')).toEqual({ ok: true, thousandths: 12_000 });
    expect(parseReceiptQuantity('1,5')).toEqual({ ok: true, thousandths: 1_500 });
    expect(parseReceiptQuantity('0.125')).toEqual({ ok: true, thousandths: 125 });
    expect(parseReceiptQuantity('2.')).toEqual({ ok: true, thousandths: 2_000 });
    // 0.1 + 0.2 is not a problem here: no floats are summed.
    expect(parseReceiptQuantity('0.3')).toEqual({ ok: true, thousandths: 300 });
  });

  it('refuses what is not a quantity', () => {
    expect(parseReceiptQuantity('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseReceiptQuantity('0,000')).toEqual({ ok: false, problem: 'zero' });
    expect(parseReceiptQuantity('-2')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseReceiptQuantity('2,5555')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseReceiptQuantity('1e3')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseReceiptQuantity('12345678901')).toEqual({ ok: false, problem: 'too-large' });
  });

  it('gives "all left" back as typed text', () => {
    expect(thousandthsInput(12_000)).toBe('12');
    expect(thousandthsInput(1_250)).toBe('1.25');
    expect(parseReceiptQuantity(thousandthsInput(1_250))).toEqual({ ok: true, thousandths: 1_250 });
  });
});

describe('the receipt the typed quantities make', () => {
  const lines = [line(1, 24_000, 0, { accepted: 0, waiting: 20_000, unconfirmed: 0 }), line(2, 6_000), line(3, 12_000)];

  it('keeps the lines with a quantity, in the order’s order; lists unreadable ones and ones over what is left', () => {
    const plan = receiptPlan(
      lines,
      new Map([
        [3, '2'],
        [1, '5'],
        [2, 'abc'],
      ]),
    );
    expect(plan.lines).toEqual([
      { lineId: 1, itemId: 101, itemName: 'Item 1', quantity: 5_000 },
      { lineId: 3, itemId: 103, itemName: 'Item 3', quantity: 2_000 },
    ]);
    expect(plan.invalid).toEqual([{ lineId: 2, problem: 'invalid' }]);
    // Line 1: 20 already waiting to go, 4 left.
    expect(plan.over).toEqual([{ lineId: 1, itemName: 'Item 1', left: 4_000, receiving: 5_000 }]);
    expect(receiptPlan(lines, new Map())).toEqual({ lines: [], invalid: [], over: [] });
  });

  it('keeps a line’s entry id while its quantity stays, so Receive tapped again stores it once', () => {
    let n = 0;
    const newId = () => `id-${++n}`;
    const first = receiptEntryIds(
      receiptPlan(
        lines,
        new Map([
          [2, '1'],
          [3, '2'],
        ]),
      ),
      new Map(),
      newId,
    );
    expect([...first]).toEqual([
      [2, { quantity: 1_000, entryId: 'id-1' }],
      [3, { quantity: 2_000, entryId: 'id-2' }],
    ]);
    const again = receiptEntryIds(
      receiptPlan(
        lines,
        new Map([
          [2, '1'],
          [3, '3'],
        ]),
      ),
      first,
      newId,
    );
    expect([...again]).toEqual([
      [2, { quantity: 1_000, entryId: 'id-1' }],
      [3, { quantity: 3_000, entryId: 'id-3' }],
    ]);
  });

  it('takes the main side’s counts after a receipt was committed', () => {
    const next = withHere(lines, [{ lineId: 2, here: { accepted: 0, waiting: 1_000, unconfirmed: 0 } }]);
    expect(next[1]!.here).toEqual({ accepted: 0, waiting: 1_000, unconfirmed: 0 });
    expect(next[0]).toBe(lines[0]);
  });
});
