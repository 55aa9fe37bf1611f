// Outages of single paths of the retail listener (control API: POST /__sandbox/outages): a test
// names exact paths under /api/external and each request to one of them is answered 503 with the
// retail error body until the outage is lifted, while every other path works. The listener-wide
// faults (control/faults.ts: offline, error rates) cannot hold one product's reads back and let
// the rest through, which a proof of "not priced until every product is read" needs
// (docs/decisions.md "Combos on linked products: the whole set, or no combo"). A refused request
// does not reach the rate limits (as the vendor's, it costs nothing of the budget).
import type { Env, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { retailErrorBody } from '../errors';

/** Paths at most in one outage: a proof needs a few; a typo must not build a huge set. */
export const MAX_OUTAGE_PATHS = 100;

/** Body of POST /__sandbox/outages: the paths out from now on (replacing the last set; [] lifts them). */
export const outageRequestSchema = z.strictObject({
  paths: z.array(z.string().regex(/^\/api\/external\/[^?#\s]{1,300}$/, 'expected a path under /api/external/, without a query')).max(MAX_OUTAGE_PATHS),
});

export class RetailOutages {
  private paths = new Set<string>();
  private refusedCount = 0;

  /** Replaces the paths out; returns the snapshot. */
  set(paths: readonly string[]): { paths: string[]; refused: number } {
    this.paths = new Set(paths.map((path) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)));
    return this.snapshot();
  }

  snapshot(): { paths: string[]; refused: number } {
    return { paths: [...this.paths], refused: this.refusedCount };
  }

  clear(): void {
    this.paths.clear();
    this.refusedCount = 0;
  }

  /** Answers 503 (Retry-After 1) for a path that is out, before the app does anything with it. */
  middleware<E extends Env>(): MiddlewareHandler<E> {
    return async (c, next) => {
      if (this.paths.size === 0) return next();
      const path = c.req.path.length > 1 && c.req.path.endsWith('/') ? c.req.path.slice(0, -1) : c.req.path;
      if (!this.paths.has(path)) return next();
      this.refusedCount += 1;
      c.header('Retry-After', '1');
      return c.json(retailErrorBody('Service unavailable (sandbox outage of this path).'), 503);
    };
  }
}
