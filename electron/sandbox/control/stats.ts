// Request counts by family (control API: GET /__sandbox/stats), so tests and benchmarks can tell
// API traffic from image downloads, e.g. "requests used by a sync vs the minimum possible". Each
// listener has its own families (the retail ones: retail/control/stats.ts).
import type { Env, MiddlewareHandler } from 'hono';

export const REQUEST_FAMILIES = ['api', 'flow', 'loyalty', 'images', 'other'] as const;
export type RequestFamily = (typeof REQUEST_FAMILIES)[number];

/** Which family a hospitality path belongs to (control requests are not counted at all). */
export function requestFamily(path: string): RequestFamily | null {
  if (path.startsWith('/__sandbox')) return null;
  if (path.startsWith('/api/external/')) return 'api';
  if (path === '/apiFlow' || path === '/apiFlow/') return 'flow';
  if (path.startsWith('/api/loyalty/')) return 'loyalty';
  if (path.startsWith('/xef/')) return 'images';
  return 'other';
}

/** Counts of the requests per family; `familyOf` names a path's family, null for one not counted. */
export class RequestStats<F extends string = RequestFamily> {
  private counts: Record<F, number>;

  constructor(
    private readonly families: readonly F[],
    private readonly familyOf: (path: string) => F | null,
  ) {
    this.counts = this.zero();
  }

  private zero(): Record<F, number> {
    return Object.fromEntries(this.families.map((family) => [family, 0])) as Record<F, number>;
  }

  /** Counts every request that reaches the app (whatever its answer, 401 and 429 included). */
  middleware<E extends Env>(): MiddlewareHandler<E> {
    return async (c, next) => {
      const family = this.familyOf(c.req.path);
      if (family !== null) this.counts[family]++;
      await next();
    };
  }

  snapshot(): Record<F, number> {
    return { ...this.counts };
  }

  clear(): void {
    this.counts = this.zero();
  }
}
