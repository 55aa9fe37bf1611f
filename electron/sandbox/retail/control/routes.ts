// Control API of the retail listener under /__sandbox/: the hospitality half's
// routes and guards (baseControlRoutes in ../../control/routes.ts: loopback socket and Host, no
// foreign Origin, JSON POSTs only): reset, faults, stats and the ledger of committed orders and
// invoices (each entry with `service: 'retail'`). Its errors keep the control API's own body
// (`code` = status). The shop's e2e referee adds two reads: the log of writes (every POST/PUT/PATCH/DELETE
// that arrived, with its answer: "once" and "the order before its invoice") and an order as stored,
// with its lines and its invoice's payments. Outages of single paths (outages.ts) hold one read back
// while the rest works.
import type { Hono } from 'hono';
import type { FaultController } from '../../control/faults';
import { baseControlRoutes } from '../../control/routes';
import { errorResponse } from '../../errors';
import { parseJson } from '../../json';
import { describeIssues } from '../../orders/money';
import { DEMO_SHOP } from '../accounts';
import type { RetailEnv } from '../env';
import { orderWire } from '../orders/routes';
import { outageRequestSchema, type RetailOutages } from './outages';
import type { RetailWriteLog } from './requestLog';
import type { RetailRequestStats } from './stats';

export interface RetailControlOptions {
  faults: FaultController;
  stats: RetailRequestStats;
  /** The writes that reached the app (GET /__sandbox/requests). */
  writes: RetailWriteLog;
  /** Paths answered 503 (GET and POST /__sandbox/outages). */
  outages: RetailOutages;
  /** Puts every account back to its seed, empties the ledger, clears the rate-limit counts. */
  reset: () => void;
}

export function retailControlRoutes(options: RetailControlOptions): Hono<RetailEnv> {
  // Every retail order and invoice committed, in order (tenant = username).
  const routes = baseControlRoutes<RetailEnv>({ ...options, ledger: (c) => c.get('retail').ledger });

  // The writes that arrived, oldest first (filters: method, path — exact, or a prefix ending in
  // `*` —, username), with counts by "METHOD path".
  routes.get('/requests', (c) => {
    const { method, path, username } = c.req.query();
    return c.json(options.writes.snapshot({ method, path, username }));
  });

  // One order of an account (query `username`, default demo-shop) as the service stored it: its
  // lines, amounts and, once invoiced, its invoice with the payments. Read-only.
  routes.get('/orders/:id', (c) => {
    const username = c.req.query('username')?.trim() || DEMO_SHOP.username;
    const account = c.get('retail').account(username);
    if (!account) return errorResponse(c, 404, `Unknown username "${username.slice(0, 100)}".`);
    const id = Number(c.req.param('id'));
    const order = Number.isSafeInteger(id) ? account.orders.find((o) => o.id === id) : undefined;
    if (!order) return errorResponse(c, 404, `No order ${c.req.param('id').slice(0, 30)} in account "${account.username}".`);
    return c.json(orderWire(account, order));
  });

  // The paths out (each answered 503 until lifted) and how many requests they refused.
  routes.get('/outages', (c) => c.json(options.outages.snapshot()));
  routes.post('/outages', async (c) => {
    const body = parseJson(await c.req.text(), 'The body');
    if (!body.ok) return errorResponse(c, 422, `${body.message} Send { paths: ["/api/external/…"] } ([] lifts every outage).`);
    const parsed = outageRequestSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, `Invalid outages: ${describeIssues(parsed.error)}.`);
    return c.json(options.outages.set(parsed.data.paths));
  });
  return routes;
}
