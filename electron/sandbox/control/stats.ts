// Request counts by family (control API: GET /__sandbox/stats), so tests and benchmarks can tell
// API traffic from image downloads, e.g. "requests used by a sync vs the minimum possible".
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';

export type RequestFamily = 'api' | 'flow' | 'loyalty' | 'images' | 'other';

export class RequestStats {
  private counts: Record<RequestFamily, number> = RequestStats.zero();

  private static zero(): Record<RequestFamily, number> {
    return { api: 0, flow: 0, loyalty: 0, images: 0, other: 0 };
  }

  /** Which family a path belongs to (control requests are not counted at all). */
  static familyOf(path: string): RequestFamily | null {
    if (path.startsWith('/__sandbox')) return null;
    if (path.startsWith('/api/external/')) return 'api';
    if (path === '/apiFlow' || path === '/apiFlow/') return 'flow';
    if (path.startsWith('/api/loyalty/')) return 'loyalty';
    if (path.startsWith('/xef/')) return 'images';
    return 'other';
  }

  /** Counts every request that reaches the app (whatever its answer, 401 and 429 included). */
  middleware(): MiddlewareHandler<SandboxEnv> {
    return async (c, next) => {
      const family = RequestStats.familyOf(c.req.path);
      if (family !== null) this.counts[family]++;
      await next();
    };
  }

  snapshot(): Record<RequestFamily, number> {
    return { ...this.counts };
  }

  clear(): void {
    this.counts = RequestStats.zero();
  }
}
