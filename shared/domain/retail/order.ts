// The order arithmetic the till sends (retail-api.md §2.5; clarifications "Retail", "Prices, taxes
// and orders"), in integer cents. Prices include tax. A line: `sum` = price × quantity (× weight
// instead for a product sold by weight); `discount` is money off the line; `total` = sum −
// discount; `tax` = total − total / (1 + taxPercentage/100) half up; `subtotal` = total − tax. The
// order: `sum` = Σ line totals; `total` = sum − orderDiscount + shippingAmount; `tax` and
// `subtotal` those of the lines with the order discount spread over them in proportion to their
// totals (subtotal = sum − orderDiscount − tax, the shipping outside both).
// Decisions (docs/decisions.md, 2026-11-23 "Promotions engine"):
// - a line's `discount` = its promotions' discounts (./promotions.ts) + the cashier's manual
//   discount, which comes after them: a percent is of what the promotions left (half up), an
//   amount at most what they left, so a line is never negative;
// - an order discount (amount, or percent of the lines' totals, half up) is at most the lines'
//   totals; it is spread by the largest remainder (./arith.ts), the cents left going to the
//   earlier line on a tie, in the order the till lists the lines;
// - the order's `discount` field (its rule is not published) is Σ line discounts;
// - a line's `discountObject`: empty without a discount; the promotion's when one promotion
//   alone discounts it; the manual one's when only the cashier does; otherwise the first
//   promotion's id with every name joined by " + " and the whole money off (isPercentage false).
import { includedTax, lineSum, percentOf, spreadExact } from './arith';
import type { LinePromotions, PromotionDiscount } from './promotions';

/** A discount the cashier types: money, or a percent (hundredths: 10 % → 1000). */
export type ManualDiscount = { kind: 'amount'; cents: number; name?: string } | { kind: 'percent'; hundredths: number; name?: string };

export interface OrderLineInput {
  priceCents: number;
  /** Quantity, or weight for a product sold by weight, in thousandths. */
  measureThousandths: number;
  /** 21 % → 2100. */
  taxPercentHundredths: number;
  /** The promotions' discounts of this line (./promotions.ts). */
  promotions?: readonly PromotionDiscount[];
  manual?: ManualDiscount | null;
}

/** §2.5 discountObject: `amount` in cents or percent hundredths. */
export type DiscountObject = Record<string, never> | { id: number | null; name: string; amount: number; isPercentage: boolean };

export interface PricedLine {
  sum: number;
  promotionDiscount: number;
  manualDiscount: number;
  /** promotionDiscount + manualDiscount: the line's `discount`. */
  discount: number;
  total: number;
  tax: number;
  subtotal: number;
  discountObject: DiscountObject;
}

export interface PricedOrder {
  lines: PricedLine[];
  sum: number;
  /** Σ line discounts. */
  discount: number;
  orderDiscount: number;
  /** The order discount's share on each line, in line order. */
  orderDiscountShares: number[];
  shippingAmount: number;
  total: number;
  tax: number;
  subtotal: number;
}

function checkCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole cents ≥ 0, got ${value}`);
}

/** A manual discount in cents on `base` (never above it). */
export function manualCents(manual: ManualDiscount | null | undefined, base: number): number {
  if (manual == null || base <= 0) return 0;
  if (manual.kind === 'percent') return percentOf(base, manual.hundredths);
  checkCents(manual.cents, 'a manual discount');
  return Math.min(manual.cents, base);
}

function discountObjectOf(
  promotions: readonly PromotionDiscount[],
  manual: ManualDiscount | null | undefined,
  manualOff: number,
  discount: number,
): DiscountObject {
  if (discount === 0) return {};
  const first = promotions[0];
  if (first !== undefined && promotions.length === 1 && manualOff === 0) {
    return { id: first.promotionId, name: first.name, amount: first.amount, isPercentage: first.isPercentage };
  }
  if (first === undefined && manual != null) {
    return manual.kind === 'percent'
      ? { id: null, name: manual.name ?? '', amount: manual.hundredths, isPercentage: true }
      : { id: null, name: manual.name ?? '', amount: manualOff, isPercentage: false };
  }
  const names = promotions.map((p) => p.name);
  if (manualOff > 0 && manual?.name) names.push(manual.name);
  return { id: first?.promotionId ?? null, name: names.join(' + '), amount: discount, isPercentage: false };
}

export function priceLine(line: OrderLineInput): PricedLine {
  checkCents(line.priceCents, 'price');
  if (!Number.isSafeInteger(line.measureThousandths) || line.measureThousandths < 0)
    throw new RangeError(`quantity must be whole thousandths ≥ 0, got ${line.measureThousandths}`);
  const sum = lineSum(line.priceCents, line.measureThousandths);
  const promotions = line.promotions ?? [];
  let promotionDiscount = 0;
  for (const p of promotions) promotionDiscount += p.cents;
  if (promotionDiscount > sum) throw new RangeError(`promotions take ${promotionDiscount} off a line of ${sum}`);
  const manualDiscount = manualCents(line.manual, sum - promotionDiscount);
  const discount = promotionDiscount + manualDiscount;
  const total = sum - discount;
  const tax = includedTax(total, line.taxPercentHundredths);
  return {
    sum,
    promotionDiscount,
    manualDiscount,
    discount,
    total,
    tax,
    subtotal: total - tax,
    discountObject: discountObjectOf(promotions, line.manual, manualDiscount, discount),
  };
}

/** The whole order as the till sends it. */
export function priceOrder(lines: readonly OrderLineInput[], orderDiscount: ManualDiscount | null = null, shippingCents = 0): PricedOrder {
  checkCents(shippingCents, 'shipping');
  const priced = lines.map(priceLine);
  const totals = priced.map((l) => l.total);
  let sum = 0;
  let discount = 0;
  for (const l of priced) {
    sum += l.total;
    discount += l.discount;
  }
  const off = manualCents(orderDiscount, sum);
  const shares = spreadExact(off, totals);
  let tax = 0;
  priced.forEach((l, i) => {
    tax += includedTax(l.total - (shares[i] as number), lines[i]!.taxPercentHundredths);
  });
  return {
    lines: priced,
    sum,
    discount,
    orderDiscount: off,
    orderDiscountShares: shares,
    shippingAmount: shippingCents,
    total: sum - off + shippingCents,
    tax,
    subtotal: sum - off - tax,
  };
}

/** The order lines of a basket priced by the promotions engine, matched by key. */
export function withPromotions<L extends { key: string }>(
  lines: readonly L[],
  result: { lines: readonly LinePromotions[] },
): (L & { promotions: readonly PromotionDiscount[] })[] {
  const byKey = new Map(result.lines.map((l) => [l.key, l.discounts]));
  return lines.map((line) => ({ ...line, promotions: byKey.get(line.key) ?? [] }));
}
