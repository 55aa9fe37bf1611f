// An independent referee of a shop sale (docs/decisions.md "The shop proofs (e2e referee)"): the amounts the clarifications' "Retail"
// rules give for a basket, computed from the records the retail service's own API returns —
// written apart from the terminal (shared/domain/retail) and from the sandbox's referee
// (electron/sandbox/retail/priceRates, promotions), imports neither, and never reads their code.
//
// What it covers: price rates (type 1 percentage, type 2 price, a product's own linked price
// winning, roundings 1–5), the promotions' schedule (Europe/Madrid), pairs (type 1) and
// price-rate promotions (type 2), and the line and order arithmetic (sum, discount, total, tax
// half up, subtotal). A basket a combo (type 3) or a conditional (type 4) would touch, or a line
// two promotions would touch, throws `NotCovered`: those spreads have details the clarifications
// leave open, and the proof chooses a basket where they do not arise. Money in integer cents.

export class NotCovered extends Error {}

/** "12.30" / 12.3 / "-10.00" → an integer of `places` decimals (1230), exactly; more decimals throw. */
export function decimalToInt(value: string | number, places: number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${JSON.stringify(value)}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > places) throw new Error(`${text} has more than ${places} decimals`);
  const whole = Number(match[2]) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
  return match[1] === '-' ? -whole : whole;
}

export const toCents = (value: string | number) => decimalToInt(value, 2);

/** Cents as the wire's number with 2 decimals (1230 → 12.3). */
export const centsNumber = (cents: number) => Number((cents / 100).toFixed(2));

/** ⌊x / y⌋ for integers, y > 0 (corrected where the float division rounds across a whole number). */
function floorDiv(x: number, y: number): number {
  let q = Math.floor(x / y);
  if (q * y > x) q -= 1;
  else if ((q + 1) * y <= x) q += 1;
  return q;
}

/** x / y rounded half up (x ≥ 0, y > 0, integers). */
export function halfUp(x: number, y: number): number {
  return floorDiv(2 * x + y, 2 * y);
}

// ---- price rates -------------------------------------------------------------------------------

export interface RefRate {
  id: number;
  type: number;
  /** Percent in hundredths (−10 % → −1000). */
  amountHundredths: number;
  rounding: number | null;
  /** Product id → its own price in the rate (cents), as the rate's product list gives it. */
  linked: ReadonlyMap<number, number>;
}

/**
 * The price num/den cents rounded by the rate's rule (clarifications "Price rates"):
 * 1 half up to the cent; 2 nearest .05; 3 nearest .99 (a tie up); 4 up to .99; 5 down to .99
 * (below 0.99 as it is). Rule 3 below 1.00 is open (docs/decisions.md): not covered.
 */
export function roundRate(num: number, den: number, rounding: number | null): number {
  switch (rounding) {
    case 2:
      return halfUp(num, 5 * den) * 5;
    case 3: {
      if (num < 100 * den) throw new NotCovered('rounding 3 below 1.00');
      const base = floorDiv(num, 100 * den) * 100;
      // 12.40 → 11.99, 12.60 → 12.99: compare the distances to base − 1 and base + 99.
      return (base + 99) * den - num <= num - (base - 1) * den ? base + 99 : base - 1;
    }
    case 4:
      if (num <= 99 * den) return 99;
      return floorDiv(num - 99 * den + 100 * den - 1, 100 * den) * 100 + 99;
    case 5:
      if (num < 99 * den) return halfUp(num, den);
      return floorDiv(num - 99 * den, 100 * den) * 100 + 99;
    default:
      return halfUp(num, den);
  }
}

/** A product's price in a rate, or null when the rate has none for it (type 2, not linked). */
export function ratePrice(rate: RefRate, productId: number, basePriceCents: number): number | null {
  const own = rate.linked.get(productId);
  if (own !== undefined) return roundRate(own, 1, rate.rounding);
  if (rate.type !== 1) return null;
  const num = Math.max(0, basePriceCents * (10_000 + rate.amountHundredths));
  return roundRate(num, 10_000, rate.rounding);
}

// ---- promotions --------------------------------------------------------------------------------

export interface RefPromotion {
  id: number;
  name: string;
  type: number;
  apply_to: number;
  apply_type: number | null;
  group_by: number | null;
  price_rate_id: number | null;
  active: boolean;
  order: number | null;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  weekdays: number[] | null;
  /** Conditional (type 4): 1 units, 2 money; the threshold in thousandths of units or of the currency. */
  condition: number | null;
  quantityThousandths: number | null;
  /** Its categories (apply_to 2) and products (apply_to 1), from the service's link lists. */
  categoryIds: readonly number[];
  productIds: readonly number[];
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The shop's date, time and weekday (Europe/Madrid) at `at`. */
export function shopClock(at: Date): { date: string; time: string; weekday: number } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: WEEKDAYS[parts.weekday!]! };
}

/** Active, today within the dates, now within the times (an end before the start: past midnight), the weekday listed. */
export function promotionOn(p: RefPromotion, at: Date): boolean {
  if (!p.active) return false;
  const { date, time, weekday } = shopClock(at);
  if (p.start_date && date < p.start_date.slice(0, 10)) return false;
  if (p.end_date && date > p.end_date.slice(0, 10)) return false;
  const start = p.start_time?.slice(0, 5) ?? null;
  const end = p.end_time?.slice(0, 5) ?? null;
  if (start && end) {
    if (start <= end ? time < start || time > end : time < start && time > end) return false;
  } else if ((start && time < start) || (end && time > end)) return false;
  if (p.weekdays && p.weekdays.length > 0 && !p.weekdays.includes(weekday)) return false;
  return true;
}

// ---- the sale ----------------------------------------------------------------------------------

export interface RefProduct {
  id: number;
  name: string;
  categoryId: number;
  /** The variant master of a variant, else null. */
  masterId: number | null;
  priceCents: number;
  /** Its tax percentage in hundredths (21 % → 2100). */
  taxHundredths: number;
}

export interface RefLineInput {
  product: RefProduct;
  /** Whole units. */
  quantity: number;
}

export interface RefLine {
  productId: number;
  quantity: number;
  price: number;
  sum: number;
  discount: number;
  total: number;
  tax: number;
  subtotal: number;
  taxHundredths: number;
  /** The promotion that discounted the line, with its money, or null. */
  promotion: { id: number; name: string; amount: number } | null;
}

export interface RefOrder {
  lines: RefLine[];
  sum: number;
  discount: number;
  orderDiscount: number;
  total: number;
  tax: number;
  subtotal: number;
}

function eligible(p: RefPromotion, product: RefProduct): boolean {
  if (p.apply_to === 3) return true;
  if (p.apply_to === 2) return p.categoryIds.includes(product.categoryId);
  if (p.apply_to === 1) return p.productIds.includes(product.id) || (product.masterId !== null && p.productIds.includes(product.masterId));
  return false;
}

interface Unit {
  line: number;
  price: number;
  taken: boolean;
}

/** The order a basket gives at `at`, with the sale's rate (or none) and the shop's promotions and rates. */
export function refereeSale(input: {
  lines: RefLineInput[];
  rate: RefRate | null;
  promotions: readonly RefPromotion[];
  rates: readonly RefRate[];
  at: Date;
}): RefOrder {
  const prices = input.lines.map(({ product }) =>
    input.rate ? (ratePrice(input.rate, product.id, product.priceCents) ?? product.priceCents) : product.priceCents,
  );
  const units: Unit[] = input.lines.flatMap((line, i) => {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new NotCovered('a quantity that is not a whole number of units');
    return Array.from({ length: line.quantity }, () => ({ line: i, price: prices[i]!, taken: false }));
  });
  const discounts = input.lines.map(() => new Map<number, number>());
  const give = (unit: Unit, promotionId: number, cents: number) => {
    const lineDiscounts = discounts[unit.line]!;
    lineDiscounts.set(promotionId, (lineDiscounts.get(promotionId) ?? 0) + cents);
  };

  const on = input.promotions.filter((p) => promotionOn(p, input.at)).sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.id - b.id);
  for (const p of on) {
    const free = units.filter((u) => !u.taken && eligible(p, input.lines[u.line]!.product));
    if (free.length === 0) continue;
    if (p.type === 1) {
      // Pairs: grouped (1 category, 2 product — a master's variants together —, 3 the variant),
      // dearest first; in each pair the cheaper unit is free (apply_type 2) or half price (1).
      const groups = new Map<number, Unit[]>();
      for (const u of free) {
        const product = input.lines[u.line]!.product;
        const key = p.group_by === 1 ? product.categoryId : p.group_by === 3 ? product.id : (product.masterId ?? product.id);
        groups.set(key, [...(groups.get(key) ?? []), u]);
      }
      for (const group of groups.values()) {
        // Which line's unit a tie discounts across lines is open: one line per group only.
        if (new Set(group.map((u) => u.line)).size > 1) throw new NotCovered('pairs across several lines of one group');
        const sorted = [...group].sort((a, b) => b.price - a.price);
        for (let i = 0; i + 1 < sorted.length; i += 2) {
          const [dear, cheap] = [sorted[i]!, sorted[i + 1]!];
          dear.taken = cheap.taken = true;
          give(cheap, p.id, p.apply_type === 2 ? cheap.price : halfUp(cheap.price, 2));
        }
      }
    } else if (p.type === 2) {
      const rate = input.rates.find((r) => r.id === p.price_rate_id);
      if (!rate) continue;
      for (const u of free) {
        const product = input.lines[u.line]!.product;
        const promoted = ratePrice(rate, product.id, product.priceCents);
        if (promoted === null || promoted >= u.price) continue;
        u.taken = true;
        give(u, p.id, u.price - promoted);
      }
    } else if (p.type === 4) {
      // "Reach" counts the free eligible units (condition 1) or their money (2); below it, nothing.
      const reached =
        p.condition === 1 ? free.length * 1000 >= (p.quantityThousandths ?? 0) : free.reduce((s, u) => s + u.price, 0) * 10 >= (p.quantityThousandths ?? 0);
      if (reached) throw new NotCovered(`conditional promotion ${p.id} is reached: this referee does not spread its discount`);
    } else {
      throw new NotCovered(`promotion ${p.id} of type ${p.type} is on for this basket`);
    }
  }

  const lines = input.lines.map((line, i): RefLine => {
    const found = [...discounts[i]!.entries()].filter(([, cents]) => cents > 0);
    if (found.length > 1) throw new NotCovered('a line with two promotions');
    const price = prices[i]!;
    const sum = price * line.quantity;
    const discount = Math.min(sum, found[0]?.[1] ?? 0);
    const total = sum - discount;
    const h = line.product.taxHundredths;
    // tax = total − total / (1 + p/100), half up to the cent = total × h / (10,000 + h).
    const tax = halfUp(total * h, 10_000 + h);
    const promotion = found[0] ? { id: found[0][0], name: on.find((p) => p.id === found[0]![0])!.name, amount: discount } : null;
    return { productId: line.product.id, quantity: line.quantity, price, sum, discount, total, tax, subtotal: total - tax, taxHundredths: h, promotion };
  });
  const add = (pick: (l: RefLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const sum = add((l) => l.total);
  return { lines, sum, discount: add((l) => l.discount), orderDiscount: 0, total: sum, tax: add((l) => l.tax), subtotal: add((l) => l.subtotal) };
}

// ---- from the service's answers ----------------------------------------------------------------

type Wire = Record<string, unknown>;
const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A product as `GET catalog/products` gives it (its `tax` object: withVariantInfo / withStocks lists carry it). */
export function productFromWire(raw: Wire): RefProduct {
  const tax = raw.tax as Wire | null | undefined;
  if (!tax) throw new NotCovered(`product ${String(raw.id)} has no tax of its own`);
  return {
    id: Number(raw.id),
    name: String(raw.name),
    categoryId: Number(raw.category_id),
    masterId: raw.main_product_id == null ? null : Number(raw.main_product_id),
    priceCents: toCents(raw.price as string),
    taxHundredths: decimalToInt(tax.percentage as string, 2),
  };
}

/** A rate from `GET promotions/priceRates` with its `GET promotions/priceRates/{id}/products` rows. */
export function rateFromWire(raw: Wire, products: readonly Wire[]): RefRate {
  return {
    id: Number(raw.id),
    type: Number(raw.type),
    amountHundredths: decimalToInt(raw.amount as string, 2),
    rounding: raw.rounding == null ? null : Number(raw.rounding),
    linked: new Map(products.map((row) => [Number(row.product_id), toCents(row.price as string)])),
  };
}

/** A promotion from `GET promotions/promotions` with the ids of its linked categories and products. */
export function promotionFromWire(raw: Wire, links: { categoryIds: readonly number[]; productIds: readonly number[] }): RefPromotion {
  const int = (value: unknown) => (value == null ? null : Number(value));
  return {
    id: Number(raw.id),
    name: String(raw.name),
    type: Number(raw.type),
    apply_to: Number(raw.apply_to),
    apply_type: int(raw.apply_type),
    group_by: int(raw.group_by),
    price_rate_id: int(raw.price_rate_id),
    active: raw.active === undefined ? true : raw.active === true || raw.active === 1,
    order: int(raw.order),
    start_date: optionalText(raw.start_date),
    end_date: optionalText(raw.end_date),
    start_time: optionalText(raw.start_time),
    end_time: optionalText(raw.end_time),
    weekdays: Array.isArray(raw.weekdays) ? raw.weekdays.map(Number) : null,
    condition: int(raw.condition),
    quantityThousandths: raw.quantity == null ? null : decimalToInt(raw.quantity as string, 3),
    ...links,
  };
}
