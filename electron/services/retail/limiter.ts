import { createRateLimiter, type LimiterClock, type RateLimiter, type RateSlot } from '../gateway/limiter';

// The request budgets of one retail account (retail-api.md §8; clarifications "Retail — Errors and
// limits", "Limits"), built from the gateway's limiter (gateway/limiter.ts):
// - `catalog`: 40 a minute for every call whose path starts with `/api/external/catalog/`
//   (products' price-rate and promotion links included);
// - `all`: 120 a minute for every call of the account, catalog calls INCLUDED. The service counts
//   the catalog separately from the rest (the sandbox does: 40 + 120); counting them in the 120 too
//   can only be more careful, never less, and keeps one number for "the account's traffic";
// - a catalog call takes a turn of `catalog` first, then one of `all` (always in that order, so
//   two budgets can never wait on each other); orders and invoices take `all` only, with the
//   `order` priority, so they pass every waiting page fetch;
// - a 429 pauses the budget the call used: a catalog call's pauses both, any other pauses `all`,
//   which every call of the account needs — the whole account waits out Retry-After.

export const RETAIL_CATALOG_PER_MINUTE = 40;
export const RETAIL_REQUESTS_PER_MINUTE = 120;
/** Paths below the host root that use the catalog budget. */
export const RETAIL_CATALOG_PREFIX = 'api/external/catalog/';

export interface RetailLimiterOptions {
  /** Catalog requests a minute (§8: 40). */
  catalogPerMinute?: number;
  /** All requests a minute, catalog included (clarifications: 120). */
  requestsPerMinute?: number;
  windowMs?: number;
  maxConcurrent?: number;
  clock?: LimiterClock;
}

export interface RetailLimiter {
  /** Every call of the account. */
  readonly all: RateLimiter;
  /** Turns of a catalog call: one of the catalog budget and one of `all`. */
  readonly catalog: RateLimiter;
  /** The budget of a call to `path` (below the host root, no leading slash). */
  forPath(path: string): RateLimiter;
}

export function isRetailCatalogPath(path: string): boolean {
  const trimmed = path.replace(/^\/+/, '');
  return trimmed.startsWith(RETAIL_CATALOG_PREFIX) || trimmed === RETAIL_CATALOG_PREFIX.slice(0, -1);
}

/** A turn of `first` then of `second`; done() gives both back. */
function bothOf(first: RateLimiter, second: RateLimiter): RateLimiter {
  return {
    requestsPerMinute: first.requestsPerMinute,
    windowMs: first.windowMs,
    async acquire(priority, signal): Promise<RateSlot> {
      const outer = await first.acquire(priority, signal);
      try {
        const inner = await second.acquire(priority, signal);
        let released = false;
        return {
          done() {
            if (released) return;
            released = true;
            inner.done();
            outer.done();
          },
        };
      } catch (error) {
        outer.done();
        throw error;
      }
    },
    pause(ms) {
      first.pause(ms);
      second.pause(ms);
    },
    stats: () => first.stats(),
  };
}

export function createRetailLimiter(options: RetailLimiterOptions = {}): RetailLimiter {
  const shared = {
    ...(options.windowMs !== undefined ? { windowMs: options.windowMs } : {}),
    ...(options.maxConcurrent !== undefined ? { maxConcurrent: options.maxConcurrent } : {}),
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
  };
  const all = createRateLimiter({ ...shared, requestsPerMinute: options.requestsPerMinute ?? RETAIL_REQUESTS_PER_MINUTE });
  const catalogOnly = createRateLimiter({ ...shared, requestsPerMinute: options.catalogPerMinute ?? RETAIL_CATALOG_PER_MINUTE });
  const catalog = bothOf(catalogOnly, all);
  return { all, catalog, forPath: (path) => (isRetailCatalogPath(path) ? catalog : all) };
}

/** One retail limiter per account key, for the life of the process (as createAccountLimiters). */
export interface RetailAccountLimiters {
  forAccount(accountKey: string): RetailLimiter;
}

export function createRetailAccountLimiters(options: RetailLimiterOptions = {}): RetailAccountLimiters {
  const limiters = new Map<string, RetailLimiter>();
  return {
    forAccount(accountKey) {
      let limiter = limiters.get(accountKey);
      if (!limiter) {
        limiter = createRetailLimiter(options);
        limiters.set(accountKey, limiter);
      }
      return limiter;
    },
  };
}
