// The demo shop's catalog: groups, categories, articles with size × colour
// variants (a variant master, type 5, and one variant, type 6, per size and colour), EAN-13
// barcodes on everything that can be sold, taxes of 21/10/4 %, two warehouses with stock and alert
// levels, three price rates (rounding to .05, down to .99 and to the nearest .99) and five
// promotions of the four types. Deterministic: the same article count gives the same records.
import { mulberry32, pick, randomInt, type Random } from '../../prng';
import type {
  EcommerceInfoRecord,
  PriceRateLinkRecord,
  PriceRateRecord,
  ProductVariantRecord,
  PromotionLinkRecord,
  PromotionRecord,
  RetailCategoryRecord,
  RetailGroupRecord,
  RetailProductRecord,
  RetailSeed,
  RetailStockRecord,
  VariantRecord,
} from '../model';
import { PRODUCT_TYPE } from '../model';
import { shopBarcode } from './ean';
import { CATEGORIES, COLOURS, GROUPS, SIZES, type CategorySpec, type Pair } from './shopNames';

/** Ids the demo shop's other parts and its tests name. */
export const SHOP = {
  tax: { general: 1, reduced: 2, superReduced: 3 },
  unit: { piece: 1, pair: 2 },
  payment: { card: 1, cash: 2, bizum: 3, giftCard: 4 },
  warehouse: { shop: 1, store: 2 },
  variantSet: { size: 1, colour: 2 },
  priceRate: { members: 1, outlet: 2, online: 3 },
  promotion: { socks2x1: 1, secondHalf: 2, summerSale: 3, pack: 4, over100: 5 },
} as const;

const TAX_ID: Record<CategorySpec['tax'], number> = { 21: SHOP.tax.general, 10: SHOP.tax.reduced, 4: SHOP.tax.superReduced };

/** An article as the history sells it: what can be sold of it and how much it sells. */
export interface Article {
  /** The variant master, or the product itself when it has no variants. */
  id: number;
  category: number;
  /** Index in CATEGORIES. */
  spec: number;
  /** Product ids that can be sold (its variants, or itself). */
  sellable: number[];
  /** Relative sales weight. */
  popularity: number;
  active: boolean;
}

export type ShopCatalog = Pick<
  RetailSeed,
  | 'variantSets'
  | 'variants'
  | 'productVariants'
  | 'taxes'
  | 'units'
  | 'paymentMethods'
  | 'warehouses'
  | 'stocks'
  | 'groups'
  | 'categories'
  | 'products'
  | 'priceRates'
  | 'priceRateLinks'
  | 'promotions'
  | 'promotionCategories'
  | 'promotionProducts'
> & { articles: Article[] };

/** Articles per category: in proportion to the categories' weights, at least one each (largest remainders). */
export function articlesPerCategory(total: number): number[] {
  const weights = CATEGORIES.map((c) => c.weight);
  const whole = weights.reduce((a, b) => a + b, 0);
  const floor = total >= CATEGORIES.length ? 1 : 0;
  const rest = total - floor * CATEGORIES.length;
  const exact = weights.map((w) => (rest * w) / whole);
  const counts = exact.map((x) => floor + Math.floor(x));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k]![1]]! += 1;
  return counts;
}

/** A shelf price in cents within [min, max] euros: x.95 (x.50 under 10 €, 10-cent steps under 3 €). */
function shelfPrice(random: Random, [min, max]: readonly [number, number]): number {
  if (max <= 3) return randomInt(random, Math.round(min * 10), Math.round(max * 10)) * 10;
  if (max <= 15) return randomInt(random, Math.floor(min), Math.floor(max)) * 100 + (random() < 0.5 ? 95 : 50);
  return randomInt(random, Math.floor(min / 5), Math.floor(max / 5)) * 500 - 5;
}

/** Every base × qualifier of a category, shuffled: the article names of that category. */
function namesOf(random: Random, spec: CategorySpec): Array<[Pair, Pair]> {
  const combos: Array<[Pair, Pair]> = [];
  for (const base of spec.bases) for (const qualifier of spec.qualifiers) combos.push([base, qualifier]);
  for (let i = combos.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  return combos;
}

/** A contiguous run of `length` sizes out of a kind's list. */
function sizeRun(random: Random, sizes: readonly string[], min: number, max: number): string[] {
  const length = Math.min(sizes.length, randomInt(random, min, max));
  const start = randomInt(random, 0, sizes.length - length);
  return sizes.slice(start, start + length);
}

const SIZE_RUNS = { top: [4, 5], bottom: [4, 6], shoe: [6, 7], sock: [3, 3] } as const;

/** Stock levels by kind: [max units in the shop, alert level, target level]. */
function stockLevels(spec: CategorySpec): [number, number, number] {
  if (spec.sizes === 'shoe') return [4, 1, 3];
  if (spec.sizes === 'sock') return [15, 3, 10];
  if (spec.tax === 10) return [24, 6, 12];
  if (spec.tax === 4) return [5, 1, 3];
  return [6, 1, 4];
}

/** Variant values: every size label once (trouser and shoe sizes share "36"…), then the colours. */
function variantValues(): { variants: VariantRecord[]; sizeIds: Map<string, number>; colourIds: number[] } {
  const variants: VariantRecord[] = [];
  const sizeIds = new Map<string, number>();
  for (const kind of ['top', 'bottom', 'shoe', 'sock'] as const) {
    for (const size of SIZES[kind]) {
      if (sizeIds.has(size)) continue;
      const id = variants.length + 1;
      sizeIds.set(size, id);
      variants.push({ id, name: size, order: sizeIds.size, variant_set_id: SHOP.variantSet.size, color: null });
    }
  }
  const colourIds = COLOURS.map(([ca, , hex], i) => {
    const id = variants.length + 1;
    variants.push({ id, name: ca, order: i + 1, variant_set_id: SHOP.variantSet.colour, color: hex });
    return id;
  });
  return { variants, sizeIds, colourIds };
}

/**
 * The products, their variants and stock, grown article by article. One random stream feeds every
 * article in turn, so the order of the draws below is the data: moving a draw changes the shop.
 */
class ProductsBuilder {
  readonly products: RetailProductRecord[] = [];
  readonly productVariants: ProductVariantRecord[] = [];
  readonly stocks: RetailStockRecord[] = [];
  readonly articles: Article[] = [];
  private barcodes = 0;
  private ecommerceIds = 0;

  constructor(
    private readonly random: Random,
    private readonly values: { sizeIds: Map<string, number>; colourIds: number[] },
  ) {}

  private addStock(product: RetailProductRecord, spec: CategorySpec): void {
    const random = this.random;
    const stocks = this.stocks;
    const [most, alert, target] = stockLevels(spec);
    const unit = product.unit_id;
    stocks.push({
      id: stocks.length + 1,
      item_id: product.id,
      warehouse_id: SHOP.warehouse.shop,
      unit_id: unit,
      quantity: randomInt(random, 0, most) * 1000,
      defaultQuantity: target * 1000,
      alert: alert * 1000,
    });
    if (random() < 0.7) {
      stocks.push({
        id: stocks.length + 1,
        item_id: product.id,
        warehouse_id: SHOP.warehouse.store,
        unit_id: unit,
        quantity: randomInt(random, 0, most * 4) * 1000,
        defaultQuantity: target * 4000,
        alert: alert * 2000,
      });
    }
  }

  private ecommerceOf(spec: CategorySpec, price: number): EcommerceInfoRecord | null {
    const random = this.random;
    return random() < 0.35
      ? {
          id: ++this.ecommerceIds,
          active: true,
          weight: spec.sizes === 'shoe' ? 0.9 : spec.sizes === 'none' ? 0.4 : 0.3,
          sizes: spec.sizes === 'shoe' ? { width: 20, height: 12, depth: 32 } : { width: 30, height: 4, depth: 40 },
          price,
          discount_amount: 0,
          discount_percentage: random() < 0.2 ? 1000 : 0,
        }
      : null;
  }

  /** The `n`th article of a category: a product, or a variant master with its variants. */
  addArticle(spec: CategorySpec, specIndex: number, n: number, [base, qualifier]: [Pair, Pair], round: number): void {
    const random = this.random;
    const categoryId = specIndex + 1;
    const lang = random() < 0.55 ? 0 : 1;
    const name = `${base[lang]} ${qualifier[lang]}${round > 0 ? ` ${round + 1}` : ''}`;
    const price = shelfPrice(random, spec.price);
    const reference = `R${String(categoryId).padStart(2, '0')}-${String(n + 1).padStart(3, '0')}`;
    const active = random() > 0.015;
    const ecommerce = this.ecommerceOf(spec, price);
    const record: RetailProductRecord = {
      id: this.products.length + 1,
      name,
      category_id: categoryId,
      photo: null,
      extra_id: null,
      reference,
      info: null,
      shortInfo: null,
      brand: pick(random, spec.brands),
      season: spec.season,
      order: n + 1,
      active,
      featured: random() < 0.05,
      isOpen: false,
      traceability: false,
      usesStockManagement: true,
      usesWeight: false,
      weight: 0,
      type: spec.sizes === 'none' ? PRODUCT_TYPE.normal : PRODUCT_TYPE.variantMaster,
      price,
      costPrice: Math.round(price * (0.32 + random() * 0.13)),
      barcode: null,
      main_product_id: null,
      complementary_product_id: null,
      unit_id: SHOP.unit.piece,
      tax_id: TAX_ID[spec.tax],
      discountinued_at: active ? null : '2026-06-30',
      ecommerce,
    };
    this.products.push(record);
    const article: Article = {
      id: record.id,
      category: categoryId,
      spec: specIndex,
      sellable: [],
      popularity: spec.sales * (0.2 + random() ** 2 * 1.8),
      active,
    };
    this.articles.push(article);
    if (spec.sizes === 'none') {
      record.barcode = shopBarcode(this.barcodes++);
      article.sellable.push(record.id);
      this.addStock(record, spec);
      return;
    }
    this.addVariants(record, article, spec, lang);
  }

  /** A variant master: no barcode or stock of its own; one variant per size and colour. */
  private addVariants(record: RetailProductRecord, article: Article, spec: CategorySpec, lang: number): void {
    if (spec.sizes === 'none') return;
    const random = this.random;
    record.usesStockManagement = false;
    const [min, max] = SIZE_RUNS[spec.sizes];
    const sizes = sizeRun(random, SIZES[spec.sizes], min, max);
    const colourCount = spec.sizes === 'sock' ? randomInt(random, 1, 3) : randomInt(random, 1, random() < 0.3 ? 3 : 2);
    const colours: number[] = [];
    while (colours.length < colourCount) {
      const c = randomInt(random, 0, COLOURS.length - 1);
      if (!colours.includes(c)) colours.push(c);
    }
    for (const c of colours) {
      const [ca, es] = COLOURS[c]!;
      for (const size of sizes) {
        const variant: RetailProductRecord = {
          ...record,
          id: this.products.length + 1,
          name: `${record.name} ${size} ${lang === 0 ? es : ca.toLowerCase()}`,
          reference: `${record.reference}-${size}-${ca.slice(0, 3).toUpperCase()}`,
          type: PRODUCT_TYPE.variant,
          featured: false,
          usesStockManagement: true,
          barcode: shopBarcode(this.barcodes++),
          main_product_id: record.id,
          ecommerce: null,
          unit_id: spec.sizes === 'sock' ? SHOP.unit.pair : SHOP.unit.piece,
        };
        this.products.push(variant);
        this.productVariants.push({
          id: this.productVariants.length + 1,
          product_id: variant.id,
          variant_1_id: this.values.sizeIds.get(size)!,
          variant_2_id: this.values.colourIds[c]!,
        });
        article.sellable.push(variant.id);
        this.addStock(variant, spec);
      }
    }
  }
}

/** The three price rates (fresh records on every build: a sandbox account edits its own). */
const priceRates = (): PriceRateRecord[] => [
  { id: SHOP.priceRate.members, name: 'Socis -10 %', type: 1, amount: -1000, rounding: 2 },
  { id: SHOP.priceRate.outlet, name: 'Outlet -30 %', type: 1, amount: -3000, rounding: 5 },
  { id: SHOP.priceRate.online, name: 'Botiga en línia', type: 2, amount: 0, rounding: 3 },
];

function priceRateLinksOf(random: Random, articles: readonly Article[], products: readonly RetailProductRecord[]): PriceRateLinkRecord[] {
  const priceRateLinks: PriceRateLinkRecord[] = [];
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const article of articles) {
    const spec = CATEGORIES[article.spec]!;
    // Books keep a fixed price (at most 5 % off by law): members pay the linked price.
    if (spec.tax === 4) {
      for (const id of article.sellable)
        priceRateLinks.push({ price_rate_id: SHOP.priceRate.members, product_id: id, price: Math.round(byId.get(id)!.price * 0.95) });
    }
    if (random() < 0.12) {
      for (const id of article.sellable)
        priceRateLinks.push({ price_rate_id: SHOP.priceRate.online, product_id: id, price: Math.round(byId.get(id)!.price * 0.97) });
    }
  }
  return priceRateLinks;
}

const categoryIdOf = (name: string) => CATEGORIES.findIndex((c) => c.name === name) + 1;

const promotion = (fields: Partial<PromotionRecord> & Pick<PromotionRecord, 'id' | 'name' | 'type' | 'apply_to'>): PromotionRecord => ({
  active: true,
  order: fields.id,
  start_date: null,
  end_date: null,
  start_time: null,
  end_time: null,
  weekdays: null,
  apply_type: null,
  group_by: null,
  price_rate_id: null,
  combo_price: null,
  condition: null,
  quantity: null,
  action: null,
  discount: null,
  ...fields,
});

/** The five promotions of the four types, and what they apply to. */
function shopPromotions(articles: readonly Article[]): Pick<ShopCatalog, 'promotions' | 'promotionCategories' | 'promotionProducts'> {
  const promotions: PromotionRecord[] = [
    promotion({ id: SHOP.promotion.socks2x1, name: '2x1 en mitjons', type: 1, apply_to: 2, apply_type: 2, group_by: 2 }),
    promotion({ id: SHOP.promotion.secondHalf, name: 'Segona unitat al 50 %', type: 1, apply_to: 1, apply_type: 1, group_by: 3 }),
    // Dates are set by the history (relative to its last day).
    promotion({ id: SHOP.promotion.summerSale, name: "Rebaixes d'estiu", type: 2, apply_to: 2, price_rate_id: SHOP.priceRate.outlet }),
    promotion({ id: SHOP.promotion.pack, name: 'Pack samarreta + texans', type: 3, apply_to: 2, combo_price: 4990 }),
    promotion({
      id: SHOP.promotion.over100,
      name: '10 % a partir de 100 €',
      type: 4,
      apply_to: 3,
      condition: 2,
      quantity: 100_000,
      action: 1,
      discount: 1000,
      weekdays: [1, 2, 3, 4],
    }),
  ];
  const promotionCategories: PromotionLinkRecord[] = [
    { promotion_id: SHOP.promotion.socks2x1, target_id: categoryIdOf('Mitjons') },
    ...['Sandàlies', 'Espardenyes', 'Ulleres de sol'].map((name) => ({ promotion_id: SHOP.promotion.summerSale, target_id: categoryIdOf(name) })),
    { promotion_id: SHOP.promotion.pack, target_id: categoryIdOf('Samarretes home') },
    { promotion_id: SHOP.promotion.pack, target_id: categoryIdOf('Texans home') },
  ];
  // A promotion linked to a variant master covers its variants.
  const promotionProducts: PromotionLinkRecord[] = articles
    .filter((a) => a.category === categoryIdOf('Samarretes dona') || a.category === categoryIdOf('Samarretes home'))
    .map((a) => ({ promotion_id: SHOP.promotion.secondHalf, target_id: a.id }));
  return { promotions, promotionCategories, promotionProducts };
}

/** The tables that do not depend on the article count (fresh records on every build). */
const fixedTables = (): Pick<ShopCatalog, 'variantSets' | 'taxes' | 'units' | 'paymentMethods' | 'warehouses'> => ({
  variantSets: [
    { id: SHOP.variantSet.size, name: 'Talla' },
    { id: SHOP.variantSet.colour, name: 'Color' },
  ],
  taxes: [
    { id: SHOP.tax.general, name: 'IVA 21%', percentage: 2100, shouldStack: false },
    { id: SHOP.tax.reduced, name: 'IVA 10%', percentage: 1000, shouldStack: false },
    { id: SHOP.tax.superReduced, name: 'IVA 4%', percentage: 400, shouldStack: false },
  ],
  units: [
    { id: SHOP.unit.piece, name: 'Unitat', main_unit: null, conversion: '1.000', extra_id: null, created_at: null, updated_at: null, deleted_at: null },
    { id: SHOP.unit.pair, name: 'Parell', main_unit: null, conversion: '1.000', extra_id: null, created_at: null, updated_at: null, deleted_at: null },
  ],
  paymentMethods: [
    { id: SHOP.payment.card, name: 'Card', cash: false },
    { id: SHOP.payment.cash, name: 'Cash', cash: true },
    { id: SHOP.payment.bizum, name: 'Bizum', cash: false },
    { id: SHOP.payment.giftCard, name: 'Gift card', cash: false },
  ],
  warehouses: [
    { id: SHOP.warehouse.shop, name: 'Botiga' },
    { id: SHOP.warehouse.store, name: 'Magatzem' },
  ],
});

export function buildShopCatalog(articleCount: number): ShopCatalog {
  const random = mulberry32(0x5e_ed_5b_0b);
  const groups: RetailGroupRecord[] = GROUPS.map((name, i) => ({
    id: i + 1,
    name,
    photo: null,
    order: i + 1,
    active: true,
    tax_id: i < 4 ? SHOP.tax.general : null,
  }));
  const categories: RetailCategoryRecord[] = CATEGORIES.map((c, i) => ({
    id: i + 1,
    name: c.name,
    group_id: c.group,
    photo: null,
    order: i + 1,
    active: true,
    extra_id: `CAT-${String(i + 1).padStart(2, '0')}`,
    tax_id: c.tax === 21 ? null : TAX_ID[c.tax],
  }));
  const { variants, sizeIds, colourIds } = variantValues();
  const built = new ProductsBuilder(random, { sizeIds, colourIds });
  const counts = articlesPerCategory(articleCount);
  CATEGORIES.forEach((spec, specIndex) => {
    const names = namesOf(random, spec);
    for (let n = 0; n < (counts[specIndex] ?? 0); n++) built.addArticle(spec, specIndex, n, names[n % names.length]!, Math.floor(n / names.length));
  });
  const { products, productVariants, stocks, articles } = built;
  const priceRateLinks = priceRateLinksOf(random, articles, products);
  const fixed = fixedTables();
  return {
    variantSets: fixed.variantSets,
    variants,
    productVariants,
    taxes: fixed.taxes,
    units: fixed.units,
    paymentMethods: fixed.paymentMethods,
    warehouses: fixed.warehouses,
    stocks,
    groups,
    categories,
    products,
    priceRates: priceRates(),
    priceRateLinks,
    ...shopPromotions(articles),
    articles,
  };
}
