import type { Page } from '@playwright/test';
import {
  productFromWire,
  promotionFromWire,
  promotionOn,
  rateFromWire,
  ratePrice,
  type RefProduct,
  type RefPromotion,
  type RefRate,
} from '../../contract/retail/shopReferee';
import { retailGet, type Wire } from './shop';

// What the shop proofs read from the retail sandbox's own API (never from the terminal's code or
// the seed): the shop's promotions and price rates with their links, its payment methods, and the
// products a sale uses — chosen by rules on those records, so the test follows the catalog.

interface Page_<T> {
  data: T[];
  last_page: number;
}

export interface ShopFacts {
  promotions: RefPromotion[];
  rates: RefRate[];
  /** The raw rates (for their names). */
  rateNames: ReadonlyMap<number, string>;
  payment: { card: number; cash: number };
  /** Variant id → its name (size, colour…). */
  variantNames: ReadonlyMap<number, string>;
}

export interface ShopProduct extends RefProduct {
  barcode: string;
  /** The variant's values (ids of catalog/variants), for a variant. */
  variantValueIds: number[];
  /** Units in stock in warehouse 1 (the shop floor). */
  stockOnFloor: number;
}

/** Promotions (with their categories), price rates (with their products), payment methods and variant names. */
export async function readShopFacts(retailUrl: string): Promise<ShopFacts> {
  const rawPromotions = await retailGet<Wire[]>(retailUrl, 'promotions/promotions');
  const promotions: RefPromotion[] = [];
  for (const raw of rawPromotions) {
    const categories = Number(raw.apply_to) === 2 ? await retailGet<Wire[]>(retailUrl, `promotions/promotions/${String(raw.id)}/categories`) : [];
    // Linked products are read product by product only (the spec has no list): the products a
    // sale uses are checked one by one (assertNoProductPromotions).
    promotions.push(promotionFromWire(raw, { categoryIds: categories.map((c) => Number(c.id)), productIds: [] }));
  }
  const rawRates = await retailGet<Wire[]>(retailUrl, 'promotions/priceRates');
  const rates: RefRate[] = [];
  for (const raw of rawRates) rates.push(rateFromWire(raw, await retailGet<Wire[]>(retailUrl, `promotions/priceRates/${String(raw.id)}/products`)));
  const methods = await retailGet<Wire[]>(retailUrl, 'config/payment_methods');
  const methodId = (name: RegExp) => {
    const found = methods.find((m) => name.test(String(m.name)));
    if (!found) throw new Error(`no payment method ${name}`);
    return Number(found.id);
  };
  const variants = await retailGet<Wire[]>(retailUrl, 'catalog/variants');
  return {
    promotions,
    rates,
    rateNames: new Map(rawRates.map((r) => [Number(r.id), String(r.name)])),
    payment: { card: methodId(/^card$/i), cash: methodId(/^cash$/i) },
    variantNames: new Map(variants.map((v) => [Number(v.id), String(v.name)])),
  };
}

function shopProduct(raw: Wire): ShopProduct {
  const info = raw.variant_info as Wire | null | undefined;
  const stocks = (raw.stocks as Wire[] | undefined) ?? [];
  const floor = stocks.find((s) => Number(s.warehouse_id) === 1);
  return {
    ...productFromWire(raw),
    barcode: String(raw.barcode),
    variantValueIds: info ? [info.variant_1_id, info.variant_2_id].filter((v) => v != null).map(Number) : [],
    stockOnFloor: floor ? Number(floor.quantity) : 0,
  };
}

/**
 * Walks the product pages from the last one back (the demo's socks, books and drinks are near
 * the end; one page of 200 a catalog request) until `wanted` says it has what it needs.
 */
export async function scanProducts(retailUrl: string, wanted: (products: readonly ShopProduct[]) => boolean): Promise<ShopProduct[]> {
  const query = 'pagination=200&withStocks=1&withVariantInfo=1';
  const first = await retailGet<Page_<Wire>>(retailUrl, `catalog/products?${query}&page=1`);
  const sellable = (raw: Wire) =>
    raw.active !== false && (Number(raw.type) === 0 || Number(raw.type) === 6) && typeof raw.barcode === 'string' && raw.barcode !== '' && !raw.usesWeight;
  const found: ShopProduct[] = [];
  for (let page = first.last_page; page >= 1; page--) {
    const body = page === 1 ? first : await retailGet<Page_<Wire>>(retailUrl, `catalog/products?${query}&page=${page}`);
    for (const raw of body.data) {
      if (!sellable(raw) || raw.tax == null) continue;
      found.push(shopProduct(raw));
    }
    if (wanted(found)) return found;
  }
  return found;
}

/** No promotion linked to the product (or its master) by product: the sale proof keeps to the promotions it computes (category 2x1, rate); shopPromotions.spec.ts proves the linked ones. */
export async function assertNoProductPromotions(retailUrl: string, product: RefProduct): Promise<void> {
  for (const id of [product.id, product.masterId].filter((x): x is number => x !== null)) {
    const linked = await retailGet<Wire[]>(retailUrl, `catalog/products/${id}/promotions`);
    if (linked.length > 0) throw new Error(`product ${id} is linked to promotions ${linked.map((p) => String(p.id)).join(', ')}: choose another`);
  }
}

/** In the categories of any promotion on at `at` that is not `except`. */
export function inPromotionCategories(product: RefProduct, promotions: readonly RefPromotion[], at: Date, except: number | null = null): boolean {
  return promotions.some((p) => p.id !== except && p.apply_to === 2 && promotionOn(p, at) && p.categoryIds.includes(product.categoryId));
}

/** Whether the rate's rounding moves the product's exact percentage price (so the proof exercises it). */
export function needsRounding(rate: RefRate, product: RefProduct): boolean {
  if (rate.linked.has(product.id) || rate.type !== 1) return false;
  const exact = product.priceCents * (10_000 + rate.amountHundredths);
  return (ratePrice(rate, product.id, product.priceCents) ?? 0) * 10_000 !== exact;
}

type QueueEntry = { id: string; kind: string; state: string; attempts: number };

/** A bridge call from the page's own shell, naming the current account. */
async function bridgeCall(page: Page, name: string, input: unknown): Promise<unknown> {
  const answer = await page.evaluate(`(async () => {
    const call = async (name, input, account) => {
      // The page's session cookie goes with a same-origin fetch: no secret to read from the page.
      const headers = { 'content-type': 'application/json' };
      if (account) headers['x-comanda-account'] = encodeURIComponent(account);
      return (await fetch('/bridge/' + name, { method: 'POST', headers, body: JSON.stringify(input) })).json();
    };
    const info = await call('getAppInfo', {});
    return info.ok ? call(${JSON.stringify(name)}, ${JSON.stringify(input)}, info.value.accountKey) : info;
  })()`);
  const result = answer as { ok: boolean; value?: unknown };
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(answer).slice(0, 300)}`);
  return result.value;
}

const brief = (entries: QueueEntry[]) => entries.map(({ id, kind, state, attempts }) => ({ id, kind, state, attempts }));

/** The entries the main side's queue still holds (waiting, sending, or needing someone): accepted ones leave it. */
export async function pendingEntries(page: Page): Promise<QueueEntry[]> {
  return brief(((await bridgeCall(page, 'getQueue', {})) as { entries: QueueEntry[] }).entries);
}

/** Those entries by id, whatever their state (accepted included). */
export async function entriesById(page: Page, ids: string[]): Promise<QueueEntry[]> {
  return brief(((await bridgeCall(page, 'getEntries', { ids })) as { entries: QueueEntry[] }).entries);
}
