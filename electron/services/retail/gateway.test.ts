import { describe, expect, it, vi } from 'vitest';
import { createFakeClock, type FakeClock } from '../gateway/fakeClock.testing';
import { GatewayError } from '../gateway/errors';
import { createRetailGateway, type RetailGatewayOptions } from './gateway';
import { createRetailAccountLimiters, createRetailLimiter, isRetailCatalogPath } from './limiter';
import { failureOf } from '../../../shared/testing/failureOf.testing';

// The retail gateway against a fake network (a fetch that records every request and answers
// from a script) and a fake clock: headers, budgets, 429s, refusals before sending.

const TOKEN = 'retail-secret-token-123';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function fakeNetwork(answer: (request: Seen) => Answer) {
  const seen: Seen[] = [];
  const fetchFake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry: Seen = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() };
    seen.push(entry);
    const { status, body, headers } = answer(entry);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch: fetchFake as typeof fetch, seen };
}

const page = (data: unknown[], total = data.length, current = 1, perPage = 200) => ({
  current_page: current,
  data,
  per_page: perPage,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  total,
});

function gatewayWith(network: { fetch: typeof fetch }, clock?: FakeClock, extra: Partial<RetailGatewayOptions> = {}) {
  return createRetailGateway({
    baseUrl: 'http://retail.test/',
    username: 'demo-shop',
    token: async () => TOKEN,
    limiter: createRetailLimiter(clock ? { clock, maxConcurrent: 100 } : {}),
    timeoutMs: 5_000,
    fetch: network.fetch,
    ...extra,
  });
}

describe('retail gateway: requests as §5 wants them', () => {
  it('sends username, Bearer and Content-Type on every call, the token nowhere else', async () => {
    const network = fakeNetwork(() => ({ status: 200, body: page([{ id: 1, name: 'Unit', conversion: '1.00' }]) }));
    const units = await gatewayWith(network).listPage('units', 1);
    expect(units.data[0]).toMatchObject({ id: 1, conversion: 1 });
    const [request] = network.seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/api/external/config/units');
    expect(request?.url.searchParams.get('page')).toBe('1');
    expect(request?.url.searchParams.get('pagination')).toBe('200');
    expect(request?.headers.get('username')).toBe('demo-shop');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.url.href).not.toContain(TOKEN);
  });

  it('asks products with withStocks and withVariantInfo, at most 200 a page', async () => {
    const network = fakeNetwork(() => ({ status: 200, body: page([], 0, 1, 200) }));
    await gatewayWith(network).listPage('products', 1, { perPage: 5_000 });
    const query = network.seen[0]?.url.searchParams;
    expect(query?.get('withStocks')).toBe('1');
    expect(query?.get('withVariantInfo')).toBe('1');
    expect(query?.get('pagination')).toBe('200');
  });

  it('serves a list the service answers whole as page 1 of 1, and refuses page 2 without sending', async () => {
    const network = fakeNetwork(() => ({ status: 200, body: [{ id: 1, name: 'IVA 21%', taxPercentage: 21 }] }));
    const gateway = gatewayWith(network);
    expect(await gateway.listPage('taxes', 1)).toMatchObject({ current_page: 1, last_page: 1, total: 1, data: [{ taxPercentage: 2100 }] });
    expect((await failureOf(gateway.listPage('taxes', 2), GatewayError)).code).toBe('request-invalid');
    expect(network.seen).toHaveLength(1);
  });

  it('walks every page of a paginated list and checks they add up to total', async () => {
    const records = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, address: 'x' }));
    const network = fakeNetwork((r) => {
      const n = Number(r.url.searchParams.get('page'));
      return { status: 200, body: page(records.slice((n - 1) * 200, n * 200), records.length, n) };
    });
    expect(await gatewayWith(network).listAll('customers')).toHaveLength(450);
    expect(network.seen.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('fails unauthorised without a request when no token is saved', async () => {
    const network = fakeNetwork(() => ({ status: 200, body: [] }));
    const failure = await failureOf(gatewayWith(network, undefined, { token: async () => null }).listPage('taxes', 1), GatewayError);
    expect(failure.kind).toBe('unauthorised');
    expect(network.seen).toHaveLength(0);
  });

  it('never lets the token into an error, even when the server echoes it', async () => {
    const network = fakeNetwork((r) => ({ status: 500, body: { error: `boom for ${r.headers.get('authorization')}`, code: 0, data: [] } }));
    const failure = await failureOf(gatewayWith(network).listPage('taxes', 1), GatewayError);
    expect(failure.kind).toBe('server-error');
    const everything = JSON.stringify({ message: failure.message, body: failure.body, text: failure.text, bridge: failure.toBridgeError() });
    expect(everything).not.toContain(TOKEN);
    expect(everything).toContain('[redacted]');
  });
});

describe('retail gateway: refusals', () => {
  it('refuses a write of 101 objects before sending, typed too-many-objects', async () => {
    const network = fakeNetwork(() => ({ status: 201, body: [] }));
    const gateway = gatewayWith(network);
    const products = Array.from({ length: 101 }, (_, i) => ({ name: `P${i}`, category_id: 1 }));
    const failure = await failureOf(gateway.createCatalogRecords('products', products), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'too-many-objects', text: { code: 'request-invalid', params: { count: 101, limit: 100 } } });
    const prices = Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, price: 1 }));
    expect((await failureOf(gateway.linkRateProducts(1, prices), GatewayError)).code).toBe('too-many-objects');
    const payments = Array.from({ length: 101 }, () => ({ amount: 1, change: 0, extra: 0, payment_method_id: 1 }));
    expect((await failureOf(gateway.createInvoice(3, payments), GatewayError)).code).toBe('too-many-objects');
    expect(network.seen).toHaveLength(0);
    // 100 are fine.
    await gateway.createCatalogRecords('products', products.slice(0, 100));
    expect(network.seen).toHaveLength(1);
  });

  it('refuses a customer without address before sending, naming the field', async () => {
    const network = fakeNetwork(() => ({ status: 201, body: {} }));
    const failure = await failureOf(gatewayWith(network).createCustomer({ name: 'Ana' } as never), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'request-invalid', fields: ['address'], text: { params: { fields: 'address' } } });
    expect(network.seen).toHaveLength(0);
  });

  it("a 422 carries the vendor's error as said, and the fields its data names", async () => {
    const network = fakeNetwork(() => ({
      status: 422,
      body: { error: 'The given data was invalid.', code: 0, data: { address: ['The address field is required.'] } },
    }));
    const failure = await failureOf(gatewayWith(network).createCustomer({ name: 'Ana', address: 'x' }), GatewayError);
    expect(failure).toMatchObject({
      kind: 'invalid',
      status: 422,
      fields: ['address'],
      text: { code: 'server-rejected', params: { status: 422, said: 'The given data was invalid.', fields: 'address' } },
    });
  });

  it('an "already invoiced" refusal is typed already-invoiced', async () => {
    const network = fakeNetwork(() => ({ status: 422, body: { error: 'Order 7 is already invoiced.', code: 0, data: [] } }));
    const failure = await failureOf(gatewayWith(network).createInvoice(7, [{ amount: 10, change: 0, extra: 0, payment_method_id: 1 }]), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'already-invoiced', status: 422, text: { params: { said: 'Order 7 is already invoiced.' } } });
  });

  it('sends PATCH for a customer change', async () => {
    const network = fakeNetwork(() => ({ status: 200, body: { id: 4, name: 'Ana', address: 'Nou 2' } }));
    expect(await gatewayWith(network).patchCustomer(4, { address: 'Nou 2' })).toMatchObject({ id: 4, address: 'Nou 2' });
    expect(network.seen[0]).toMatchObject({ method: 'PATCH', body: '{"address":"Nou 2"}' });
    expect(network.seen[0]?.url.pathname).toBe('/api/external/config/customers/4');
  });
});

describe('retail budgets (§8, clarifications "Limits")', () => {
  it('counts every catalog path, links included, and nothing else, as catalog', () => {
    expect(isRetailCatalogPath('api/external/catalog/products')).toBe(true);
    expect(isRetailCatalogPath('/api/external/catalog/products/3/priceRates')).toBe(true);
    expect(isRetailCatalogPath('api/external/config/units')).toBe(false);
    expect(isRetailCatalogPath('api/external/promotions/priceRates/1/products')).toBe(false);
  });

  it('40 catalog calls a minute; the rest still go within 120, orders first', async () => {
    const clock = createFakeClock();
    const network = fakeNetwork((r) => ({ status: 200, body: r.url.pathname.endsWith('/orders') ? { id: 1, status: 0 } : [] }));
    const gateway = gatewayWith(network, clock);
    const catalog = Array.from({ length: 45 }, () => gateway.listPage('variantSets', 1));
    await vi.waitFor(() => expect(gateway.limiter.catalog.stats()).toMatchObject({ inWindow: 40, inFlight: 0, queued: 5 }));
    expect(network.seen).toHaveLength(40);
    // Not catalog: not held up by the catalog budget.
    await gateway.listPage('taxes', 1);
    expect(network.seen).toHaveLength(41);
    await clock.advance(59_000);
    expect(network.seen).toHaveLength(41);
    await clock.advance(1_100);
    await Promise.all(catalog);
    expect(network.seen).toHaveLength(46);
  });

  it('catalog calls count in the account budget too; an order passes the page fetches waiting', async () => {
    const clock = createFakeClock();
    const network = fakeNetwork((r) => ({ status: 200, body: r.url.pathname.endsWith('/orders') ? { id: 9, status: 0 } : [] }));
    // Small budgets and one request at a time, so the order the requests leave in is the order of their turns.
    const limiter = createRetailLimiter({ clock, catalogPerMinute: 2, requestsPerMinute: 3, maxConcurrent: 1 });
    const gateway = gatewayWith(network, clock, { limiter });
    const waiting = [
      gateway.listPage('variants', 1),
      gateway.listPage('variants', 1),
      gateway.listPage('taxes', 1),
      gateway.listPage('taxes', 1),
      gateway.listPage('taxes', 1),
    ];
    // 3 leave (the account budget), whichever kind; the other 2 wait for the window to roll.
    await vi.waitFor(() => expect(limiter.all.stats()).toMatchObject({ inWindow: 3, inFlight: 0 }));
    await clock.settle();
    expect(network.seen).toHaveLength(3);
    const queuedBefore = limiter.all.stats().queued;
    const order = gateway.createOrder({
      sum: 1,
      subtotal: 0.83,
      tax: 0.17,
      total: 1,
      order_contents: [{ name: 'X', quantity: 1, price: 1, sum: 1, discount: 0, subtotal: 0.83, tax: 0.17, total: 1, taxPercentage: 21, product_id: 1 }],
    });
    await vi.waitFor(() => expect(limiter.all.stats().queued).toBe(queuedBefore + 1));
    await clock.advance(60_010);
    expect(await order).toEqual({ id: 9, status: 0 });
    expect(network.seen[3]?.url.pathname).toBe('/api/external/orders');
    for (let minute = 0; minute < 3 && network.seen.length < 6; minute++) {
      await vi.waitFor(() => expect(limiter.all.stats().inFlight).toBe(0));
      await clock.advance(60_010);
    }
    await Promise.all(waiting);
    expect(network.seen).toHaveLength(6);
  });

  it('a 429 pauses the whole account for Retry-After, then the call goes again', async () => {
    const clock = createFakeClock();
    let refused = false;
    const network = fakeNetwork((r) => {
      if (!refused && r.url.pathname.endsWith('/catalog/groups')) {
        refused = true;
        return { status: 429, body: { error: 'Too Many Attempts', code: 0, data: [] }, headers: { 'retry-after': '3' } };
      }
      return { status: 200, body: r.url.pathname.endsWith('/catalog/groups') ? page([{ id: 1, name: 'G' }]) : [] };
    });
    const gateway = gatewayWith(network, clock);
    const groups = gateway.listPage('groups', 1);
    await vi.waitFor(() => expect(gateway.limiter.all.stats().pausedUntil).toBeGreaterThan(0));
    expect(network.seen).toHaveLength(1);
    expect(gateway.limiter.all.stats().pausedUntil).toBeGreaterThan(clock.now());
    const taxes = gateway.listPage('taxes', 1);
    await clock.advance(2_000);
    expect(network.seen).toHaveLength(1);
    await clock.advance(1_100);
    expect((await groups).data).toHaveLength(1);
    await taxes;
    expect(network.seen).toHaveLength(3);
  });

  it('an outbox delivery gets the 429 back at once, the account still paused', async () => {
    const clock = createFakeClock();
    const network = fakeNetwork(() => ({ status: 429, body: { error: 'slow down', code: 0, data: [] }, headers: { 'retry-after': '30' } }));
    const gateway = gatewayWith(network, clock);
    const failure = await failureOf(
      gateway.createInvoice(3, [{ amount: 10, change: 0, extra: 0, payment_method_id: 1 }], { returnRateLimited: true }),
      GatewayError,
    );
    expect(failure).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 30 });
    expect(gateway.limiter.all.stats().pausedUntil).toBe(clock.now() + 30_000);
  });

  it('one limiter pair per account, kept for the life of the process', () => {
    const limiters = createRetailAccountLimiters();
    expect(limiters.forAccount('a')).toBe(limiters.forAccount('a'));
    expect(limiters.forAccount('a')).not.toBe(limiters.forAccount('b'));
    expect(limiters.forAccount('a').catalog.requestsPerMinute).toBe(40);
    expect(limiters.forAccount('a').all.requestsPerMinute).toBe(120);
  });
});
