import { Hono } from 'hono';
import { requireAccount } from './auth';
import { bodyLimit } from './bodyLimit';
import { catalogRoutes } from './catalog/routes';
import { chainRoutes } from './chains/sync';
import { commerceRoutes } from './commerce/routes';
import { FaultController } from './control/faults';
import { restoreAccounts, snapshotAccounts } from './control/reset';
import { controlRoutes } from './control/routes';
import { REQUEST_FAMILIES, RequestStats, requestFamily } from './control/stats';
import type { SandboxEnv } from './env';
import { resolveLimits, type SandboxLimits } from './limits';
import { clientFault, errorBody } from './errors';
import { flowRoutes } from './orders/flow';
import { loyaltyRoutes } from './orders/loyalty';
import { loadStateFile, StateSaver } from './persistence';
import { rateLimit } from './rateLimit';
import { paymentMethodsRoutes } from './routes/paymentMethods';
import { roomsRoutes } from './routes/rooms';
import { imagesRoutes } from './images/route';
import { defaultAccounts, defaultSeed, scaledSeed } from './seed';
import { createSandboxState, type AccountSeed, type AccountSpec, type SandboxState } from './state';

export interface SandboxOptions {
  /** Accounts served. Default: `demo` (master) and `demo-child`, both with the demo credentials. */
  accounts?: AccountSpec[];
  /** Replaces parts of the default seed (the demo venue) in every account, e.g. `{ rooms }`. */
  seed?: Partial<AccountSeed>;
  /** Called with each unexpected error before the 500 answer. Default: nothing is logged. */
  onError?: (error: unknown) => void;
  /** Overrides of the spec's limits (tests lift or tighten them). Default: SPEC_LIMITS. */
  limits?: Partial<SandboxLimits>;
  /** Generate a deterministic catalog of this many items instead of the demo venue's (benchmarks). */
  scale?: number;
  /** Persist the state to this file (atomic writes) and load it from there at start. */
  statePath?: string;
  /** Seed of the fault-injection PRNG (control API), so chaos runs are reproducible. Default 0x5eed. */
  faultSeed?: number;
}

export type SandboxApp = Hono<SandboxEnv> & {
  readonly state: SandboxState;
  /** Waits for pending state-file writes (`statePath`); resolves at once without a state file. */
  flush(): Promise<void>;
  /** Fault injection settings (control API); a real server (startSandbox) applies them. */
  readonly faults: FaultController;
};

/** The sandbox of the vendor's server as a Hono app (in-process: `app.request(...)`). */
export function createSandboxApp(options: SandboxOptions = {}): SandboxApp {
  // `scale`: every account's catalog is the generated one (built once; each account gets a copy).
  const scaled = options.scale === undefined ? {} : scaledSeed(options.scale);
  // With a state file that exists, the saved state replaces the seed.
  const seedState = () => createSandboxState(options.accounts ?? defaultAccounts(), { ...defaultSeed(), ...scaled, ...options.seed });
  const loaded = loadStateFile(options.statePath);
  const state = loaded ?? seedState();
  // POST /__sandbox/reset puts every account back to the initial seed (not to the state file).
  const initialAccounts = snapshotAccounts(loaded ? seedState() : state);
  const faults = new FaultController(options.faultSeed);
  const limits = resolveLimits(options.limits);
  const app = new Hono<SandboxEnv>();
  const stats = new RequestStats(REQUEST_FAMILIES, requestFamily);

  app.use('*', async (c, next) => {
    c.set('state', state);
    c.set('limits', limits);
    await next();
  });

  // Persistence first (it saves after the whole answer), then the limits of spec §8: the body
  // limit before anything reads a body, the rate limit before the routes.
  const saver = options.statePath === undefined ? null : new StateSaver(options.statePath, () => state, options.onError);
  if (saver) app.use('*', saver.middleware());
  app.use('*', stats.middleware<SandboxEnv>());
  app.use('*', bodyLimit(limits.maxBodyBytes));
  const rateLimiter = rateLimit({ requestsPerMinute: limits.requestsPerMinute });
  app.use('*', rateLimiter);

  // Control API: no credentials, loopback only, never faulted (server.ts).
  const reset = () => {
    restoreAccounts(state, initialAccounts);
    rateLimiter.limiter.clear();
    stats.clear();
  };
  app.route('/__sandbox', controlRoutes({ faults, reset, stats }));

  // spec §5: every v2, catalog and chain call carries the account's credentials.
  app.use('/api/external/*', requireAccount());
  app.route('/api/external/v2', roomsRoutes());
  app.route('/api/external/v2', paymentMethodsRoutes());
  app.route('/api/external/v2', commerceRoutes());
  app.route('/api/external/v2', catalogRoutes());
  app.route('/api/external/chains', chainRoutes());
  // spec §4.8 loyalty orders (header credentials, spec §5); spec §4.7 Flow (credentials in the message).
  app.use('/api/loyalty/*', requireAccount());
  app.route('/api/loyalty', loyaltyRoutes());
  app.route('/', flowRoutes());
  // spec §4.2 image rows: /xef/{account}/images/{path} and resized_100_{path}; no credentials.
  app.route('/', imagesRoutes());

  app.notFound((c) => c.json(errorBody(404, `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`), 404));
  app.onError((error, c) => {
    // A failure that still comes from the request's own input (a framework HTTPException, a
    // malformed percent-encoding, an unreadable body) is a 4xx with the error body; the rest is a
    // sandbox bug: 500 (the fuzz test must find none).
    const refused = clientFault(error);
    if (refused) return c.json(errorBody(refused.status, refused.message), refused.status);
    options.onError?.(error);
    return c.json(errorBody(500, 'Internal server error'), 500);
  });

  return Object.assign(app, { state, faults, flush: () => saver?.flush() ?? Promise.resolve() });
}
