// Request counts of the retail listener by family (control API: GET /__sandbox/stats): `catalog`
// (the 40-a-minute paths), `api` (the other /api/external calls) and `other`.
import type { MiddlewareHandler } from 'hono';
import type { RetailEnv } from '../env';
import { isCatalogPath } from '../rateLimit';

export type RetailRequestFamily = 'catalog' | 'api' | 'other';

export class RetailRequestStats {
  private counts: Record<RetailRequestFamily, number> = { catalog: 0, api: 0, other: 0 };

  static familyOf(path: string): RetailRequestFamily | null {
    if (path.startsWith('/__sandbox')) return null;
    if (isCatalogPath(path)) return 'catalog';
    if (path.startsWith('/api/external/')) return 'api';
    return 'other';
  }

  /** Counts every request that reaches the app (401 and 429 included). */
  middleware(): MiddlewareHandler<RetailEnv> {
    return async (c, next) => {
      const family = RetailRequestStats.familyOf(c.req.path);
      if (family !== null) this.counts[family]++;
      await next();
    };
  }

  snapshot(): Record<RetailRequestFamily, number> {
    return { ...this.counts };
  }

  clear(): void {
    this.counts = { catalog: 0, api: 0, other: 0 };
  }
}
