// The order arithmetic of the clarifications ("Prices, taxes and orders"), in integer cents: the
// independent referee of a client's order. Prices include tax. A line: `sum` = price × quantity
// (× weight instead for a product sold by weight), `total` = sum − discount, `tax` = total −
// total / (1 + taxPercentage/100) rounded half up, `subtotal` = total − tax. The order: `sum` =
// Σ line totals, `total` = sum − orderDiscount + shippingAmount, `tax` and `subtotal` those of the
// lines with the order discount spread over them in proportion to their totals.

/** round_half_up(a × b / d) for non-negative integers, exact (BigInt: products pass 2^53). */
export function mulDivRound(a: number, b: number, d: number): number {
  const big = (BigInt(a) * BigInt(b) * 2n + BigInt(d)) / (2n * BigInt(d));
  return Number(big);
}

/** price (cents) × quantity (thousandths), rounded half up to the cent. */
export function lineSum(priceCents: number, quantityThousandths: number): number {
  return mulDivRound(priceCents, quantityThousandths, 1000);
}

/** The tax inside a tax-included amount: total × p / (100 + p), `percentHundredths` = p × 100. */
export function includedTax(totalCents: number, percentHundredths: number): number {
  if (totalCents <= 0 || percentHundredths <= 0) return 0;
  return mulDivRound(totalCents, percentHundredths, 10_000 + percentHundredths);
}

/**
 * `amount` spread over `weights` in proportion (each share rounded half up, the last one takes the
 * rest so the shares add up exactly). All weights 0 → all on the last.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map(() => 0);
  if (weights.length === 0) return shares;
  let given = 0;
  for (let i = 0; i < weights.length - 1; i++) {
    const share = whole === 0 ? 0 : mulDivRound(amount, weights[i] as number, whole);
    shares[i] = share;
    given += share;
  }
  shares[weights.length - 1] = amount - given;
  return shares;
}

export interface LineInput {
  priceCents: number;
  /** Thousandths: the quantity, or the weight for a product sold by weight. */
  measureThousandths: number;
  discountCents: number;
  taxPercentHundredths: number;
}

export interface ExpectedLine {
  sum: number;
  total: number;
  tax: number;
  subtotal: number;
}

export interface ExpectedOrder {
  lines: ExpectedLine[];
  sum: number;
  total: number;
  tax: number;
  subtotal: number;
}

/** What the rule gives for a line, from its price, measure and discount. */
export function expectedLine(line: LineInput): ExpectedLine {
  const sum = lineSum(line.priceCents, line.measureThousandths);
  const total = sum - line.discountCents;
  const tax = includedTax(total, line.taxPercentHundredths);
  return { sum, total, tax, subtotal: total - tax };
}

/**
 * What the rule gives for an order. `lineTotals` are the totals the tax is computed on (the
 * client's, once each is checked against the rule), so a cent of difference in a line total does
 * not cascade.
 */
export function expectedOrder(lines: readonly LineInput[], orderDiscountCents: number, shippingCents: number, lineTotals?: readonly number[]): ExpectedOrder {
  const expected = lines.map(expectedLine);
  const totals = lineTotals ?? expected.map((l) => l.total);
  const sum = totals.reduce((a, b) => a + b, 0);
  const shares = spread(orderDiscountCents, totals);
  let tax = 0;
  totals.forEach((total, i) => {
    tax += includedTax(total - (shares[i] as number), (lines[i] as LineInput).taxPercentHundredths);
  });
  return { lines: expected, sum, total: sum - orderDiscountCents + shippingCents, tax, subtotal: sum - orderDiscountCents - tax };
}
