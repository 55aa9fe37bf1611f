import type { BridgeClient } from '../../../../shared/bridge';
import type { ShopPage, ShopPageInput, ShopResource } from '../../../../shared/bridge/shop';
import type { RetailCategoryWire, RetailGroupWire, RetailPriceRateWire, RetailProductWire, RetailPromotionWire } from '../../../../shared/api/retail';

// A fake `fetchShopPages` for the shop sync's unit tests: a small shop held as the main side hands
// its records over (the wire schemas' outputs), paged as the handler pages them.

export interface FakeShop {
  lists: Record<Exclude<ShopResource, 'priceRateProducts' | 'promotionCategories' | 'promotionProducts'>, Record<string, unknown>[]>;
  rateProducts: Map<number, Record<string, unknown>[]>;
  promotionCategories: Map<number, Record<string, unknown>[]>;
}

const PAGINATED = new Set<ShopResource>(['groups', 'categories', 'products', 'units', 'stocks', 'customers']);

const tax = (id: number, percentage: number) => ({ id, name: `IVA ${percentage / 100}%`, percentage, shouldStack: false });

/** `products` plain products in three categories, plus one variant master with four variants. */
export function fakeShop(products = 450): FakeShop {
  const groups: RetailGroupWire[] = [
    { id: 1, name: 'Roba', photo: null, order: 1, active: true, tax_id: 1, tax: tax(1, 2100) },
    { id: 2, name: 'Llibres', photo: null, order: 2, active: true, tax_id: 3, tax: tax(3, 400) },
  ];
  const categories: RetailCategoryWire[] = [
    { id: 10, name: 'Samarretes', group_id: 1, photo: null, order: 1, active: true, extra_id: null, tax_id: null, tax: null },
    { id: 11, name: 'Mitjons', group_id: 1, photo: null, order: 2, active: true, extra_id: null, tax_id: 2, tax: tax(2, 1000) },
    { id: 12, name: 'Novel·la', group_id: 2, photo: null, order: 1, active: true, extra_id: null, tax_id: null, tax: null },
  ];
  const product = (id: number, fields: Partial<RetailProductWire>): RetailProductWire => ({
    id,
    name: `Producte ${id}`,
    category_id: 10,
    photo: null,
    extra_id: null,
    reference: `REF-${id}`,
    info: null,
    shortInfo: null,
    brand: null,
    season: null,
    order: 0,
    active: true,
    featured: false,
    isOpen: false,
    traceability: false,
    usesStockManagement: true,
    usesWeight: false,
    weight: 0,
    type: 0,
    price: 1000 + id,
    costPrice: 500,
    barcode: `84${String(id).padStart(11, '0')}`,
    main_product_id: null,
    complementary_product_id: null,
    unit_id: null,
    tax_id: null,
    discountinued_at: null,
    tax: null,
    stocks: [{ id, quantity: 5000, alert: false, warehouse_id: 1, item_id: id, unit_id: null }],
    variant_info: null,
    ...fields,
  });
  const list: RetailProductWire[] = [];
  for (let id = 1; id <= products; id++)
    list.push(product(id, { category_id: [10, 11, 12][id % 3]!, ...(id === 7 ? { name: 'Camiseta Bàsica', tax_id: 3, tax: tax(3, 400) } : {}) }));
  const master = products + 1;
  list.push(product(master, { name: 'Samarreta Variant', type: 5, barcode: null, stocks: [] }));
  const productVariants: Record<string, unknown>[] = [];
  for (let v = 1; v <= 4; v++) {
    const id = master + v;
    productVariants.push({ id: v, product_id: id, variant_1_id: v <= 2 ? 101 : 102, variant_2_id: v % 2 === 1 ? 201 : 202 });
    list.push(
      product(id, {
        name: `Samarreta ${v}`,
        type: 6,
        main_product_id: master,
        tax_id: null,
        tax: null,
        stocks: [
          { id: 1000 + id, quantity: v === 4 ? 0 : 3000, alert: v === 4, warehouse_id: 1, item_id: id, unit_id: null },
          { id: 2000 + id, quantity: 1000, alert: false, warehouse_id: 2, item_id: id, unit_id: null },
        ],
        variant_info: productVariants[v - 1] as RetailProductWire['variant_info'],
      }),
    );
  }
  // The master itself has a tax of its own: its variants take it.
  list.find((p) => p.id === master)!.tax = tax(2, 1000);
  const priceRates: RetailPriceRateWire[] = [
    { id: 1, name: 'Socis', type: 1, amount: -1000, rounding: 2 },
    { id: 2, name: 'Outlet', type: 2, amount: 0, rounding: null },
  ];
  const promotions: RetailPromotionWire[] = [
    promotion(1, { name: '2x1 mitjons', type: 1, apply_to: 2, apply_type: 2, group_by: 2 }),
    promotion(2, { name: 'Segona al 50 %', type: 1, apply_to: 1, apply_type: 1 }),
    promotion(3, { name: '10 % sobre 100 €', type: 4, apply_to: 3, condition: 2, quantity: 100_000, action: 1, discount: 1000 }),
    promotion(4, { name: 'Pack', type: 3, apply_to: 2, combo_price: 4990 }),
  ];
  const customers = Array.from({ length: 230 }, (_, i) => ({
    id: i + 1,
    name: `Client ${i + 1}`,
    address: 'Carrer Gran 1',
    city: 'Barcelona',
    state: null,
    country: 'ES',
    postalCode: '08001',
    nif: null,
    web: null,
    email: null,
    phone: null,
    notes: null,
    maxCredit: i === 0 ? 50_000 : null,
    extra_id: null,
  }));
  return {
    lists: {
      groups,
      categories,
      products: list,
      variantSets: [
        { id: 1, name: 'Talla' },
        { id: 2, name: 'Color' },
      ],
      variants: [
        { id: 101, name: 'S', order: 1, variant_set_id: 1, color: null },
        { id: 102, name: 'M', order: 2, variant_set_id: 1, color: null },
        { id: 201, name: 'Blau', order: 1, variant_set_id: 2, color: '#0000ff' },
        { id: 202, name: 'Vermell', order: 2, variant_set_id: 2, color: '#ff0000' },
      ],
      productVariants,
      taxes: [
        { id: 1, name: 'IVA 21%', taxPercentage: 2100 },
        { id: 2, name: 'IVA 10%', taxPercentage: 1000 },
        { id: 3, name: 'IVA 4%', taxPercentage: 400 },
      ],
      units: [{ id: 1, name: 'kg', main_unit: null, conversion: 1, extra_id: null, created_at: null, updated_at: null, deleted_at: null }],
      stocks: [],
      paymentMethods: [
        { id: 1, name: 'Efectiu' },
        { id: 2, name: 'Targeta' },
      ],
      customers,
      priceRates,
      promotions,
    },
    rateProducts: new Map([
      [1, []],
      [
        2,
        [
          { product_id: 3, price: 800, rate_price: 799, price_rate_id: 2 },
          { product_id: 4, price: 900, rate_price: 899, price_rate_id: 2 },
        ],
      ],
    ]),
    promotionCategories: new Map([
      [1, [{ promotion_id: 1, category_id: 11 }]],
      [
        4,
        [
          { promotion_id: 4, category_id: 10 },
          { promotion_id: 4, category_id: 12 },
        ],
      ],
    ]),
  };
}

function promotion(id: number, fields: Partial<RetailPromotionWire> & Pick<RetailPromotionWire, 'name' | 'type' | 'apply_to'>): RetailPromotionWire {
  return {
    id,
    active: true,
    order: id,
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
  };
}

export interface FakeShopServer {
  bridge: Pick<BridgeClient, 'fetchShopPages'>;
  /** Every page asked for, in order. */
  asked: ShopPageInput[];
  /** Bridge calls made. */
  calls: () => number;
  /** Makes the call that asks for a page matching `match` fail with `error` (once, or every time). */
  failOn(match: (input: ShopPageInput) => boolean, error: Error, times?: number): void;
  /** Changes a page's answer before it is returned. */
  tamper(change: (page: ShopPage) => ShopPage): void;
}

export function fakeShopServer(shop: FakeShop): FakeShopServer {
  const asked: ShopPageInput[] = [];
  let calls = 0;
  const failures: { match: (input: ShopPageInput) => boolean; error: Error; times: number }[] = [];
  let tamper: (page: ShopPage) => ShopPage = (page) => page;
  const answer = (input: ShopPageInput): ShopPage => {
    const { resource, page, parentId } = input;
    if (resource === 'priceRateProducts' || resource === 'promotionCategories' || resource === 'promotionProducts') {
      const source = resource === 'priceRateProducts' ? shop.rateProducts : resource === 'promotionCategories' ? shop.promotionCategories : new Map();
      const records = (source.get(parentId!) ?? []) as Record<string, unknown>[];
      return tamper({ resource, page, parentId: parentId!, lastPage: 1, total: records.length, records: structuredClone(records) });
    }
    const all = shop.lists[resource];
    if (!PAGINATED.has(resource)) return tamper({ resource, page, lastPage: 1, total: all.length, records: structuredClone(all) });
    const lastPage = Math.max(1, Math.ceil(all.length / 200));
    return tamper({ resource, page, lastPage, total: all.length, records: structuredClone(all.slice((page - 1) * 200, page * 200)) });
  };
  return {
    asked,
    calls: () => calls,
    failOn(match, error, times = 1) {
      failures.push({ match, error, times });
    },
    tamper(change) {
      tamper = change;
    },
    bridge: {
      async fetchShopPages({ pages }) {
        calls++;
        if (pages.length > 5) throw new Error(`${pages.length} pages in one call`);
        asked.push(...pages);
        for (const failure of failures) {
          if (failure.times > 0 && pages.some(failure.match)) {
            failure.times--;
            throw failure.error;
          }
        }
        return { pages: pages.map(answer) };
      },
    },
  };
}

/** The fewest requests a shop takes: one per 200 records of each paginated list, one per whole list, rate and category-linked promotion. */
export function minimumShopRequests(shop: FakeShop): number {
  const paged = (['groups', 'categories', 'products', 'units', 'customers'] as const).reduce(
    (sum, r) => sum + Math.max(1, Math.ceil(shop.lists[r].length / 200)),
    0,
  );
  const whole = 7; // variantSets, variants, productVariants, taxes, paymentMethods, priceRates, promotions
  const rates = shop.lists.priceRates.length;
  const linked = shop.lists.promotions.filter((p) => p.apply_to === 2).length;
  return paged + whole + rates + linked;
}
