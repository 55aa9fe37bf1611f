import { Hono } from 'hono';
import { requireAccount } from './auth';
import type { SandboxEnv } from './env';
import type { SandboxLimits } from './limits';
import { errorBody } from './errors';
import { paymentMethodsRoutes } from './routes/paymentMethods';
import { roomsRoutes } from './routes/rooms';
import { defaultAccounts, defaultSeed } from './seed';
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
}

export type SandboxApp = Hono<SandboxEnv> & { readonly state: SandboxState };

/** The sandbox of the vendor's server as a Hono app (in-process: `app.request(...)`). */
export function createSandboxApp(options: SandboxOptions = {}): SandboxApp {
  const state = createSandboxState(options.accounts ?? defaultAccounts(), { ...defaultSeed(), ...options.seed });
  const app = new Hono<SandboxEnv>();

  app.use('*', async (c, next) => {
    c.set('state', state);
    await next();
  });

  // spec §5: every v2, catalog and chain call carries the account's credentials.
  app.use('/api/external/*', requireAccount());
  app.route('/api/external/v2', roomsRoutes());
  app.route('/api/external/v2', paymentMethodsRoutes());

  app.notFound((c) => c.json(errorBody(404, `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`), 404));
  app.onError((error, c) => {
    options.onError?.(error);
    return c.json(errorBody(500, 'Internal server error'), 500);
  });

  return Object.assign(app, { state });
}
