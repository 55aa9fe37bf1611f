import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../../shared/domain/bill';
import { cashOutcome, initialPayDraft, parseDiscount, payAmount, quickTenders, tipCents, typeTenderedKey } from './payForm';

const bill = (payableNowCents: number): Bill => ({
  serviceId: 's',
  checks: [],
  lines: [],
  discounts: [],
  payments: [],
  contentsCents: payableNowCents,
  discountCents: 0,
  totalCents: payableNowCents,
  paidCents: 0,
  tipsCents: 0,
  leftCents: payableNowCents,
  payableNowCents,
  pendingDiscountCents: 0,
  dueNowCents: payableNowCents,
  nextCheck: payableNowCents > 0 ? 0 : null,
  overpaidCents: 0,
  paid: false,
});

describe('payAmount', () => {
  it('whole: what this payment may be now', () => {
    expect(payAmount(bill(2345), initialPayDraft(4))).toEqual({ ok: true, cents: 2345 });
  });
  it('evenly: the larger share first, default ways = the guests', () => {
    const draft = { ...initialPayDraft(3), mode: 'evenly' as const };
    expect(draft.parts).toBe(3);
    expect(payAmount(bill(1000), draft)).toEqual({ ok: true, cents: 334 });
  });
  it('a typed amount: format, more than 0, never more than is payable', () => {
    const typed = (typedAmount: string) => payAmount(bill(1000), { ...initialPayDraft(2), mode: 'amount', typedAmount });
    expect(typed('5,50')).toEqual({ ok: true, cents: 550 });
    expect(typed('abc')).toEqual({ ok: false, problem: 'amount-format' });
    expect(typed('0')).toEqual({ ok: false, problem: 'amount-zero' });
    expect(typed('10,01')).toEqual({ ok: false, problem: 'amount-over' });
  });
  it('by lines: none chosen is a problem; nothing left refuses every mode', () => {
    expect(payAmount(bill(1000), { ...initialPayDraft(2), mode: 'lines' })).toEqual({ ok: false, problem: 'no-lines' });
    expect(payAmount(bill(0), initialPayDraft(2))).toEqual({ ok: false, problem: 'nothing-left' });
  });
});

describe('cash', () => {
  it('keypad digits are cents, at most 7, clear and delete', () => {
    let digits = '';
    for (const key of ['0', '2', '5', '0', '0']) digits = typeTenderedKey(digits, key);
    expect(digits).toBe('2500');
    expect(typeTenderedKey(digits, 'delete')).toBe('250');
    expect(typeTenderedKey(digits, 'clear')).toBe('');
    expect(typeTenderedKey('1234567', '8')).toBe('1234567');
  });
  it('change due covers amount plus tip; short is refused', () => {
    expect(cashOutcome(1710, 0, 2000)).toEqual({ ok: true, changeCents: 290 });
    expect(cashOutcome(1710, 100, 2000)).toEqual({ ok: true, changeCents: 190 });
    expect(cashOutcome(1710, 0, 1700)).toEqual({ ok: false, problem: 'tendered-short' });
  });
  it('quick tenders: exact, then round notes above it', () => {
    expect(quickTenders(1710)).toEqual([1710, 2000, 5000]);
    expect(quickTenders(2000)).toEqual([2000, 5000]);
  });
  it('tip: empty is 0, a bad one is null', () => {
    expect(tipCents({ ...initialPayDraft(2), tip: '' })).toBe(0);
    expect(tipCents({ ...initialPayDraft(2), tip: '1,50' })).toBe(150);
    expect(tipCents({ ...initialPayDraft(2), tip: 'x' })).toBeNull();
  });
});

describe('parseDiscount', () => {
  it('percent in basis points, amount in cents, with a reason', () => {
    expect(parseDiscount({ kind: 'percent', value: '10', reason: ' Regulars ' }, 5000)).toEqual({
      ok: true,
      discount: { kind: 'percent', value: 1000, reason: 'Regulars' },
    });
    expect(parseDiscount({ kind: 'percent', value: '12,5', reason: 'x' }, 5000)).toEqual({ ok: true, discount: { kind: 'percent', value: 1250, reason: 'x' } });
    expect(parseDiscount({ kind: 'amount', value: '5', reason: 'x' }, 5000)).toEqual({ ok: true, discount: { kind: 'amount', value: 500, reason: 'x' } });
  });
  it('refuses no reason, zero, over 100 % and more than is left', () => {
    expect(parseDiscount({ kind: 'percent', value: '10', reason: ' ' }, 5000)).toEqual({ ok: false, problem: 'reason-missing' });
    expect(parseDiscount({ kind: 'percent', value: '0', reason: 'x' }, 5000)).toEqual({ ok: false, problem: 'value-zero' });
    expect(parseDiscount({ kind: 'percent', value: '100,01', reason: 'x' }, 5000)).toEqual({ ok: false, problem: 'percent-over' });
    expect(parseDiscount({ kind: 'amount', value: '50,01', reason: 'x' }, 5000)).toEqual({ ok: false, problem: 'amount-over' });
  });
});
