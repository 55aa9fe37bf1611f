import { shopSearchText, type StoredShopProduct } from './shopDb';

// A shop product as the sync stores it, for tests, the till's e2e seeding and the bench: the
// fields a test does not name at neutral defaults (price 0, no stock management, 21 % tax).

export function shopProduct(fields: Partial<StoredShopProduct> & Pick<StoredShopProduct, 'id' | 'name' | 'category_id'>): StoredShopProduct {
  return {
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
    unit_id: null,
    tax_id: null,
    discountinued_at: null,
    tax: null,
    variant_info: null,
    taxPercentage: 2100,
    ...fields,
    searchName: shopSearchText(fields.name),
  };
}
