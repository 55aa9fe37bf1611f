// Records of the retail service (retail-api.md §2, clarifications "Retail"), as the sandbox holds
// them: one independent set per account, plain JSON-able data (the state file persists it as it
// is). Money is kept in integer cents and stock quantities in thousandths, so every sum is exact;
// the routes turn them into the wire's decimals (./wire.ts).

/** §2.2 variant set (a kind such as size or colour). */
export interface VariantSetRecord {
  id: number;
  name: string;
}

/** §2.2 variant (a value in a set). */
export interface VariantRecord {
  id: number;
  name: string;
  order: number;
  variant_set_id: number;
  color: string | null;
}

/** §2.2 product variant: a variant product (type 6) and its one or two values. */
export interface ProductVariantRecord {
  id: number;
  product_id: number;
  variant_1_id: number | null;
  variant_2_id: number | null;
}

/** §2.3 tax. `percentage` in hundredths of a percent (21% = 2100). */
export interface TaxRecord {
  id: number;
  name: string;
  percentage: number;
  /** §2.6 tax object `shouldStack`. */
  shouldStack: boolean;
}

/** §2.3 unit; the three timestamps are null for the default units. `conversion` is a decimal string. */
export interface UnitRecord {
  id: number;
  name: string;
  main_unit: string | null;
  conversion: string;
  extra_id: string | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at: string | null;
}

/** §2.3 payment method. `cash`: the method named Cash (only it may give change; not on the wire). */
export interface RetailPaymentMethodRecord {
  id: number;
  name: string;
  cash: boolean;
}

/** §2.3 warehouse (no endpoint lists them: stock rows name them by id). Warehouse 1 is the shop floor. */
export interface WarehouseRecord {
  id: number;
  name: string;
}

/** §2.3 stock row. `quantity` in thousandths (weighed goods), `alert` the level that raises an alert. */
export interface RetailStockRecord {
  id: number;
  item_id: number;
  warehouse_id: number;
  unit_id: number | null;
  /** Thousandths of a unit. */
  quantity: number;
  /** Thousandths of a unit. */
  defaultQuantity: number;
  /** Thousandths of a unit: the stock is "on alert" at or below it. */
  alert: number;
}

/** §2.4 customer. `maxCredit` in cents (null when not set). */
export interface RetailCustomerRecord {
  id: number;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  nif: string | null;
  web: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  maxCredit: number | null;
  extra_id: string | null;
  /**
   * The customer's own price rate: not in §2.4 (the till follows it; docs/decisions.md
   * "The till's customer"). Sent as stored; absent (older state files, created customers) = none.
   */
  price_rate_id?: number | null;
  created_at: string;
  updated_at: string;
}

/** §2.6 group. */
export interface RetailGroupRecord {
  id: number;
  name: string;
  photo: string | null;
  order: number;
  active: boolean;
  tax_id: number | null;
}

/** §2.6 category. */
export interface RetailCategoryRecord {
  id: number;
  name: string;
  group_id: number;
  photo: string | null;
  order: number;
  active: boolean;
  extra_id: string | null;
  tax_id: number | null;
}

/** §2.6 product types. */
export const PRODUCT_TYPE = {
  normal: 0,
  kit: 1,
  ticket: 2,
  container: 3,
  giftCard: 4,
  variantMaster: 5,
  variant: 6,
  managementOnly: 7,
  voucher: 8,
} as const;

/** §2.6 `ecommerce_info` (read-only; seeded). Money in cents, sizes in centimetres. */
export interface EcommerceInfoRecord {
  id: number;
  active: boolean;
  weight: number;
  sizes: { width: number; height: number; depth: number };
  price: number;
  discount_amount: number;
  discount_percentage: number;
}

/** §2.6 product. Money in cents. */
export interface RetailProductRecord {
  id: number;
  name: string;
  category_id: number;
  photo: string | null;
  extra_id: string | null;
  reference: string | null;
  info: string | null;
  shortInfo: string | null;
  brand: string | null;
  season: string | null;
  order: number;
  active: boolean;
  featured: boolean;
  isOpen: boolean;
  traceability: boolean;
  usesStockManagement: boolean;
  usesWeight: boolean;
  weight: number;
  type: number;
  price: number;
  costPrice: number;
  barcode: string | null;
  /** For a variant (type 6): its variant master (type 5). */
  main_product_id: number | null;
  complementary_product_id: number | null;
  unit_id: number | null;
  tax_id: number | null;
  discountinued_at: string | null;
  /** Seeded only (read-only on the API). */
  ecommerce: EcommerceInfoRecord | null;
}

/** §2.7 price rate. `amount`: percent in hundredths (type 1) or cents (type 2). */
export interface PriceRateRecord {
  id: number;
  name: string;
  type: 1 | 2;
  /** Hundredths: −15% is −1500; a type 2 amount of 9.99 is 999. */
  amount: number;
  /** 1 none, 2 nearest .05, 3 nearest .99, 4 up to .99, 5 down to .99; null = none. */
  rounding: 1 | 2 | 3 | 4 | 5 | null;
}

/** A product's own price in a price rate (cents). */
export interface PriceRateLinkRecord {
  price_rate_id: number;
  product_id: number;
  price: number;
}

/** §2.8 promotion. Money in cents, `quantity` in thousandths, percent `discount` in hundredths. */
export interface PromotionRecord {
  id: number;
  active: boolean;
  order: number;
  name: string;
  type: 1 | 2 | 3 | 4;
  apply_to: 1 | 2 | 3;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  weekdays: number[] | null;
  apply_type: 1 | 2 | null;
  group_by: 1 | 2 | 3 | null;
  price_rate_id: number | null;
  combo_price: number | null;
  condition: 1 | 2 | null;
  quantity: number | null;
  action: 1 | 2 | null;
  discount: number | null;
}

export interface PromotionLinkRecord {
  promotion_id: number;
  /** A category id (category links) or a product id (product links). */
  target_id: number;
}

/** §2.5 discountObject (may be empty). `amount` in hundredths (money cents or percent hundredths). */
export interface DiscountObject {
  amount?: number;
  id?: number | null;
  isPercentage?: boolean;
  name?: string;
}

/** §2.5 order line. Money in cents; quantity and weight in thousandths; taxPercentage in hundredths. */
export interface RetailOrderLine {
  id: number;
  order_id: number;
  product_id: number;
  name: string;
  quantity: number;
  weight: number | null;
  price: number;
  sum: number;
  discount: number;
  subtotal: number;
  tax: number;
  total: number;
  taxPercentage: number;
  margin: number;
  discountObject: DiscountObject;
  notes: string;
}

/** Order status (clarifications: 0 = open, 1 = closed). */
export const ORDER_STATUS = { open: 0, closed: 1 } as const;

/** §2.5 order. Money in cents. */
export interface RetailOrderRecord {
  id: number;
  status: 0 | 1;
  notes: string;
  shippingAmount: number;
  sum: number;
  subtotal: number;
  discount: number;
  orderDiscount: number;
  tax: number;
  total: number;
  discountObject: DiscountObject;
  customer_id: number | null;
  shipping_id: number | null;
  employee_id: number | null;
  /** `YYYY-MM-DD HH:mm:ss`, shop time (Europe/Madrid); set by the invoice when the order had none. */
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  order_contents: RetailOrderLine[];
  invoice_id: number | null;
}

/** §2.5 invoice payment (cents). */
export interface InvoicePaymentRecord {
  id: number;
  payment_method_id: number;
  amount: number;
  change: number;
  extra: number;
}

/** §2.5 invoice: number `E-<n>`, one per order. */
export interface InvoiceRecord {
  id: number;
  number: string;
  order_id: number;
  total: number;
  payments: InvoicePaymentRecord[];
  created_at: string;
}

/** Everything one retail account holds. */
export interface RetailData {
  variantSets: VariantSetRecord[];
  variants: VariantRecord[];
  productVariants: ProductVariantRecord[];
  taxes: TaxRecord[];
  units: UnitRecord[];
  paymentMethods: RetailPaymentMethodRecord[];
  warehouses: WarehouseRecord[];
  stocks: RetailStockRecord[];
  customers: RetailCustomerRecord[];
  groups: RetailGroupRecord[];
  categories: RetailCategoryRecord[];
  products: RetailProductRecord[];
  priceRates: PriceRateRecord[];
  priceRateLinks: PriceRateLinkRecord[];
  promotions: PromotionRecord[];
  promotionCategories: PromotionLinkRecord[];
  promotionProducts: PromotionLinkRecord[];
  orders: RetailOrderRecord[];
  invoices: InvoiceRecord[];
}

/** What an account starts with: its records (orders and invoices included, e.g. a seeded history). */
export type RetailSeed = RetailData & {
  /** Whether the account has the e-commerce module (§2.6 `withECommerceStocks`). */
  ecommerceModule: boolean;
};

/** Credentials and place in a chain of one retail account (§5; chain sync §4.2). */
export interface RetailAccountSpec {
  username: string;
  accessToken: string;
  /** Username of the master account when this is a child account, else null. */
  master: string | null;
  /** Replaces the default seed for this account only. */
  seed?: RetailSeed;
}

export interface RetailAccountState extends RetailData {
  readonly username: string;
  readonly accessToken: string;
  readonly master: string | null;
  ecommerceModule: boolean;
  /** Last id handed out per collection; see nextRetailId(). */
  lastIds: Record<string, number>;
  /** Last invoice number `n` of `E-<n>`. */
  lastInvoiceNumber: number;
}

/** The next free id of a collection: above every id it ever handed out or holds. */
export function nextRetailId(
  account: RetailAccountState,
  collection: keyof RetailData | 'orderLines' | 'invoicePayments',
  existing: readonly { id: number }[] = [],
): number {
  let highest = account.lastIds[collection] ?? 0;
  for (const record of existing) if (record.id > highest) highest = record.id;
  const next = highest + 1;
  account.lastIds[collection] = next;
  return next;
}

/** The collections a chain sync copies from the master to its children (the catalog and its config). */
export const CHAIN_SYNCED: readonly (keyof RetailData)[] = [
  'variantSets',
  'variants',
  'productVariants',
  'taxes',
  'units',
  'groups',
  'categories',
  'products',
  'priceRates',
  'priceRateLinks',
  'promotions',
  'promotionCategories',
  'promotionProducts',
];
