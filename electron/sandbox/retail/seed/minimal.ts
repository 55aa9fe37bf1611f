// A small retail account the tests name by id (the demo shop, retail/seed/demo*, is built apart):
// 2 taxes, 2 units, the 4 payment methods, 2 warehouses, a size × colour variant master with two
// variants, a plain product, a product with stock management and one sold by weight, 2 customers.
import type { RetailSeed } from '../model';

export const MINIMAL = {
  tax: { general: 1, reduced: 2 },
  unit: { piece: 1, kg: 2 },
  payment: { card: 1, cash: 2, bizum: 3, giftCard: 4 },
  warehouse: { shopFloor: 1, store: 2 },
  group: { clothing: 1 },
  category: { shirts: 1, food: 2 },
  /** 19.99 at 21%; stock managed: 10 on the shop floor. */
  product: { shirt: 1, master: 2, variantRedM: 3, variantBlueM: 4, cheese: 5, socks: 6 },
  customer: { ana: 1, jordi: 2 },
} as const;

const product = (fields: Partial<RetailSeed['products'][number]> & { id: number; name: string; category_id: number }): RetailSeed['products'][number] => ({
  photo: null,
  extra_id: null,
  reference: null,
  info: null,
  shortInfo: null,
  brand: null,
  season: null,
  order: 0,
  active: true,
  featured: false,
  isOpen: false,
  traceability: false,
  usesStockManagement: false,
  usesWeight: false,
  weight: 0,
  type: 0,
  price: 0,
  costPrice: 0,
  barcode: null,
  main_product_id: null,
  complementary_product_id: null,
  unit_id: MINIMAL.unit.piece,
  tax_id: MINIMAL.tax.general,
  discountinued_at: null,
  ecommerce: null,
  ...fields,
});

export function minimalRetailSeed(): RetailSeed {
  const now = '2026-11-01T09:00:00.000Z';
  return {
    ecommerceModule: true,
    variantSets: [
      { id: 1, name: 'Talla' },
      { id: 2, name: 'Color' },
    ],
    variants: [
      { id: 1, name: 'M', order: 1, variant_set_id: 1, color: null },
      { id: 2, name: 'Rojo', order: 1, variant_set_id: 2, color: '#c0392b' },
      { id: 3, name: 'Azul', order: 2, variant_set_id: 2, color: '#2c3e80' },
    ],
    productVariants: [
      { id: 1, product_id: MINIMAL.product.variantRedM, variant_1_id: 1, variant_2_id: 2 },
      { id: 2, product_id: MINIMAL.product.variantBlueM, variant_1_id: 1, variant_2_id: 3 },
    ],
    taxes: [
      { id: MINIMAL.tax.general, name: 'IVA 21%', percentage: 2100, shouldStack: false },
      { id: MINIMAL.tax.reduced, name: 'IVA 10%', percentage: 1000, shouldStack: false },
    ],
    units: [
      { id: MINIMAL.unit.piece, name: 'Unidad', main_unit: null, conversion: '1.000', extra_id: null, created_at: null, updated_at: null, deleted_at: null },
      { id: MINIMAL.unit.kg, name: 'Kilogramo', main_unit: null, conversion: '1.000', extra_id: null, created_at: null, updated_at: null, deleted_at: null },
    ],
    paymentMethods: [
      { id: MINIMAL.payment.card, name: 'Card', cash: false },
      { id: MINIMAL.payment.cash, name: 'Cash', cash: true },
      { id: MINIMAL.payment.bizum, name: 'Bizum', cash: false },
      { id: MINIMAL.payment.giftCard, name: 'Gift card', cash: false },
    ],
    warehouses: [
      { id: MINIMAL.warehouse.shopFloor, name: 'Tienda' },
      { id: MINIMAL.warehouse.store, name: 'Almacén' },
    ],
    stocks: [
      { id: 1, item_id: MINIMAL.product.shirt, warehouse_id: 1, unit_id: 1, quantity: 10_000, defaultQuantity: 10_000, alert: 2_000 },
      { id: 2, item_id: MINIMAL.product.shirt, warehouse_id: 2, unit_id: 1, quantity: 40_000, defaultQuantity: 40_000, alert: 0 },
      { id: 3, item_id: MINIMAL.product.cheese, warehouse_id: 1, unit_id: 2, quantity: 5_000, defaultQuantity: 5_000, alert: 1_000 },
    ],
    customers: [
      {
        id: MINIMAL.customer.ana, name: 'Ana García', address: 'Carrer de Mallorca 101', city: 'Barcelona', state: 'Barcelona', country: 'ES',
        postalCode: '08036', nif: null, web: null, email: 'ana@example.com', phone: '600111222', notes: null, maxCredit: null, extra_id: null,
        created_at: now, updated_at: now,
      },
      {
        id: MINIMAL.customer.jordi, name: 'Jordi Puig', address: 'Carrer de Sants 5', city: 'Barcelona', state: null, country: 'ES',
        postalCode: '08014', nif: null, web: null, email: null, phone: null, notes: null, maxCredit: 50_000, extra_id: 'J-1',
        created_at: now, updated_at: now,
      },
    ],
    groups: [{ id: MINIMAL.group.clothing, name: 'Ropa', photo: null, order: 1, active: true, tax_id: MINIMAL.tax.general }],
    categories: [
      { id: MINIMAL.category.shirts, name: 'Camisetas', group_id: 1, photo: null, order: 1, active: true, extra_id: null, tax_id: null },
      { id: MINIMAL.category.food, name: 'Colmado', group_id: 1, photo: null, order: 2, active: true, extra_id: null, tax_id: MINIMAL.tax.reduced },
    ],
    products: [
      product({ id: MINIMAL.product.shirt, name: 'Camiseta básica', category_id: 1, price: 1999, costPrice: 700, usesStockManagement: true, reference: 'CB-01', barcode: '8412345678905' }),
      product({ id: MINIMAL.product.master, name: 'Camiseta rayas', category_id: 1, type: 5, price: 2500, costPrice: 900 }),
      product({ id: MINIMAL.product.variantRedM, name: 'Camiseta rayas M rojo', category_id: 1, type: 6, price: 2500, main_product_id: MINIMAL.product.master }),
      product({ id: MINIMAL.product.variantBlueM, name: 'Camiseta rayas M azul', category_id: 1, type: 6, price: 2500, main_product_id: MINIMAL.product.master }),
      product({ id: MINIMAL.product.cheese, name: 'Queso curado', category_id: 2, price: 2400, usesWeight: true, usesStockManagement: true, unit_id: MINIMAL.unit.kg, tax_id: MINIMAL.tax.reduced }),
      product({
        id: MINIMAL.product.socks, name: 'Calcetines', category_id: 1, price: 550, tax_id: MINIMAL.tax.reduced,
        ecommerce: { id: 1, active: true, weight: 0.1, sizes: { width: 10, height: 2, depth: 20 }, price: 550, discount_amount: 0, discount_percentage: 0 },
      }),
    ],
    priceRates: [],
    priceRateLinks: [],
    promotions: [],
    promotionCategories: [],
    promotionProducts: [],
    orders: [],
    invoices: [],
  };
}
