import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownComboSets, withComboSets, type ProductLinksRead } from './comboLinks';
import { applyPromotions, type BasketLine } from './promotions';
import { MONDAY_NOON, promotion } from './testing';

// A combo on linked products is never priced with one of its products missing (docs/decisions.md
// "Combos on linked products: the whole set, or no combo"), whatever the till has read: random
// true links of a catalog (products 1–8 and masters 20–22), random reads of them (some missing,
// some too old and then possibly wrong: links change without a webhook), random baskets. Whenever
// the combo gives a discount, every product truly linked to it is in the basket.

const COMBO = 1;
const OTHER = 2;
const CATALOG = [1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22];
const MAX_AGE = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 11, 0);

const linksArb = fc.subarray([COMBO, OTHER]);
const scenarioArb = fc.record({
  /** The service's links, product by product (index = position in CATALOG). */
  truth: fc.array(linksArb, { minLength: CATALOG.length, maxLength: CATALOG.length }),
  /** What the till read of each: nothing, a fresh read (the truth), or an old read (anything). */
  reads: fc.array(
    fc.oneof(fc.constant(null), fc.constant('fresh' as const), fc.record({ ageMs: fc.integer({ min: MAX_AGE + 1, max: 10 * MAX_AGE }), links: linksArb })),
    {
      minLength: CATALOG.length,
      maxLength: CATALOG.length,
    },
  ),
  /** Links the till read for its basket this generation (fresh, so true) — a subset of the truth. */
  basketReads: fc.array(fc.boolean(), { minLength: CATALOG.length, maxLength: CATALOG.length }),
  comboPrice: fc.integer({ min: 0, max: 3000 }),
  lines: fc.array(
    fc.record({
      productId: fc.integer({ min: 1, max: 8 }),
      masterId: fc.option(fc.integer({ min: 20, max: 22 }), { nil: null }),
      unitPriceCents: fc.integer({ min: 1, max: 3000 }),
      quantity: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

describe('combos on linked products, from what the till has read', () => {
  it('a set is never priced with a missing product', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const truthOf = new Map(CATALOG.map((id, i) => [id, s.truth[i]!]));
        const reads = new Map<number, ProductLinksRead>();
        CATALOG.forEach((id, i) => {
          const read = s.reads[i];
          if (read === 'fresh') reads.set(id, { promotionIds: truthOf.get(id)!, readAt: NOW - (i * MAX_AGE) / CATALOG.length });
          else if (read !== null && read !== undefined) reads.set(id, { promotionIds: read.links, readAt: NOW - read.ageMs });
        });
        const basketLinked = CATALOG.filter((id, i) => s.basketReads[i] && truthOf.get(id)!.includes(COMBO));
        const combo = promotion({ id: COMBO, type: 3, apply_to: 1, combo_price: s.comboPrice, productIds: basketLinked });
        const promotions = withComboSets([combo], knownComboSets(CATALOG, reads, NOW, MAX_AGE));
        const lines: BasketLine[] = s.lines.map((l, i) => ({
          key: `l${i}`,
          productId: l.productId,
          masterId: l.masterId,
          categoryId: 1,
          basePriceCents: l.unitPriceCents,
          unitPriceCents: l.unitPriceCents,
          measureThousandths: l.quantity * 1000,
        }));
        const result = applyPromotions(lines, promotions, [], MONDAY_NOON);
        const given = result.applied.find((a) => a.promotionId === COMBO)?.cents ?? 0;
        if (given === 0) return;
        const truthSet = CATALOG.filter((id) => truthOf.get(id)!.includes(COMBO));
        for (const linked of truthSet) {
          expect(
            lines.some((line) => line.measureThousandths > 0 && (line.productId === linked || line.masterId === linked)),
            `the combo gave ${given} without product ${linked}`,
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the sets are whole only once every catalog product was read within the age limit', () => {
    const reads = new Map<number, ProductLinksRead>([
      [1, { promotionIds: [COMBO], readAt: NOW }],
      [2, { promotionIds: [COMBO], readAt: NOW - MAX_AGE - 1 }],
    ]);
    expect(knownComboSets([1, 2], reads, NOW, MAX_AGE)).toMatchObject({ complete: false, read: 1, total: 2 });
    reads.set(2, { promotionIds: [], readAt: NOW - 5 });
    const known = knownComboSets([1, 2], reads, NOW, MAX_AGE);
    expect(known).toMatchObject({ complete: true, read: 2, total: 2 });
    expect([...known.sets]).toEqual([[COMBO, [1]]]);
  });
});
