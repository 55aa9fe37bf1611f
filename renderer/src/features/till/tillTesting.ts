import type { ShopCatalogDb } from '../../data/shop/shopDb';
import { shopProduct } from '../../data/shop/shopTesting';
import type { TillProduct } from './basketStore';

// Builders of shop catalog records for the till's tests, the e2e seeding and the bench (the
// shapes of renderer/src/data/shop/shopDb.ts, as the sync stores them; one product: shopTesting.ts).
export { shopProduct };

/** Monday 23 November 2026, 12:00 in Madrid (11:00 UTC): the basket tests' "now". */
export const TILL_NOON = Date.UTC(2026, 10, 23, 11, 0);

/** A product as the basket takes it: plain, 21 % tax, unless told. */
export const tillProduct = (id: number, priceCents: number, fields: Partial<TillProduct> = {}): TillProduct => ({
  id,
  name: `P${id}`,
  masterId: null,
  categoryId: 1,
  priceCents,
  taxPercentHundredths: 2100,
  usesWeight: false,
  variantName: null,
  ...fields,
});

/**
 * A small shop: group 1 "Clothing" (category 10 "T-shirts": a variant master 100 with sizes S/M/L ×
 * colours Navy/Red, M·Red sold out, L·Navy missing; a plain product 200), group 2 "Deli" (category 20:
 * cheese 300 sold by weight). Price rate 1 "Staff" (−10 %, nearest .05); promotion 1 "2x1 T-shirts"
 * (pairs, cheapest free, the master's variants).
 */
export async function seedSmallShop(db: ShopCatalogDb): Promise<void> {
  await db.transaction(
    'rw',
    [
      db.groups,
      db.categories,
      db.products,
      db.variantSets,
      db.variants,
      db.productVariants,
      db.stocks,
      db.priceRates,
      db.priceRateProducts,
      db.promotions,
      db.promotionProducts,
      db.taxes,
    ],
    async () => {
      await db.groups.bulkPut([
        { id: 1, name: 'Clothing', photo: null, order: 1, active: true, tax_id: null, tax: null },
        { id: 2, name: 'Deli', photo: null, order: 2, active: true, tax_id: null, tax: null },
      ]);
      await db.categories.bulkPut([
        { id: 10, name: 'T-shirts', group_id: 1, photo: null, order: 1, active: true, extra_id: null, tax_id: null, tax: null },
        { id: 20, name: 'Cheese', group_id: 2, photo: null, order: 1, active: true, extra_id: null, tax_id: null, tax: null },
      ]);
      await db.variantSets.bulkPut([
        { id: 1, name: 'Size' },
        { id: 2, name: 'Colour' },
      ]);
      await db.variants.bulkPut([
        { id: 11, name: 'S', order: 1, variant_set_id: 1, color: null },
        { id: 12, name: 'M', order: 2, variant_set_id: 1, color: null },
        { id: 13, name: 'L', order: 3, variant_set_id: 1, color: null },
        { id: 21, name: 'Navy', order: 1, variant_set_id: 2, color: '#1f2a44' },
        { id: 22, name: 'Red', order: 2, variant_set_id: 2, color: '#b3261e' },
      ]);
      const variants: [number, number, number, number][] = [
        // id, size, colour, stock (thousandths)
        [101, 11, 21, 4000],
        [102, 11, 22, 2000],
        [103, 12, 21, 7000],
        [104, 12, 22, 0],
        [105, 13, 22, 1000],
      ];
      await db.products.bulkPut([
        shopProduct({ id: 100, name: 'Basic T-shirt', category_id: 10, type: 5, price: 1500, reference: 'TSH-100', order: 1 }),
        ...variants.map(([id, size, colour]) =>
          shopProduct({
            id,
            name: 'Basic T-shirt',
            category_id: 10,
            type: 6,
            price: 1500,
            main_product_id: 100,
            barcode: `84000000${id}`,
            reference: `TSH-${id}`,
            variant_info: { id, product_id: id, variant_1_id: size, variant_2_id: colour },
          }),
        ),
        shopProduct({ id: 200, name: 'Canvas tote bag', category_id: 10, price: 899, barcode: '8400000000200', reference: 'BAG-200', order: 2 }),
        shopProduct({ id: 300, name: 'Manchego cheese', category_id: 20, price: 1899, usesWeight: true, barcode: '8400000000300', taxPercentage: 1000 }),
      ]);
      await db.productVariants.bulkPut(variants.map(([id, size, colour]) => ({ id, product_id: id, variant_1_id: size, variant_2_id: colour })));
      await db.stocks.bulkPut(
        variants.map(([id, , , quantity]) => ({ warehouse_id: 1, product_id: id, id, quantity, defaultQuantity: null, alert: false, unit_id: null })),
      );
      await db.priceRates.bulkPut([{ id: 1, name: 'Staff', type: 1, amount: -1000, rounding: 2 }]);
      await db.priceRateProducts.bulkPut([{ price_rate_id: 1, product_id: 200, price: 700, rate_price: 700 }]);
      await db.promotions.bulkPut([
        {
          id: 1,
          active: true,
          order: 1,
          name: '2x1 T-shirts',
          type: 1,
          apply_to: 1,
          start_date: null,
          end_date: null,
          start_time: null,
          end_time: null,
          weekdays: null,
          apply_type: 2,
          group_by: 2,
          price_rate_id: null,
          combo_price: null,
          condition: null,
          quantity: null,
          action: null,
          discount: null,
        },
      ]);
      await db.promotionProducts.bulkPut([{ promotion_id: 1, product_id: 100 }]);
    },
  );
}
