// The retail listener's foundation: authentication (retail-api.md §5), errors (§7 and the
// clarifications "Retail — Errors and limits"), limits (§4.1, §8), the control API, the ledger and
// persistence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { controlRequest } from '../../../electron/sandbox/control/request.testing';
import { startRetailSandbox, type RunningRetailSandbox } from '../../../electron/sandbox/retail';
import { createSandboxApp, startSandbox } from '../../../electron/sandbox';
import { CHILD, expectInvalid, expectRetailError, MINIMAL, R, retailFixture, SHOP, type Json } from './fixtures';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function listener(options: Parameters<typeof startRetailSandbox>[0] = {}): Promise<RunningRetailSandbox> {
  const sandbox = await startRetailSandbox({ port: 0, ...options });
  running.push(sandbox);
  return sandbox;
}

const ORDER = {
  total: 19.99,
  order_contents: [{ product_id: MINIMAL.product.shirt, quantity: 1, price: 19.99, total: 19.99, taxPercentage: 21 }],
};

describe('§5 authentication: username + Bearer token', () => {
  const { call } = retailFixture();

  it('the demo shop (demo-shop, demo-token) and its child are served', async () => {
    expect((await call('GET', `${R}/config/taxes`)).status).toBe(200);
    expect((await call('GET', `${R}/config/taxes`, undefined, CHILD)).status).toBe(200);
  });

  it.each([
    ['no username', { Authorization: SHOP.Authorization }, /username/],
    ['an unknown username', { ...SHOP, username: 'nobody' }, /Unknown username/],
    ['no Authorization', { username: SHOP.username }, /Authorization/],
    ['a token without Bearer', { ...SHOP, Authorization: 'demo-token' }, /Malformed/],
    ['a wrong token', { ...SHOP, Authorization: 'Bearer nope' }, /Invalid access token/],
    ['the hospitality headers (tenant, client-token)', { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' }, /username/],
  ])('%s → 401 with the retail error body', async (_name, headers, message) => {
    expectRetailError(await call('GET', `${R}/config/taxes`, undefined, headers as Record<string, string>), 401, message);
  });

  it('an unknown path under /api/external without credentials is a 401 (auth runs first)', async () => {
    expectRetailError(await call('GET', `${R}/nothing`, undefined, {}), 401);
  });
});

describe('§7 / clarifications: errors', () => {
  const { call } = retailFixture();

  it('an unknown path → 404 { error, code: 0, data: [] }', async () => {
    expectRetailError(await call('GET', `${R}/nothing/here`), 404);
    expectRetailError(await call('GET', '/api/external/v2/rooms'), 404); // the hospitality paths are not on this host
  });

  it('an unknown or malformed id → 404', async () => {
    expectRetailError(await call('GET', `${R}/catalog/products/9999`), 404, /Product 9999 not found/);
    expectRetailError(await call('GET', `${R}/catalog/products/abc`), 404);
    expectRetailError(await call('PATCH', `${R}/config/customers/0`, { name: 'x' }), 404);
  });

  it('a validation failure → 422 "The given data was invalid.", code 0, data []', async () => {
    expectInvalid(await call('POST', `${R}/config/customers`, { name: 'Sin dirección' }), /address: is required/);
  });

  it('malformed or empty JSON → 422; a body that is not JSON → 415', async () => {
    expectInvalid(await call('POST', `${R}/orders`, '{"total":'), /not valid JSON/);
    expectInvalid(await call('POST', `${R}/orders`, ''), /empty/);
    expectInvalid(await call('POST', `${R}/orders`, '{"__proto__":{"x":1}}'), /__proto__/);
    const form = await call('POST', `${R}/stocks/add`, 'product_id=1', { ...SHOP, 'Content-Type': 'application/x-www-form-urlencoded' });
    expectRetailError(form, 415);
  });
});

describe('§8 limits: request rates', () => {
  it('40 catalog requests a minute per account, then 429 with Retry-After; other calls keep their own 120', async () => {
    const { call } = retailFixture({ limits: {} });
    for (let i = 0; i < 40; i++) {
      const answer = await call('GET', i % 2 ? `${R}/catalog/products` : `${R}/catalog/products/1/priceRates`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('40');
    }
    const refused = await call('GET', `${R}/catalog/units`);
    expectRetailError(refused, 429, /40 catalog requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The other budget is untouched, and another account has its own.
    expect((await call('GET', `${R}/config/units`)).status).toBe(200);
    expect((await call('GET', `${R}/catalog/units`, undefined, CHILD)).status).toBe(200);
  });

  it('120 other requests a minute per account, then 429 with Retry-After', async () => {
    const { call } = retailFixture({ limits: {} });
    for (let i = 0; i < 120; i++) expect((await call('GET', `${R}/config/taxes`)).status).toBe(200);
    const refused = await call('POST', `${R}/orders`, ORDER);
    expectRetailError(refused, 429, /120 requests/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call('GET', `${R}/catalog/variants`)).status).toBe(200);
  });

  it('requests with wrong credentials do not use the budget', async () => {
    const { call } = retailFixture({ limits: { catalogRequestsPerMinute: 2 } });
    for (let i = 0; i < 5; i++) expect((await call('GET', `${R}/catalog/products`, undefined, { ...SHOP, Authorization: 'Bearer x' })).status).toBe(401);
    expect((await call('GET', `${R}/catalog/products`)).status).toBe(200);
    expect((await call('GET', `${R}/catalog/products`)).status).toBe(200);
    expect((await call('GET', `${R}/catalog/products`)).status).toBe(429);
  });
});

describe('§8 limits: request size and objects per request', () => {
  it('a body over 2 MB → 413 with the retail error body, nothing written', async () => {
    const { call, app } = retailFixture();
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), address: 'a' });
    expectRetailError(await call('POST', `${R}/config/customers`, big), 413, /2097152 bytes/);
    expect(app.state.account('demo-shop')!.customers).toHaveLength(2);
  });

  it('a create or update with more than 100 objects → 422, nothing written; 100 pass', async () => {
    const { call, app } = retailFixture();
    const groups = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Grupo ${i}` }));
    expectInvalid(await call('POST', `${R}/catalog/groups`, groups(101)), /at most 100/);
    expect(app.state.account('demo-shop')!.groups).toHaveLength(1);
    expectInvalid(
      await call(
        'PATCH',
        `${R}/catalog/groups`,
        Array.from({ length: 101 }, () => ({ id: 1, name: 'x' })),
      ),
      /at most 100/,
    );
    expect((await call('POST', `${R}/catalog/groups`, groups(100))).status).toBe(201);
    expect(app.state.account('demo-shop')!.groups).toHaveLength(101);
  });
});

describe('§2.1 / §4.1 pagination: 50 by default, 200 at most, exact total', () => {
  it('pages of the generic envelope, with every §2.1 field', async () => {
    const { call } = retailFixture();
    const groups = Array.from({ length: 100 }, (_, i) => ({ name: `G${i}` }));
    for (let i = 0; i < 3; i++) expect((await call('POST', `${R}/catalog/groups`, groups)).status).toBe(201);
    const total = 301;
    const first = (await call('GET', `${R}/catalog/groups`)).body;
    expect(Object.keys(first).sort()).toEqual(
      [
        'current_page',
        'data',
        'first_page_url',
        'from',
        'last_page',
        'last_page_url',
        'next_page_url',
        'path',
        'per_page',
        'prev_page_url',
        'to',
        'total',
      ].sort(),
    );
    expect(first).toMatchObject({ current_page: 1, per_page: 50, total, from: 1, to: 50, last_page: 7, prev_page_url: null });
    expect(first.data as unknown[]).toHaveLength(50);
    expect(first.next_page_url).toMatch(/\/api\/external\/catalog\/groups\?page=2$/);
    const big = (await call('GET', `${R}/catalog/groups?pagination=500&page=2`)).body;
    expect(big).toMatchObject({ per_page: 200, current_page: 2, from: 201, to: 301, total, last_page: 2, next_page_url: null });
    const ten = (await call('GET', `${R}/catalog/groups?pagination=10&page=31`)).body;
    expect(ten).toMatchObject({ per_page: 10, total, from: 301, to: 301 });
    // Reading every page gives exactly `total` records (clients stop when they reach it).
    let read = 0;
    for (let page = 1; page <= 7; page++) read += ((await call('GET', `${R}/catalog/groups?page=${page}`)).body.data as unknown[]).length;
    expect(read).toBe(total);
  });
});

describe('control API, ledger and stats', () => {
  it('the ledger lists committed orders and invoices with service "retail"; reset empties it and restores the seed', async () => {
    const sandbox = await listener({ limits: { requestsPerMinute: 100_000, catalogRequestsPerMinute: 100_000 } });
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { ...SHOP, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const order = (await (await post(`${R}/orders`, ORDER)).json()) as Json;
    expect((await post(`${R}/orders/${order.id as number}/invoices`, { payments: [{ amount: 19.99, payment_method_id: MINIMAL.payment.card }] })).status).toBe(
      201,
    );
    expect((await post(`${R}/orders`, { total: 1 })).status).toBe(422); // refused: not in the ledger

    const ledger = await controlRequest<{ entries: Json[] }>(sandbox.url, '/__sandbox/ledger');
    expect(ledger.body.entries).toEqual([
      { service: 'retail', kind: 'order', tenant: 'demo-shop', receivedAt: expect.any(String), orderId: order.id, payload: ORDER },
      {
        service: 'retail',
        kind: 'invoice',
        tenant: 'demo-shop',
        receivedAt: expect.any(String),
        orderId: order.id,
        payload: { payments: [{ amount: 19.99, payment_method_id: 1 }] },
      },
    ]);
    expect((await controlRequest<{ entries: Json[] }>(sandbox.url, '/__sandbox/ledger?kind=invoice')).body.entries).toHaveLength(1);

    const stats = await controlRequest<{ requests: Json }>(sandbox.url, '/__sandbox/stats');
    expect(stats.body.requests).toEqual({ catalog: 0, api: 3, other: 0 });

    expect((await controlRequest(sandbox.url, '/__sandbox/reset', { method: 'POST' })).status).toBe(200);
    expect((await controlRequest<{ entries: Json[] }>(sandbox.url, '/__sandbox/ledger')).body.entries).toEqual([]);
    expect(sandbox.app.state.account('demo-shop')!.orders).toEqual([]);
    const stock = sandbox.app.state.account('demo-shop')!.stocks.find((s) => s.id === 1)!;
    expect(stock.quantity).toBe(10_000);
  });

  it('one ledger shape: the hospitality listener\'s entries say service "hospitality"', async () => {
    const venue = createSandboxApp();
    venue.state.ledger.push({ kind: 'loyalty', tenant: 'demo', receivedAt: '2026-11-23T10:00:00.000Z', orderId: 7, payload: {} });
    const answer = (await (await venue.request('/__sandbox/ledger')).json()) as { entries: Json[] };
    expect(answer.entries).toEqual([
      { service: 'hospitality', kind: 'loyalty', tenant: 'demo', receivedAt: '2026-11-23T10:00:00.000Z', orderId: 7, payload: {} },
    ]);
  });

  it('faults apply on the retail listener (offline drops sockets) and the control API stays reachable', async () => {
    const sandbox = await listener();
    const set = await controlRequest<Json>(sandbox.url, '/__sandbox/faults', { body: { errorRate: 1, errorStatus: 503 } });
    expect(set.status).toBe(200);
    const faulted = await fetch(`${sandbox.url}${R}/config/taxes`, { headers: SHOP });
    expect(faulted.status).toBe(503);
    await controlRequest(sandbox.url, '/__sandbox/faults', { body: { offline: true } });
    await expect(fetch(`${sandbox.url}${R}/config/taxes`, { headers: SHOP })).rejects.toThrow();
    expect((await controlRequest<Json>(sandbox.url, '/__sandbox/faults')).body.faults).toMatchObject({ offline: true });
    await controlRequest(sandbox.url, '/__sandbox/faults', { body: {} });
    expect((await fetch(`${sandbox.url}${R}/config/taxes`, { headers: SHOP })).status).toBe(200);
  });

  it('is loopback only: a foreign Host or Origin → 403, a POST that is not JSON → 415', async () => {
    const sandbox = await listener();
    expect((await fetch(`${sandbox.url}/__sandbox/stats`, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '' })).status).toBe(415);
    const rebound = retailFixture();
    expect((await rebound.app.request('http://evil.example/__sandbox/stats')).status).toBe(403);
  });

  it('runs beside the hospitality sandbox on its own port, paths not shared', async () => {
    const venue = await startSandbox({ port: 0 });
    running.push(venue);
    const shop = await listener();
    expect(shop.url).not.toBe(venue.url);
    const sync = await fetch(`${shop.url}${R}/chains/sync`, { method: 'POST', headers: SHOP });
    expect(await sync.json()).toEqual({ data: { message: 'Synced' } });
    expect((await fetch(`${venue.url}${R}/chains/sync`, { method: 'POST', headers: SHOP })).status).toBe(401);
  });
});

describe('persistence (--retail-state)', () => {
  it('keeps the state across restarts; reset goes back to the seed, not to the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retail-state-'));
    const file = join(dir, 'retail.json');
    try {
      const first = await startRetailSandbox({ port: 0, statePath: file });
      const created = await fetch(`${first.url}${R}/config/customers`, {
        method: 'POST',
        headers: { ...SHOP, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Marta', address: 'Carrer Gran 1' }),
      });
      expect(created.status).toBe(201);
      const order = (await (
        await fetch(`${first.url}${R}/orders`, { method: 'POST', headers: { ...SHOP, 'Content-Type': 'application/json' }, body: JSON.stringify(ORDER) })
      ).json()) as Json;
      await first.close();

      const second = await startRetailSandbox({ port: 0, statePath: file });
      try {
        const page = (await (await fetch(`${second.url}${R}/config/customers`, { headers: SHOP })).json()) as Json;
        expect((page.data as Json[]).map((c) => c.name)).toContain('Marta');
        expect((await controlRequest<{ entries: Json[] }>(second.url, '/__sandbox/ledger')).body.entries).toMatchObject([
          { service: 'retail', orderId: order.id },
        ]);
        // Ids keep counting up after a restart.
        const next = (await (
          await fetch(`${second.url}${R}/orders`, { method: 'POST', headers: { ...SHOP, 'Content-Type': 'application/json' }, body: JSON.stringify(ORDER) })
        ).json()) as Json;
        expect(next.id).toBe((order.id as number) + 1);
        await controlRequest(second.url, '/__sandbox/reset', { method: 'POST' });
        expect(((await (await fetch(`${second.url}${R}/config/customers`, { headers: SHOP })).json()) as Json).total).toBe(2);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
