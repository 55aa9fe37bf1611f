// Control API of the sandbox under /__sandbox/. No credentials; loopback only:
// a request that came over a socket from another address gets 403. In-process calls
// (`app.request()`) have no socket and are allowed.
// Not a CSRF target: a web page the terminal's browser opens must not reset the
// sandbox or inject faults. So only a loopback Host header (a DNS-rebound name gets 403), no
// cross-origin Origin or cross-site fetch metadata (403), and every POST is JSON (415 otherwise:
// a form or a text/plain POST, the ones a page may send cross-site without a preflight, never land).
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context, type Env, type MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { parseJson } from '../json';
import type { OrderRecord } from '../orders/model';
import { paidCents } from '../orders/store';
import { describeIssues, formatCents } from '../orders/money';
import { DEMO_ACCOUNT } from '../seed';
import type { AccountState } from '../state';
import { faultRequestSchema, type FaultController } from './faults';
import type { RequestStats } from './stats';

export interface ControlOptions {
  faults: FaultController;
  /** Request counts by family (GET /__sandbox/stats). */
  stats: RequestStats;
  /** Puts the state back to the initial seed and empties the ledger. */
  reset: () => void;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** 403 unless the request came from a loopback address (or in-process, without a socket). */
export function loopbackOnly<E extends Env = SandboxEnv>(): MiddlewareHandler<E> {
  return async (c, next) => {
    const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
    if (socket && !isLoopbackAddress(socket.remoteAddress)) {
      return errorResponse(c, 403, 'The sandbox control API only answers requests from this machine (loopback).');
    }
    await next();
  };
}

/** The host name of a Host header value (`name`, `name:port`, `[v6]`, `[v6]:port`), or null. */
function hostName(host: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match ? (match[1] as string).toLowerCase() : null;
}

/** A Host header naming this machine by a name no DNS answer can move: localhost, 127.x.x.x, [::1]. */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host);
  if (name === null) return false;
  if (name === 'localhost') return true;
  if (name.startsWith('[')) return isLoopbackAddress(name.slice(1, -1));
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** True when `origin` (an Origin header) is the origin of a page served from `host` itself. */
function isOwnOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).origin === new URL(`http://${host}`).origin;
  } catch {
    return false; // `null` (sandboxed frames, file: pages) or garbage: not this origin
  }
}

/** 403 unless the Host is loopback and the browser (if any) says the call comes from this origin. */
export function sameOriginOnly<E extends Env = SandboxEnv>(): MiddlewareHandler<E> {
  return async (c, next) => {
    // In-process calls carry no Host header: the URL's host stands for it.
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!isLoopbackHost(host)) {
      return errorResponse(c, 403, `The sandbox control API only answers a loopback Host header (127.0.0.1, localhost or [::1]), not "${host.slice(0, 100)}".`);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(origin, host)) {
      return errorResponse(c, 403, `The sandbox control API refuses calls from another origin (Origin "${origin.slice(0, 100)}").`);
    }
    const site = c.req.header('sec-fetch-site')?.toLowerCase();
    if (site === 'cross-site' || site === 'same-site') {
      return errorResponse(c, 403, `The sandbox control API refuses calls from another site (Sec-Fetch-Site: ${site}).`);
    }
    await next();
  };
}

/** 415 for a request with a body (any method but GET, HEAD, OPTIONS) that is not `application/json`. */
export function jsonBodiesOnly<E extends Env = SandboxEnv>(): MiddlewareHandler<E> {
  return async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') {
        return errorResponse(c, 415, 'The sandbox control API only accepts JSON: send Content-Type: application/json (an empty body is fine).');
      }
    }
    await next();
  };
}

function tenantAccount(c: Context<SandboxEnv>): AccountState | Response {
  const tenant = c.req.query('tenant')?.trim() || DEMO_ACCOUNT.tenant;
  const account = c.get('state').account(tenant);
  return account ?? errorResponse(c, 404, `Unknown tenant "${tenant}".`);
}

function orderSummary(order: OrderRecord) {
  return {
    order_id: order.id,
    source: order.source,
    table_ids: order.tableIds,
    tableName: order.tableName,
    guests: order.guests,
    total: order.total,
    paid: formatCents(paidCents(order)),
    lines: order.contents.length,
    customer: order.customer,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** What the control API of a listener (hospitality or retail) is built from. */
export interface ControlBase<E extends Env> {
  faults: FaultController;
  /** Request counts by family (GET /__sandbox/stats). */
  stats: { snapshot(): object };
  /** Puts the state back to the seed and empties the ledger (the faults are cleared here). */
  reset: () => void;
  /** Every order the listener committed, in order, each as the ledger shows it. */
  ledger: (c: Context<E>) => readonly { tenant: string; kind: string }[];
}

/**
 * The control API both listeners share, behind its guards: stats, reset, faults and the ledger
 * (optional filters: tenant, kind). Each listener adds its own routes to it.
 */
export function baseControlRoutes<E extends Env>(options: ControlBase<E>): Hono<E> {
  const { faults, reset, stats } = options;
  const routes = new Hono<E>();
  routes.use('*', loopbackOnly<E>(), sameOriginOnly<E>(), jsonBodiesOnly<E>());

  routes.get('/stats', (c) => c.json({ requests: stats.snapshot() }));

  routes.post('/reset', (c) => {
    reset();
    faults.clear();
    return c.json({ reset: true });
  });

  // The active faults, the counters of the faults applied since the last reset, and the same
  // counters per request family.
  routes.get('/faults', (c) => c.json(faults.snapshot()));
  routes.post('/faults', async (c) => {
    const text = await c.req.text();
    const body = text.trim() === '' ? { ok: true as const, value: {} } : parseJson(text, 'The body');
    if (!body.ok) {
      return errorResponse(
        c,
        422,
        `${body.message} Send { latencyMs?, dropRate?, errorRate?, errorStatus?, loseResponseRate?, offline?, rateLimitBurst?: { everyMs, forMs }, seed? }.`,
      );
    }
    const parsed = faultRequestSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, `Invalid faults: ${describeIssues(parsed.error)}.`);
    return c.json(faults.set(parsed.data));
  });

  routes.get('/ledger', (c) => {
    const tenant = c.req.query('tenant');
    const kind = c.req.query('kind');
    const entries = options.ledger(c).filter((e) => (tenant === undefined || e.tenant === tenant) && (kind === undefined || e.kind === kind));
    return c.json({ entries });
  });
  return routes;
}

export function controlRoutes(options: ControlOptions): Hono<SandboxEnv> {
  // Every Flow and loyalty order received and committed. Each entry says `service: 'hospitality'`
  // (the retail listener's say 'retail': one ledger shape).
  const routes = baseControlRoutes<SandboxEnv>({
    ...options,
    ledger: (c) => c.get('state').ledger.map((e) => ({ service: 'hospitality' as const, ...e })),
  });

  // Open orders of an account (query `tenant`, default demo): one row per occupied table (an order
  // on merged tables has a row for each, `primary` marking its last table), the open orders without
  // a table (deliveries), and the full records of every open order.
  routes.get('/open-orders', (c) => {
    const account = tenantAccount(c);
    if (account instanceof Response) return account;
    const open = account.orders.orders.filter((o) => o.status === 'open');
    const tables = open
      .flatMap((order) =>
        order.tableIds.map((tableId, i) => ({
          table_id: tableId,
          table_name: account.tables.find((t) => t.id === tableId)?.name ?? null,
          primary: i === order.tableIds.length - 1,
          ...orderSummary(order),
        })),
      )
      .sort((a, b) => a.table_id - b.table_id || a.order_id - b.order_id);
    const deliveries = open.filter((o) => o.tableIds.length === 0).map((o) => ({ ...orderSummary(o), delivery: o.delivery }));
    return c.json({ tenant: account.tenant, tables, deliveries, orders: open });
  });

  // Every order of an account, open and closed (query `tenant`, default demo; `status` open or
  // closed for one kind), oldest first: a table order closes once paid in full, and a
  // test still reads what it holds.
  routes.get('/orders', (c) => {
    const account = tenantAccount(c);
    if (account instanceof Response) return account;
    const status = c.req.query('status');
    if (status !== undefined && status !== 'open' && status !== 'closed') return errorResponse(c, 422, 'status: expected "open" or "closed".');
    const orders = account.orders.orders.filter((o) => status === undefined || o.status === status);
    return c.json({ tenant: account.tenant, orders });
  });

  // Gift cards of an account (query `tenant`, default demo; `uuid` for one card): read-only, so a
  // test can check a card's balance after selling or redeeming it. The spec has no read call.
  routes.get('/gift-cards', (c) => {
    const account = tenantAccount(c);
    if (account instanceof Response) return account;
    const uuid = c.req.query('uuid');
    const cards = account.commerce.giftCards.filter((card) => uuid === undefined || card.uuid === uuid).map((card) => ({ ...card }));
    return c.json({ tenant: account.tenant, cards });
  });

  // Closes an open order (as the venue would at its point of sale), freeing its tables.
  routes.post('/orders/:id/close', (c) => {
    const account = tenantAccount(c);
    if (account instanceof Response) return account;
    const id = Number(c.req.param('id'));
    const order = account.orders.orders.find((o) => o.id === id);
    if (!order) return errorResponse(c, 404, `No order ${c.req.param('id')} in account "${account.tenant}".`);
    order.status = 'closed';
    order.updatedAt = new Date().toISOString();
    return c.json({ order_id: order.id, status: order.status });
  });

  return routes;
}
