// The till's retail pricing (shared/domain/retail) against the retail sandbox's own referee
// (electron/sandbox/retail/orders/arithmetic.ts, priceRates/rounding.ts) on random inputs: two
// independent readings of the clarifications ("Prices, taxes and orders", "Price rates") that
// must agree wherever the clarifications decide.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder, includedTax as refereeTax, lineSum as refereeLineSum } from '../../electron/sandbox/retail/orders/arithmetic';
import { priceInRate as refereePriceInRate, roundPrice as refereeRound } from '../../electron/sandbox/retail/priceRates/rounding';
import type { PriceRateRecord, RetailProductRecord } from '../../electron/sandbox/retail/model';
import { includedTax, lineSum } from '../../shared/domain/retail/arith';
import { priceLine, priceOrder } from '../../shared/domain/retail/order';
import { priceInRate, roundRatePrice, type Rounding } from '../../shared/domain/retail/priceRates';

const rounding = fc.constantFrom<Rounding>(1, 2, 3, 4, 5, null);
const taxRate = fc.constantFrom(0, 400, 1000, 2100, 750, 1234);
const lineArb = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 2_000_000 }),
    measureThousandths: fc.integer({ min: 1, max: 200_000 }),
    taxPercentHundredths: taxRate,
    discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((l) => {
    const sum = refereeLineSum(l.priceCents, l.measureThousandths);
    return { ...l, discountCents: Math.floor(sum * l.discountPart) };
  });

describe('order arithmetic: the till and the referee agree', () => {
  it('line sum, tax, total and subtotal, to the cent', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const mine = priceLine({ ...l, manual: { kind: 'amount', cents: l.discountCents } });
        const theirs = expectedLine(l);
        expect({ sum: mine.sum, total: mine.total, tax: mine.tax, subtotal: mine.subtotal }).toEqual(theirs);
        expect(lineSum(l.priceCents, l.measureThousandths)).toBe(refereeLineSum(l.priceCents, l.measureThousandths));
        expect(includedTax(mine.total, l.taxPercentHundredths)).toBe(refereeTax(mine.total, l.taxPercentHundredths));
      }),
      { numRuns: 2000 },
    );
  });

  it("the order: sum and total to the cent, tax and subtotal within the server's tolerance (a cent a line)", () => {
    let largestTaxGap = 0;
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 5000 }),
        (lines, offPart, shipping) => {
          const inputs = lines.map((l) => ({ ...l, manual: { kind: 'amount' as const, cents: l.discountCents } }));
          const totals = lines.map((l) => expectedLine(l).total);
          const orderDiscount = Math.floor(totals.reduce((a, b) => a + b, 0) * offPart);
          const mine = priceOrder(inputs, { kind: 'amount', cents: orderDiscount }, shipping);
          const theirs = expectedOrder(lines, orderDiscount, shipping);
          expect(mine.sum).toBe(theirs.sum);
          expect(mine.total).toBe(theirs.total);
          expect(mine.lines.map((l) => l.total)).toEqual(theirs.lines.map((l) => l.total));
          const gap = Math.abs(mine.tax - theirs.tax);
          largestTaxGap = Math.max(largestTaxGap, gap);
          // The two spread the order discount each its own exact way (largest remainder here, the
          // rest on the last line there), so the tax may differ by a cent here and there — never by
          // more than the server accepts (electron/sandbox/retail/orders/routes.ts: a cent a line).
          expect(gap).toBeLessThanOrEqual(lines.length);
          expect(Math.abs(mine.subtotal - theirs.subtotal)).toBeLessThanOrEqual(lines.length);
          if (orderDiscount === 0) expect(mine.tax).toBe(theirs.tax);
        },
      ),
      { numRuns: 1000 },
    );
    expect(largestTaxGap).toBeLessThanOrEqual(3);
  });
});

describe('price rates: the till and the referee agree', () => {
  it('the five roundings on fractional cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.constantFrom(1, 3, 10, 100, 10_000), rounding, (num, den, r) => {
        expect(roundRatePrice(num, den, r)).toBe(refereeRound(BigInt(num), BigInt(den), r));
      }),
      { numRuns: 5000 },
    );
  });

  it("a product's price in a rate (percentage, price, linked)", () => {
    fc.assert(
      fc.property(
        fc.record({
          type: fc.constantFrom(1 as const, 2 as const),
          amount: fc.integer({ min: -12_000, max: 10_000 }),
          rounding,
          base: fc.integer({ min: 0, max: 500_000 }),
          linked: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
        }),
        ({ type, amount, rounding: r, base, linked }) => {
          const mine = priceInRate(
            { id: 1, type, amountHundredths: amount, rounding: r, linkedPrices: new Map(linked === undefined ? [] : [[7, linked]]) },
            7,
            base,
          );
          const rate: PriceRateRecord = { id: 1, name: 'R', type, amount, rounding: r };
          const theirs = refereePriceInRate(
            rate,
            { id: 7, price: base } as RetailProductRecord,
            linked === undefined ? undefined : { price_rate_id: 1, product_id: 7, price: linked },
          );
          expect(mine).toBe(theirs);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('rule 3 below 1.00: 0.99 from 0.49 (a tie, up), below that the price stays — both agree', () => {
    for (const [num, expected] of [
      [80, 99],
      [49, 99],
      [48, 48],
    ] as const) {
      expect(roundRatePrice(num, 1, 3)).toBe(expected);
      expect(refereeRound(BigInt(num), 1n, 3)).toBe(expected);
    }
  });
});
