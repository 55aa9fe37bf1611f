import type { Promotion } from '../../../../shared/domain/retail/promotions';
import { RETAIL_PRODUCT_TYPE } from '../../../../shared/api/retail/records';
import {
  shopSearchText,
  type ShopCatalogDb,
  type StoredShopCategory,
  type StoredShopGroup,
  type StoredShopPriceRate,
  type StoredShopProduct,
  type StoredShopPromotion,
} from '../../data/shop/shopDb';
import { SHOP_FLOOR_WAREHOUSE } from '../../data/shop/shopStock';
import type { TillProduct, TillRate } from './basketStore';

// The till's reads of the shop's current catalog generation (renderer/src/data/shop/shopDb.ts).
// Each is one or a few narrow indexed queries — never a whole products table — run in useLiveQuery
// with the db in the dependencies, so a new generation re-runs them.

/** The shop floor: the warehouse a till sells from and whose stock it shows (clarifications "Retail"). */
export { SHOP_FLOOR_WAREHOUSE };
/** At most this many search results are listed. */
export const SEARCH_LIMIT = 60;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byOrderThenName = <T extends { order: number; name: string; id: number }>(a: T, b: T) =>
  a.order - b.order || collator.compare(a.name, b.name) || a.id - b.id;

/** A product the counter sells as such: active, not a variant (sold through its master's grid) nor management only. */
export function isCounterProduct(product: StoredShopProduct): boolean {
  return product.active && product.type !== RETAIL_PRODUCT_TYPE.variant && product.type !== RETAIL_PRODUCT_TYPE.managementOnly;
}

export const isVariantMaster = (product: Pick<StoredShopProduct, 'type'>) => product.type === RETAIL_PRODUCT_TYPE.variantMaster;

/** Active groups by `order`, then name (a shop has tens). */
export async function shopGroups(db: ShopCatalogDb): Promise<StoredShopGroup[]> {
  return (await db.groups.toArray()).filter((group) => group.active).sort(byOrderThenName);
}

export async function shopCategoriesOfGroup(db: ShopCatalogDb, groupId: number): Promise<StoredShopCategory[]> {
  return (await db.categories.where('group_id').equals(groupId).toArray()).filter((category) => category.active).sort(byOrderThenName);
}

/** The products a category's grid shows (variant masters, not their variants). */
export async function shopProductsOfCategory(db: ShopCatalogDb, categoryId: number): Promise<StoredShopProduct[]> {
  return (await db.products.where('category_id').equals(categoryId).toArray()).filter(isCounterProduct).sort(byOrderThenName);
}

/**
 * The products' names for word search: every product's `searchName` with its id, read once per
 * generation from the `searchName` index alone (keys, not records) and kept outside React, as the
 * venue's search index is. A generation never changes once written, so it is never stale.
 */
interface NameIndex {
  names: string[];
  ids: number[];
}

const nameIndexes = new WeakMap<ShopCatalogDb, Promise<NameIndex>>();

export function loadNameIndex(db: ShopCatalogDb): Promise<NameIndex> {
  let index = nameIndexes.get(db);
  if (index === undefined) {
    const collection = () => db.products.orderBy('searchName');
    index = Promise.all([collection().keys(), collection().primaryKeys()]).then(([names, ids]) => ({ names: names as string[], ids: ids as number[] }));
    index.catch(() => nameIndexes.delete(db));
    nameIndexes.set(db, index);
  }
  return index;
}

/**
 * Search by barcode (exact), reference (prefix, any case) and name (every word of the query in the
 * name, accents and case aside; names starting with the query first). Variants found by their own
 * barcode or reference are listed as such (tapping one adds it); by name, their master stands for them.
 */
export async function searchShopProducts(db: ShopCatalogDb, query: string, limit = SEARCH_LIMIT): Promise<StoredShopProduct[]> {
  const text = query.trim();
  if (text === '') return [];
  const normalised = shopSearchText(text);
  const words = normalised.split(' ');
  const [byBarcode, byReference, index] = await Promise.all([
    db.products.where('barcode').equals(text).limit(limit).toArray(),
    db.products.where('reference').startsWithIgnoreCase(text).limit(limit).toArray(),
    loadNameIndex(db),
  ]);
  const starting: number[] = [];
  const containing: number[] = [];
  // Variants share their master's name: a few times the limit leaves room for them being skipped.
  for (let i = 0; i < index.names.length && starting.length < limit * 8; i++) {
    const name = index.names[i]!;
    if (!words.every((word) => name.includes(word))) continue;
    (name.startsWith(normalised) ? starting : containing).push(index.ids[i]!);
  }
  const nameIds = [...starting, ...containing].slice(0, limit * 8);
  const byName = (await db.products.bulkGet(nameIds)).filter((p) => p !== undefined);
  const seen = new Set<number>();
  const found: StoredShopProduct[] = [];
  const push = (product: StoredShopProduct, asMatch: boolean) => {
    if (seen.has(product.id) || !product.active || product.type === RETAIL_PRODUCT_TYPE.managementOnly) return;
    if (!asMatch && product.type === RETAIL_PRODUCT_TYPE.variant) return;
    seen.add(product.id);
    found.push(product);
  };
  for (const product of byBarcode) push(product, true);
  for (const product of byReference) push(product, true);
  for (const product of byName) push(product, false);
  return found.slice(0, limit);
}

/** The product a scanned code names: its barcode, else its reference; active, never a master (its variants are sold). */
export async function productByCode(db: ShopCatalogDb, code: string): Promise<StoredShopProduct | null> {
  const sellable = (product: StoredShopProduct) => product.active && product.type !== RETAIL_PRODUCT_TYPE.managementOnly;
  const byBarcode = (await db.products.where('barcode').equals(code).toArray()).filter(sellable);
  const match = byBarcode.find((p) => !isVariantMaster(p)) ?? byBarcode[0];
  if (match !== undefined) return match;
  const byReference = (await db.products.where('reference').equals(code).toArray()).filter(sellable);
  return byReference.find((p) => !isVariantMaster(p)) ?? byReference[0] ?? null;
}

/** One cell of a master's size × colour grid: a variant with its values and shop-floor stock. */
export interface VariantCell {
  product: StoredShopProduct;
  /** Variant ids of set 1 and set 2 (null: the variant has no value in that set). */
  value1: number | null;
  value2: number | null;
  /** Shop-floor stock in thousandths; null when the floor keeps no count for it. */
  stockThousandths: number | null;
}

export interface VariantAxis {
  setId: number | null;
  setName: string | null;
  /** The set's values used by these variants, by their `order`, then name. */
  values: { id: number; name: string; color: string | null }[];
}

export interface VariantGridData {
  master: StoredShopProduct;
  rows: VariantAxis;
  columns: VariantAxis;
  cells: VariantCell[];
}

/** A variant master's variants as a grid: rows by value 1 (size), columns by value 2 (colour), each with its stock. */
export async function variantGrid(db: ShopCatalogDb, master: StoredShopProduct): Promise<VariantGridData> {
  const variants = (await db.products.where('main_product_id').equals(master.id).toArray()).filter((p) => p.active && p.type === RETAIL_PRODUCT_TYPE.variant);
  const ids = variants.map((v) => v.id);
  const [links, stocks] = await Promise.all([
    db.productVariants.where('product_id').anyOf(ids).toArray(),
    db.stocks.bulkGet(ids.map((id) => [SHOP_FLOOR_WAREHOUSE, id] as [number, number])),
  ]);
  const linkOf = new Map(links.map((link) => [link.product_id, link]));
  const cells: VariantCell[] = variants.map((product, index) => {
    const link = linkOf.get(product.id) ?? product.variant_info;
    return { product, value1: link?.variant_1_id ?? null, value2: link?.variant_2_id ?? null, stockThousandths: stocks[index]?.quantity ?? null };
  });
  const valueIds = [...new Set(cells.flatMap((cell) => [cell.value1, cell.value2]).filter((id): id is number => id !== null))];
  const values = (await db.variants.bulkGet(valueIds)).filter((v) => v !== undefined);
  const valueById = new Map(values.map((v) => [v.id, v]));
  const axis = async (pick: (cell: VariantCell) => number | null): Promise<VariantAxis> => {
    const used = [...new Set(cells.map(pick).filter((id): id is number => id !== null))].map((id) => valueById.get(id)).filter((v) => v !== undefined);
    used.sort((a, b) => a.order - b.order || collator.compare(a.name, b.name) || a.id - b.id);
    const setId = used[0]?.variant_set_id ?? null;
    const set = setId === null ? undefined : await db.variantSets.get(setId);
    return { setId, setName: set?.name ?? null, values: used.map((v) => ({ id: v.id, name: v.name, color: v.color })) };
  };
  return { master, rows: await axis((cell) => cell.value1), columns: await axis((cell) => cell.value2), cells };
}

/** A variant's values as words ("M · Navy"), from the grid or from its own record. */
export async function variantNameOf(db: ShopCatalogDb, product: StoredShopProduct): Promise<string | null> {
  if (product.type !== RETAIL_PRODUCT_TYPE.variant) return null;
  const link = (await db.productVariants.where('product_id').equals(product.id).first()) ?? product.variant_info;
  const ids = [link?.variant_1_id, link?.variant_2_id].filter((id): id is number => id != null);
  if (ids.length === 0) return null;
  const values = await db.variants.bulkGet(ids);
  return (
    values
      .map((v) => v?.name)
      .filter((name) => name !== undefined)
      .join(' · ') || null
  );
}

/** What the basket keeps of a product: its tax, its master's category, its own prices in the rates. */
export async function tillProductOf(db: ShopCatalogDb, product: StoredShopProduct, variantName?: string | null): Promise<TillProduct> {
  const [ratePrices, master, name] = await Promise.all([
    db.priceRateProducts.where('product_id').equals(product.id).toArray(),
    product.main_product_id === null ? Promise.resolve(undefined) : db.products.get(product.main_product_id),
    variantName === undefined ? variantNameOf(db, product) : Promise.resolve(variantName),
  ]);
  let taxPercentage = product.taxPercentage ?? master?.taxPercentage ?? null;
  if (taxPercentage === null && product.tax_id !== null) taxPercentage = (await db.taxes.get(product.tax_id))?.taxPercentage ?? null;
  return {
    id: product.id,
    name: product.name,
    masterId: product.main_product_id,
    categoryId: product.category_id,
    priceCents: product.price,
    taxPercentHundredths: taxPercentage ?? 0,
    usesWeight: product.usesWeight,
    variantName: name,
    reference: product.reference,
    ratePrices: Object.fromEntries(ratePrices.map((row) => [row.price_rate_id, row.price])),
  };
}

export function tillRateOf(rate: StoredShopPriceRate): TillRate {
  return { id: rate.id, name: rate.name, type: rate.type, amountHundredths: rate.amount, rounding: rate.rounding };
}

export function promotionOf(record: StoredShopPromotion, productIds: readonly number[], categoryIds: readonly number[]): Promotion {
  return {
    id: record.id,
    name: record.name,
    order: record.order,
    type: record.type,
    apply_to: record.apply_to,
    apply_type: record.apply_type,
    group_by: record.group_by,
    price_rate_id: record.price_rate_id,
    combo_price: record.combo_price,
    condition: record.condition,
    quantity: record.quantity,
    action: record.action,
    discount: record.discount,
    active: record.active,
    start_date: record.start_date,
    end_date: record.end_date,
    start_time: record.start_time,
    end_time: record.end_time,
    weekdays: record.weekdays,
    productIds,
    categoryIds,
  };
}

/** The price rates and promotions (with their links) the basket prices with: a shop has few. */
export async function shopPricing(db: ShopCatalogDb): Promise<{ rates: TillRate[]; promotions: Promotion[] }> {
  const [rates, promotions, productLinks, categoryLinks] = await Promise.all([
    db.priceRates.toArray(),
    db.promotions.toArray(),
    db.promotionProducts.toArray(),
    db.promotionCategories.toArray(),
  ]);
  const products = new Map<number, number[]>();
  const categories = new Map<number, number[]>();
  for (const link of productLinks) (products.get(link.promotion_id) ?? products.set(link.promotion_id, []).get(link.promotion_id)!).push(link.product_id);
  for (const link of categoryLinks) (categories.get(link.promotion_id) ?? categories.set(link.promotion_id, []).get(link.promotion_id)!).push(link.category_id);
  return {
    rates: rates.map(tillRateOf).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id),
    promotions: promotions.map((p) => promotionOf(p, products.get(p.id) ?? [], categories.get(p.id) ?? [])),
  };
}
