import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { includedTax, lineSum, mulDivHalfUp, percentOf, spreadExact } from './arith';

describe('retail arithmetic', () => {
  it('rounds half up exactly, past 2^53 too', () => {
    expect(mulDivHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivHalfUp(4, 1, 10)).toBe(0);
    expect(mulDivHalfUp(9_999_999_999, 1_000_000, 1000)).toBe(9_999_999_999_000);
    expect(mulDivHalfUp(9_999_999_999, 9_999_999_999, 9_999_999_999)).toBe(9_999_999_999);
  });

  it('line sums: price × thousandths; tax inside a total; percents', () => {
    expect(lineSum(1999, 3000)).toBe(5997);
    expect(lineSum(1250, 350)).toBe(438); // 4.375 → 4.38
    expect(includedTax(1210, 2100)).toBe(210);
    expect(includedTax(999, 2100)).toBe(173);
    expect(includedTax(0, 2100)).toBe(0);
    expect(percentOf(1999, 5000)).toBe(1000); // 9.995 → 10.00
    expect(percentOf(1000, 15000)).toBe(1000); // capped at 100 %
  });

  it('spreads by the largest remainder: exact, never negative, never above a weight', () => {
    expect(spreadExact(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadExact(3, [1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0, 0]);
    expect(spreadExact(500, [3000, 1000])).toEqual([375, 125]);
    expect(spreadExact(7, [0, 0])).toEqual([4, 3]);
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { minLength: 1, maxLength: 30 }), fc.nat(), (weights, pick) => {
        const whole = weights.reduce((a, b) => a + b, 0);
        // Weights that are all 0 share equally (spreadExact's rule), so the amount is free there.
        const amount = whole === 0 ? pick % 1000 : pick % (whole + 1);
        const shares = spreadExact(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          if (whole === 0) {
            expect(Math.abs(share * weights.length - amount)).toBeLessThan(weights.length); // within a cent of equal
          } else {
            expect(share).toBeLessThanOrEqual(weights[i]!);
            expect(Math.abs(share * whole - amount * weights[i]!)).toBeLessThan(whole); // within a cent of exact
          }
        });
      }),
    );
  });
});
