// Worked examples of the four promotion types (clarifications "Retail", "Promotions") and of the
// decisions in promotions.ts's header.
import { describe, expect, it } from 'vitest';
import { applyPromotions, type BasketLine, type Promotion, type PromotionsResult } from './promotions';
import type { PriceRate } from './priceRates';
import { basketLine as line, MONDAY_NOON, priceRate, promotion } from './testing';

function run(lines: BasketLine[], promotions: Promotion[], rates: PriceRate[] = []): PromotionsResult {
  return applyPromotions(lines, promotions, rates, MONDAY_NOON);
}
/** key → cents off, lines without a discount left out. */
function off(result: PromotionsResult): Record<string, number> {
  return Object.fromEntries(result.lines.filter((l) => l.cents > 0).map((l) => [l.key, l.cents]));
}

describe('type 1: pairs', () => {
  it('2x1 by category: units of every line sorted dear to cheap and paired, the cheaper of each pair free', () => {
    // 12.00, 8.00, 8.00, 5.00 → (12.00, 8.00) (8.00, 5.00): an 8.00 and the 5.00 free.
    const lines = [
      line('a', 1, 1200, 1, { categoryId: 5 }),
      line('b', 2, 800, 2, { categoryId: 5 }),
      line('c', 3, 500, 1, { categoryId: 5 }),
      line('d', 4, 100, 1, { categoryId: 6 }),
    ];
    const result = run(lines, [promotion({ id: 1, name: '2x1 mitjons', type: 1, apply_to: 2, categoryIds: [5], apply_type: 2, group_by: 1 })]);
    expect(off(result)).toEqual({ b: 800, c: 500 });
    expect(result.lines[1]!.discounts).toEqual([{ promotionId: 1, name: '2x1 mitjons', cents: 800, amount: 800, isPercentage: false, units: 2 }]);
    expect(result.applied).toEqual([{ promotionId: 1, name: '2x1 mitjons', cents: 1300 }]);
  });

  it('50 % on the second unit, half up per unit; the odd unit stays free for the next promotion', () => {
    const lines = [line('a', 4, 999, 3)];
    const result = run(lines, [
      promotion({ id: 1, type: 1, apply_to: 1, productIds: [4], apply_type: 1 }),
      // 1 unit left: 1 € off when 1 unit is reached
      promotion({ id: 2, type: 4, apply_to: 3, condition: 1, quantity: 1000, action: 2, discount: 100 }),
    ]);
    expect(result.lines[0]!.discounts.map((d) => [d.promotionId, d.cents, d.units])).toEqual([
      [1, 500, 2], // 9.99 / 2 = 4.995 → 5.00
      [2, 100, 1],
    ]);
  });

  it('group_by product pairs the variants of a master; group_by variant does not', () => {
    const lines = [line('s', 21, 2000, 1, { masterId: 20 }), line('m', 22, 2000, 1, { masterId: 20 })];
    const byProduct = run(lines, [promotion({ id: 1, type: 1, apply_to: 1, productIds: [20], apply_type: 1, group_by: 2 })]);
    expect(byProduct.cents).toBe(1000);
    const byVariant = run(lines, [promotion({ id: 1, type: 1, apply_to: 1, productIds: [20], apply_type: 1, group_by: 3 })]);
    expect(byVariant.cents).toBe(0);
    const twoOfOne = run(
      [line('s', 21, 2000, 2, { masterId: 20 })],
      [promotion({ id: 1, type: 1, apply_to: 1, productIds: [20], apply_type: 1, group_by: 3 })],
    );
    expect(twoOfOne.cents).toBe(1000);
  });

  it('a weighed line is one unit priced at its sum', () => {
    // 12.50 €/kg × 0.350 kg = 4.38 and 9.00 €/kg × 0.500 kg = 4.50: the 4.38 one free.
    const lines = [line('h', 1, 1250, 0, { measureThousandths: 350, byWeight: true }), line('c', 2, 900, 0, { measureThousandths: 500, byWeight: true })];
    expect(off(run(lines, [promotion({ id: 1, type: 1, apply_to: 3, apply_type: 2, group_by: 1 })]))).toEqual({ h: 438 });
  });
});

describe('type 2: price rate', () => {
  const outlet = priceRate({ id: 9, type: 1, amountHundredths: -3000, rounding: 5 });
  const summer = promotion({ id: 3, type: 2, apply_to: 2, categoryIds: [7], price_rate_id: 9 });

  it('eligible units priced by the rate: 20.00 −30 % = 14.00 → 13.99 (down to .99)', () => {
    // sold at 18.00 (the sale's members rate): 18.00 − 13.99 = 4.01 a unit
    const lines = [line('a', 1, 1800, 2, { basePriceCents: 2000, categoryId: 7 }), line('b', 2, 1800, 1, { basePriceCents: 2000, categoryId: 8 })];
    expect(off(run(lines, [summer], [outlet]))).toEqual({ a: 802 });
  });

  it('a rate price not lower than the unit price gives nothing and leaves the units free', () => {
    const lines = [line('a', 1, 1000, 2, { basePriceCents: 2000, categoryId: 7 })];
    const result = run(lines, [summer, promotion({ id: 4, type: 1, apply_to: 3, apply_type: 2 })], [outlet]);
    expect(result.lines[0]!.discounts.map((d) => [d.promotionId, d.cents])).toEqual([[4, 1000]]);
  });

  it('a weighed line: sum at its price − sum at the rate price', () => {
    const rate = priceRate({ id: 9, amountHundredths: -3000, rounding: 1 }); // 12.50 → 8.75 €/kg
    const lines = [line('h', 1, 1250, 0, { measureThousandths: 350, byWeight: true, categoryId: 7 })];
    expect(off(run(lines, [summer], [rate]))).toEqual({ h: 438 - 306 }); // 4.38 − 3.06 (3.0625)
  });

  it('a type 2 rate prices only its linked products; an unknown rate never applies', () => {
    const online = priceRate({ id: 9, type: 2, rounding: 3, linkedPrices: new Map([[1, 1240]]) });
    const lines = [line('a', 1, 1500, 1, { categoryId: 7 }), line('b', 2, 1500, 1, { categoryId: 7 })];
    expect(off(run(lines, [summer], [online]))).toEqual({ a: 1500 - 1199 });
    expect(run(lines, [summer], []).cents).toBe(0);
  });
});

describe('type 3: combo', () => {
  const pack = promotion({ id: 4, name: 'Pack', type: 3, apply_to: 2, categoryIds: [2, 1], combo_price: 4990 });

  it('one unit per linked category makes a set at combo_price, the discount spread by price', () => {
    // Set: shirt 24.99 (the dearest) + jeans 39.99 = 64.98 → 49.90: 15.08 off,
    // 15.08 × 24.99/64.98 = 5.7995… and 15.08 × 39.99/64.98 = 9.2804…: 5.79 + 9.28 = 15.07, the cent
    // left to the larger remainder → 5.80 + 9.28.
    const lines = [line('s1', 1, 1999, 2, { categoryId: 1 }), line('s2', 2, 2499, 1, { categoryId: 1 }), line('j', 3, 3999, 1, { categoryId: 2 })];
    const result = run(lines, [pack]);
    expect(off(result)).toEqual({ s2: 580, j: 928 });
    expect(result.applied).toEqual([{ promotionId: 4, name: 'Pack', cents: 1508 }]);
  });

  it('several sets; an incomplete set takes nothing', () => {
    const lines = [line('s', 1, 2000, 3, { categoryId: 1 }), line('j', 3, 4000, 2, { categoryId: 2 })];
    const result = run(lines, [pack, promotion({ id: 5, type: 4, apply_to: 3, condition: 1, quantity: 0, action: 1, discount: 1000 })]);
    // two sets of 60.00 → 49.90: 10.10 off each, 3.37 + 6.73
    expect(result.lines.map((l) => l.discounts.map((d) => [d.promotionId, d.cents, d.units]))).toEqual([
      [
        [4, 674, 2],
        [5, 200, 1], // the third shirt, left free by the combo: 10 %
      ],
      [[4, 1346, 2]],
    ]);
  });

  it('linked products (apply_to 1), a master covering its variants; a set dearer than its parts gives nothing', () => {
    const combo = promotion({ id: 4, type: 3, apply_to: 1, productIds: [10, 30], productSetComplete: true, combo_price: 1000 });
    // 12.00 → 10.00: 2.00 off, 1.333… + 0.666…: the cent left to the larger remainder (0.666…)
    expect(off(run([line('v', 11, 800, 1, { masterId: 10 }), line('p', 30, 400, 1)], [combo]))).toEqual({ v: 133, p: 67 });
    expect(run([line('v', 11, 600, 1, { masterId: 10 }), line('p', 30, 400, 1)], [combo]).cents).toBe(0);
  });
});

describe('type 3 on linked products: only with the whole product list', () => {
  // A combo of A, B and C (ids 1, 2, 3) at 20.00; each product 10.00.
  const abc = (fields: Partial<Promotion> = {}) =>
    promotion({ id: 7, name: 'Trio', type: 3, apply_to: 1, productIds: [1, 2, 3], productSetComplete: true, combo_price: 2000, ...fields });

  it('A + B of an A, B, C combo: no combo price; A + B + C: the combo price', () => {
    expect(run([line('a', 1, 1000, 1), line('b', 2, 1000, 1)], [abc()]).cents).toBe(0);
    const all = run([line('a', 1, 1000, 1), line('b', 2, 1000, 1), line('c', 3, 1000, 1)], [abc()]);
    expect(all.cents).toBe(1000);
    expect(all.applied).toEqual([{ promotionId: 7, name: 'Trio', cents: 1000 }]);
  });

  it('a list not known whole (the till has read A and B only) gives nothing, and names the combo as waiting for the lines it knows', () => {
    const known = abc({ productIds: [1, 2], productSetComplete: false });
    const result = run([line('a', 1, 1000, 1), line('b', 2, 1000, 1), line('x', 9, 500, 1)], [known]);
    expect(result.cents).toBe(0);
    expect(result.waiting).toEqual([{ promotionId: 7, name: 'Trio', keys: ['a', 'b'] }]);
    // Unset counts as not known.
    const { productSetComplete: _unset, ...unsaid } = known;
    expect(run([line('a', 1, 1000, 1), line('b', 2, 1000, 1)], [unsaid]).cents).toBe(0);
  });
});

describe('type 4: conditional', () => {
  it('money reached (100.00 €, condition 2): 10 % off, spread by line totals', () => {
    const p = promotion({ id: 5, type: 4, apply_to: 3, condition: 2, quantity: 100_000, action: 1, discount: 1000 });
    const result = run([line('a', 1, 3000, 2), line('b', 2, 4500, 1)], [p]);
    expect(off(result)).toEqual({ a: 600, b: 450 });
    expect(result.lines[0]!.discounts[0]).toMatchObject({ amount: 1000, isPercentage: true });
    expect(run([line('a', 1, 3000, 2), line('b', 2, 3999, 1)], [p]).cents).toBe(0); // 99.99
  });

  it('units reached (3, condition 1): 5.00 off in total, exact to the cent', () => {
    const p = promotion({ id: 5, type: 4, apply_to: 1, productIds: [1, 2], condition: 1, quantity: 3000, action: 2, discount: 500 });
    // 5.00 × 20.00/23.33 = 4.286… and 5.00 × 3.33/23.33 = 0.713…: 4.28 + 0.71 + the cent to the first
    const result = run([line('a', 1, 1000, 2), line('b', 2, 333, 1), line('c', 3, 999, 5)], [p]);
    expect(off(result)).toEqual({ a: 429, b: 71 });
    expect(run([line('a', 1, 1000, 2), line('c', 3, 999, 5)], [p]).cents).toBe(0);
  });

  it('money off never above the eligible lines', () => {
    const p = promotion({ id: 5, type: 4, apply_to: 3, condition: 1, quantity: 0, action: 2, discount: 10_000 });
    expect(off(run([line('a', 1, 300, 1), line('b', 2, 250, 2)], [p]))).toEqual({ a: 300, b: 500 });
  });
});

describe('order, schedule and eligibility', () => {
  it('promotions apply in `order`: a unit discounted by one takes no other', () => {
    const half = promotion({ id: 1, order: 2, type: 1, apply_to: 3, apply_type: 1 });
    const free = promotion({ id: 2, order: 1, type: 1, apply_to: 3, apply_type: 2 });
    const result = run([line('a', 1, 1000, 2)], [half, free]);
    expect(result.lines[0]!.discounts.map((d) => [d.promotionId, d.cents])).toEqual([[2, 1000]]);
  });

  it('off promotions give nothing: inactive, out of dates, times or weekdays', () => {
    const lines = [line('a', 1, 1000, 2)];
    const twoForOne = (fields: Partial<Promotion>) => promotion({ id: 1, type: 1, apply_to: 3, apply_type: 2, ...fields });
    expect(run(lines, [twoForOne({ active: false })]).cents).toBe(0);
    expect(run(lines, [twoForOne({ start_date: '2026-11-24' })]).cents).toBe(0);
    expect(run(lines, [twoForOne({ end_date: '2026-11-22' })]).cents).toBe(0);
    expect(run(lines, [twoForOne({ start_date: '2026-11-23', end_date: '2026-11-23' })]).cents).toBe(1000);
    expect(run(lines, [twoForOne({ weekdays: [2, 3] })]).cents).toBe(0);
    expect(run(lines, [twoForOne({ weekdays: [1] })]).cents).toBe(1000);
    expect(run(lines, [twoForOne({ start_time: '12:01' })]).cents).toBe(0);
    expect(run(lines, [twoForOne({ start_time: '9:00', end_time: '12:00' })]).cents).toBe(1000);
    expect(run(lines, [twoForOne({ end_time: 'noon' })]).cents).toBe(0);
  });

  it('a promotion missing a field its type needs never applies', () => {
    const lines = [line('a', 1, 1000, 2)];
    expect(run(lines, [promotion({ id: 1, type: 1, apply_to: 3 })]).cents).toBe(0);
    expect(run(lines, [promotion({ id: 1, type: 3, apply_to: 3, combo_price: 0 })]).cents).toBe(0);
    expect(run(lines, [promotion({ id: 1, type: 4, apply_to: 3, condition: 1, action: 1, discount: 1000 })]).cents).toBe(0);
    expect(run(lines, [promotion({ id: 1, type: 7, apply_to: 3 })]).cents).toBe(0);
  });

  it('refuses two lines with one key', () => {
    expect(() => run([line('a', 1, 100, 1), line('a', 2, 100, 1)], [])).toThrow(RangeError);
  });
});
