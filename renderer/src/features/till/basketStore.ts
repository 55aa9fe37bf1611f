import { create, type StoreApi, type UseBoundStore } from 'zustand';
import {
  priceOrder,
  withPromotions,
  type DiscountObject,
  type ManualDiscount,
  type PricedLine,
  type PricedOrder,
} from '../../../../shared/domain/retail/order';
import { salePrice, type PriceRate, type Rounding } from '../../../../shared/domain/retail/priceRates';
import { applyPromotions, type BasketLine, type Promotion, type PromotionDiscount } from '../../../../shared/domain/retail/promotions';

// The till's basket: the lines being sold, the sale's price rate and customer,
// and — recomputed on every change — each line's price in the rate (shared/domain/retail/priceRates),
// the promotions' discounts (applyPromotions at the current moment, Europe/Madrid) and the order's
// exact arithmetic (shared/domain/retail/order). Memory only: a sale is kept once it is paid (the
// pay dialog turns `checkoutDraft()` into the queue's sale + invoice entries).
//
// Money in integer cents; quantities and weights in thousandths. The store never holds a catalog
// table: each line keeps a snapshot of its product (name, prices, tax and its own prices in the price
// rates, read with one indexed query when it is added), and the pricing context holds only the price
// rates' headers and the promotions (few records).

/** What the basket needs to know of a product, read once when it is added. */
export interface TillProduct {
  id: number;
  name: string;
  /** The variant master of a variant (type 6), else null. */
  masterId: number | null;
  categoryId: number;
  /** The product's own price (tax included), cents. */
  priceCents: number;
  /** 21 % → 2100. */
  taxPercentHundredths: number;
  usesWeight: boolean;
  /** A variant's values, e.g. "M · Navy"; null for a product without variants. */
  variantName: string | null;
  reference?: string | null;
  /** Rate id → this product's own (linked) price in that rate, cents. */
  ratePrices?: Readonly<Record<number, number>>;
}

/** A price rate's header (its linked prices travel with the products: `TillProduct.ratePrices`). */
export interface TillRate {
  id: number;
  name: string;
  type: 1 | 2;
  amountHundredths: number;
  rounding: Rounding;
}

export interface BasketEntry {
  key: string;
  product: TillProduct;
  /** Units, or the weight in grams (kg thousandths) for a product sold by weight. */
  measureThousandths: number;
  manual: ManualDiscount | null;
  notes: string;
}

/** A line as the basket panel shows it and the pay dialog sends it. */
export interface ViewLine extends BasketEntry {
  /** The unit (or kilo) price in the sale's rate, cents. */
  unitPriceCents: number;
  promotions: readonly PromotionDiscount[];
  /** Combos this line is linked to that wait for their whole product list (not applied yet). */
  waitingCombos: readonly { promotionId: number; name: string }[];
  priced: PricedLine;
}

export interface BasketView {
  lines: ViewLine[];
  totals: PricedOrder;
  /** The promotions that gave something, with their whole discount. */
  applied: { promotionId: number; name: string; cents: number }[];
}

/** One line of `checkoutDraft()`: everything an order line (retail-api.md §2.5) needs. */
export interface CheckoutLine {
  key: string;
  productId: number;
  /** The product's name; `variantName` beside it for a variant. */
  name: string;
  variantName: string | null;
  byWeight: boolean;
  /** Units (1 for a product sold by weight). */
  quantity: number;
  /** kg for a product sold by weight (thousandths precision), else null. */
  weight: number | null;
  /** Units or weight, thousandths. */
  measureThousandths: number;
  /** Unit (or kilo) price in the sale's rate, cents. */
  priceCents: number;
  taxPercentHundredths: number;
  /** §2.5 line amounts, cents. */
  sum: number;
  discount: number;
  total: number;
  tax: number;
  subtotal: number;
  discountObject: DiscountObject;
  promotions: readonly PromotionDiscount[];
  manual: ManualDiscount | null;
  notes: string;
}

/** `checkoutDraft()`: the sale to pay. */
export interface CheckoutDraft {
  lines: CheckoutLine[];
  /** §2.5 order amounts, cents (no order discount nor shipping from the till: both 0). */
  totals: { sum: number; discount: number; orderDiscount: number; shippingAmount: number; total: number; tax: number; subtotal: number };
  rateId: number | null;
  customerId: number | null;
}

export interface BasketState {
  entries: readonly BasketEntry[];
  /** The sale's rate: the customer's when they have one, else the clerk's choice, else none (shop prices). */
  rateId: number | null;
  /** The rate the clerk last chose (null: shop prices); undefined until they choose one. */
  clerkRateId: number | null | undefined;
  customerId: number | null;
  rates: readonly TillRate[];
  promotions: readonly Promotion[];
  /** Derived from all the above (and the clock): recomputed on every change. */
  view: BasketView;
  /** The line the last `add` created or added to (the basket scrolls it into view), with a counter. */
  lastAdded: { key: string; count: number } | null;
  /** Adds one unit (or `measureThousandths`) of a product; the same product again adds to its line. Returns the line's key. */
  add: (product: TillProduct, measureThousandths?: number) => string;
  remove: (key: string) => void;
  /** Sets a line's units (thousandths); 0 or less removes it. */
  setQuantity: (key: string, thousandths: number) => void;
  /** One unit more (+1) or less (−1); the last unit going removes the line. */
  step: (key: string, delta: 1 | -1) => void;
  /** A weighed line's weight (kg thousandths); 0 or less removes it. */
  setWeight: (key: string, thousandths: number) => void;
  setDiscount: (key: string, discount: ManualDiscount | null) => void;
  setNotes: (key: string, notes: string) => void;
  /** The clerk's choice of rate. */
  setRate: (rateId: number | null) => void;
  /**
   * The sale's customer (null: none). A customer's own price rate (`customerRateId`, when the shop
   * has it) becomes the sale's; a customer without one, or none, brings back the clerk's choice or
   * the shop prices ("or it follows the customer's").
   */
  setCustomer: (customerId: number | null, customerRateId?: number | null) => void;
  /** The price rates and promotions read from the shop's catalog. */
  setPricing: (pricing: { rates: readonly TillRate[]; promotions: readonly Promotion[] }) => void;
  /** Recomputes (a promotion's hours may have begun or ended). */
  recompute: () => void;
  clear: () => void;
  checkoutDraft: () => CheckoutDraft;
}

/** The weight of a line sold by weight is kept with 3 decimals of a kilo; at most 999.999 kg. */
export const MAX_WEIGHT_THOUSANDTHS = 999_999;
/** At most 9,999 units a line. */
export const MAX_QUANTITY_THOUSANDTHS = 9_999_000;

const EMPTY_VIEW: BasketView = { lines: [], totals: priceOrder([]), applied: [] };
const NO_WAITING: ViewLine['waitingCombos'] = [];

function rateOf(header: TillRate, entries: readonly BasketEntry[]): PriceRate {
  const linkedPrices = new Map<number, number>();
  for (const entry of entries) {
    const price = entry.product.ratePrices?.[header.id];
    if (price !== undefined) linkedPrices.set(entry.product.id, price);
  }
  return { id: header.id, type: header.type, amountHundredths: header.amountHundredths, rounding: header.rounding, linkedPrices };
}

/** The basket priced: rate, promotions at `at`, order arithmetic. Pure. */
export function computeView(
  entries: readonly BasketEntry[],
  rateId: number | null,
  rates: readonly TillRate[],
  promotions: readonly Promotion[],
  at: Date | number,
): BasketView {
  if (entries.length === 0) return EMPTY_VIEW;
  const priceRates = rates.map((header) => rateOf(header, entries));
  const saleRate = priceRates.find((rate) => rate.id === rateId) ?? null;
  const basket: (BasketLine & { entry: BasketEntry })[] = entries.map((entry) => ({
    entry,
    key: entry.key,
    productId: entry.product.id,
    masterId: entry.product.masterId,
    categoryId: entry.product.categoryId,
    basePriceCents: entry.product.priceCents,
    unitPriceCents: salePrice(saleRate, entry.product.id, entry.product.priceCents),
    measureThousandths: entry.measureThousandths,
    byWeight: entry.product.usesWeight,
  }));
  const result = applyPromotions(basket, promotions, priceRates, at);
  const withDiscounts = withPromotions(basket, result);
  const totals = priceOrder(
    withDiscounts.map((line) => ({
      priceCents: line.unitPriceCents,
      measureThousandths: line.measureThousandths,
      taxPercentHundredths: line.entry.product.taxPercentHundredths,
      promotions: line.promotions,
      manual: line.entry.manual,
    })),
  );
  const waitingOf = new Map<string, { promotionId: number; name: string }[]>();
  for (const combo of result.waiting)
    for (const key of combo.keys) (waitingOf.get(key) ?? waitingOf.set(key, []).get(key)!).push({ promotionId: combo.promotionId, name: combo.name });
  const lines = withDiscounts.map((line, index): ViewLine => ({
    ...line.entry,
    unitPriceCents: line.unitPriceCents,
    promotions: line.promotions,
    waitingCombos: waitingOf.get(line.key) ?? NO_WAITING,
    priced: totals.lines[index]!,
  }));
  return { lines, totals, applied: result.applied };
}

/** The pay dialog's contract: the basket as order lines and totals. Pure. */
export function draftOf(state: Pick<BasketState, 'view' | 'rateId' | 'customerId'>): CheckoutDraft {
  const { view } = state;
  const lines = view.lines.map((line): CheckoutLine => {
    const byWeight = line.product.usesWeight;
    return {
      key: line.key,
      productId: line.product.id,
      name: line.product.name,
      variantName: line.product.variantName,
      byWeight,
      quantity: byWeight ? 1 : line.measureThousandths / 1000,
      weight: byWeight ? line.measureThousandths / 1000 : null,
      measureThousandths: line.measureThousandths,
      priceCents: line.unitPriceCents,
      taxPercentHundredths: line.product.taxPercentHundredths,
      sum: line.priced.sum,
      discount: line.priced.discount,
      total: line.priced.total,
      tax: line.priced.tax,
      subtotal: line.priced.subtotal,
      discountObject: line.priced.discountObject,
      promotions: line.promotions,
      manual: line.manual,
      notes: line.notes,
    };
  });
  const { sum, discount, orderDiscount, shippingAmount, total, tax, subtotal } = view.totals;
  return { lines, totals: { sum, discount, orderDiscount, shippingAmount, total, tax, subtotal }, rateId: state.rateId, customerId: state.customerId };
}

const clampMeasure = (thousandths: number, max: number) => Math.min(Math.max(0, Math.round(thousandths)), max);

/** A basket store; `now` is the clock the promotions are applied at (tests pass their own). */
export function createBasketStore(now: () => Date | number = () => Date.now()): UseBoundStore<StoreApi<BasketState>> {
  let counter = 0;
  return create<BasketState>()((set, get) => {
    /** Applies a change to the inputs and recomputes the view in the same update. */
    const change = (patch: Partial<Pick<BasketState, 'entries' | 'rateId' | 'customerId' | 'rates' | 'promotions'>>) => {
      const next = { ...get(), ...patch };
      set({ ...patch, view: computeView(next.entries, next.rateId, next.rates, next.promotions, now()) });
    };
    const mapEntry = (key: string, update: (entry: BasketEntry) => BasketEntry | null) => {
      const entries: BasketEntry[] = [];
      let found = false;
      for (const entry of get().entries) {
        if (entry.key !== key) entries.push(entry);
        else {
          found = true;
          const updated = update(entry);
          if (updated !== null) entries.push(updated);
        }
      }
      if (found) change({ entries });
    };
    return {
      entries: [],
      rateId: null,
      clerkRateId: undefined,
      customerId: null,
      rates: [],
      promotions: [],
      view: EMPTY_VIEW,
      lastAdded: null,
      add: (product, measureThousandths) => {
        const { entries } = get();
        if (!product.usesWeight) {
          // The same product again (scanned twice, tapped twice) is one more unit of its line, unless
          // that line was given a discount or a note of its own.
          const same = entries.find((entry) => entry.product.id === product.id && entry.manual === null && entry.notes === '');
          if (same !== undefined) {
            const add = measureThousandths ?? 1000;
            mapEntry(same.key, (entry) => ({ ...entry, measureThousandths: clampMeasure(entry.measureThousandths + add, MAX_QUANTITY_THOUSANDTHS) }));
            set({ lastAdded: { key: same.key, count: (get().lastAdded?.count ?? 0) + 1 } });
            return same.key;
          }
        }
        counter += 1;
        const key = `l${counter}`;
        const max = product.usesWeight ? MAX_WEIGHT_THOUSANDTHS : MAX_QUANTITY_THOUSANDTHS;
        const measure = clampMeasure(measureThousandths ?? 1000, max);
        if (measure === 0) return key;
        change({ entries: [...entries, { key, product, measureThousandths: measure, manual: null, notes: '' }] });
        set({ lastAdded: { key, count: (get().lastAdded?.count ?? 0) + 1 } });
        return key;
      },
      remove: (key) => mapEntry(key, () => null),
      setQuantity: (key, thousandths) =>
        mapEntry(key, (entry) => (thousandths <= 0 ? null : { ...entry, measureThousandths: clampMeasure(thousandths, MAX_QUANTITY_THOUSANDTHS) })),
      step: (key, delta) =>
        mapEntry(key, (entry) => {
          const next = entry.measureThousandths + delta * 1000;
          return next <= 0 ? null : { ...entry, measureThousandths: clampMeasure(next, MAX_QUANTITY_THOUSANDTHS) };
        }),
      setWeight: (key, thousandths) =>
        mapEntry(key, (entry) => (thousandths <= 0 ? null : { ...entry, measureThousandths: clampMeasure(thousandths, MAX_WEIGHT_THOUSANDTHS) })),
      setDiscount: (key, discount) => mapEntry(key, (entry) => ({ ...entry, manual: discount })),
      setNotes: (key, notes) => mapEntry(key, (entry) => ({ ...entry, notes: notes.slice(0, 250) })),
      setRate: (rateId) => {
        set({ clerkRateId: rateId });
        change({ rateId });
      },
      setCustomer: (customerId, customerRateId = null) => {
        const { rates, clerkRateId } = get();
        const own = customerId !== null && customerRateId !== null && rates.some((rate) => rate.id === customerRateId) ? customerRateId : null;
        change({ customerId, rateId: own ?? clerkRateId ?? null });
      },
      setPricing: ({ rates, promotions }) => {
        const known = (id: number | null | undefined) => (id === null || id === undefined || rates.some((rate) => rate.id === id) ? id : null);
        set({ clerkRateId: known(get().clerkRateId) });
        change({ rates, promotions, rateId: known(get().rateId) ?? null });
      },
      recompute: () => change({}),
      // The next sale starts without a customer, so at the clerk's rate (or the shop prices).
      clear: () => change({ entries: [], customerId: null, rateId: get().clerkRateId ?? null }),
      checkoutDraft: () => draftOf(get()),
    };
  });
}

/** The till's basket (one per window). */
export const useBasketStore = createBasketStore();

export const basketSelectors = {
  view: (state: BasketState) => state.view,
  lines: (state: BasketState) => state.view.lines,
  totals: (state: BasketState) => state.view.totals,
  rateId: (state: BasketState) => state.rateId,
  rates: (state: BasketState) => state.rates,
  customerId: (state: BasketState) => state.customerId,
  isEmpty: (state: BasketState) => state.entries.length === 0,
};

// The "Pay" contract with the pay dialog: the till hands the basket's "Pay" button the dialog's
// opener (pay/SalePayDialog.tsx `useTillPay`), which it calls with `checkoutDraft()`; the sale
// action (pay/sellSale.ts) empties the basket once the sale is saved.
export type PayHandler = (draft: CheckoutDraft) => void;

/** What the "Pay" button does: hands the draft to the pay dialog (false: no dialog or nothing to pay). */
export function pay(onPay: PayHandler | null, basket: Pick<typeof useBasketStore, 'getState'> = useBasketStore): boolean {
  const draft = basket.getState().checkoutDraft();
  if (onPay === null || draft.lines.length === 0) return false;
  onPay(draft);
  return true;
}
