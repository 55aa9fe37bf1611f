import { z } from 'zod';
import {
  retailCategoryWire,
  retailCustomerWire,
  retailGroupWire,
  retailPaymentMethodWire,
  retailPriceRateWire,
  retailProductStockWire,
  retailProductVariantWire,
  retailProductWire,
  retailPromotionWire,
  retailStockWire,
  retailTaxObjectWire,
  retailTaxWire,
  retailUnitWire,
  retailVariantSetWire,
  retailVariantWire,
  type RetailCategoryWire,
  type RetailCustomerWire,
  type RetailGroupWire,
  type RetailPriceRateWire,
  type RetailProductWire,
  type RetailPromotionWire,
  type RetailStockWire,
  type RetailTaxWire,
} from '../../../../shared/api/retail';
import type { ShopResource } from '../../../../shared/bridge/shop';

// What the shop sync checks each record against before storing it. The main side
// hands over records the retail wire schemas (shared/api/retail/records.ts) already read and
// coerced: money in integer cents, quantities in thousandths, percentages in hundredths. Reading
// them again with the wire schemas would scale them twice (1250 cents read as "1250.00" money), so
// the scaled fields are checked here as the integers they now are; every other field keeps its wire
// schema (those transforms give the same value when applied again). The type assertions at the end
// keep these outputs identical to the wire outputs: stored = checked wire output.

const int = z.number().int();
const nullableInt = int.nullable();

const taxObject = retailTaxObjectWire.extend({ percentage: int }).nullable();

export const shopGroupRecord = retailGroupWire.extend({ tax: taxObject });
export const shopCategoryRecord = retailCategoryWire.extend({ tax: taxObject });
const productStock = retailProductStockWire.extend({ quantity: int });
export const shopProductRecord = retailProductWire.extend({
  price: int,
  costPrice: int,
  tax: taxObject,
  stocks: z
    .array(productStock)
    .nullish()
    .transform((v) => (v === null ? [] : v)),
  variant_info: retailProductVariantWire.nullish(),
});
export const shopTaxRecord = retailTaxWire.extend({ taxPercentage: int });
export const shopStockRecord = retailStockWire.extend({ quantity: int, defaultQuantity: int });
export const shopCustomerRecord = retailCustomerWire.extend({ maxCredit: nullableInt });
export const shopPriceRateRecord = retailPriceRateWire.extend({ amount: int });
export const shopPromotionRecord = retailPromotionWire.extend({ combo_price: nullableInt, quantity: nullableInt, discount: nullableInt });
/** A rate's product price as fetchShopPages hands it over: the wire record plus its rate. */
export const shopRateProductRecord = z.object({ price_rate_id: int, product_id: int, price: int, rate_price: nullableInt });
export const shopPromotionCategoryRecord = z.object({ promotion_id: int, category_id: int });
export const shopPromotionProductRecord = z.object({ promotion_id: int, product_id: int });

/** The check of each resource's records. */
export const shopRecordSchemas = {
  groups: shopGroupRecord,
  categories: shopCategoryRecord,
  products: shopProductRecord,
  variantSets: retailVariantSetWire,
  variants: retailVariantWire,
  productVariants: retailProductVariantWire,
  taxes: shopTaxRecord,
  units: retailUnitWire,
  stocks: shopStockRecord,
  paymentMethods: retailPaymentMethodWire,
  customers: shopCustomerRecord,
  priceRates: shopPriceRateRecord,
  priceRateProducts: shopRateProductRecord,
  promotions: shopPromotionRecord,
  promotionCategories: shopPromotionCategoryRecord,
  promotionProducts: shopPromotionProductRecord,
} as const satisfies Record<ShopResource, z.ZodType>;

export type ShopRecordOf<R extends ShopResource> = z.output<(typeof shopRecordSchemas)[R]>;

/** A record that failed its check: the resource, its index on the page and the zod paths. */
export class ShopRecordProblem extends Error {
  constructor(
    readonly resource: ShopResource,
    readonly index: number,
    readonly fields: string[],
  ) {
    super(`${resource} record ${index}: ${fields.join(', ').slice(0, 300) || 'not an object'}`);
    this.name = 'ShopRecordProblem';
  }
}

/** Every record of a page checked; the first one that fails throws (nothing of the page is stored). */
export function checkShopRecords<R extends ShopResource>(resource: R, records: readonly unknown[]): ShopRecordOf<R>[] {
  const schema = shopRecordSchemas[resource] as unknown as z.ZodType<ShopRecordOf<R>>;
  const out: ShopRecordOf<R>[] = new Array<ShopRecordOf<R>>(records.length);
  for (let i = 0; i < records.length; i++) {
    const parsed = schema.safeParse(records[i]);
    if (!parsed.success) {
      throw new ShopRecordProblem(resource, i, [...new Set(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`))]);
    }
    out[i] = parsed.data;
  }
  return out;
}

// Stored = checked wire output: each check's output is exactly the wire schema's output type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
// Checked where it is declared: a record shape that drifts from its wire type fails to compile.
type _ShopRecordShapesMatchTheWire = [
  Assert<Same<z.output<typeof shopGroupRecord>, RetailGroupWire>>,
  Assert<Same<z.output<typeof shopCategoryRecord>, RetailCategoryWire>>,
  Assert<Same<z.output<typeof shopProductRecord>, RetailProductWire>>,
  Assert<Same<z.output<typeof shopTaxRecord>, RetailTaxWire>>,
  Assert<Same<z.output<typeof shopStockRecord>, RetailStockWire>>,
  Assert<Same<z.output<typeof shopCustomerRecord>, RetailCustomerWire>>,
  Assert<Same<z.output<typeof shopPriceRateRecord>, RetailPriceRateWire>>,
  Assert<Same<z.output<typeof shopPromotionRecord>, RetailPromotionWire>>,
];
