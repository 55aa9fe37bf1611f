import { z } from 'zod';
import { retailCustomerCreateRequest, retailCustomerPatchRequest, retailCustomerWire } from '../api/retail';
import { syncRecordSchema } from './schemas';
import { shopReportOperations } from './shopReports';

// Shop mode: what the till's sync reads through the main side's retail gateway
// (electron/services/retail). Pages of checked, coerced records (shared/api/retail), five to a
// bridge call as the venue's fetchSyncPages; the renderer's shop sync (renderer/src/data/shop)
// validates each record again before storing it in the shop's own generation.

/** Everything the till mirrors, in the order it is fetched. */
export const shopResourceNames = [
  'groups',
  'categories',
  /** catalog/products?withStocks&withVariantInfo */
  'products',
  'variantSets',
  'variants',
  'productVariants',
  'taxes',
  'units',
  'stocks',
  'paymentMethods',
  'customers',
  'priceRates',
  /** The product prices of one price rate: needs `parentId` (the rate's id). */
  'priceRateProducts',
  'promotions',
  /** The categories linked to one promotion: needs `parentId` (the promotion's id). */
  'promotionCategories',
  /** The products linked to one promotion (how they are read: electron/services/retail docs): needs `parentId`. */
  'promotionProducts',
] as const;
export const shopResourceSchema = z.enum(shopResourceNames);
export type ShopResource = z.infer<typeof shopResourceSchema>;

export const shopPageInputSchema = z.strictObject({
  resource: shopResourceSchema,
  page: z.number().int().min(1),
  parentId: z.number().int().positive().optional(),
});
export type ShopPageInput = z.infer<typeof shopPageInputSchema>;

export const shopPageSchema = z.strictObject({
  resource: shopResourceSchema,
  page: z.number().int().min(1),
  parentId: z.number().int().positive().optional(),
  /** 1 for lists the API does not paginate. */
  lastPage: z.number().int().min(1),
  /** The envelope's `total` (exact), or the list's length. */
  total: z.number().int().nonnegative(),
  records: z.array(syncRecordSchema),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

/** The most a manager may set a stock to, in thousandths (999,999,999.999 units). */
export const MAX_SHOP_STOCK_THOUSANDTHS = 999_999_999_999;

/**
 * Item 12: a manager sets a product's stock in a warehouse (`stocks/add` SETS it, retail §4.2);
 * thousandths of a unit (or of a kilo for products sold by weight), 0 or more.
 */
export const setShopStockInputSchema = z.strictObject({
  productId: z.number().int().positive(),
  warehouseId: z.number().int().positive(),
  quantity: z.number().int().min(0).max(MAX_SHOP_STOCK_THOUSANDTHS),
});
export type SetShopStockInput = z.infer<typeof setShopStockInputSchema>;

/** The stock as the service answered it (its quantity is the truth; thousandths, may be negative). */
export const shopStockSchema = z.strictObject({
  productId: z.number().int().positive(),
  warehouseId: z.number().int().positive(),
  quantity: z.number().int(),
});
export type ShopStock = z.infer<typeof shopStockSchema>;

/**
 * A shop customer as the till stores it: the retail wire's record already read (money in cents), so
 * reading it again changes nothing (`maxCredit` stays cents).
 */
export const shopCustomerSchema = retailCustomerWire.extend({ maxCredit: z.number().int().nullable() });
export type ShopCustomer = z.output<typeof shopCustomerSchema>;

/** The error parameter holding the shop's own words about one customer field: `address` → `saidAddress`, `extra_id` → `saidExtraId`. */
export function shopCustomerFieldParam(field: string): string {
  const camel = field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return `said${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

/** The shop's operations (merged into shared/bridge/operations.ts). */
export const shopOperations = {
  /** Up to five pages in the order asked, or the first failure once every one has settled. */
  fetchShopPages: {
    input: z.strictObject({ pages: z.array(shopPageInputSchema).min(1).max(5) }),
    output: z.strictObject({ pages: z.array(shopPageSchema) }),
  },
  /**
   * The till's customer, online only: §4.2 `POST config/customers` (`name` and `address`
   * required). A refusal is `invalid` with the fields it named (`fields`) and the shop's words for
   * each (`saidName`, `saidAddress`, …: see shopCustomerFieldParam).
   */
  createShopCustomer: {
    input: z.strictObject({ customer: retailCustomerCreateRequest }),
    output: z.strictObject({ customer: shopCustomerSchema }),
  },
  /** §4.2 `PATCH config/customers/{id}` with the fields that changed; the record when the shop sends it back. */
  updateShopCustomer: {
    input: z.strictObject({ customerId: z.number().int().positive(), changes: retailCustomerPatchRequest }),
    output: z.strictObject({ customer: shopCustomerSchema.nullable() }),
  },
  /** Sets a product's stock in a warehouse, online only (the till's manager action, item 12). */
  setShopStock: {
    input: setShopStockInputSchema,
    output: z.strictObject({ stock: shopStockSchema }),
  },
  /** The Reports screen's pages of v3 reports (shopReports.ts). */
  ...shopReportOperations,
} as const;
