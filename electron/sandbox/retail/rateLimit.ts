// Request rates of the retail service (retail-api.md §8, clarifications "Retail — Errors and
// limits"): per account, 40 a minute for every call whose path starts with
// `/api/external/catalog/` (products' price-rate and promotion links included) and 120 a minute
// for the other calls, two separate budgets. As in the hospitality half: a sliding 60 s window,
// only authenticated requests count (a 401 does not), refused requests do not use the budget, a
// 429 carries `Retry-After` (whole seconds, ≥ 1) and the retail error body, and counted answers
// carry `X-RateLimit-Limit` / `X-RateLimit-Remaining`.
import type { MiddlewareHandler } from 'hono';
import { SlidingWindowLimiter } from '../rateLimit';
import { authenticate } from './auth';
import type { RetailEnv } from './env';
import { retailError } from './errors';

export const CATALOG_PREFIX = '/api/external/catalog/';

/** Whether a path uses the catalog budget. */
export function isCatalogPath(path: string): boolean {
  return path.startsWith(CATALOG_PREFIX) || path === CATALOG_PREFIX.slice(0, -1);
}

export function retailRateLimit(options: { catalogPerMinute: number; perMinute: number; now?: () => number }): MiddlewareHandler<RetailEnv> & {
  clear(): void;
} {
  const catalog = new SlidingWindowLimiter(options.catalogPerMinute);
  const other = new SlidingWindowLimiter(options.perMinute);
  const now = options.now ?? Date.now;
  const middleware: MiddlewareHandler<RetailEnv> = async (c, next) => {
    if (!c.req.path.startsWith('/api/external/')) return next();
    const account = authenticate(c);
    if (typeof account === 'string') return next(); // answered 401 by the auth check
    const isCatalog = isCatalogPath(c.req.path);
    const limit = isCatalog ? options.catalogPerMinute : options.perMinute;
    const what = isCatalog ? 'catalog requests' : 'requests (besides catalog requests)';
    return (isCatalog ? catalog : other).admit(c, next, account.username, now(), (retryAfter) =>
      retailError(c, 429, `Too Many Attempts: "${account.username}" may send ${limit} ${what} a minute; retry after ${retryAfter} s.`),
    );
  };
  return Object.assign(middleware, {
    clear() {
      catalog.clear();
      other.clear();
    },
  });
}
