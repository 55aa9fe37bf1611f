import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billOf, discountCentsOf, lineSharesOf, splitEvenly } from './bill';
import { billDiscountArb, buildTable, payOff, strategyArb, tableArb } from './bill.payoff.testing';

// Property tests of the bill: random tables — a seating maybe with items and a
// prepayment, rounds with and without discounts, separate checks, a bill discount waiting — paid
// off in random ways (evenly into n, by groups of lines, typed amounts), each payment capped by
// what the bill says is due, as the pay dialog and the main side do.

describe('bill properties', () => {
  it('splitting a bill in any way never pays more than it nor leaves a cent unpaid', () => {
    fc.assert(
      fc.property(tableArb, fc.array(strategyArb, { minLength: 1, maxLength: 8 }), (spec, strategies) => {
        const table = buildTable(spec);
        const { before, after: bill } = payOff(table, strategies);
        expect(bill.leftCents).toBe(0);
        expect(bill.overpaidCents).toBe(0);
        // What was paid is the bill after its discounts, to the cent.
        expect(bill.paidCents).toBe(bill.totalCents);
        expect(bill.payments.reduce((sum, p) => sum + p.amountCents, 0)).toBe(bill.totalCents);
        expect(bill.contentsCents).toBe(before.contentsCents);
        // The bill discount was taken off once (or not at all when there was nothing to pay).
        expect(bill.discountCents).toBe(before.discountCents + (before.dueNowCents > 0 ? before.pendingDiscountCents : 0));
        if (bill.contentsCents > 0) expect(bill.paid).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('discounts never make a total negative', () => {
    fc.assert(
      fc.property(tableArb, (spec) => {
        const table = buildTable(spec);
        // Any bill discount at all, even one the main side would refuse.
        const bill = billOf({ ...table.service, billDiscount: spec.billDiscount }, table.entries);
        for (const check of bill.checks) {
          expect(check.discountCents).toBeGreaterThanOrEqual(0);
          expect(check.totalCents).toBeGreaterThanOrEqual(0);
          expect(check.totalCents).toBe(check.contentsCents - check.discountCents);
          expect(check.leftCents).toBeGreaterThanOrEqual(0);
        }
        expect(bill.totalCents).toBeGreaterThanOrEqual(0);
        expect(bill.pendingDiscountCents).toBeGreaterThanOrEqual(0);
        expect(bill.pendingDiscountCents).toBeLessThanOrEqual(bill.payableNowCents);
        expect(bill.dueNowCents).toBeGreaterThanOrEqual(0);
        if (bill.nextCheck !== null) {
          // The line shares of the check the next payment pays add up to its total less the waiting discount.
          const check = bill.checks[bill.nextCheck]!;
          const shares = [...lineSharesOf(bill, check.index, check.discountCents + bill.pendingDiscountCents).values()];
          for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
          expect(shares.reduce((sum, s) => sum + s, 0)).toBe(check.totalCents - bill.pendingDiscountCents);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a discount is never negative nor more than what it is taken from', () => {
    fc.assert(
      fc.property(billDiscountArb, fc.integer({ min: -1_000, max: 9_999_999_999 }), (discount, base) => {
        if (discount === null) return;
        const cents = discountCentsOf(discount, base);
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(Math.max(0, base));
        if (discount.kind === 'percent' && base > 0) {
          // Rounded half up: within half a cent of the exact figure.
          expect(Math.abs(cents * 10_000 - discount.value * base)).toBeLessThanOrEqual(5_000);
        }
      }),
    );
  });

  it('splitEvenly always sums exactly, larger shares first, differing by at most a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 1, max: 99 }), (total, parts) => {
        const shares = splitEvenly(total, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((sum, s) => sum + s, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeLessThanOrEqual(shares[i - 1]!);
      }),
    );
  });
});
