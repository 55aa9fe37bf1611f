import { describe, expect, it } from 'vitest';
import { expectedOrder, includedTax, lineSum, mulDivRound, spread } from './arithmetic';

describe('retail order arithmetic (clarifications "Prices, taxes and orders")', () => {
  it('rounds half up, exactly, past 2^53', () => {
    expect(mulDivRound(5, 1, 10)).toBe(1); // 0.5 → 1
    expect(mulDivRound(4, 1, 10)).toBe(0);
    expect(mulDivRound(9_999_999_999, 1_000_000_000, 1000)).toBe(9_999_999_999_000_000);
  });

  it('line sum: price × quantity (thousandths), half up to the cent', () => {
    expect(lineSum(1999, 3000)).toBe(5997);
    expect(lineSum(1250, 350)).toBe(438); // 12.50 €/kg × 0.350 kg = 4.375 → 4.38
  });

  it('tax inside a tax-included total: 21% of 12.10 is 2.10; 10% of 5.50 is 0.50', () => {
    expect(includedTax(1210, 2100)).toBe(210);
    expect(includedTax(550, 1000)).toBe(50);
    expect(includedTax(999, 2100)).toBe(173); // 9.99 − 9.99/1.21 = 1.7338… → 1.73
    expect(includedTax(0, 2100)).toBe(0);
  });

  it('spreads an amount in proportion, the shares adding up exactly', () => {
    expect(spread(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(spread(500, [3000, 1000])).toEqual([375, 125]);
    expect(spread(7, [0, 0])).toEqual([0, 7]);
  });

  it('an order with an order discount: tax on the discounted lines', () => {
    // 2 × 19.99 at 21% and 1 × 5.50 at 10%, 5.00 off the order, 3.95 shipping.
    const order = expectedOrder(
      [
        { priceCents: 1999, measureThousandths: 2000, discountCents: 0, taxPercentHundredths: 2100 },
        { priceCents: 550, measureThousandths: 1000, discountCents: 0, taxPercentHundredths: 1000 },
      ],
      500,
      395,
    );
    expect(order.sum).toBe(4548);
    expect(order.total).toBe(4548 - 500 + 395);
    // shares: 500 × 3998/4548 = 439.5… → 440; 60. Taxes: (3998−440)=3558 × 21/121 = 617.5 → 618;
    // (550−60)=490 × 10/110 = 44.5… → 45.
    expect(order.tax).toBe(618 + 45);
    expect(order.subtotal).toBe(4548 - 500 - 663);
  });
});
