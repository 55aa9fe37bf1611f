// Price-rate prices (clarifications "Price rates"). A price in cents may hold fractions (a
// percentage of a price), so it is kept as a fraction num/den of cents and rounded once, by the
// rate's `rounding`, to whole cents:
// 1 none: half up to the cent; 2 nearest .05: round_half_up(c/5)×5; 3 nearest .99: the closer of
// ⌊c/100⌋×100−1 and ⌊c/100⌋×100+99, a tie going up; 4 up to .99: the smallest x.99 ≥ c; 5 down to
// .99: the largest x.99 ≤ c, a price below 0.99 staying as it is (half up). Decision where the
// clarifications are silent: under rule 3 a price nearer −0.01 than 0.99 (below 0.49, whose lower
// candidate is no price) stays as it is (half up); from 0.49 (a tie, going up) it becomes 0.99.
import type { PriceRateLinkRecord, PriceRateRecord, RetailProductRecord } from '../model';

export type Rounding = PriceRateRecord['rounding'];

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);

/** num/den cents (num ≥ 0, den > 0) rounded to whole cents by `rounding`. */
export function roundPrice(num: bigint, den: bigint, rounding: Rounding): number {
  const halfUp = floorDiv(2n * num + den, 2n * den);
  switch (rounding) {
    case 2:
      return Number(floorDiv(2n * num + 5n * den, 10n * den) * 5n);
    case 3: {
      const base = floorDiv(num, 100n * den) * 100n;
      const lo = base - 1n;
      const hi = base + 99n;
      const nearer = hi * den - num <= num - lo * den ? hi : lo;
      return Number(nearer < 0n ? halfUp : nearer);
    }
    case 4:
      return Number(ceilDiv(num - 99n * den, 100n * den) * 100n + 99n);
    case 5:
      if (num < 99n * den) return Number(halfUp);
      return Number(floorDiv(num - 99n * den, 100n * den) * 100n + 99n);
    default:
      return Number(halfUp);
  }
}

/**
 * A product's price in a rate, in cents, or null when it has none there. A linked price always
 * wins; otherwise a type 1 rate prices every product at base × (1 + amount/100); a type 2 rate
 * prices only its linked products. The rate's rounding applies in every case.
 */
export function priceInRate(rate: PriceRateRecord, product: RetailProductRecord, link: PriceRateLinkRecord | undefined): number | null {
  if (link) return roundPrice(BigInt(link.price), 1n, rate.rounding);
  if (rate.type !== 1) return null;
  const num = BigInt(product.price) * BigInt(10_000 + rate.amount);
  return Math.max(0, roundPrice(num < 0n ? 0n : num, 10_000n, rate.rounding));
}
