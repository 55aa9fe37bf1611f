// Exact arithmetic of the shop's prices (clarifications "Retail": "Prices, taxes and orders"):
// money in integer cents, quantities and weights in thousandths, every rounding half up to the
// cent, computed on integers (never on binary fractions). Amounts and limits as shared/domain/money.ts.
// Independent of the retail sandbox's referee (electron/sandbox/retail/orders/arithmetic.ts): the
// contract test test/contract/retailPricing.test.ts compares the two.

/** ⌊x / y⌋ for safe integers x ≥ 0, y > 0, exact (the float quotient corrected by one if needed). */
function floorDivSafe(x: number, y: number): number {
  let q = Math.floor(x / y);
  if (q * y > x) q -= 1;
  else if ((q + 1) * y <= x) q += 1;
  return q;
}

function assertNonNegativeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0, got ${value}`);
}

/** ⌊a × b / d⌋ and the remainder, for integers a, b ≥ 0 and d > 0 (BigInt when a × b passes 2^53). */
export function mulDivFloor(a: number, b: number, d: number): { quotient: number; remainder: number } {
  assertNonNegativeInteger(a, 'a');
  assertNonNegativeInteger(b, 'b');
  if (!Number.isSafeInteger(d) || d <= 0) throw new RangeError(`divisor must be a whole number > 0, got ${d}`);
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const quotient = floorDivSafe(product, d);
    return { quotient, remainder: product - quotient * d };
  }
  const big = BigInt(a) * BigInt(b);
  const bigD = BigInt(d);
  return { quotient: Number(big / bigD), remainder: Number(big % bigD) };
}

/** round_half_up(a × b / d) for integers a, b ≥ 0 and d > 0, exact. */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const { quotient, remainder } = mulDivFloor(a, b, d);
  return 2 * remainder >= d ? quotient + 1 : quotient;
}

/** A line's `sum`: unit price (cents) × quantity or weight (thousandths), half up to the cent. */
export function lineSum(priceCents: number, measureThousandths: number): number {
  return mulDivHalfUp(priceCents, measureThousandths, 1000);
}

/**
 * The tax inside a tax-included amount: total − total / (1 + p/100) = total × p / (100 + p),
 * half up to the cent; `percentHundredths` = p × 100 (21 % → 2100). Nothing for a total ≤ 0.
 */
export function includedTax(totalCents: number, percentHundredths: number): number {
  if (totalCents <= 0 || percentHundredths <= 0) return 0;
  return mulDivHalfUp(totalCents, percentHundredths, 10_000 + percentHundredths);
}

/** `percentHundredths` (10 % → 1000, capped at 100 %) of an amount, half up to the cent. */
export function percentOf(cents: number, percentHundredths: number): number {
  return mulDivHalfUp(cents, Math.min(Math.max(percentHundredths, 0), 10_000), 10_000);
}

/**
 * `amount` spread over `weights` in proportion, exactly: each share is ⌊amount × w / Σw⌋ and the
 * cents left (fewer than the number of weights) go one each to the largest remainders, a tie to
 * the earlier weight. The shares add up to `amount`; none is negative; when amount ≤ Σw no share
 * is above its weight. All weights 0: spread as if equal.
 */
export function spreadExact(amount: number, weights: readonly number[]): number[] {
  assertNonNegativeInteger(amount, 'amount');
  const n = weights.length;
  if (n === 0) {
    if (amount !== 0) throw new RangeError(`cannot spread ${amount} over nothing`);
    return [];
  }
  let whole = 0;
  for (const w of weights) {
    assertNonNegativeInteger(w, 'weight');
    whole += w;
  }
  const equal = whole === 0;
  const divisor = equal ? n : whole;
  const shares = new Array<number>(n);
  const remainders = new Array<number>(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const { quotient, remainder } = mulDivFloor(amount, equal ? 1 : (weights[i] as number), divisor);
    shares[i] = quotient;
    remainders[i] = remainder;
    given += quotient;
  }
  let left = amount - given;
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => (remainders[y] as number) - (remainders[x] as number) || x - y);
    for (let k = 0; left > 0; k++, left--) {
      const i = order[k] as number;
      shares[i] = (shares[i] as number) + 1;
    }
  }
  return shares;
}
