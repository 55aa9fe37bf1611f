import { z } from 'zod';
import { wireInt, wireNumber } from '../wire';
import { retailPaginated, wireBool, wireCents, wireHundredths, wireRef, wireText, wireThousandths } from './wire';

// What the terminal READS from the retail service (retail-api.md §2, §4; clarifications "Retail"),
// field names as on the wire. Objects are not strict: unknown fields are ignored (the vendor's
// records carry more than the spec lists; `variant_master` and `ecommerce_info` are not read).
// Coercions — every decimal into the integer the terminal computes with (./wire.ts):
// - money → integer cents: a product's `price` / `costPrice`, price-rate link `price` /
//   `rate_price`, a promotion's `combo_price`, a customer's `maxCredit`, order/invoice amounts;
// - quantities → integer thousandths: stock `quantity` / `defaultQuantity`, a promotion's
//   `quantity` (units or money, as its `condition` says);
// - percentages → integer hundredths: a tax's `taxPercentage`, the `tax` object's `percentage`, a
//   price rate's `amount` (type 1 a percent; type 2 money, i.e. cents), a promotion's `discount`
//   (percent hundredths for action 1, cents for action 2 — both hundredths of their unit);
// - booleans from true/false, 0/1 or "0"/"1", with the spec's defaults (§2.6: `active` 1, the
//   other flags 0) when absent or null; a stock's `alert` is whether the row is on alert;
// - ids from numbers or numeric strings; an optional reference that is null, absent or 0 → null;
// - a product's `barcode`: the spec lists its default as "0.00", which no product can be scanned
//   by, so "0.00", "0" and "" read as null; a numeric barcode becomes its digits;
// - a unit's `conversion` (a decimal string, not money) → a number.

/** §2.2 variant set (size, colour…). */
export const retailVariantSetWire = z.object({ id: wireInt, name: z.string() });
export type RetailVariantSetWire = z.output<typeof retailVariantSetWire>;

/** §2.2 variant: a value in a set. */
export const retailVariantWire = z.object({
  id: wireInt,
  name: z.string(),
  order: wireInt.nullish().transform((v) => v ?? 0),
  variant_set_id: wireInt,
  color: wireText,
});
export type RetailVariantWire = z.output<typeof retailVariantWire>;

/** §2.2 product variant (also a product's `variant_info`, §2.6). */
export const retailProductVariantWire = z.object({
  id: wireInt,
  product_id: wireInt,
  variant_1_id: wireRef,
  variant_2_id: wireRef,
});
export type RetailProductVariantWire = z.output<typeof retailProductVariantWire>;

/** §2.3 tax as config/taxes lists it; `taxPercentage` in hundredths (21 % → 2100). */
export const retailTaxWire = z.object({ id: wireInt, name: z.string(), taxPercentage: wireHundredths });
export type RetailTaxWire = z.output<typeof retailTaxWire>;

/** §2.3 unit. */
export const retailUnitWire = z.object({
  id: wireInt,
  name: z.string(),
  main_unit: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : String(v))),
  conversion: wireNumber.nullish().transform((v) => v ?? 1),
  extra_id: wireText,
  created_at: wireText,
  updated_at: wireText,
  deleted_at: wireText,
});
export type RetailUnitWire = z.output<typeof retailUnitWire>;

/** §2.3 payment method. */
export const retailPaymentMethodWire = z.object({ id: wireInt, name: z.string() });
export type RetailPaymentMethodWire = z.output<typeof retailPaymentMethodWire>;

/** §2.3 stock row of `catalog/stocks` (quantities in thousandths). */
export const retailStockWire = z.object({
  id: wireInt.optional(),
  quantity: wireThousandths,
  defaultQuantity: wireThousandths.nullish().transform((v) => v ?? 0),
  alert: wireBool(false),
  warehouse_id: wireInt,
  item_id: wireInt,
  unit_id: wireRef,
});
export type RetailStockWire = z.output<typeof retailStockWire>;

/** §2.4 customer. */
export const retailCustomerWire = z.object({
  id: wireInt,
  name: z.string(),
  address: wireText,
  city: wireText,
  state: wireText,
  country: wireText,
  postalCode: wireText,
  nif: wireText,
  web: wireText,
  email: wireText,
  phone: wireText,
  notes: wireText,
  maxCredit: wireCents.nullish().transform((v) => v ?? null),
  extra_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : String(v))),
  /**
   * The customer's own price rate. Not in §2.4 ("or it follows the customer's"):
   * read when the record carries it, null otherwise (docs/decisions.md "The till's customer").
   */
  price_rate_id: wireRef,
});
export type RetailCustomerWire = z.output<typeof retailCustomerWire>;

/** §2.6 read-only `tax` object; `percentage` in hundredths. */
export const retailTaxObjectWire = z.object({
  id: wireInt,
  name: z.string(),
  percentage: wireHundredths,
  shouldStack: wireBool(false),
});

const taxObject = retailTaxObjectWire.nullish().transform((v) => v ?? null);

/** §2.6 group. */
export const retailGroupWire = z.object({
  id: wireInt,
  name: z.string(),
  photo: wireText,
  order: wireInt.nullish().transform((v) => v ?? 0),
  active: wireBool(true),
  tax_id: wireRef,
  tax: taxObject,
});
export type RetailGroupWire = z.output<typeof retailGroupWire>;

/** §2.6 category. */
export const retailCategoryWire = z.object({
  id: wireInt,
  name: z.string(),
  group_id: wireInt,
  photo: wireText,
  order: wireInt.nullish().transform((v) => v ?? 0),
  active: wireBool(true),
  extra_id: wireText,
  tax_id: wireRef,
  tax: taxObject,
});
export type RetailCategoryWire = z.output<typeof retailCategoryWire>;

/** §2.6 entry of a product's `stocks` (filter `withStocks`). */
export const retailProductStockWire = z.object({
  id: wireInt.optional(),
  quantity: wireThousandths,
  alert: wireBool(false),
  warehouse_id: wireInt,
  item_id: wireInt,
  unit_id: wireRef,
});

/** §2.6 product types. */
export const RETAIL_PRODUCT_TYPE = {
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

const NO_BARCODE = new Set(['', '0', '0.00']);

/** §2.6 product, with `stocks` (withStocks) and `variant_info` (withVariantInfo) when asked for. */
export const retailProductWire = z.object({
  id: wireInt,
  name: z.string(),
  category_id: wireInt,
  photo: wireText,
  extra_id: wireText,
  reference: wireText,
  info: wireText,
  shortInfo: wireText,
  brand: wireText,
  season: wireText,
  order: wireInt.nullish().transform((v) => v ?? 0),
  active: wireBool(true),
  featured: wireBool(false),
  isOpen: wireBool(false),
  traceability: wireBool(false),
  usesStockManagement: wireBool(false),
  usesWeight: wireBool(false),
  weight: wireNumber.nullish().transform((v) => v ?? 0),
  type: wireInt.nullish().transform((v) => v ?? RETAIL_PRODUCT_TYPE.normal),
  price: wireCents.nullish().transform((v) => v ?? 0),
  costPrice: wireCents.nullish().transform((v) => v ?? 0),
  barcode: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => {
      if (v === undefined || v === null) return null;
      const text = String(v).trim();
      return NO_BARCODE.has(text) ? null : text;
    }),
  main_product_id: wireRef,
  complementary_product_id: wireRef,
  unit_id: wireRef,
  tax_id: wireRef,
  discountinued_at: wireText,
  tax: taxObject,
  /** Present only with `withStocks` (undefined: not asked for; [] asked, none). */
  stocks: z
    .array(retailProductStockWire)
    .nullish()
    .transform((v) => (v === null ? [] : v)),
  /** Present only with `withVariantInfo` (null: not a variant). */
  variant_info: retailProductVariantWire.nullish(),
});
export type RetailProductWire = z.output<typeof retailProductWire>;

/** §2.7 price rate as listed (clarifications: `amount` a percent for type 1, money for type 2; hundredths here). */
export const retailPriceRateWire = z.object({
  id: wireInt,
  name: z.string(),
  type: wireInt.refine((v) => v === 1 || v === 2, 'expected 1 (percentage) or 2 (price)').transform((v) => v as 1 | 2),
  amount: wireHundredths.nullish().transform((v) => v ?? 0),
  rounding: wireInt
    .nullish()
    .refine((v) => v === undefined || v === null || (v >= 1 && v <= 5), 'expected 1 to 5')
    .transform((v) => (v === undefined ? null : (v as 1 | 2 | 3 | 4 | 5 | null))),
});
export type RetailPriceRateWire = z.output<typeof retailPriceRateWire>;

/**
 * A product's price in a rate, as `promotions/priceRates/{rate}/products` lists it (§2.7). The
 * sandbox adds `rate_price` (after rounding); the spec shows no list bodies, so it is optional.
 */
export const retailRateProductWire = z.object({
  product_id: wireInt,
  price: wireCents,
  rate_price: wireCents.nullish().transform((v) => v ?? null),
});
export type RetailRateProductWire = z.output<typeof retailRateProductWire>;

/** A rate of one product, as `catalog/products/{product}/priceRates` lists it (`price` null: from a type 1 percentage). */
export const retailProductRateWire = z.object({
  price_rate_id: wireInt,
  price: wireCents.nullish().transform((v) => v ?? null),
  rate_price: wireCents.nullish().transform((v) => v ?? null),
});
export type RetailProductRateWire = z.output<typeof retailProductRateWire>;

const optionalInt = wireInt.nullish().transform((v) => v ?? null);

/** §2.8 promotion as listed (clarifications "Promotions" give the enumerations). */
export const retailPromotionWire = z.object({
  id: wireInt,
  active: wireBool(true),
  order: wireInt.nullish().transform((v) => v ?? 0),
  name: z.string(),
  type: wireInt,
  apply_to: wireInt,
  start_date: wireText,
  end_date: wireText,
  start_time: wireText,
  end_time: wireText,
  weekdays: z
    .array(wireInt)
    .nullish()
    .transform((v) => v ?? null),
  apply_type: optionalInt,
  group_by: optionalInt,
  price_rate_id: wireRef,
  combo_price: wireCents.nullish().transform((v) => v ?? null),
  condition: optionalInt,
  quantity: wireThousandths.nullish().transform((v) => v ?? null),
  action: optionalInt,
  discount: wireHundredths.nullish().transform((v) => v ?? null),
});
export type RetailPromotionWire = z.output<typeof retailPromotionWire>;

/** §2.5 order answer: `id` and `status` (0 open, 1 closed); the rest is not read. */
export const retailOrderCreatedWire = z.object({ id: wireInt, status: wireInt });
export type RetailOrderCreatedWire = z.output<typeof retailOrderCreatedWire>;

/** §2.5 invoice answer: `id` and `number` ("E-12"; a number is read as its digits). */
export const retailInvoiceCreatedWire = z.object({
  id: wireInt,
  number: z.union([z.string(), z.number()]).transform((v) => String(v)),
});
export type RetailInvoiceCreatedWire = z.output<typeof retailInvoiceCreatedWire>;

/** `stocks/add` answer: the resulting quantity, in thousandths. */
export const retailStockAddedWire = z.object({ quantity: wireThousandths });
export type RetailStockAddedWire = z.output<typeof retailStockAddedWire>;

/** Chain sync answer: `{ data: { message } }`. */
export const retailChainSyncWire = z.object({ data: z.object({ message: z.string() }) });
export type RetailChainSyncWire = z.output<typeof retailChainSyncWire>;

// Lists.
export const retailVariantSetsResponse = z.array(retailVariantSetWire);
export const retailVariantsResponse = z.array(retailVariantWire);
export const retailProductVariantsResponse = z.array(retailProductVariantWire);
export const retailTaxesResponse = z.array(retailTaxWire);
export const retailPaymentMethodsResponse = z.array(retailPaymentMethodWire);
export const retailPriceRatesResponse = z.array(retailPriceRateWire);
export const retailRateProductsResponse = z.array(retailRateProductWire);
export const retailProductRatesResponse = z.array(retailProductRateWire);
export const retailPromotionsResponse = z.array(retailPromotionWire);
export const retailCategoriesResponse = z.array(retailCategoryWire);

export const retailUnitsPage = retailPaginated(retailUnitWire);
export const retailStocksPage = retailPaginated(retailStockWire);
export const retailCustomersPage = retailPaginated(retailCustomerWire);
export const retailGroupsPage = retailPaginated(retailGroupWire);
export const retailCategoriesPage = retailPaginated(retailCategoryWire);
export const retailProductsPage = retailPaginated(retailProductWire);
