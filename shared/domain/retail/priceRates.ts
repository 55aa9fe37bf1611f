// A product's price in a price rate (retail-api.md §2.7; clarifications "Retail", "Price rates"),
// in integer cents. Pure code for the till; the retail sandbox keeps its own referee
// (electron/sandbox/retail/priceRates/rounding.ts), compared with this one in
// test/contract/retailPricing.test.ts.
//
// - Type 1 (percentage): base price × (1 + amount/100) (`amount` −15 is 15 % off), then rounded by
//   the rate's `rounding`. Type 2 (price): only products linked to the rate have a price in it, the
//   linked price, rounding still applied; `amount` is not used. A product's own linked price in a
//   rate always wins over the percentage (and is rounded too, as in type 2).
// - `rounding` works on the price in cents c, which may hold fractions (a percentage of a price),
//   kept here as the exact fraction num/den, and gives whole cents:
//   1 none (also null/missing): half up to the cent;
//   2 nearest .05: round_half_up(c/5) × 5 (12.32 → 12.30, 12.33 → 12.35);
//   3 nearest .99: the closer of ⌊c/100⌋×100−1 and ⌊c/100⌋×100+99, a tie going up
//     (12.40 → 11.99, 12.60 → 12.99);
//   4 up to .99: the smallest x.99 ≥ c (12.40 → 12.99, 13.00 → 13.99);
//   5 down to .99: the largest x.99 ≤ c (12.40 → 11.99); a price below 0.99 stays as it is (half
//     up to the cent).
// Decisions where the clarifications are silent (docs/decisions.md, 2026-11-23 "Promotions
// engine"):
// - rule 3 below 0.49, where the closer candidate is −0.01 (not a price): the price stays as it
//   is (half up to the cent), as rule 5 does below 0.99; from 0.49 (a tie: up) to 0.99 it is 0.99,
//   which is what the rule's words give;
// - rule 4 on 0.00 gives 0.99, as its words say (the smallest x.99 ≥ 0);
// - a percentage of −100 % or below prices the product at 0.00, never below;
// - the linked price looked up is the sold product's own (a variant's own id), not its master's;
// - a product without a price in the sale's rate (type 2, not linked) sells at its own price
//   (`salePrice`).

/** 1 none, 2 nearest .05, 3 nearest .99, 4 up to .99, 5 down to .99; null = none. */
export type Rounding = 1 | 2 | 3 | 4 | 5 | null;

export interface PriceRate {
  id: number;
  /** 1 = percentage, 2 = price. */
  type: 1 | 2;
  /** Percent in hundredths for type 1 (−15 % → −1500); not used for pricing in type 2. */
  amountHundredths: number;
  rounding: Rounding;
  /** Product id → its own price in this rate, in cents. */
  linkedPrices: ReadonlyMap<number, number>;
}

function floorDiv(x: number, y: number): number {
  let q = Math.floor(x / y);
  if (q * y > x) q -= 1;
  else if ((q + 1) * y <= x) q += 1;
  return q;
}

const ceilDiv = (x: number, y: number) => -floorDiv(-x, y);

/**
 * The price num/den cents (num ≥ 0, den > 0, whole numbers with num × 200 a safe integer) rounded
 * to whole cents by `rounding`.
 */
export function roundRatePrice(num: number, den: number, rounding: Rounding): number {
  if (!Number.isSafeInteger(num) || num < 0 || !Number.isSafeInteger(num * 200)) throw new RangeError(`price numerator out of range: ${num}`);
  if (!Number.isSafeInteger(den) || den <= 0 || !Number.isSafeInteger(den * 200)) throw new RangeError(`price denominator out of range: ${den}`);
  const halfUp = floorDiv(2 * num + den, 2 * den);
  switch (rounding) {
    case 2:
      return floorDiv(2 * num + 5 * den, 10 * den) * 5;
    case 3: {
      const base = floorDiv(num, 100 * den) * 100;
      const below = base - 1;
      const above = base + 99;
      // distance to `above` ≤ distance to `below` → above (a tie goes up)
      if (above * den - num <= num - below * den) return above;
      return below < 0 ? halfUp : below;
    }
    case 4:
      return num <= 99 * den ? 99 : ceilDiv(num - 99 * den, 100 * den) * 100 + 99;
    case 5:
      return num < 99 * den ? halfUp : floorDiv(num - 99 * den, 100 * den) * 100 + 99;
    default:
      return halfUp;
  }
}

/** A product's price in a rate, in cents, or null when it has none there (type 2, not linked). */
export function priceInRate(rate: PriceRate, productId: number, basePriceCents: number): number | null {
  const linked = rate.linkedPrices.get(productId);
  if (linked !== undefined) return roundRatePrice(Math.max(0, linked), 1, rate.rounding);
  if (rate.type !== 1) return null;
  const factor = 10_000 + rate.amountHundredths;
  if (factor <= 0 || basePriceCents <= 0) return roundRatePrice(0, 1, rate.rounding);
  return roundRatePrice(basePriceCents * factor, 10_000, rate.rounding);
}

/** The unit price a sale charges: the product's price in the sale's rate, or its own price without one. */
export function salePrice(rate: PriceRate | null, productId: number, basePriceCents: number): number {
  if (rate === null) return basePriceCents;
  return priceInRate(rate, productId, basePriceCents) ?? basePriceCents;
}
