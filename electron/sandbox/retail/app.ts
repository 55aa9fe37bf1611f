// The retail service's sandbox as a Hono app (retail-api.md; clarifications "Retail"): its own
// host root, so it is served on its own listener (server.ts). Credentials `username` + Bearer
// (§5); limits of §8 (40 catalog requests a minute per account and 120 for the rest, 2 MB bodies,
// pages of 50 by default and 200 at most, 100 objects per write); errors `{ error, code: 0,
// data: [] }`; a control API under /__sandbox/ as the hospitality half has it.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyLimit } from '../bodyLimit';
import { clientFault, errorResponse } from '../errors';
import { FaultController } from '../control/faults';
import { StateSaver } from '../persistence';
import { defaultRetailAccounts } from './accounts';
import { requireRetailAccount } from './auth';
import { catalogRoutes } from './catalog/routes';
import { retailChainRoutes } from './chains/sync';
import { configRoutes } from './config/routes';
import { retailControlRoutes } from './control/routes';
import { RetailOutages } from './control/outages';
import { RetailWriteLog } from './control/requestLog';
import { retailRequestStats } from './control/stats';
import type { RetailEnv } from './env';
import { retailError, RetailRefusal, refusalResponse } from './errors';
import { NO_EVENTS, type RetailEvents } from './events';
import { resolveRetailLimits, type RetailLimits } from './limits';
import type { RetailAccountSpec, RetailSeed } from './model';
import { orderRoutes } from './orders/routes';
import { loadRetailStateFile, serializeRetailState } from './persistence';
import { priceRateRoutes } from './priceRates/routes';
import { promotionRoutes } from './promotions/routes';
import { retailRateLimit } from './rateLimit';
import { reportRoutes } from './reports/routes';
import { minimalRetailSeed } from './seed/minimal';
import { createRetailState, type RetailState } from './state';
import { stockRoutes } from './stock/routes';
import { retailStore, type RetailStore } from './store';

export interface RetailSandboxOptions {
  /** Accounts served. Default: `demo-shop` (master) and `demo-shop-child`, token `demo-token`. */
  accounts?: RetailAccountSpec[];
  /** What each account starts with (a fresh copy per call). Default: the minimal seed. */
  seed?: () => RetailSeed;
  /** Overrides of the spec's limits (tests lift or tighten them). */
  limits?: Partial<RetailLimits>;
  /** Persist the state to this file (atomic writes) and load it from there at start. */
  statePath?: string;
  /** Seed of the fault-injection PRNG (control API). */
  faultSeed?: number;
  /** Called with each unexpected error before the 500 answer. */
  onError?: (error: unknown) => void;
  /** Receives every event of §6 the API emits (the webhooks plug in here). */
  events?: RetailEvents;
  /** More of the control API (mounted under /__sandbox/ behind its guards) and what reset also clears. */
  extension?: { control?: Hono<RetailEnv>; reset?: () => void };
}

export type RetailSandboxApp = Hono<RetailEnv> & {
  readonly state: RetailState;
  readonly store: RetailStore;
  readonly faults: FaultController;
  readonly limits: RetailLimits;
  /** Waits for pending state-file writes; resolves at once without a state file. */
  flush(): Promise<void>;
};

/** An error answer: the retail body, but the control API keeps its own (code = status), as on the hospitality listener. */
function answer(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.req.path.startsWith('/__sandbox') ? errorResponse(c, status, message) : retailError(c, status, message);
}

export function createRetailSandboxApp(options: RetailSandboxOptions = {}): RetailSandboxApp {
  const seed = options.seed ?? minimalRetailSeed;
  const accounts = options.accounts ?? defaultRetailAccounts();
  const fresh = () => createRetailState(accounts, seed);
  const state = loadRetailStateFile(options.statePath, seed) ?? fresh();
  const limits = resolveRetailLimits(options.limits);
  const faults = new FaultController(options.faultSeed);
  const events = options.events ?? NO_EVENTS;
  const stats = retailRequestStats();
  const app = new Hono<RetailEnv>();

  app.use('*', async (c, next) => {
    c.set('retail', state);
    c.set('limits', limits);
    c.set('events', events);
    await next();
  });
  const saver = options.statePath === undefined ? null : new StateSaver(options.statePath, () => state, options.onError, serializeRetailState);
  if (saver) app.use('*', saver.middleware<RetailEnv>());
  app.use('*', stats.middleware<RetailEnv>());
  // Before the body limit and the rate limits, so their refusals are logged too.
  const writes = new RetailWriteLog();
  app.use('*', writes.middleware<RetailEnv>());
  app.use(
    '*',
    bodyLimit<RetailEnv>(limits.maxBodyBytes, (c, message) => answer(c, 413, message)),
  );
  // Before the rate limits: a path that is out costs nothing of the budget.
  const outages = new RetailOutages();
  app.use('/api/external/*', outages.middleware<RetailEnv>());
  const rateLimiter = retailRateLimit({ catalogPerMinute: limits.catalogRequestsPerMinute, perMinute: limits.requestsPerMinute });
  app.use('*', rateLimiter);

  const reset = () => {
    // Every account back to its seed in place (routes hold the account objects).
    const initial = fresh();
    for (const [username, account] of state.accounts) {
      const target = account as unknown as Record<string, unknown>;
      const source = initial.account(username) as unknown as Record<string, unknown>;
      for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
      Object.assign(target, source);
    }
    state.ledger.length = 0;
    rateLimiter.clear();
    stats.clear();
    writes.clear();
    outages.clear();
    options.extension?.reset?.();
  };
  const control = retailControlRoutes({ faults, reset, stats, writes, outages });
  if (options.extension?.control) control.route('/', options.extension.control);
  app.route('/__sandbox', control);

  app.use('/api/external/*', requireRetailAccount());
  app.route('/api/external/catalog', catalogRoutes());
  app.route('/api/external', configRoutes());
  app.route('/api/external', stockRoutes());
  app.route('/api/external', orderRoutes());
  app.route('/api/external', priceRateRoutes());
  app.route('/api/external', promotionRoutes());
  app.route('/api/external', retailChainRoutes());
  app.route('/api/external', reportRoutes());

  app.notFound((c) => answer(c, 404, `Not found: ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`));
  app.onError((error, c) => {
    if (error instanceof RetailRefusal) return refusalResponse(c, error);
    const refused = clientFault(error);
    if (refused) return answer(c, refused.status, refused.message);
    options.onError?.(error);
    return answer(c, 500, 'Internal server error');
  });

  return Object.assign(app, {
    state,
    store: retailStore(state),
    faults,
    limits,
    flush: () => saver?.flush() ?? Promise.resolve(),
  });
}
