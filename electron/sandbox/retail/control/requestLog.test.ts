// The retail control API's log of writes and its stored-order read (the shop's e2e referee): what a test
// uses to prove an order and its invoice arrived once, the order first, to the cent.
import { describe, expect, it } from 'vitest';
import { createRetailSandboxApp } from '../app';
import { MINIMAL } from '../seed/minimal';
import type { LoggedWrite } from './requestLog';
import { RetailWriteLog } from './requestLog';

const SHOP = { username: 'demo-shop', Authorization: 'Bearer demo-token' };
const ORDER = { total: 19.99, order_contents: [{ product_id: MINIMAL.product.shirt, quantity: 1, price: 19.99, total: 19.99, taxPercentage: 21 }] };

function sandbox(limits = { catalogRequestsPerMinute: 1_000_000, requestsPerMinute: 1_000_000 }) {
  const app = createRetailSandboxApp({
    limits,
    onError: (error) => {
      throw error;
    },
  });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = SHOP) => {
    const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await app.request(path, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const requests = async (query = '') =>
    (await call('GET', `/__sandbox/requests${query}`, undefined, {})).body as { entries: LoggedWrite[]; counts: Record<string, number>; dropped: number };
  return { app, call, requests };
}

describe('GET /__sandbox/requests: the writes that arrived', () => {
  it('lists each write with its answer in arrival order, not the reads nor the control calls', async () => {
    const { call, requests } = sandbox();
    expect((await call('GET', '/api/external/config/taxes')).status).toBe(200);
    const order = await call('POST', '/api/external/orders', ORDER);
    expect(order.status).toBe(201);
    const id = order.body.id as number;
    const invoice = { payments: [{ amount: 19.99, payment_method_id: MINIMAL.payment.card }] };
    expect((await call('POST', `/api/external/orders/${id}/invoices`, invoice)).status).toBe(201);
    expect((await call('POST', `/api/external/orders/${id}/invoices`, invoice)).status).toBe(422); // already invoiced
    const log = await requests();
    expect(log.entries.map((e) => [e.seq, e.method, e.path, e.status, e.username])).toEqual([
      [1, 'POST', '/api/external/orders', 201, 'demo-shop'],
      [2, 'POST', `/api/external/orders/${id}/invoices`, 201, 'demo-shop'],
      [3, 'POST', `/api/external/orders/${id}/invoices`, 422, 'demo-shop'],
    ]);
    expect(log.counts).toEqual({ 'POST /api/external/orders': 1, [`POST /api/external/orders/${id}/invoices`]: 2 });
    expect(log.dropped).toBe(0);
    expect(Number.isNaN(Date.parse(log.entries[0]!.at))).toBe(false);
  });

  it('filters by method, exact path or prefix, and username', async () => {
    const { call, requests } = sandbox();
    await call('POST', '/api/external/orders', ORDER);
    await call('POST', '/api/external/stocks/add', { product_id: MINIMAL.product.shirt, warehouse_id: 1, quantity: 3 });
    await call('POST', '/api/external/orders', ORDER, { username: 'demo-shop-child', Authorization: SHOP.Authorization });
    expect((await requests('?path=/api/external/orders')).entries).toHaveLength(2);
    expect((await requests('?path=/api/external/orders*')).entries).toHaveLength(2);
    expect((await requests('?path=/api/external/*&username=demo-shop')).entries.map((e) => e.path)).toEqual([
      '/api/external/orders',
      '/api/external/stocks/add',
    ]);
    expect((await requests('?method=delete')).entries).toEqual([]);
    expect((await requests('?method=post')).entries).toHaveLength(3);
  });

  it('logs refusals before the app (401, 429) with their status; reset empties it', async () => {
    const { call, requests } = sandbox({ catalogRequestsPerMinute: 40, requestsPerMinute: 1 });
    expect((await call('POST', '/api/external/orders', ORDER, { username: 'demo-shop', Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await call('POST', '/api/external/orders', ORDER)).status).toBe(201);
    expect((await call('POST', '/api/external/orders', ORDER)).status).toBe(429);
    expect((await requests()).entries.map((e) => e.status)).toEqual([401, 201, 429]);
    expect((await call('POST', '/__sandbox/reset', {}, {})).status).toBe(200);
    expect(await requests()).toEqual({ entries: [], counts: {}, dropped: 0 });
  });

  it('keeps the newest entries past its capacity and says how many went', () => {
    const log = new RetailWriteLog(2);
    const push = (log as unknown as { push(entry: Omit<LoggedWrite, 'seq'>): void }).push.bind(log);
    for (const path of ['/a', '/b', '/c']) push({ at: '2026-11-27T10:00:00.000Z', method: 'POST', path, username: null, status: 201 });
    const snapshot = log.snapshot();
    expect(snapshot.entries.map((e) => [e.seq, e.path])).toEqual([
      [2, '/b'],
      [3, '/c'],
    ]);
    expect(snapshot.dropped).toBe(1);
  });
});

describe('GET /__sandbox/orders/:id: an order as stored', () => {
  it('answers the order with its lines and, once invoiced, its invoice and payments', async () => {
    const { call } = sandbox();
    const id = (await call('POST', '/api/external/orders', ORDER)).body.id as number;
    const open = await call('GET', `/__sandbox/orders/${id}`, undefined, {});
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      id,
      status: 0,
      total: 19.99,
      invoice: null,
      order_contents: [{ product_id: MINIMAL.product.shirt, total: 19.99, tax: 3.47 }],
    });
    await call('POST', `/api/external/orders/${id}/invoices`, { payments: [{ amount: 20, change: 0.01, payment_method_id: MINIMAL.payment.cash }] });
    const closed = await call('GET', `/__sandbox/orders/${id}?username=demo-shop`, undefined, {});
    expect(closed.body).toMatchObject({
      status: 1,
      invoice: { number: expect.stringMatching(/^E-\d+$/), total: 19.99, payments: [{ amount: 20, change: 0.01, payment_method_id: MINIMAL.payment.cash }] },
    });
  });

  it('404 for an unknown order or username (the control API body)', async () => {
    const { call } = sandbox();
    const unknown = await call('GET', '/__sandbox/orders/999999', undefined, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, error: expect.stringMatching(/No order 999999/) });
    expect((await call('GET', '/__sandbox/orders/abc', undefined, {})).status).toBe(404);
    expect((await call('GET', '/__sandbox/orders/1?username=nobody', undefined, {})).status).toBe(404);
  });
});
