// The order arithmetic the till sends (clarifications "Prices, taxes and orders"), worked through.
import { describe, expect, it } from 'vitest';
import { priceLine, priceOrder } from './order';
import type { PromotionDiscount } from './promotions';

const promo = (promotionId: number, cents: number, fields: Partial<PromotionDiscount> = {}): PromotionDiscount => ({
  promotionId,
  name: `P${promotionId}`,
  cents,
  amount: cents,
  isPercentage: false,
  units: 1,
  ...fields,
});

describe('order lines', () => {
  it('sum, discount, total, tax inside the total, subtotal', () => {
    // 3 × 19.99 at 21 %, 2x1 gives one free: 59.97 − 19.99 = 39.98; tax 39.98 × 21/121 = 6.938… → 6.94
    const line = priceLine({ priceCents: 1999, measureThousandths: 3000, taxPercentHundredths: 2100, promotions: [promo(1, 1999)] });
    expect(line).toEqual({
      sum: 5997,
      promotionDiscount: 1999,
      manualDiscount: 0,
      discount: 1999,
      total: 3998,
      tax: 694,
      subtotal: 3304,
      discountObject: { id: 1, name: 'P1', amount: 1999, isPercentage: false },
    });
  });

  it('by weight: 12.50 €/kg × 0.350 kg = 4.38 at 10 %', () => {
    expect(priceLine({ priceCents: 1250, measureThousandths: 350, taxPercentHundredths: 1000 })).toMatchObject({
      sum: 438,
      total: 438,
      tax: 40,
      subtotal: 398,
      discountObject: {},
    });
  });

  it('a manual discount comes after the promotions and never makes the line negative', () => {
    const percent = priceLine({
      priceCents: 1000,
      measureThousandths: 2000,
      taxPercentHundredths: 2100,
      promotions: [promo(1, 500)],
      manual: { kind: 'percent', hundredths: 1000, name: 'Staff' },
    });
    expect(percent).toMatchObject({ promotionDiscount: 500, manualDiscount: 150, discount: 650, total: 1350 });
    expect(percent.discountObject).toEqual({ id: 1, name: 'P1 + Staff', amount: 650, isPercentage: false });
    const amount = priceLine({
      priceCents: 1000,
      measureThousandths: 1000,
      taxPercentHundredths: 2100,
      promotions: [promo(1, 600)],
      manual: { kind: 'amount', cents: 900 },
    });
    expect(amount).toMatchObject({ manualDiscount: 400, total: 0, tax: 0 });
    expect(
      priceLine({ priceCents: 1000, measureThousandths: 1000, taxPercentHundredths: 0, manual: { kind: 'percent', hundredths: 1500 } }).discountObject,
    ).toEqual({ id: null, name: '', amount: 1500, isPercentage: true });
  });
});

describe('the order', () => {
  it('sum of line totals; the order discount spread by line totals for the tax; shipping in the total only', () => {
    // 2 × 19.99 at 21 % and 1 × 5.50 at 10 %, 5.00 off the order, 3.95 shipping:
    // shares of 5.00 over 39.98 and 5.50: 4.395… → 4.40 (larger remainder) and 0.604… → 0.60
    const order = priceOrder(
      [
        { priceCents: 1999, measureThousandths: 2000, taxPercentHundredths: 2100 },
        { priceCents: 550, measureThousandths: 1000, taxPercentHundredths: 1000 },
      ],
      { kind: 'amount', cents: 500 },
      395,
    );
    expect(order.sum).toBe(4548);
    expect(order.orderDiscountShares).toEqual([440, 60]);
    // tax: (39.98 − 4.40) × 21/121 = 6.175… → 6.18; (5.50 − 0.60) × 10/110 = 0.445… → 0.45
    expect(order.tax).toBe(618 + 45);
    expect(order.total).toBe(4548 - 500 + 395);
    expect(order.subtotal).toBe(4548 - 500 - 663);
  });

  it('an order discount in percent, never above the lines', () => {
    const lines = [{ priceCents: 1000, measureThousandths: 1000, taxPercentHundredths: 2100 }];
    expect(priceOrder(lines, { kind: 'percent', hundredths: 1250 }).orderDiscount).toBe(125);
    expect(priceOrder(lines, { kind: 'amount', cents: 5000 }).total).toBe(0);
  });
});
