// Control API of the retail listener under /__sandbox/ (issue 13 item 9), as the hospitality
// half's (../../control/routes.ts, same guards: loopback socket and Host, no foreign Origin, JSON
// POSTs only): reset, faults, stats and the ledger of committed orders and invoices (each entry
// with `service: 'retail'`). Its errors keep the control API's own body (`code` = status).
import { Hono } from 'hono';
import { faultRequestSchema, type FaultController } from '../../control/faults';
import { jsonBodiesOnly, loopbackOnly, sameOriginOnly } from '../../control/routes';
import { errorResponse } from '../../errors';
import { parseJson } from '../../json';
import type { RetailEnv } from '../env';
import { issuesText } from '../input';
import type { RetailRequestStats } from './stats';

export interface RetailControlOptions {
  faults: FaultController;
  stats: RetailRequestStats;
  /** Puts every account back to its seed, empties the ledger, clears the rate-limit counts. */
  reset: () => void;
}

export function retailControlRoutes(options: RetailControlOptions): Hono<RetailEnv> {
  const { faults, reset, stats } = options;
  const routes = new Hono<RetailEnv>();
  routes.use('*', loopbackOnly<RetailEnv>(), sameOriginOnly<RetailEnv>(), jsonBodiesOnly<RetailEnv>());

  routes.get('/stats', (c) => c.json({ requests: stats.snapshot() }));
  routes.post('/reset', (c) => {
    reset();
    faults.clear();
    return c.json({ reset: true });
  });
  routes.get('/faults', (c) => c.json(faults.snapshot()));
  routes.post('/faults', async (c) => {
    const text = await c.req.text();
    const body = text.trim() === '' ? { ok: true as const, value: {} } : parseJson(text, 'The body');
    if (!body.ok) return errorResponse(c, 422, body.message);
    const parsed = faultRequestSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, `Invalid faults: ${issuesText(parsed.error)}.`);
    return c.json(faults.set(parsed.data));
  });
  // Every retail order and invoice committed, in order. Optional filters: tenant (username), kind.
  routes.get('/ledger', (c) => {
    const tenant = c.req.query('tenant');
    const kind = c.req.query('kind');
    const entries = c.get('retail').ledger.filter((e) => (tenant === undefined || e.tenant === tenant) && (kind === undefined || e.kind === kind));
    return c.json({ entries });
  });
  return routes;
}
