// The demo shop, the seed of the `demo-shop` account in the shells and
// `npm run sandbox`: a clothing and shoe shop in Barcelona with 300 articles (variant masters with
// their size × colour variants, and plain products), 40 customers, the four payment methods and 90
// days of closed orders with invoices up to the moment the seed is built. `--retail-scale N` builds
// the same shop with N articles (benchmarks). Deterministic: the same article count and the same
// moment give the same records (the catalog does not depend on the moment; each day's sales depend
// only on its date).
import type { RetailSeed } from '../model';
import { localDateTime } from '../reports/time';
import { buildShopCatalog, SHOP } from './shopCatalog';
import { buildShopCustomers } from './shopCustomers';
import { buildShopHistory, HISTORY_DAYS } from './shopHistory';

export const DEMO_SHOP_ARTICLES = 300;
/** Largest `--retail-scale` (about 8 products per article: some 400,000 product records). */
export const MAX_RETAIL_SCALE = 50_000;

export interface DemoShopOptions {
  /** Articles (variant masters and plain products); default 300. */
  articles?: number;
  /** The moment the history ends; default now. */
  now?: Date;
  /** Days of history before today; default 90. */
  days?: number;
}

export function demoShopSeed(options: DemoShopOptions = {}): RetailSeed {
  const articles = options.articles ?? DEMO_SHOP_ARTICLES;
  if (!Number.isSafeInteger(articles) || articles < 1 || articles > MAX_RETAIL_SCALE) {
    throw new Error(`demo shop: the article count must be an integer from 1 to ${MAX_RETAIL_SCALE}, got ${articles}`);
  }
  // Built afresh every time: the caller owns (and may change) what it gets.
  const catalog = buildShopCatalog(articles);
  const customers = buildShopCustomers();
  const [today, nowTime] = localDateTime(options.now ?? new Date()).split(' ') as [string, string];
  const history = buildShopHistory(catalog, customers, today, nowTime, options.days ?? HISTORY_DAYS);
  const { articles: _articles, promotions, ...records } = catalog;
  return {
    ...records,
    promotions: promotions.map((p) =>
      p.id === SHOP.promotion.summerSale ? { ...p, start_date: history.summerSale.start, end_date: history.summerSale.end } : p,
    ),
    ecommerceModule: true,
    customers,
    orders: history.orders,
    invoices: history.invoices,
  };
}

/**
 * The seed factory of a sandbox serving the demo shop (`articles`: `--retail-scale`). The sandbox
 * copies every seed it gets (state.ts), so the accounts started within the same minute share one
 * build (the shells start two accounts; a reset a minute later builds the history up to then).
 */
export function demoShopSeeder(articles: number = DEMO_SHOP_ARTICLES): () => RetailSeed {
  let last: { minute: string; seed: RetailSeed } | null = null;
  return () => {
    const now = new Date();
    const minute = localDateTime(now).slice(0, 16);
    if (last?.minute !== minute) last = { minute, seed: demoShopSeed({ articles, now }) };
    return last.seed;
  };
}
