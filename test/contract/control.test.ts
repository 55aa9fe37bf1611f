// Contract tests of the sandbox control API (/__sandbox/reset, faults, ledger,
// open-orders) and of fault injection at the socket level. Every request here goes on a brand-new
// connection (freshRequest), so a socket the sandbox destroys on purpose never breaks the next one.
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { HEADERS, ITEM, TABLES, flowPath, freshRequest, newOrderData, flowMessage, startFixtureSandbox, type Json } from './orderFixtures';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startFixtureSandbox({ faultSeed: 7 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await control('POST', '/__sandbox/reset');
});

interface FaultState {
  faults: {
    latencyMs: number;
    dropRate: number;
    errorRate: number;
    errorStatus: number;
    loseResponseRate: number;
    offline: boolean;
    rateLimitBurst: { everyMs: number; forMs: number } | null;
  };
  counters: { requests: number; delayed: number; dropped: number; errored: number; lostResponses: number; refusedOffline: number };
  byFamily: Record<'flow' | 'loyalty' | 'other', FaultState['counters']>;
  seed: number;
}

/** A control API call (JSON, own connection); fails the test when the control API does not answer. */
function control<T = Json>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return controlRequest<T>(sandbox.url, path, { method, body });
}

/** The faults after a reset or a POST {}: everything off, injected errors would be 500. */
const NO_FAULTS = { latencyMs: 0, dropRate: 0, errorRate: 0, errorStatus: 500, loseResponseRate: 0, offline: false, rateLimitBurst: null };

const setFaults = (faults: Json) => control<FaultState>('POST', '/__sandbox/faults', faults);
const entries = async () => (await control<{ entries: Array<Json & { kind: string; orderId: number }> }>('GET', '/__sandbox/ledger')).body.entries;

const loyaltyBody = (extra: Json = {}) => ({ order: { total: 1.8, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8 }], ...extra } });

/** POST a loyalty order on a fresh connection: the status and body, or the network error code. */
function postLoyalty(body: unknown = loyaltyBody()) {
  return freshRequest(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
}

function postFlow(tables: number[]) {
  return freshRequest(`${sandbox.url}${flowPath(flowMessage(newOrderData(tables)))}`, { method: 'POST' });
}

describe('control API: reset, ledger, open orders', () => {
  it('POST /__sandbox/reset: state back to the seed, ledger emptied, faults cleared', async () => {
    expect(await postFlow([1])).toMatchObject({ status: 200 });
    expect(await postLoyalty({ ...loyaltyBody(), customer: { name: 'Nuevo', email: 'nuevo@example.com' } })).toMatchObject({ status: 200 });
    await setFaults({ latencyMs: 5, errorRate: 0.5 });
    expect(await entries()).toHaveLength(2);

    expect(await control('POST', '/__sandbox/reset')).toEqual({ status: 200, body: { reset: true } });
    expect(await entries()).toEqual([]);
    const open = await control<{ tables: unknown[]; orders: unknown[] }>('GET', '/__sandbox/open-orders');
    expect(open.body.tables).toEqual([]);
    expect(open.body.orders).toEqual([]);
    const faults = await control<FaultState>('GET', '/__sandbox/faults');
    expect(faults.body.faults).toEqual(NO_FAULTS);
    expect(faults.body.counters).toMatchObject({ requests: 0, dropped: 0, errored: 0, lostResponses: 0 });
    // The created customer is gone; table 1 can be seated again.
    const customers = await freshRequest(`${sandbox.url}/api/external/v2/customers`, { headers: HEADERS });
    expect('body' in customers && (JSON.parse(customers.body) as { total: number }).total).toBe(1);
    expect(JSON.parse(((await postFlow([1])) as { body: string }).body)).toMatchObject({ result: true });
  });

  it('GET /__sandbox/ledger: every committed Flow and loyalty order, in order, as { service, kind, tenant, receivedAt, orderId, payload }', async () => {
    const flow = await postFlow([2]);
    const loyalty = await postLoyalty(loyaltyBody({ extraId: 'X-1' }));
    const refused = await postLoyalty({ order: { total: 1 } }); // 422: not committed, not in the ledger
    expect(refused).toMatchObject({ status: 422 });
    const flowId = (JSON.parse((flow as { body: string }).body) as { data: { id: number } }).data.id;
    const loyaltyId = (JSON.parse((loyalty as { body: string }).body) as { order_id: number }).order_id;
    const list = await entries();
    expect(list).toEqual([
      { service: 'hospitality', kind: 'flow', tenant: 'demo', receivedAt: expect.any(String), orderId: flowId, payload: newOrderData([2]) },
      { service: 'hospitality', kind: 'loyalty', tenant: 'demo', receivedAt: expect.any(String), orderId: loyaltyId, payload: loyaltyBody({ extraId: 'X-1' }) },
    ]);
    for (const entry of list) expect(new Date(entry.receivedAt as string).toISOString()).toBe(entry.receivedAt);
    expect((await control<{ entries: unknown[] }>('GET', '/__sandbox/ledger?kind=loyalty')).body.entries).toHaveLength(1);
  });

  it('GET /__sandbox/open-orders: open orders per table (tenant demo by default; other tenants by query)', async () => {
    await postFlow([3, 4]);
    await postLoyalty(loyaltyBody({ table_id: 6 }));
    const open = await control<{ tenant: string; tables: Json[] }>('GET', '/__sandbox/open-orders');
    expect(open.body.tenant).toBe('demo');
    expect(open.body.tables.map((t) => [t.table_id, t.primary, t.source])).toEqual([
      [3, false, 'flow'],
      [4, true, 'flow'],
      [6, true, 'loyalty'],
    ]);
    expect(open.body.tables[0]).toMatchObject({ order_id: expect.any(Number), guests: 2, table_name: 'Mesa 3' });
    const child = await control<{ tenant: string; tables: Json[] }>('GET', '/__sandbox/open-orders?tenant=demo-child');
    expect(child.body).toMatchObject({ tenant: 'demo-child', tables: [] });
    expect((await control('GET', '/__sandbox/open-orders?tenant=nobody')).status).toBe(404);
  });

  it("POST /__sandbox/orders/{id}/close frees the order's tables", async () => {
    const flow = JSON.parse(((await postFlow([5])) as { body: string }).body) as { data: { id: number } };
    expect(await control('POST', `/__sandbox/orders/${flow.data.id}/close`)).toEqual({
      status: 200,
      body: { order_id: flow.data.id, status: 'closed' },
    });
    expect((await control<{ tables: unknown[] }>('GET', '/__sandbox/open-orders')).body.tables).toEqual([]);
    expect((await control('POST', '/__sandbox/orders/4242/close')).status).toBe(404);
  });

  it('POST /__sandbox/reset also forgets the requests counted by the rate limit (spec §8)', async () => {
    const tight = await startFixtureSandbox({ limits: { requestsPerMinute: 2 } });
    try {
      const paymentMethods = () => freshRequest(`${tight.url}/api/external/v2/paymentMethods`, { headers: HEADERS });
      expect(await paymentMethods()).toMatchObject({ status: 200 });
      expect(await paymentMethods()).toMatchObject({ status: 200 });
      expect(await paymentMethods()).toMatchObject({ status: 429 });
      expect(await controlRequest(tight.url, '/__sandbox/reset', { method: 'POST' })).toMatchObject({ status: 200 });
      expect(await paymentMethods()).toMatchObject({ status: 200 });
    } finally {
      await tight.close();
    }
  });

  it('the control API needs no credentials', async () => {
    expect((await control('GET', '/__sandbox/faults')).status).toBe(200);
  });
});

describe('control API: faults', () => {
  it('POST /__sandbox/faults returns the active faults; GET reads them; fields left out are off', async () => {
    const set = await setFaults({ latencyMs: 10, dropRate: 0.25, errorRate: 0.5, loseResponseRate: 0.75, offline: false });
    expect(set.status).toBe(200);
    expect(set.body.faults).toEqual({ ...NO_FAULTS, latencyMs: 10, dropRate: 0.25, errorRate: 0.5, loseResponseRate: 0.75 });
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body.faults).toEqual(set.body.faults);
    expect((await setFaults({ errorRate: 0.1 })).body.faults).toEqual({ ...NO_FAULTS, errorRate: 0.1 });
    expect((await setFaults({})).body.faults.errorRate).toBe(0);
  });

  it('POST /__sandbox/faults validates: a rate outside 0..1, a negative latency, a typo → 422', async () => {
    expect((await setFaults({ dropRate: 1.5 })).status).toBe(422);
    expect((await setFaults({ latencyMs: -1 })).status).toBe(422);
    expect((await setFaults({ offline: 'yes' })).status).toBe(422);
    expect((await setFaults({ errorStatus: 501 })).status).toBe(422);
    expect((await setFaults({ rateLimitBurst: { everyMs: 1000, forMs: 1000 } })).status).toBe(422);
    const typo = await setFaults({ droprate: 1 });
    expect(typo.status).toBe(422);
    expect(typo.body).toMatchObject({ code: 422, error: expect.stringMatching(/droprate/) });
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body.faults.dropRate).toBe(0);
  });

  it('dropRate 1: the socket is destroyed before processing — the call fails and nothing is committed', async () => {
    await setFaults({ dropRate: 1 });
    const answer = await postLoyalty();
    expect(answer).toHaveProperty('error');
    expect(await postFlow([1])).toHaveProperty('error');
    expect(await entries()).toEqual([]);
    const state = await control<FaultState>('GET', '/__sandbox/faults');
    expect(state.body.counters.dropped).toBe(2);
    await setFaults({});
    expect(JSON.parse(((await postFlow([1])) as { body: string }).body)).toMatchObject({ result: true }); // table 1 was never seated
  });

  it('loseResponseRate 1: the request is processed and committed, then the socket is destroyed', async () => {
    await setFaults({ loseResponseRate: 1 });
    const answer = await postLoyalty(loyaltyBody({ table_id: 2, extraId: 'LOST-1' }));
    expect(answer).toHaveProperty('error');
    const list = await entries();
    expect(list).toEqual([expect.objectContaining({ kind: 'loyalty', payload: loyaltyBody({ table_id: 2, extraId: 'LOST-1' }) })]);
    const open = await control<{ tables: Json[] }>('GET', '/__sandbox/open-orders');
    expect(open.body.tables).toEqual([expect.objectContaining({ table_id: 2, order_id: list[0]?.orderId })]);
    const state = await control<FaultState>('GET', '/__sandbox/faults');
    // A chaos test's invariant: unconfirmed orders ≤ lost-response faults injected.
    expect(state.body.counters.lostResponses).toBe(1);
    expect(state.body.byFamily.loyalty).toMatchObject({ requests: 1, lostResponses: 1 });
    expect(state.body.byFamily.flow.lostResponses).toBe(0);
  });

  it('errorRate 1: answered 500 with the JSON error shape, without processing', async () => {
    await setFaults({ errorRate: 1 });
    const answer = await postLoyalty();
    expect(answer).toMatchObject({ status: 500 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ error: expect.any(String), code: 500, data: [] });
    expect(await postFlow([1])).toMatchObject({ status: 500 });
    expect(await entries()).toEqual([]);
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body.counters.errored).toBe(2);
  });

  it('offline: open sockets are destroyed at once and new calls fail, while the control API still answers', async () => {
    // A keep-alive connection that has already been served.
    const socket = connect(sandbox.port, '127.0.0.1');
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.write(
      'GET /api/external/v2/paymentMethods HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n' +
        Object.entries(HEADERS)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n',
    );
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);

    await setFaults({ offline: true });
    // At once: well before the server's 5 s keep-alive timeout would close it anyway.
    const outcome = await Promise.race([closed.then(() => 'closed'), new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 3000))]);
    expect(outcome).toBe('closed');
    socket.destroy();

    expect(await postLoyalty()).toHaveProperty('error');
    expect(await freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`, { headers: HEADERS })).toHaveProperty('error');
    expect(await entries()).toEqual([]);
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body).toMatchObject({
      faults: { offline: true },
      counters: { refusedOffline: 2 },
    });

    await setFaults({ offline: false });
    expect(await postLoyalty()).toMatchObject({ status: 200 });
  });

  it('latencyMs: the answer comes later and is still correct', async () => {
    await setFaults({ latencyMs: 300 });
    const started = Date.now();
    const answer = await postLoyalty();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ order_id: expect.any(Number) });
    expect(await entries()).toHaveLength(1);
  });

  it('the control API stays reachable in every fault mode', async () => {
    await setFaults({ latencyMs: 2000, dropRate: 1, errorRate: 1, loseResponseRate: 1, offline: true });
    const started = Date.now();
    expect((await control('GET', '/__sandbox/faults')).status).toBe(200);
    expect((await control('GET', '/__sandbox/ledger')).status).toBe(200);
    expect((await control('GET', '/__sandbox/open-orders')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000); // not delayed by latencyMs
    expect((await control('POST', '/__sandbox/reset')).status).toBe(200);
  });

  it('faults are reproducible: the same seed and requests give the same faults', async () => {
    const run = async () => {
      await setFaults({ dropRate: 0.5, seed: 42 });
      const outcomes: string[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`, { headers: HEADERS });
        outcomes.push('error' in answer ? 'dropped' : String(answer.status));
      }
      return outcomes;
    };
    const first = await run();
    expect(first).toContain('dropped');
    expect(first).toContain('200');
    expect(await run()).toEqual(first);
  });
});

describe('request stats (GET /__sandbox/stats)', () => {
  it('counts API, Flow, loyalty and image requests apart, never itself, and reset clears them', async () => {
    const stats = async () => (await control<{ requests: Record<string, number> }>('GET', '/__sandbox/stats')).body.requests;
    expect(await stats()).toEqual({ api: 0, flow: 0, loyalty: 0, images: 0, other: 0 });
    for (let i = 0; i < 3; i++) await freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`, { headers: HEADERS });
    await freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`); // 401: still a request
    await freshRequest(`${sandbox.url}${flowPath(flowMessage(newOrderData([TABLES[0]!])))}`, { method: 'POST' });
    await freshRequest(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', headers: HEADERS, body: JSON.stringify(loyaltyBody()) });
    await freshRequest(`${sandbox.url}/xef/demo/images/unknown.png`);
    expect(await stats()).toEqual({ api: 4, flow: 1, loyalty: 1, images: 1, other: 0 });
    await control('POST', '/__sandbox/reset');
    expect(await stats()).toEqual({ api: 0, flow: 0, loyalty: 0, images: 0, other: 0 });
  });
});

describe('control API: no CSRF target', () => {
  /** A raw request on its own connection: the status, the parsed body, and the network error if any. */
  async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
    const answer = await freshRequest(`${sandbox.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    if ('error' in answer) throw new Error(`${method} ${path} failed: ${answer.error}`);
    return { status: answer.status, body: JSON.parse(answer.body) as Json };
  }
  const ownHost = () => `127.0.0.1:${sandbox.port}`;

  it('a POST that is not JSON is refused with 415 and changes nothing: no type, text/plain, a form', async () => {
    await postFlow([1]);
    const refusals = [
      raw('POST', '/__sandbox/reset', {}),
      raw('POST', '/__sandbox/reset', { 'Content-Type': 'text/plain' }, '{}'),
      raw('POST', '/__sandbox/faults', { 'Content-Type': 'text/plain' }, '{"offline":true}'),
      raw('POST', '/__sandbox/faults', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'offline=true'),
      raw('POST', '/__sandbox/faults', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--'),
      raw('POST', '/__sandbox/orders/1/close', { 'Content-Type': 'text/plain;charset=UTF-8' }, ''),
    ];
    for (const answer of await Promise.all(refusals)) {
      expect(answer).toEqual({ status: 415, body: { error: expect.stringMatching(/application\/json/), code: 415, data: [] } });
    }
    expect(await entries()).toHaveLength(1); // not reset
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body.faults).toEqual(NO_FAULTS);
    expect((await control<{ tables: unknown[] }>('GET', '/__sandbox/open-orders')).body.tables).toHaveLength(1); // not closed
  });

  it('a JSON POST is served, an empty one (reset) included, with or without a charset', async () => {
    expect(await raw('POST', '/__sandbox/reset', { 'Content-Type': 'application/json' }, '')).toEqual({ status: 200, body: { reset: true } });
    expect((await raw('POST', '/__sandbox/faults', { 'Content-Type': 'application/json; charset=utf-8' }, '{"latencyMs":1}')).status).toBe(200);
  });

  it('only a loopback Host header is served (DNS rebinding): 127.0.0.1, localhost and [::1], any port', async () => {
    for (const host of [ownHost(), `localhost:${sandbox.port}`, 'localhost', `[::1]:${sandbox.port}`, '127.0.0.1:1']) {
      expect((await raw('GET', '/__sandbox/ledger', { Host: host })).status, host).toBe(200);
    }
    for (const host of [
      `evil.example:${sandbox.port}`,
      'evil.example',
      `localhost.evil.example:${sandbox.port}`,
      '127.0.0.1.nip.io',
      `192.168.1.20:${sandbox.port}`,
    ]) {
      const answer = await raw('GET', '/__sandbox/ledger', { Host: host });
      expect(answer, host).toEqual({ status: 403, body: { error: expect.stringMatching(/Host/), code: 403, data: [] } });
    }
    await postFlow([2]);
    expect((await raw('POST', '/__sandbox/reset', { Host: 'evil.example', 'Content-Type': 'application/json' }, '')).status).toBe(403);
    expect(await entries()).toHaveLength(1);
  });

  it("a cross-origin Origin is refused (403); the sandbox's own origin and no Origin are served", async () => {
    const json = { 'Content-Type': 'application/json' };
    for (const origin of ['http://evil.example', 'null', `http://localhost:${sandbox.port}`, `https://127.0.0.1:${sandbox.port}`, 'http://127.0.0.1:1']) {
      const answer = await raw('POST', '/__sandbox/faults', { ...json, Origin: origin }, '{"offline":true}');
      expect(answer, origin).toEqual({ status: 403, body: { error: expect.stringMatching(/Origin/), code: 403, data: [] } });
      expect((await raw('GET', '/__sandbox/ledger', { Origin: origin })).status, origin).toBe(403);
    }
    expect((await control<FaultState>('GET', '/__sandbox/faults')).body.faults.offline).toBe(false);
    expect((await raw('POST', '/__sandbox/faults', { ...json, Origin: `http://${ownHost()}` }, '{}')).status).toBe(200);
    expect((await raw('GET', '/__sandbox/ledger', { Host: `localhost:${sandbox.port}`, Origin: `http://localhost:${sandbox.port}` })).status).toBe(200);
  });

  it("a browser's cross-site fetch metadata is refused (403)", async () => {
    expect((await raw('GET', '/__sandbox/ledger', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await raw('GET', '/__sandbox/ledger', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });
});
