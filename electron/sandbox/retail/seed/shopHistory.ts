// The demo shop's sales history: every day of the last 90 (and today until now) the shop was open,
// closed orders with their invoices, so every report has data. A city-centre shop: Monday to
// Saturday 10:00–20:30, closed on Sundays and Barcelona's public holidays; busier on Fridays and
// Saturdays, at noon and after 17:00, in December and in January's sales. Lines apply the shop's
// promotions as a till would (clarifications "Promotions": in `order`, a unit discounted once takes
// no other) and follow the order arithmetic to the cent (../orders/arithmetic.ts). Each calendar
// day draws from its own PRNG (seeded by the date), so a day's sales do not depend on when the
// seed was built; ids and invoice numbers count up in time order.
import { hashString, mulberry32, pick, randomInt, type Random } from '../../prng';
import { expectedLine, expectedOrder, mulDivRound, spread } from '../orders/arithmetic';
import { priceInRate } from '../priceRates/rounding';
import type { DiscountObject, InvoiceRecord, RetailCustomerRecord, RetailOrderLine, RetailOrderRecord, RetailProductRecord } from '../model';
import { ORDER_STATUS } from '../model';
import { instantOfLocal } from '../reports/time';
import { SHOP, type ShopCatalog } from './shopCatalog';
import { CATEGORIES } from './shopNames';

export const HISTORY_DAYS = 90;

/** Barcelona's public holidays (MM-DD) the shop is closed on. */
const HOLIDAYS = new Set(['01-01', '01-06', '05-01', '06-24', '08-15', '09-11', '09-24', '10-12', '11-01', '12-06', '12-08', '12-25', '12-26']);
/** Orders on an ordinary day, Sunday (closed) to Saturday. */
const DAILY = [0, 22, 24, 25, 28, 36, 52];
/** Relative traffic per opening hour, 10:00 to 20:00 (20:00–20:30 only). */
const HOURLY = [3, 5, 7, 8, 5, 4, 4, 6, 8, 9, 3];
const NOTES = ['Embolicar per a regal', 'Envolver para regalo', 'Per canviar de talla', 'Regal: treure el preu'];

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function seasonFactor(date: string): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month === 12) return day >= 15 && day <= 24 ? 1.9 : 1.4;
  if (month === 1 && day >= 7) return 1.35;
  if (month === 7) return 1.2;
  if (month === 8) return 0.7;
  return 1;
}

/** Picks from a cumulative weight table. */
function weighted(random: Random, cumulative: readonly number[]): number {
  const x = random() * (cumulative[cumulative.length - 1] as number);
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const cumulate = (weights: readonly number[]) => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

interface Draft {
  product: RetailProductRecord;
  quantity: number;
  discount: number;
  discountObject: DiscountObject;
}

export interface ShopHistory {
  orders: RetailOrderRecord[];
  invoices: InvoiceRecord[];
  /** The summer sale's dates (promotion 3), relative to the last day. */
  summerSale: { start: string; end: string };
}

/** What the history reads of the catalog: products, tax rates, what sells and how much. */
interface Shelf {
  products: Map<number, RetailProductRecord>;
  taxes: Map<number, number>;
  sellable: ShopCatalog['articles'];
  articleTable: number[];
  customers: readonly RetailCustomerRecord[];
}

/** What the promotions apply to, and the summer sale's dates (relative to the last day). */
interface PromotionRules {
  socks: number;
  summerCategories: Set<number>;
  packCategories: readonly [number, number];
  secondHalf: Set<number>;
  outlet: ShopCatalog['priceRates'][number];
  promotionName: Map<number, string>;
  summerSale: { start: string; end: string };
}

function promotionRules(catalog: ShopCatalog, today: string): PromotionRules {
  const categoryId = (name: string) => CATEGORIES.findIndex((c) => c.name === name) + 1;
  return {
    socks: categoryId('Mitjons'),
    summerCategories: new Set(['Sandàlies', 'Espardenyes', 'Ulleres de sol'].map(categoryId)),
    packCategories: [categoryId('Samarretes home'), categoryId('Texans home')] as const,
    secondHalf: new Set(catalog.promotionProducts.filter((l) => l.promotion_id === SHOP.promotion.secondHalf).map((l) => l.target_id)),
    outlet: catalog.priceRates.find((r) => r.id === SHOP.priceRate.outlet)!,
    promotionName: new Map(catalog.promotions.map((p) => [p.id, p.name])),
    summerSale: { start: addDays(today, -75), end: addDays(today, -54) },
  };
}

/** The shop-local times (`HH:mm:ss`, sorted) of a day's `count` orders. */
function orderTimes(random: Random, count: number, hourTable: readonly number[]): string[] {
  const times: string[] = [];
  for (let i = 0; i < count; i++) {
    const hour = 10 + weighted(random, hourTable);
    const minute = hour === 20 ? randomInt(random, 0, 29) : randomInt(random, 0, 59);
    times.push(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`);
  }
  return times.sort();
}

/** An order's lines and every other draw it needs, before promotions and arithmetic. */
function draftOrder(random: Random, shelf: Shelf) {
  const lineCount = weighted(random, [50, 80, 93, 98, 100]) + 1;
  const drafts: Draft[] = [];
  for (let i = 0; i < lineCount; i++) {
    const article = shelf.sellable[weighted(random, shelf.articleTable)]!;
    // Middle sizes sell best.
    const k = article.sellable.length;
    const index = Math.min(k - 1, Math.floor(((random() + random()) / 2) * k));
    const product = shelf.products.get(article.sellable[index]!)!;
    const spec = CATEGORIES[article.spec]!;
    const quantity = spec.sizes === 'sock' ? randomInt(random, 1, 4) : spec.tax === 10 ? randomInt(random, 1, 2) : random() < 0.92 ? 1 : 2;
    const same = drafts.find((d) => d.product.id === product.id);
    if (same) same.quantity += quantity;
    else drafts.push({ product, quantity, discount: 0, discountObject: {} });
  }
  const customers = shelf.customers;
  return {
    drafts,
    customer: random() < 0.3 ? customers[Math.floor(customers.length * random() ** 2)] : undefined,
    manualDiscount: random() < 0.06,
    employeeDraw: random(),
    paymentDraw: random(),
    cashDraw: random(),
    giftCard: pick(random, [2500, 5000, 10_000]),
    note: random() < 0.03 ? pick(random, NOTES) : '',
    openMinutes: randomInt(random, 1, 8),
  };
}

type OrderDraft = ReturnType<typeof draftOrder>;

function promote(drafts: Draft[], date: string, weekday: number, rules: PromotionRules): void {
  const give = (d: Draft, promotion: number, amount: number, percent?: number) => {
    d.discount = amount;
    d.discountObject = { id: promotion, name: rules.promotionName.get(promotion), amount: percent ?? amount, isPercentage: percent !== undefined };
  };
  const free = (d: Draft) => d.discount === 0;
  for (const d of drafts) {
    if (d.product.category_id === rules.socks && d.quantity >= 2) give(d, SHOP.promotion.socks2x1, Math.floor(d.quantity / 2) * d.product.price);
  }
  for (const d of drafts.filter(free)) {
    if (d.quantity >= 2 && rules.secondHalf.has(d.product.main_product_id ?? d.product.id)) {
      give(d, SHOP.promotion.secondHalf, Math.floor(d.quantity / 2) * Math.round(d.product.price / 2));
    }
  }
  if (date >= rules.summerSale.start && date <= rules.summerSale.end) {
    for (const d of drafts.filter(free)) {
      if (!rules.summerCategories.has(d.product.category_id)) continue;
      const price = priceInRate(rules.outlet, d.product, undefined) ?? d.product.price;
      if (price < d.product.price) give(d, SHOP.promotion.summerSale, (d.product.price - price) * d.quantity);
    }
  }
  const tee = drafts.find((d) => free(d) && d.quantity === 1 && d.product.category_id === rules.packCategories[0]);
  const jeans = drafts.find((d) => free(d) && d.quantity === 1 && d.product.category_id === rules.packCategories[1]);
  if (tee && jeans && tee.product.price + jeans.product.price > 4990) {
    const off = tee.product.price + jeans.product.price - 4990;
    const [a, b] = spread(off, [tee.product.price, jeans.product.price]) as [number, number];
    give(tee, SHOP.promotion.pack, a);
    give(jeans, SHOP.promotion.pack, b);
  }
  // Monday (1) to Thursday (4): 10 % off the undiscounted lines once they reach 100 €.
  const monday1 = weekday === 0 ? 7 : weekday;
  const rest = drafts.filter(free);
  const sums = rest.map((d) => d.product.price * d.quantity);
  const whole = sums.reduce((a, b) => a + b, 0);
  if (monday1 <= 4 && whole >= 10_000) {
    const shares = spread(mulDivRound(whole, 1000, 10_000), sums);
    rest.forEach((d, i) => give(d, SHOP.promotion.over100, shares[i]!, 1000));
  }
}

function payments(total: number, draft: OrderDraft): Array<{ payment_method_id: number; amount: number; change: number }> {
  const p = draft.paymentDraw;
  if (p < 0.56) return [{ payment_method_id: SHOP.payment.card, amount: total, change: 0 }];
  if (p < 0.78) {
    // Cash: the exact amount, or the next 5, 10, 20 or 50 € above it.
    const step = [0, 500, 1000, 2000, 5000][Math.floor(draft.cashDraw * 5)]!;
    const given = step === 0 ? total : Math.ceil(total / step) * step;
    return [{ payment_method_id: SHOP.payment.cash, amount: given, change: given - total }];
  }
  if (p < 0.93) return [{ payment_method_id: SHOP.payment.bizum, amount: total, change: 0 }];
  if (draft.giftCard >= total) return [{ payment_method_id: SHOP.payment.giftCard, amount: total, change: 0 }];
  return [
    { payment_method_id: SHOP.payment.giftCard, amount: draft.giftCard, change: 0 },
    { payment_method_id: SHOP.payment.card, amount: total - draft.giftCard, change: 0 },
  ];
}

/** The orders and invoices written so far; ids and invoice numbers count up in time order. */
class Ledger {
  readonly orders: RetailOrderRecord[] = [];
  readonly invoices: InvoiceRecord[] = [];
  private lineId = 0;
  private paymentId = 0;

  constructor(
    private readonly taxes: Map<number, number>,
    private readonly rules: PromotionRules,
  ) {}

  /** Prices a drafted order (promotions, then the order arithmetic), closes and invoices it. */
  close(draft: OrderDraft, date: string, time: string, weekday: number): void {
    const { drafts } = draft;
    promote(drafts, date, weekday, this.rules);
    const orderId = this.orders.length + 1;
    const inputs = drafts.map((d) => ({
      priceCents: d.product.price,
      measureThousandths: d.quantity * 1000,
      discountCents: d.discount,
      taxPercentHundredths: this.taxes.get(d.product.tax_id ?? 0) ?? 0,
    }));
    const lines = this.lines(drafts, inputs, orderId);
    const linesTotal = lines.reduce((a, l) => a + l.total, 0);
    const manual = draft.customer !== undefined && draft.manualDiscount;
    const orderDiscount = manual ? mulDivRound(linesTotal, 500, 10_000) : 0;
    const e = expectedOrder(inputs, orderDiscount, 0);
    const closedAt = instantOfLocal(date, time);
    const createdAt = new Date(closedAt.getTime() - draft.openMinutes * 60_000).toISOString();
    const hour = Number(time.slice(0, 2));
    const invoice: InvoiceRecord = {
      id: this.invoices.length + 1,
      number: `E-${this.invoices.length + 1}`,
      order_id: orderId,
      total: e.total,
      payments: payments(e.total, draft).map((p) => ({ id: ++this.paymentId, extra: 0, ...p })),
      created_at: closedAt.toISOString(),
    };
    this.invoices.push(invoice);
    this.orders.push({
      id: orderId,
      status: ORDER_STATUS.closed,
      notes: draft.note,
      shippingAmount: 0,
      sum: e.sum,
      subtotal: e.subtotal,
      discount: lines.reduce((a, l) => a + l.discount, 0),
      orderDiscount,
      tax: e.tax,
      total: e.total,
      discountObject: manual ? { id: null, name: 'Descompte client 5 %', amount: 500, isPercentage: true } : {},
      customer_id: draft.customer?.id ?? null,
      shipping_id: null,
      employee_id: hour < 15 ? (draft.employeeDraw < 0.5 ? 1 : 2) : draft.employeeDraw < 0.5 ? 2 : 3,
      closed_at: `${date} ${time}`,
      created_at: createdAt,
      updated_at: invoice.created_at,
      order_contents: lines,
      invoice_id: invoice.id,
    });
  }

  private lines(drafts: readonly Draft[], inputs: ReadonlyArray<Parameters<typeof expectedLine>[0]>, orderId: number): RetailOrderLine[] {
    return drafts.map((d, i) => {
      const input = inputs[i]!;
      const e = expectedLine(input);
      return {
        id: ++this.lineId,
        order_id: orderId,
        product_id: d.product.id,
        name: d.product.name,
        quantity: d.quantity * 1000,
        weight: null,
        price: d.product.price,
        sum: e.sum,
        discount: d.discount,
        subtotal: e.subtotal,
        tax: e.tax,
        total: e.total,
        taxPercentage: input.taxPercentHundredths,
        margin: e.subtotal - d.product.costPrice * d.quantity,
        discountObject: d.discountObject,
        notes: '',
      };
    });
  }
}

/**
 * Orders and invoices of the `days` days before `today` and of `today` until `nowTime` (both the
 * shop's local date and time).
 */
export function buildShopHistory(
  catalog: ShopCatalog,
  customers: readonly RetailCustomerRecord[],
  today: string,
  nowTime: string,
  days = HISTORY_DAYS,
): ShopHistory {
  const sellable = catalog.articles.filter((a) => a.active && a.sellable.length > 0);
  const shelf: Shelf = {
    products: new Map(catalog.products.map((p) => [p.id, p])),
    taxes: new Map(catalog.taxes.map((t) => [t.id, t.percentage])),
    sellable,
    articleTable: cumulate(sellable.map((a) => a.popularity)),
    customers,
  };
  const rules = promotionRules(catalog, today);
  const hourTable = cumulate(HOURLY);
  const ledger = new Ledger(shelf.taxes, rules);
  for (let back = days; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || HOLIDAYS.has(date.slice(5))) continue;
    const random = mulberry32(hashString(`demo-shop ${date}`));
    const count = Math.round(DAILY[weekday]! * seasonFactor(date) * (0.8 + random() * 0.4));
    for (const time of orderTimes(random, count, hourTable)) {
      // Every order draws the same numbers whether or not it is kept, so today's orders do not move.
      const draft = draftOrder(random, shelf);
      if (back === 0 && time > nowTime) continue;
      ledger.close(draft, date, time, weekday);
    }
  }
  return { orders: ledger.orders, invoices: ledger.invoices, summerSale: rules.summerSale };
}
