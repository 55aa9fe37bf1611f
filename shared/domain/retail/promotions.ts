// The shop's promotions engine (retail-api.md §2.8; clarifications "Retail", "Promotions"): given
// the basket, the promotions with their links, the price rates and a moment, the discount each
// promotion gives each line. Pure code (no Node, DOM, React or Electron), run by the till on every
// change of the basket; the server never recomputes promotions, it checks the order's arithmetic
// only (./order.ts). Money in integer cents, quantities and weights in thousandths.
//
// The rules, as the clarifications define them:
// - `apply_to`: 1 = the products linked to the promotion, 2 = the products of its linked
//   categories, 3 = every product.
// - type 1 (pairs): eligible units grouped by `group_by` (1 category, 2 product, 3 variant;
//   default 2), each group sorted by unit price high to low and paired; in each pair the cheaper
//   unit gets 50 % off (`apply_type` 1) or is free (`apply_type` 2, "2x1").
// - type 2 (price rate): eligible units are priced by the rate `price_rate_id`.
// - type 3 (combo): one eligible unit from each linked product (`apply_to` 1) or each linked
//   category (`apply_to` 2) makes a set; each complete set costs `combo_price`, its discount
//   spread over the set's units in proportion to their prices.
// - type 4 (conditional): when the eligible lines reach `quantity` units (`condition` 1) or
//   `quantity` in money (`condition` 2), those lines get `discount` percent (`action` 1) or
//   `discount` money in total (`action` 2) off, spread in proportion to line totals.
// - on when `active`, within the dates, times and weekdays in Europe/Madrid (./schedule.ts);
//   applied in `order` (lower first); a unit discounted by one promotion takes no other; every
//   discount rounded half up to the cent and never making a line negative.
//
// Decisions where the clarifications are silent (also in docs/decisions.md, 2026-11-23 "Promotions
// engine"):
// 1. Units. A line of a whole quantity q (not sold by weight) is q equal units at its unit price.
//    A line sold by weight, or of a quantity that is not whole, is ONE unit whose price is the
//    line's sum (price × weight, half up): it pairs, fills a combo slot and counts as one unit
//    for a type 4 `condition` 1 like any other unit; a type 2 promotion prices it per kilo
//    (discount = sum at the line's price − sum at the rate's price). A line of quantity ≤ 0 takes
//    no part. The units of one line are alike, so which of them gets a discount does not matter:
//    a line's discount is (units discounted) × (discount per unit) or the sum of its shares.
// 2. Units taken. Every unit a promotion uses is taken by it and takes no later promotion: both
//    units of a pair (the discount is the pair's, shown on the cheaper unit's line), every unit of
//    a complete combo set, every free unit of the lines a type 4 promotion counted (even one whose
//    rounded share is 0), every unit a type 2 promotion makes cheaper. A unit a promotion leaves
//    alone (the odd unit of a group, a set never completed, a rate price that is not lower) stays
//    free for the next one. Units taken earlier are not counted by later promotions (a type 4
//    condition counts free units and their money only).
// 3. Pairs form across lines: all free eligible units of a group, whatever their line, in one
//    sequence from the dearest to the cheapest; the 1st pairs with the 2nd, the 3rd with the 4th…;
//    an odd last (the cheapest) unit stays free. `group_by` 2 (product) groups the variants of a
//    master together (a line's product is its master when it has one); 3 (variant) groups by the
//    sold product itself; 1 by the line's category. 50 % off is rounded half up per unit.
// 4. Ties. Units of the same price are ordered by their line's content (product, master,
//    category, prices, quantity, by-weight), then by the line's key: the result never depends on
//    the order the lines were added in. The spreads (combo, type 4) give the cents left over by
//    the largest remainder (./arith.ts spreadExact), a tie to the earlier unit in that order.
// 5. Combos: sets are formed one at a time, each linked product or category (in ascending id
//    order) giving its dearest free eligible unit (the customer gets the most off a fixed
//    combo_price). A set whose units cost no more than `combo_price` gives nothing and ends the
//    forming (a combo never raises a price). A linked product matches a line of that product or of
//    one of its variants (its master); a type 3 with `apply_to` 3 or without links never applies.
//    A combo on linked products (`apply_to` 1) applies only when the caller says its product list
//    is COMPLETE (`productSetComplete`): the API gives links product by product, so a till that
//    has read only some would price a set missing a product (docs/decisions.md "Combos on linked
//    products: the whole set, or no combo"). Until then the combo gives nothing and the result
//    names it in `waiting` with the lines it already knows to be linked.
// 6. Price-rate promotions price a unit by the rate from the product's own price
//    (./priceRates.ts); when that is not lower than the line's unit price (the sale's own rate may
//    already be lower) nothing is given and the unit stays free; a product without a price in the
//    rate (type 2 rate, not linked) is not eligible; an unknown rate → the promotion never applies.
// 7. Type 4: "reach" is ≥; `quantity` is in thousandths of units (`condition` 1) or of the
//    currency (`condition` 2: money ≥ quantity / 1000 €); the whole discount is computed once
//    (percent of the eligible money, half up; or the money, at most the eligible money) and spread
//    over the lines in proportion to their free money, so the shares add up exactly. A percent
//    above 100 counts as 100.
// 8. Manual line discounts are the cashier's and come after the promotions (./order.ts): the
//    promotions are computed on the unit prices, never on what a cashier took off.
// 9. A promotion missing a field its type requires (`apply_type`, a known `price_rate_id`,
//    `combo_price`, `condition`/`quantity`/`action`/`discount`) or with an unknown `type` or
//    `apply_to` never applies. Promotions without `order` come after those with one; equal
//    orders go by id.
// 10. The discount object of a promotion discount: `amount` is the money off the line (cents,
//    `isPercentage` false), except a type 4 percent (`action` 1), which is the percent
//    (hundredths, `isPercentage` true).
import { lineSum, percentOf, spreadExact } from './arith';
import { priceInRate, type PriceRate } from './priceRates';
import { isPromotionOn, shopMoment, type LocalMoment, type PromotionSchedule } from './schedule';

/** One line of the basket. */
export interface BasketLine {
  /** Unique within the basket (the till's line id). */
  key: string;
  /** The product sold (a variant's own id). */
  productId: number;
  /** The variant master when the product is a variant. */
  masterId?: number | null;
  categoryId: number;
  /** The product's own price (cents), which a type 2 promotion's rate starts from. */
  basePriceCents: number;
  /** The unit price charged (cents), after the sale's price rate. */
  unitPriceCents: number;
  /** Quantity, or weight for a product sold by weight, in thousandths. */
  measureThousandths: number;
  byWeight?: boolean;
}

/** A promotion (§2.8 fields, integers) with its links. */
export interface Promotion extends PromotionSchedule {
  id: number;
  name: string;
  order?: number | null;
  /** 1 pairs, 2 price rate, 3 combo, 4 conditional. */
  type: number;
  /** 1 linked products, 2 linked categories' products, 3 every product. */
  apply_to: number;
  /** Type 1: 1 = 50 % off, 2 = cheapest free. */
  apply_type?: number | null;
  /** Type 1: 1 category, 2 product (default), 3 variant. */
  group_by?: number | null;
  price_rate_id?: number | null;
  /** Type 3, cents. */
  combo_price?: number | null;
  /** Type 4: 1 units, 2 money. */
  condition?: number | null;
  /** Type 4, thousandths (of units or of the currency). */
  quantity?: number | null;
  /** Type 4: 1 percent, 2 money. */
  action?: number | null;
  /** Type 4: percent in hundredths (action 1) or cents (action 2). */
  discount?: number | null;
  /** Linked ids; treated as immutable (a changed list is a new array). */
  productIds: readonly number[];
  /**
   * `productIds` is every product linked to the promotion (decision 5). Required for a combo on
   * linked products (type 3, `apply_to` 1) to apply; the other types need only the basket's links.
   */
  productSetComplete?: boolean;
  categoryIds: readonly number[];
}

/** What one promotion takes off one line. */
export interface PromotionDiscount {
  promotionId: number;
  name: string;
  /** Money off the line, cents (> 0). */
  cents: number;
  /** For the line's `discountObject` (decision 10). */
  amount: number;
  isPercentage: boolean;
  /** Units of the line the promotion took (a weighed line is one unit). */
  units: number;
}

export interface LinePromotions {
  key: string;
  /** In the order the promotions applied. */
  discounts: PromotionDiscount[];
  /** Σ discounts' cents. */
  cents: number;
}

export interface PromotionsResult {
  /** One per basket line, in the basket's order. */
  lines: LinePromotions[];
  /** Each promotion that gave something, in the order they applied, with its whole discount. */
  applied: { promotionId: number; name: string; cents: number }[];
  /**
   * Combos on linked products that are on but not applied because their product list is not known
   * whole yet (decision 5), each with the keys of the basket lines known to be linked to it.
   */
  waiting: { promotionId: number; name: string; keys: string[] }[];
  cents: number;
}

/** A combo on linked products whose whole product list the caller does not know (decision 5). */
export function comboAwaitingProducts(promotion: Pick<Promotion, 'type' | 'apply_to' | 'productSetComplete'>): boolean {
  return promotion.type === 3 && promotion.apply_to === 1 && promotion.productSetComplete !== true;
}

interface Work {
  line: BasketLine;
  master: number;
  /** Units of the line, and those no promotion has taken yet. */
  units: number;
  free: number;
  /** One unit's price; for a lump (weighed or fractional line), the line's sum. */
  unitValue: number;
  lump: boolean;
  discounts: PromotionDiscount[];
  cents: number;
}

function compareContent(a: Work, b: Work): number {
  const x = a.line;
  const y = b.line;
  return (
    x.productId - y.productId ||
    a.master - b.master ||
    x.categoryId - y.categoryId ||
    x.unitPriceCents - y.unitPriceCents ||
    x.basePriceCents - y.basePriceCents ||
    x.measureThousandths - y.measureThousandths ||
    Number(a.lump) - Number(b.lump) ||
    (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
  );
}

const byValueDesc = (a: Work, b: Work) => b.unitValue - a.unitValue; // stable: content order kept within a price

function checkLine(line: BasketLine): void {
  for (const [field, value] of [
    ['unitPriceCents', line.unitPriceCents],
    ['basePriceCents', line.basePriceCents],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`line ${line.key}: ${field} must be whole cents ≥ 0, got ${value}`);
  }
  if (!Number.isSafeInteger(line.measureThousandths))
    throw new RangeError(`line ${line.key}: measureThousandths must be a whole number, got ${line.measureThousandths}`);
}

function prepare(lines: readonly BasketLine[]): Work[] {
  const keys = new Set<string>();
  return lines.map((line) => {
    checkLine(line);
    if (keys.has(line.key)) throw new RangeError(`two basket lines share the key ${line.key}`);
    keys.add(line.key);
    const measure = line.measureThousandths;
    const lump = line.byWeight === true || measure % 1000 !== 0;
    const units = measure <= 0 ? 0 : lump ? 1 : measure / 1000;
    const unitValue = lump ? (measure > 0 ? lineSum(line.unitPriceCents, measure) : 0) : line.unitPriceCents;
    return { line, master: line.masterId ?? 0, units, free: units, unitValue, lump, discounts: [], cents: 0 };
  });
}

/** Adds a discount of `promotion` to a line (merged with an earlier one of the same promotion). */
function give(work: Work, promotion: Promotion, cents: number, units: number, amount?: number, isPercentage = false): void {
  work.free -= units;
  if (cents <= 0) return;
  work.cents += cents;
  const last = work.discounts[work.discounts.length - 1];
  if (last !== undefined && last.promotionId === promotion.id) {
    last.cents += cents;
    last.units += units;
    if (!last.isPercentage) last.amount = last.cents;
    return;
  }
  work.discounts.push({ promotionId: promotion.id, name: promotion.name, cents, amount: amount ?? cents, isPercentage, units });
}

interface Context {
  rates: ReadonlyMap<number, PriceRate>;
}

/**
 * A link list as a set, built once per list: the till passes the same (immutable) arrays from one
 * recompute to the next, so a 1,000-product promotion is not turned into a set on every change.
 */
const linkSets = new WeakMap<readonly number[], ReadonlySet<number>>();

function setOf(ids: readonly number[]): ReadonlySet<number> {
  let set = linkSets.get(ids);
  if (set === undefined) {
    set = new Set(ids);
    linkSets.set(ids, set);
  }
  return set;
}

function eligibility(promotion: Promotion): ((work: Work) => boolean) | null {
  switch (promotion.apply_to) {
    case 1: {
      const ids = setOf(promotion.productIds);
      return (w) => ids.has(w.line.productId) || (w.master !== 0 && ids.has(w.master));
    }
    case 2: {
      const ids = setOf(promotion.categoryIds);
      return (w) => ids.has(w.line.categoryId);
    }
    case 3:
      return () => true;
    default:
      return null;
  }
}

/** Type 1: pairs within each group, the cheaper unit of each pair 50 % off or free. */
function applyPairs(promotion: Promotion, works: readonly Work[], eligible: (w: Work) => boolean): void {
  const applyType = promotion.apply_type;
  if (applyType !== 1 && applyType !== 2) return;
  const groupBy = promotion.group_by ?? 2;
  const keyOf = groupBy === 1 ? (w: Work) => w.line.categoryId : groupBy === 3 ? (w: Work) => w.line.productId : (w: Work) => w.master || w.line.productId;
  const groups = new Map<number, Work[]>();
  for (const w of works) {
    if (w.free <= 0 || !eligible(w)) continue;
    const key = keyOf(w);
    const group = groups.get(key);
    if (group) group.push(w);
    else groups.set(key, [w]);
  }
  for (const group of groups.values()) {
    group.sort(byValueDesc);
    let total = 0;
    for (const w of group) total += w.free;
    if (total < 2) continue;
    const paired = total - (total % 2);
    let position = 0;
    for (const w of group) {
      const start = position;
      const end = Math.min(start + w.free, paired); // positions [start, end) are in pairs
      position += w.free;
      if (end <= start) break;
      const cheaper = Math.floor(end / 2) - Math.floor(start / 2); // odd positions: the cheaper of a pair
      const perUnit = applyType === 2 ? w.unitValue : Math.floor((w.unitValue + 1) / 2);
      give(w, promotion, cheaper * perUnit, end - start);
    }
  }
}

/** Type 2: eligible units priced by the promotion's rate when that is lower. */
function applyRate(promotion: Promotion, works: readonly Work[], eligible: (w: Work) => boolean, context: Context): void {
  const rate = promotion.price_rate_id == null ? undefined : context.rates.get(promotion.price_rate_id);
  if (rate === undefined) return;
  for (const w of works) {
    if (w.free <= 0 || !eligible(w)) continue;
    const ratePrice = priceInRate(rate, w.line.productId, w.line.basePriceCents);
    if (ratePrice === null || ratePrice >= w.line.unitPriceCents) continue;
    const cents = w.lump ? w.unitValue - lineSum(ratePrice, w.line.measureThousandths) : w.free * (w.line.unitPriceCents - ratePrice);
    if (cents > 0) give(w, promotion, cents, w.free);
  }
}

/** Type 3: complete sets (one unit per linked product or category) at `combo_price`. */
function applyCombo(promotion: Promotion, works: readonly Work[]): void {
  const comboPrice = promotion.combo_price;
  if (comboPrice == null || !Number.isSafeInteger(comboPrice) || comboPrice < 0) return;
  let slots: number[];
  let matches: (w: Work, slot: number) => boolean;
  if (promotion.apply_to === 1) {
    slots = [...new Set(promotion.productIds)].sort((a, b) => a - b);
    matches = (w, slot) => w.line.productId === slot || w.master === slot;
  } else if (promotion.apply_to === 2) {
    slots = [...new Set(promotion.categoryIds)].sort((a, b) => a - b);
    matches = (w, slot) => w.line.categoryId === slot;
  } else return;
  if (slots.length === 0) return;
  const candidates = slots.map((slot) => works.filter((w) => w.free > 0 && matches(w, slot)).sort(byValueDesc));
  if (candidates.some((list) => list.length === 0)) return;
  const reserved = new Map<Work, number>();
  const setUnits: Work[] = [];
  for (;;) {
    setUnits.length = 0;
    reserved.clear();
    for (const list of candidates) {
      const pick = list.find((w) => w.free - (reserved.get(w) ?? 0) > 0);
      if (pick === undefined) return;
      reserved.set(pick, (reserved.get(pick) ?? 0) + 1);
      setUnits.push(pick);
    }
    const prices = setUnits.map((w) => w.unitValue);
    const whole = prices.reduce((a, b) => a + b, 0);
    if (whole <= comboPrice) return;
    const shares = spreadExact(whole - comboPrice, prices);
    setUnits.forEach((w, i) => give(w, promotion, shares[i] as number, 1));
  }
}

/** Type 4: a threshold of units or money reached → percent or money off, spread by line money. */
function applyConditional(promotion: Promotion, works: readonly Work[], eligible: (w: Work) => boolean): void {
  const { condition, quantity, action, discount } = promotion;
  if ((condition !== 1 && condition !== 2) || (action !== 1 && action !== 2)) return;
  if (quantity == null || !Number.isSafeInteger(quantity) || quantity < 0) return;
  if (discount == null || !Number.isSafeInteger(discount) || discount < 0) return;
  const counted = works.filter((w) => w.free > 0 && eligible(w));
  if (counted.length === 0) return;
  const values = counted.map((w) => w.free * w.unitValue);
  let units = 0;
  let money = 0;
  counted.forEach((w, i) => {
    units += w.free;
    money += values[i] as number;
  });
  const reached = condition === 1 ? units * 1000 >= quantity : money * 10 >= quantity;
  if (!reached) return;
  const percent = Math.min(discount, 10_000);
  const whole = action === 1 ? percentOf(money, percent) : Math.min(discount, money);
  if (whole <= 0) return;
  const shares = spreadExact(whole, values);
  counted.forEach((w, i) => give(w, promotion, shares[i] as number, w.free, action === 1 ? percent : undefined, action === 1));
}

const orderOf = (p: Promotion) => (p.order == null || !Number.isFinite(p.order) ? Number.POSITIVE_INFINITY : p.order);

/** The promotions that are on at `moment`, in the order they apply. */
export function promotionsOn(promotions: readonly Promotion[], moment: LocalMoment): Promotion[] {
  return promotions.filter((p) => isPromotionOn(p, moment)).sort((a, b) => orderOf(a) - orderOf(b) || a.id - b.id);
}

/**
 * Every promotion's discount on every line of the basket at `at` (an instant, or a moment already
 * in the shop's time zone).
 */
export function applyPromotions(
  lines: readonly BasketLine[],
  promotions: readonly Promotion[],
  priceRates: ReadonlyMap<number, PriceRate> | readonly PriceRate[],
  at: Date | number | LocalMoment,
): PromotionsResult {
  const works = prepare(lines);
  const ordered = [...works].sort(compareContent);
  const rates =
    priceRates instanceof Map ? (priceRates as ReadonlyMap<number, PriceRate>) : new Map((priceRates as readonly PriceRate[]).map((r) => [r.id, r]));
  const moment = typeof at === 'object' && !(at instanceof Date) ? at : shopMoment(at);
  const applied: PromotionsResult['applied'] = [];
  const waiting: PromotionsResult['waiting'] = [];
  let cents = 0;
  for (const promotion of promotionsOn(promotions, moment)) {
    const eligible = eligibility(promotion);
    if (eligible === null) continue;
    if (comboAwaitingProducts(promotion)) {
      const keys = works.filter((w) => w.units > 0 && eligible(w)).map((w) => w.line.key);
      if (keys.length > 0) waiting.push({ promotionId: promotion.id, name: promotion.name, keys });
      continue;
    }
    const before = ordered.reduce((sum, w) => sum + w.cents, 0);
    switch (promotion.type) {
      case 1:
        applyPairs(promotion, ordered, eligible);
        break;
      case 2:
        applyRate(promotion, ordered, eligible, { rates });
        break;
      case 3:
        applyCombo(promotion, ordered);
        break;
      case 4:
        applyConditional(promotion, ordered, eligible);
        break;
      default:
        break;
    }
    const given = ordered.reduce((sum, w) => sum + w.cents, 0) - before;
    if (given > 0) {
      applied.push({ promotionId: promotion.id, name: promotion.name, cents: given });
      cents += given;
    }
  }
  return { lines: works.map((w) => ({ key: w.line.key, discounts: w.discounts, cents: w.cents })), applied, waiting, cents };
}
