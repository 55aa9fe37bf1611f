// Request rate limit (spec §8: 120 requests per minute; clarifications "Limits": per account, and
// past the limit HTTP 429 with Retry-After). The vendor publishes nothing more; our choices:
// - a sliding 60 s window per tenant (a request is allowed when fewer than `requestsPerMinute`
//   requests of that tenant were allowed in the last 60 s; refused requests do not count);
// - counted: every authenticated request of the tenant to v2, catalog and chain sync
//   (`/api/external/*`), loyalty (`/api/loyalty/*`) and Flow (`/apiFlow`, tenant and token read
//   from the `message` query JSON). Requests with missing or wrong credentials are not counted
//   (they are answered 401 by the auth checks, like a throttle keyed on the authenticated
//   account). The control API (`/__sandbox/*`) and images (`/xef/*`) are never counted;
// - 429 body: the sandbox's error shape `{ error, code: 429, data: [] }`, `Retry-After` = whole
//   seconds until the oldest counted request leaves the window (at least 1);
// - Laravel's `X-RateLimit-Limit` / `X-RateLimit-Remaining` headers on counted requests.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { authenticate, sameSecret } from './auth';
import type { SandboxEnv } from './env';
import { errorResponse } from './errors';
import { readFlowMessage } from './orders/flow';

export const RATE_WINDOW_MS = 60_000;

/** Sliding-window log of allowed requests per key. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number = RATE_WINDOW_MS,
  ) {}

  /**
   * Counts one request of `key` at `now` when the window has room: `{ allowed: true, remaining }`;
   * otherwise `{ allowed: false, retryAfterMs }` (time until the oldest request leaves the window).
   */
  take(key: string, now: number): { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number } {
    let log = this.hits.get(key);
    if (!log) {
      log = [];
      this.hits.set(key, log);
    }
    const from = now - this.windowMs;
    let expired = 0;
    while (expired < log.length && (log[expired] as number) <= from) expired++;
    if (expired > 0) log.splice(0, expired);
    if (log.length >= this.limit) {
      return { allowed: false, retryAfterMs: (log[0] as number) + this.windowMs - now };
    }
    log.push(now);
    return { allowed: true, remaining: this.limit - log.length };
  }

  /**
   * Counts one request of `key` and answers it: over the limit, 429 with `Retry-After` (whole
   * seconds until a slot frees, at least 1) and the body `refuse` words (each half has its own);
   * else the route, its answer carrying `X-RateLimit-Limit` / `X-RateLimit-Remaining`.
   */
  async admit(c: Context, next: Next, key: string, now: number, refuse: (retryAfter: number) => Response): Promise<Response | void> {
    const taken = this.take(key, now);
    if (!taken.allowed) {
      const retryAfter = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      c.header('Retry-After', String(retryAfter));
      c.header('X-RateLimit-Limit', String(this.limit));
      c.header('X-RateLimit-Remaining', '0');
      return refuse(retryAfter);
    }
    await next();
    try {
      c.res.headers.set('X-RateLimit-Limit', String(this.limit));
      c.res.headers.set('X-RateLimit-Remaining', String(taken.remaining));
    } catch {
      // A response with immutable headers: the informative headers are left out.
    }
  }

  /** Forgets every counted request (e.g. a sandbox reset). */
  clear(): void {
    this.hits.clear();
  }
}

/** The tenant of an authenticated v2/catalog/chain/loyalty request (header credentials, spec §5). */
function headerTenant(c: Context<SandboxEnv>): string | null {
  const account = authenticate(c);
  return typeof account === 'string' ? null : account.tenant;
}

/**
 * The tenant of an authenticated Flow call: `auth.tenant` / `auth.token` of the `message` JSON
 * (spec §4.7, §5), read exactly as the Flow route reads it (query, or the tolerated body forms),
 * so no form of the call escapes the limit. Hono caches the parsed body for the route.
 */
async function flowTenant(c: Context<SandboxEnv>): Promise<string | null> {
  let parsed: unknown = await readFlowMessage(c);
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return null;
    }
  }
  const auth = (parsed as { auth?: unknown } | null)?.auth as { tenant?: unknown; token?: unknown } | undefined;
  if (typeof auth?.tenant !== 'string' || typeof auth.token !== 'string') return null;
  const account = c.get('state').account(auth.tenant.trim());
  if (!account || !sameSecret(auth.token.trim(), account.accessToken)) return null;
  return account.tenant;
}

/** The tenant a request counts against, or null when it is not counted. */
export async function countedTenant(c: Context<SandboxEnv>): Promise<string | null> {
  const path = c.req.path;
  if (path.startsWith('/api/external/') || path === '/api/loyalty' || path.startsWith('/api/loyalty/')) {
    return headerTenant(c);
  }
  if (path === '/apiFlow' || path === '/apiFlow/') return flowTenant(c);
  return null;
}

/** The rate-limit middleware; register it before the routes. `now` is injectable for tests. */
export function rateLimit(options: { requestsPerMinute: number; now?: () => number }): MiddlewareHandler<SandboxEnv> & {
  limiter: SlidingWindowLimiter;
} {
  const limiter = new SlidingWindowLimiter(options.requestsPerMinute);
  const now = options.now ?? Date.now;
  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const tenant = await countedTenant(c);
    if (tenant === null) return next();
    return limiter.admit(c, next, tenant, now(), (retryAfter) =>
      errorResponse(c, 429, `Too many requests: tenant "${tenant}" may send ${options.requestsPerMinute} requests per minute; retry after ${retryAfter} s.`),
    );
  };
  return Object.assign(middleware, { limiter });
}
