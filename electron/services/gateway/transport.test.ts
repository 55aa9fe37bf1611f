// The gateway's request pipeline against a fake fetch and a fake clock: instant and deterministic.
// (test/contract/gateway.test.ts runs every endpoint against the real sandbox.)
import { describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from './client';
import { GatewayError } from './errors';
import { createFakeClock, type FakeClock } from './fakeClock.testing';
import { createRateLimiter, type RateLimiter } from './limiter';
import { failureOf } from '../../../shared/testing/failureOf.testing';

const SECRETS = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

interface Sent {
  method: string;
  url: URL;
  body: string;
  headers: Headers;
  at: number;
}

type Answer = Response | Promise<Response> | 'hang' | 'network-error';

/** A fetch that records every request and answers with `answer(request, index)`. */
function fakeFetch(answer: (sent: Sent, index: number) => Answer, clock?: FakeClock) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry: Sent = {
      method: request.method,
      url: new URL(request.url),
      body: await request.text(),
      headers: request.headers,
      at: clock?.now() ?? Date.now(),
    };
    sent.push(entry);
    const result = answer(entry, sent.length - 1);
    if (result === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    if (result === 'network-error') throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    return result;
  };
  return { fetch, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({ current_page: 1, data, last_page: 1, per_page: 200, total: data.length, ...extra });

const customer = (id: number) => ({ id, name: `Cliente ${id}`, active: 1 });
const loyalty = { order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }] } };
const flow = { customer: null, table_id: [3], guests: 2, contents: null, payments: null };

function gatewayWith(fetch: typeof globalThis.fetch, extra: { limiter?: RateLimiter; timeoutMs?: number; maxRequestBytes?: number } = {}): Gateway {
  return createGateway({ baseUrl: 'http://vendor.test', secrets: async () => SECRETS, timeoutMs: extra.timeoutMs ?? 5_000, fetch, ...extra });
}

function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while ((sorted[to] as number) - (sorted[from] as number) >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

describe('request pipeline', () => {
  it('sends the spec §5 headers, the page size of 200 and JSON bodies', async () => {
    const { fetch, sent } = fakeFetch((s) => (s.method === 'GET' ? json(page([customer(1)])) : json({ order_id: 5 })));
    const gateway = gatewayWith(fetch);
    await gateway.customersPage(2);
    await gateway.placeLoyaltyOrder(loyalty);
    const [get, post] = sent as [Sent, Sent];
    expect(get.url.pathname).toBe('/api/external/v2/customers');
    expect(Object.fromEntries(get.url.searchParams)).toEqual({ page: '2', pagination: '200' });
    expect(get.headers.get('tenant')).toBe('demo');
    expect(get.headers.get('authorization')).toBe('Bearer demo-token');
    expect(get.headers.get('client-token')).toBe('demo-client');
    expect(post.url.pathname).toBe('/api/loyalty/orders');
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual(loyalty);
  });

  it('sends Flow credentials inside the message, never in headers (spec §5)', async () => {
    const { fetch, sent } = fakeFetch(() => json({ result: true, errorMessage: null, data: { id: 8 } }));
    expect(await gatewayWith(fetch).flowNewOrder(flow)).toEqual({ id: 8 });
    const request = sent[0] as Sent;
    expect(request.url.pathname).toBe('/apiFlow');
    expect(JSON.parse(request.url.searchParams.get('message') ?? '')).toEqual({
      auth: { tenant: 'demo', token: 'demo-token' },
      action: 'newOrder',
      data: flow,
    });
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.get('client-token')).toBeNull();
  });

  it('refuses a request over the size limit before it uses the budget or the network', async () => {
    const { fetch, sent } = fakeFetch(() => json([]));
    const limiter = createRateLimiter();
    const gateway = gatewayWith(fetch, { limiter, maxRequestBytes: 1_000 });
    const many = Array.from({ length: 50 }, (_, i) => ({ name: `Cliente con un nombre largo ${i}`, active: 1 as const }));
    const failure = await failureOf(gateway.createCustomers(many), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'body-too-large' });
    expect(failure.text).toEqual({ code: 'request-too-large', params: { sizeKb: expect.any(Number), limitKb: 1 } });
    expect(failure.text.params?.sizeKb).toBeGreaterThan(1);
    expect(sent).toHaveLength(0);
    expect(limiter.stats().granted).toBe(0);
  });

  it('the default size limit is the spec 2 MB', async () => {
    const { fetch, sent } = fakeFetch(() => json([]));
    const big = [{ name: 'x'.repeat(2_000_001) }];
    expect(await failureOf(gatewayWith(fetch).createCustomers(big), GatewayError)).toMatchObject({ code: 'body-too-large' });
    expect(sent).toHaveLength(0);
  });

  it('never resends after a 413 from the server', async () => {
    const { fetch, sent } = fakeFetch(() => json({ error: 'Request body too large', code: 413, data: [] }, 413));
    const failure = await failureOf(gatewayWith(fetch).createCustomers([{ name: 'Ana' }]), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'body-too-large', status: 413 });
    expect(sent).toHaveLength(1);
  });

  it('refuses a request that breaks the spec before sending it, naming the field', async () => {
    const { fetch, sent } = fakeFetch(() => json({}));
    const gateway = gatewayWith(fetch);
    const failure = await failureOf(
      gateway.catalog.items.create({ name: 'Sin coste', price: 2, type: 0, category_id: 1 } as unknown as Parameters<typeof gateway.catalog.items.create>[0]),
      GatewayError,
    );
    expect(failure).toMatchObject({ kind: 'invalid', code: 'request-invalid' });
    expect(failure.text).toEqual({ code: 'request-invalid' });
    expect(failure.body).toMatch(/costPrice/);
    expect(await failureOf(gateway.getCustomer(0), GatewayError)).toMatchObject({ code: 'request-invalid' });
    expect(sent).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('waits out a 429 Retry-After (pausing the whole account) and then succeeds', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock });
    const { fetch, sent } = fakeFetch(
      (_s, i) =>
        i === 0 ? json({ error: 'Too many requests', code: 429, data: [] }, 429, { 'retry-after': '7' }) : json([{ id: 1, name: 'Card', active: 1 }]),
      clock,
    );
    const gateway = gatewayWith(fetch, { limiter });
    const result = gateway.listPaymentMethods();
    await clock.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 20)); // let the fake answer travel through ky
    expect(sent).toHaveLength(1);
    expect(limiter.stats().pausedUntil).toBe((sent[0] as Sent).at + 7_000);
    await clock.advance(6_999);
    expect(sent).toHaveLength(1);
    await clock.advance(1);
    expect(await result).toEqual([{ id: 1, name: 'Card', active: true }]);
    expect(sent).toHaveLength(2);
    expect((sent[1] as Sent).at - (sent[0] as Sent).at).toBeGreaterThanOrEqual(7_000);
  });

  it('resends a write refused with 429 (a refusal, clarifications "Limits")', async () => {
    const limiter = createRateLimiter();
    const { fetch, sent } = fakeFetch((_s, i) => (i === 0 ? json({ error: 'slow down' }, 429, { 'retry-after': '0' }) : json({ order_id: 3 })));
    expect(await gatewayWith(fetch, { limiter }).placeLoyaltyOrder(loyalty)).toEqual({ order_id: 3 });
    expect(sent.map((s) => s.body)).toEqual([JSON.stringify(loyalty), JSON.stringify(loyalty)]);
  });

  it('gives up with rate-limited when the server asks for too long a wait, or keeps refusing', async () => {
    const limiter = createRateLimiter();
    const far = fakeFetch(() => json({ error: 'later' }, 429, { 'retry-after': '3600' }));
    const failure = await failureOf(
      createGateway({ baseUrl: 'http://vendor.test', secrets: async () => SECRETS, timeoutMs: 5_000, fetch: far.fetch, limiter }).listPaymentMethods(),
      GatewayError,
    );
    expect(failure).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 3600 });
    expect(far.sent).toHaveLength(1);
    expect(limiter.stats().pausedUntil).toBeGreaterThan(Date.now() + 3_000_000);

    const always = fakeFetch(() => json({ error: 'no' }, 429, { 'retry-after': '0' }));
    expect(await failureOf(gatewayWith(always.fetch).listPaymentMethods(), GatewayError)).toMatchObject({ kind: 'rate-limited' });
    expect(always.sent).toHaveLength(6); // the first attempt and 5 resends
  });

  it('never sends more than the budget per window, whoever calls and however many at once', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, requestsPerMinute: 5, windowMs: 60_000, maxConcurrent: 3 });
    const { fetch, sent } = fakeFetch((s) => {
      // Page n of 8 customers, 1 a page: an answer the pagination checks accept.
      const n = Number(s.url.searchParams.get('page'));
      return json(page([customer(n)], { current_page: n, per_page: 1, total: 8, last_page: 8 }));
    }, clock);
    const gateway = gatewayWith(fetch, { limiter });
    const calls = [
      ...Array.from({ length: 8 }, (_, i) => gateway.customersPage(i + 1, { priority: 'sync' })),
      gateway.placeLoyaltyOrder(loyalty).catch(() => undefined),
      ...Array.from({ length: 4 }, (_, i) => gateway.fetchSyncPage({ resource: 'customers', page: i + 1 })),
    ];
    for (let minute = 0; minute < 4 && sent.length < calls.length; minute++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await clock.advance(60_000);
    }
    await Promise.all(calls);
    expect(sent).toHaveLength(13);
    expect(
      busiestWindow(
        sent.map((s) => s.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(5);
  });

  it('sends order submissions ahead of queued sync traffic', async () => {
    const limiter = createRateLimiter({ maxConcurrent: 1 });
    let release: (() => void) | undefined;
    const { fetch, sent } = fakeFetch((s, i) => {
      if (i === 0) return new Promise<Response>((resolve) => (release = () => resolve(json(page([])))));
      if (s.url.pathname === '/apiFlow') return json({ result: true, errorMessage: null, data: { id: 1 } });
      if (s.url.pathname === '/api/loyalty/orders') return json({ order_id: 2 });
      return json(page([], { current_page: Number(s.url.searchParams.get('page')) }));
    });
    const gateway = gatewayWith(fetch, { limiter });
    const first = gateway.fetchSyncPage({ resource: 'items', page: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const queued = [2, 3, 4].map((p) => gateway.fetchSyncPage({ resource: 'items', page: p }));
    const orders = [gateway.flowNewOrder(flow), gateway.placeLoyaltyOrder(loyalty)];
    release?.();
    await Promise.all([first, ...queued, ...orders]);
    expect(sent.map((s) => `${s.url.pathname}${s.url.searchParams.get('page') ? `#${s.url.searchParams.get('page')}` : ''}`)).toEqual([
      '/api/external/v2/catalog/items#1',
      '/apiFlow',
      '/api/loyalty/orders',
      '/api/external/v2/catalog/items#2',
      '/api/external/v2/catalog/items#3',
      '/api/external/v2/catalog/items#4',
    ]);
  });
});

describe('failures', () => {
  it('a read that gets no answer in time is a timeout; a write is outcome-unknown', async () => {
    const { fetch } = fakeFetch(() => 'hang');
    const gateway = gatewayWith(fetch, { timeoutMs: 50 });
    expect(await failureOf(gateway.listPaymentMethods(), GatewayError)).toMatchObject({ kind: 'timeout' });
    const write = await failureOf(gateway.placeLoyaltyOrder(loyalty), GatewayError);
    expect(write.kind).toBe('outcome-unknown');
    expect(write.text.code).toBe('timeout-write');
  });

  it('a connection broken after sending a write is outcome-unknown', async () => {
    const { fetch } = fakeFetch(() => 'network-error');
    expect(await failureOf(gatewayWith(fetch).flowNewOrder(flow), GatewayError)).toMatchObject({ kind: 'outcome-unknown' });
  });

  it('a malformed answer is invalid-response; for a write the message says it may have been saved', async () => {
    const { fetch } = fakeFetch((s) => (s.method === 'GET' ? json(page([{ id: 'x' }])) : new Response('<html>oops</html>', { status: 200 })));
    const gateway = gatewayWith(fetch);
    const read = await failureOf(gateway.catalog.items.page(1), GatewayError);
    expect(read.kind).toBe('invalid-response');
    expect(read.body).toMatch(/data\.0/);
    const write = await failureOf(gateway.placeLoyaltyOrder(loyalty), GatewayError);
    expect(write.kind).toBe('invalid-response');
    expect(write.text.code).toBe('response-unreadable-write');
    expect(read.text.code).toBe('response-unexpected-shape');
    const envelope = fakeFetch(() => json({ result: true, errorMessage: null, data: null }));
    expect(await failureOf(gatewayWith(envelope.fetch).flowNewOrder(flow), GatewayError)).toMatchObject({ kind: 'invalid-response' });
  });

  it('Flow result false: invalid with the message; a busy table is flagged; refused credentials are unauthorised', async () => {
    const busy = fakeFetch(() =>
      json({ result: false, errorMessage: 'Cannot seat the order: table 3 ("Mesa 3") already has an open order (order 9).', data: null }),
    );
    const failure = await failureOf(gatewayWith(busy.fetch).flowNewOrder(flow), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'table-has-open-order' });
    expect(failure.text).toEqual({ code: 'order-refused', params: { said: 'Cannot seat the order: table 3 ("Mesa 3") already has an open order (order 9).' } });

    const other = fakeFetch(() => json({ result: false, errorMessage: 'Unknown table 3 in data.table_id.', data: null }));
    const plain = await failureOf(gatewayWith(other.fetch).flowNewOrder(flow), GatewayError);
    expect(plain.kind).toBe('invalid');
    expect(plain.code).toBeUndefined();

    const auth = fakeFetch(() => json({ result: false, errorMessage: 'Authentication failed: invalid access token.', data: null }));
    expect(await failureOf(gatewayWith(auth.fetch).flowNewOrder(flow), GatewayError)).toMatchObject({ kind: 'unauthorised' });
  });
});

describe('fetchSyncPage', () => {
  it('maps each resource to its endpoint at 200 a page and reports page facts', async () => {
    const { fetch, sent } = fakeFetch((s) => {
      if (s.url.pathname.endsWith('/paymentMethods'))
        return json([
          { id: 1, name: 'Card', active: 1 },
          { id: 2, name: 'Cash', active: '1' },
        ]);
      if (s.url.pathname.endsWith('/rooms'))
        return json(page([{ id: 1, name: 'Sala', order: '1', active: '1', tables: [] }], { per_page: 20, total: 21, last_page: 2, current_page: 2 }));
      return json(page([{ id: 1, name: 'Almacén', order: 1, quantity: '3', warehouse_id: '2', item_id: '5' }], { total: 401, last_page: 3, current_page: 3 }));
    });
    const gateway = gatewayWith(fetch);
    expect(await gateway.fetchSyncPage({ resource: 'paymentMethods', page: 1 })).toEqual({
      records: [
        { id: 1, name: 'Card', active: true },
        { id: 2, name: 'Cash', active: true },
      ],
      page: 1,
      lastPage: 1,
      total: 2,
    });
    expect(await gateway.fetchSyncPage({ resource: 'rooms', page: 2 })).toMatchObject({
      page: 2,
      lastPage: 2,
      total: 21,
      records: [{ order: 1, active: true }],
    });
    expect(await gateway.fetchSyncPage({ resource: 'stocks', page: 3, warehouseId: 2 })).toMatchObject({
      lastPage: 3,
      total: 401,
      records: [{ quantity: 3, warehouse_id: 2, item_id: 5 }],
    });
    await gateway.fetchSyncPage({ resource: 'menuMenuItemCategoryPivots', page: 3 }).catch(() => undefined);
    expect(sent.map((s) => s.url.pathname.replace('/api/external/v2/', ''))).toEqual([
      'paymentMethods',
      'rooms',
      'warehouses/2',
      'catalog/menuMenuItemCategoryPivots',
    ]);
    expect(sent[1]?.url.searchParams.get('withTables')).toBe('1');
    expect(sent[2]?.url.searchParams.get('pagination')).toBe('200');
    expect(sent[3]?.url.searchParams.get('page')).toBe('3');
    expect(await failureOf(gateway.fetchSyncPage({ resource: 'stocks', page: 1 }), GatewayError)).toMatchObject({ code: 'request-invalid' });
  });
});
