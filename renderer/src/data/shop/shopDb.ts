import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { ShopResource } from '../../../../shared/bridge/shop';
import type { GenerationPointerRow } from '../sync/generationPointer';
import type {
  RetailCategoryWire,
  RetailCustomerWire,
  RetailGroupWire,
  RetailPaymentMethodWire,
  RetailPriceRateWire,
  RetailProductVariantWire,
  RetailProductWire,
  RetailPromotionWire,
  RetailTaxWire,
  RetailUnitWire,
  RetailVariantSetWire,
  RetailVariantWire,
} from '../../../../shared/api/retail';

// The shop's catalog, kept like the venue's (docs/decisions.md "Catalog
// generations"): each sync builds a database of its own, `comanda-shop-<accountKey>-gen-<n>`, and
// the shop's pointer database `comanda-shop-<accountKey>` records which one is current. Switching is
// one transaction on `generations`; a failed sync leaves the previous generation current and usable.
//
// Records are stored as the retail wire schemas read them (shared/api/retail/records.ts: money in
// integer cents, quantities in thousandths, percentages in hundredths, flags as booleans, unknown
// fields dropped), so stored = checked wire output. Exceptions, all derived, none invented:
// - a product's `stocks` (withStocks) move to the `stocks` store; its `variant_info` is kept (null
//   when it is not a variant), and `taxPercentage` (its own tax, else its category's, else its
//   group's) and `searchName` (for prefix search) are added;
// - a stock row gets `product_id` (= the wire's `item_id`) for the [warehouse_id+product_id] key;
// - a price rate's product price and a promotion's links get the parent's id.

/** A product as the till reads it: the wire record with its stocks moved out and its tax folded in. */
export type StoredShopProduct = Omit<RetailProductWire, 'stocks' | 'variant_info'> & {
  /** `withVariantInfo`: the variant's two values; null when the product is not a variant (type 6). */
  variant_info: RetailProductVariantWire | null;
  /** The tax that applies, in hundredths (21 % → 2100): the product's, else its category's, else its group's; null if none says. */
  taxPercentage: number | null;
  /** `name` lower-cased without accents ("Camiseta Básica" → "camiseta basica"): indexed for prefix search. */
  searchName: string;
};

/**
 * A product's stock in one warehouse (thousandths). From `catalog/stocks` (then `defaultQuantity`
 * is known) or a product's `stocks` (withStocks; `defaultQuantity` null) — the same rows.
 */
export interface StoredShopStock {
  warehouse_id: number;
  /** The wire's `item_id`: the product (or variant) the stock is of. */
  product_id: number;
  id: number | null;
  quantity: number;
  defaultQuantity: number | null;
  alert: boolean;
  unit_id: number | null;
}

/** A product's price in a price rate (`promotions/priceRates/{rate}/products`), cents. */
export interface StoredShopRateProduct {
  price_rate_id: number;
  product_id: number;
  /** The rate's stored price for the product. */
  price: number;
  /** The price after the rate's rounding, when the service sends it. */
  rate_price: number | null;
}

/** A category a promotion applies to (`promotions/promotions/{id}/categories`). */
export interface StoredShopPromotionCategory {
  promotion_id: number;
  category_id: number;
}

/** A product a promotion applies to (see docs/decisions.md "Shop catalog sync"). */
export interface StoredShopPromotionProduct {
  promotion_id: number;
  product_id: number;
}

export type StoredShopGroup = RetailGroupWire;
export type StoredShopCategory = RetailCategoryWire;
export type StoredShopVariantSet = RetailVariantSetWire;
export type StoredShopVariant = RetailVariantWire;
export type StoredShopProductVariant = RetailProductVariantWire;
export type StoredShopTax = RetailTaxWire;
export type StoredShopUnit = RetailUnitWire;
export type StoredShopPaymentMethod = RetailPaymentMethodWire;
export type StoredShopCustomer = RetailCustomerWire;
export type StoredShopPriceRate = RetailPriceRateWire;
export type StoredShopPromotion = RetailPromotionWire;

/**
 * A product whose promotion links this generation has read (`catalog/products/{id}/promotions`):
 * the till asks for the products in its basket on demand (features/till/productLinks.ts), once
 * per product per generation; a new sync's generation starts with none checked.
 */
export interface ShopPromotionLinksChecked {
  product_id: number;
  /** When the answer was stored (ISO). */
  checkedAt: string;
}

export interface ShopGenerationMetaEntry {
  key: 'sealed';
  /** The generation number, written last (with strict durability) before the generation becomes current. */
  value: number;
}

export type ShopCatalogDb = Dexie & {
  groups: EntityTable<StoredShopGroup, 'id'>;
  categories: EntityTable<StoredShopCategory, 'id'>;
  products: EntityTable<StoredShopProduct, 'id'>;
  variantSets: EntityTable<StoredShopVariantSet, 'id'>;
  variants: EntityTable<StoredShopVariant, 'id'>;
  productVariants: EntityTable<StoredShopProductVariant, 'id'>;
  taxes: EntityTable<StoredShopTax, 'id'>;
  units: EntityTable<StoredShopUnit, 'id'>;
  stocks: Table<StoredShopStock, [number, number]>;
  paymentMethods: EntityTable<StoredShopPaymentMethod, 'id'>;
  customers: EntityTable<StoredShopCustomer, 'id'>;
  priceRates: EntityTable<StoredShopPriceRate, 'id'>;
  priceRateProducts: Table<StoredShopRateProduct, [number, number]>;
  promotions: EntityTable<StoredShopPromotion, 'id'>;
  promotionCategories: Table<StoredShopPromotionCategory, [number, number]>;
  promotionProducts: Table<StoredShopPromotionProduct, [number, number]>;
  /** Version 2: the products whose promotion links were read (not synced; the till writes it). */
  promotionLinksChecked: Table<ShopPromotionLinksChecked, number>;
  meta: EntityTable<ShopGenerationMetaEntry, 'key'>;
};

/**
 * Version 1 (2026-11-23) of a shop generation database. A generation is written once, by
 * one sync, and never migrated: a schema change adds SHOP_GENERATION_SCHEMA_V2 here with a dated
 * comment, and the next sync builds a database of the new shape (the old one is read until then).
 *
 * Indexes are the ones the till queries by (barcode scan, reference and name search, the grid by
 * category, a variant master's variants, a cell's stock, a rate's prices, a promotion's links).
 * Booleans (`active`) cannot be indexed in IndexedDB: "active only" is filtered after an indexed read.
 */
export const SHOP_GENERATION_SCHEMA_V1 = {
  groups: 'id, order',
  categories: 'id, group_id',
  products: 'id, barcode, reference, searchName, category_id, main_product_id, type',
  variantSets: 'id',
  variants: 'id, variant_set_id',
  productVariants: 'id, product_id',
  taxes: 'id',
  units: 'id',
  stocks: '[warehouse_id+product_id], product_id',
  paymentMethods: 'id',
  customers: 'id, name, nif, email, phone',
  priceRates: 'id',
  priceRateProducts: '[price_rate_id+product_id], product_id',
  promotions: 'id',
  promotionCategories: '[promotion_id+category_id], category_id',
  promotionProducts: '[promotion_id+product_id], product_id',
  meta: 'key',
} as const;

/**
 * Version 2 (2026-11-27): adds `promotionLinksChecked`, the products whose
 * promotion links the till has read on demand (docs/decisions.md "Shop catalog sync",
 * "Promotion ↔ product links"). Only a store is added (no upgrade()): a version 1 generation opened
 * by this code gains it empty, so what it already holds is read as before and its products are
 * checked when they are sold. Not a synced store: the sync never writes it, so a new generation
 * starts with nothing checked.
 */
export const SHOP_GENERATION_SCHEMA_V2 = {
  promotionLinksChecked: 'product_id',
} as const;

/** The stores of a shop generation that hold synced records (not `meta`). */
export type ShopRecordStore = Exclude<keyof typeof SHOP_GENERATION_SCHEMA_V1, 'meta'>;
export const shopRecordStores = Object.keys(SHOP_GENERATION_SCHEMA_V1).filter((name): name is ShopRecordStore => name !== 'meta');

/** Where each synced resource lands (products also fill `stocks` from their withStocks rows). */
export const shopStoresOfResource: Record<ShopResource, readonly ShopRecordStore[]> = {
  groups: ['groups'],
  categories: ['categories'],
  products: ['products', 'stocks'],
  variantSets: ['variantSets'],
  variants: ['variants'],
  productVariants: ['productVariants'],
  taxes: ['taxes'],
  units: ['units'],
  stocks: ['stocks'],
  paymentMethods: ['paymentMethods'],
  customers: ['customers'],
  priceRates: ['priceRates'],
  priceRateProducts: ['priceRateProducts'],
  promotions: ['promotions'],
  promotionCategories: ['promotionCategories'],
  promotionProducts: ['promotionProducts'],
};

/** The text a product's name is searched by: lower case, accents removed, spaces collapsed. */
export function shopSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

// ---- The pointer database: which generation is current ----

/** One shop catalog generation; exactly one is `current` once a sync has succeeded (sync/generationPointer.ts, as the venue's). */
export type ShopGenerationRow = GenerationPointerRow<ShopRecordStore, ShopResource>;

/**
 * One product's promotion links as the till's combo scan read them (`catalog/products/{id}/
 * promotions`; data/shop/shopComboScan.ts). Kept in the pointer database, so a new generation
 * starts with what earlier ones read (docs/decisions.md "Combos on linked products: the whole set,
 * or no combo").
 */
export interface ShopComboLinkRead {
  product_id: number;
  promotion_ids: number[];
  /** When it was read (ISO). */
  readAt: string;
}

export type ShopDb = Dexie & {
  generations: EntityTable<ShopGenerationRow, 'n'>;
  /** Version 2. */
  comboLinkReads: Table<ShopComboLinkRead, number>;
};

/** Version 1 (2026-11-23) of the shop's pointer database. */
export const SHOP_DB_SCHEMA_V1 = {
  generations: '++n, state',
} as const;

/**
 * Version 2 (2026-11-28): adds `comboLinkReads`, every product's promotion links as the combo scan
 * read them, across generations. Only a store is added (no upgrade()): it starts empty and the
 * scan fills it.
 */
export const SHOP_DB_SCHEMA_V2 = {
  comboLinkReads: 'product_id, readAt',
} as const;

/** `comanda-shop-shop:demo`: the shop account's own database, apart from any venue's `comanda-<key>`. */
export function shopDbName(accountKey: string): string {
  return `comanda-shop-${accountKey}`;
}

export function openShopDb(accountKey: string, options?: DexieOptions): ShopDb {
  const db = new Dexie(shopDbName(accountKey), options) as ShopDb;
  db.version(1).stores(SHOP_DB_SCHEMA_V1);
  db.version(2).stores(SHOP_DB_SCHEMA_V2);
  return db;
}

const GENERATION_PREFIX = '-gen-';

/** `comanda-shop-shop:demo-gen-7`: one database per generation. */
export function shopGenerationDbName(accountKey: string, n: number): string {
  return `${shopDbName(accountKey)}${GENERATION_PREFIX}${n}`;
}

/** The generation number of a database name of this shop account, or null when it is not one. */
export function shopGenerationOfDbName(accountKey: string, name: string): number | null {
  const prefix = `${shopDbName(accountKey)}${GENERATION_PREFIX}`;
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  return /^[1-9]\d*$/.test(rest) ? Number(rest) : null;
}

export function openShopGenerationDb(accountKey: string, n: number, options?: DexieOptions): ShopCatalogDb {
  const db = new Dexie(shopGenerationDbName(accountKey, n), options) as ShopCatalogDb;
  db.version(1).stores(SHOP_GENERATION_SCHEMA_V1);
  db.version(2).stores(SHOP_GENERATION_SCHEMA_V2);
  return db;
}
