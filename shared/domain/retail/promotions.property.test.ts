import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSum, percentOf } from './arith';
import { priceOrder, withPromotions, type ManualDiscount } from './order';
import { applyPromotions, type BasketLine, type Promotion, type PromotionsResult } from './promotions';
import type { PriceRate } from './priceRates';
import { MONDAY_NOON } from './testing';

// Property tests of the promotions engine on random baskets and random promotions of the four
// types (retail-api.md §2.8 fields, clarifications "Promotions"): a total never negative, never
// more discount than the prices, the same result whatever the order the lines were added in, exact
// to the cent.

const lineArb = fc.record({
  productId: fc.integer({ min: 1, max: 8 }),
  masterId: fc.option(fc.integer({ min: 20, max: 22 }), { nil: null }),
  categoryId: fc.integer({ min: 1, max: 3 }),
  basePriceCents: fc.integer({ min: 0, max: 6000 }),
  unitPriceCents: fc.integer({ min: 0, max: 6000 }),
  measure: fc.oneof(
    fc.integer({ min: 0, max: 6 }).map((q) => q * 1000),
    fc.integer({ min: 1, max: 3000 }),
  ),
  byWeight: fc.boolean(),
});
const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 3 });
const promotionArb = fc.record({
  order: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  type: fc.integer({ min: 1, max: 4 }),
  apply_to: fc.integer({ min: 1, max: 3 }),
  apply_type: fc.constantFrom(1, 2),
  group_by: fc.option(fc.constantFrom(1, 2, 3), { nil: null }),
  price_rate_id: fc.constantFrom(1, 2, 3),
  combo_price: fc.integer({ min: 0, max: 8000 }),
  condition: fc.constantFrom(1, 2),
  quantity: fc.integer({ min: 0, max: 30_000 }),
  action: fc.constantFrom(1, 2),
  discount: fc.integer({ min: 0, max: 12_000 }),
  productIds: fc.tuple(ids(8), ids(22)).map(([a, b]) => [...a, ...b.filter((id) => id >= 20)]),
  categoryIds: ids(3),
  productSetComplete: fc.boolean(),
});
const rateArb = fc.record({
  type: fc.constantFrom(1 as const, 2 as const),
  amountHundredths: fc.integer({ min: -10_000, max: 5000 }),
  rounding: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, 5 as const, null),
  linked: fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 6000 })), { maxLength: 4 }),
});
const scenario = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  promotions: fc.array(promotionArb, { maxLength: 6 }),
  rates: fc.array(rateArb, { minLength: 1, maxLength: 2 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario) {
  const lines: BasketLine[] = s.lines.map((l, i) => ({
    key: `k${i}`,
    productId: l.productId,
    masterId: l.masterId,
    categoryId: l.categoryId,
    basePriceCents: l.basePriceCents,
    unitPriceCents: l.unitPriceCents,
    measureThousandths: l.measure,
    byWeight: l.byWeight,
  }));
  const promotions: Promotion[] = s.promotions.map((p, i) => ({ ...p, id: i + 1, name: `P${i + 1}`, active: true }));
  const rates: PriceRate[] = s.rates.map((r, i) => ({
    id: i + 1,
    type: r.type,
    amountHundredths: r.amountHundredths,
    rounding: r.rounding,
    linkedPrices: new Map(r.linked),
  }));
  return { lines, promotions, rates };
}

const run = (lines: readonly BasketLine[], promotions: readonly Promotion[], rates: readonly PriceRate[]) =>
  applyPromotions(lines, promotions, rates, MONDAY_NOON);

/** A line's content (everything but its key) with what it got: comparable across key changes. */
function contentResults(lines: readonly BasketLine[], result: PromotionsResult): string[] {
  return lines
    .map((l, i) => {
      const { key: _key, ...content } = l;
      return JSON.stringify([content, result.lines[i]!.discounts]);
    })
    .sort();
}

describe('promotions engine: properties', () => {
  it('never more discount than the prices: each line between 0 and its sum, units never reused', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { lines, promotions, rates } = build(s);
        const result = run(lines, promotions, rates);
        result.lines.forEach((r, i) => {
          const l = lines[i]!;
          expect(r.key).toBe(l.key);
          const sum = lineSum(l.unitPriceCents, Math.max(0, l.measureThousandths));
          expect(r.cents).toBeGreaterThanOrEqual(0);
          expect(r.cents).toBeLessThanOrEqual(sum);
          expect(r.discounts.reduce((a, d) => a + d.cents, 0)).toBe(r.cents);
          for (const d of r.discounts) expect(d.cents).toBeGreaterThan(0);
          const units = l.byWeight || l.measureThousandths % 1000 !== 0 ? 1 : l.measureThousandths / 1000;
          expect(r.discounts.reduce((a, d) => a + d.units, 0)).toBeLessThanOrEqual(units);
          expect(new Set(r.discounts.map((d) => d.promotionId)).size).toBe(r.discounts.length);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('a total never negative: with manual line discounts and an order discount on top', () => {
    const manualArb: fc.Arbitrary<ManualDiscount | null> = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 20_000 }).map((cents) => ({ kind: 'amount' as const, cents })),
      fc.integer({ min: 0, max: 12_000 }).map((hundredths) => ({ kind: 'percent' as const, hundredths })),
    );
    fc.assert(
      fc.property(
        scenario,
        fc.array(manualArb, { minLength: 12, maxLength: 12 }),
        manualArb,
        fc.integer({ min: 0, max: 1000 }),
        (s, manuals, orderOff, shipping) => {
          const { lines, promotions, rates } = build(s);
          const result = run(lines, promotions, rates);
          const orderLines = withPromotions(
            lines.map((l, i) => ({
              key: l.key,
              priceCents: l.unitPriceCents,
              measureThousandths: Math.max(0, l.measureThousandths),
              taxPercentHundredths: [2100, 1000, 400, 0][i % 4]!,
              manual: manuals[i],
            })),
            result,
          );
          const order = priceOrder(orderLines, orderOff, shipping);
          for (const l of order.lines) {
            expect(l.total).toBeGreaterThanOrEqual(0);
            expect(l.tax).toBeGreaterThanOrEqual(0);
            expect(l.tax).toBeLessThanOrEqual(l.total);
            expect(l.total).toBe(l.sum - l.discount);
          }
          expect(order.orderDiscountShares.reduce((a, b) => a + b, 0)).toBe(order.orderDiscount);
          order.orderDiscountShares.forEach((share, i) => expect(share).toBeLessThanOrEqual(order.lines[i]!.total));
          expect(order.total).toBeGreaterThanOrEqual(shipping);
          expect(order.total).toBe(order.sum - order.orderDiscount + shipping);
          expect(order.subtotal + order.tax).toBe(order.sum - order.orderDiscount);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the same result whatever the order the lines were added in', () => {
    fc.assert(
      fc.property(scenario, fc.infiniteStream(fc.nat()), (s, randoms) => {
        const { lines, promotions, rates } = build(s);
        const result = run(lines, promotions, rates);
        // Shuffled, keys kept: every line gets exactly the same.
        const shuffled = [...lines];
        const r = randoms[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (r.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const again = run(shuffled, [...promotions].reverse(), rates);
        const byKey = new Map(again.lines.map((l) => [l.key, l]));
        for (const line of result.lines) expect(byKey.get(line.key)).toEqual(line);
        expect(again.applied).toEqual(result.applied);
        // Shuffled and keyed in the new order (keys given as lines are added): the same lines get the same.
        const rekeyed = shuffled.map((l, i) => ({ ...l, key: `n${String(shuffled.length - i).padStart(3, '0')}` }));
        expect(contentResults(rekeyed, run(rekeyed, promotions, rates))).toEqual(contentResults(lines, result));
      }),
      { numRuns: 300 },
    );
  });

  it("exact to the cent: Σ line discounts = each promotion's whole discount", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { lines, promotions, rates } = build(s);
        const result = run(lines, promotions, rates);
        const perPromotion = new Map<number, number>();
        for (const l of result.lines) for (const d of l.discounts) perPromotion.set(d.promotionId, (perPromotion.get(d.promotionId) ?? 0) + d.cents);
        const byId = (a: number[], b: number[]) => a[0]! - b[0]!;
        expect(result.applied.map((a) => [a.promotionId, a.cents]).sort(byId)).toEqual([...perPromotion].sort(byId));
        expect(result.cents).toBe(result.lines.reduce((a, l) => a + l.cents, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('exact to the cent: a conditional on every line spreads exactly its whole percent or money', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(1, 2), fc.integer({ min: 0, max: 12_000 }), (s, action, discount) => {
        const { lines, rates } = build(s);
        const result = run(
          lines,
          [{ id: 1, name: 'P', type: 4, apply_to: 3, condition: 1, quantity: 0, action, discount, productIds: [], categoryIds: [] }],
          rates,
        );
        const money = lines.reduce((a, l) => a + lineSum(l.unitPriceCents, Math.max(0, l.measureThousandths)), 0);
        const whole = action === 1 ? percentOf(money, discount) : Math.min(discount, money);
        expect(result.cents).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });
});
