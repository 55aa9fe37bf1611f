// deliver(): one send, every answer classified (ARCHITECTURE §5), against a plain
// node:http server on 127.0.0.1 whose behaviour each test sets. test/contract/delivery.test.ts
// runs the same operation against the real sandbox.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRequest } from '../../../shared/bridge';
import { deliver } from './delivery';
import { createGateway, createRateLimiter, type Gateway, type RateLimiter } from '../gateway';

const SECRETS = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: () => Promise<string>) => void;

interface Received {
  method: string | undefined;
  path: string;
  expect: string | undefined;
  /** The body the server read ('' when it never arrived). */
  body: string;
}

let server: Server;
let baseUrl: string;
let behaviour: Behaviour;
let received: Received[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('close', () => resolve(text));
  });
}

function handle(req: IncomingMessage, res: ServerResponse, continued: boolean) {
  const entry: Received = { method: req.method, path: new URL(req.url ?? '/', 'http://x').pathname, expect: req.headers.expect, body: '' };
  received.push(entry);
  let reading: Promise<string> | null = null;
  const body = () => {
    if (!continued) {
      continued = true;
      res.writeContinue();
    }
    reading ??= readBody(req).then((text) => (entry.body = text));
    return reading;
  };
  behaviour(req, res, body);
}

beforeAll(async () => {
  server = createServer((req, res) => handle(req, res, true));
  // With `Expect: 100-continue` the behaviour decides whether to say 100 (by reading the body).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => handle(req, res, false));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});
beforeEach(() => {
  received = [];
  behaviour = () => {
    throw new Error('no behaviour set');
  };
});

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Reads the body, then answers. */
const after =
  (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_req, res, readAll) => {
    void readAll().then(() => answer(res, status, body, headers));
  };
/** Answers at once, without 100 Continue and without reading the body. */
const straightAway =
  (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) =>
    answer(res, status, body, headers);

function gateway(extra: { limiter?: RateLimiter; timeoutMs?: number; url?: string } = {}): Gateway {
  return createGateway({
    baseUrl: extra.url ?? baseUrl,
    secrets: async () => SECRETS,
    timeoutMs: extra.timeoutMs ?? 5_000,
    limiter: extra.limiter ?? createRateLimiter({ requestsPerMinute: 10_000 }),
  });
}

const order: DeliveryRequest = {
  kind: 'order',
  order: { order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }], table_id: 3, extraId: 'entry-1' } },
};
const seating: DeliveryRequest = {
  kind: 'seating',
  data: { customer: null, table_id: [3], guests: 2, contents: null, payments: null },
};
const error = (message: string, code: number) => ({ error: message, code, data: [] });

describe('deliver: a loyalty order (Expect: 100-continue)', () => {
  it('accepted: the order id, sent once with the expectation and the spec §5 headers', async () => {
    behaviour = after(200, { order_id: 77 });
    expect(await deliver(gateway(), order)).toEqual({ outcome: 'accepted', orderId: 77 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/loyalty/orders', expect: '100-continue' });
    expect(JSON.parse(received[0]!.body)).toEqual(order.kind === 'order' && order.order);
  });

  it('connection dropped before 100 Continue: not-sent offline, the body never left', async () => {
    behaviour = (req) => req.socket.destroy();
    const outcome = await deliver(gateway(), order);
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    expect(outcome.outcome === 'not-sent' && outcome.detail).toMatch(/body not sent/);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe('');
  });

  it('connection dropped after the body was read: unknown (it may have been applied)', async () => {
    behaviour = (req, _res, readAll) => void readAll().then(() => req.socket.destroy());
    const outcome = await deliver(gateway(), order);
    expect(outcome).toMatchObject({ outcome: 'unknown' });
    expect(outcome).toMatchObject({ code: 'order-unconfirmed' });
    expect(outcome.outcome === 'unknown' && outcome.detail).toMatch(/connection-broke-write$/);
    expect(received[0]!.body).not.toBe('');
  });

  it('nobody listening: not-sent offline', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const outcome = await deliver(gateway({ url: `http://127.0.0.1:${port}` }), order);
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    expect(outcome.outcome === 'not-sent' && outcome.detail).toMatch(/ECONNREFUSED/);
  });

  it('429 without 100: not-sent rate-limited with Retry-After, not retried, and the account pauses', async () => {
    behaviour = straightAway(429, error('Too Many Requests', 429), { 'retry-after': '7' });
    const limiter = createRateLimiter({ requestsPerMinute: 10_000 });
    const g = gateway({ limiter });
    const outcome = await deliver(g, order);
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 7 });
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe('');
    expect(limiter.stats().pausedUntil).toBeGreaterThan(Date.now());
    // Our own limiter now refuses at once, without a request.
    const again = await deliver(g, seating);
    expect(again).toMatchObject({ outcome: 'not-sent', reason: 'rate-limited' });
    expect(again.outcome === 'not-sent' && again.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(received).toHaveLength(1);
  });

  it('503: not-sent unavailable with its Retry-After; 401/403: unauthorised; 404: misconfigured', async () => {
    behaviour = straightAway(503, error('Maintenance', 503), { 'retry-after': '30' });
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'unavailable', retryAfterSeconds: 30 });
    behaviour = after(503, error('Maintenance', 503));
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'unavailable' });
    behaviour = straightAway(401, error('Unauthenticated.', 401));
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'unauthorised' });
    behaviour = straightAway(403, error('Forbidden', 403));
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'unauthorised' });
    behaviour = after(404, error('Not found', 404));
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'misconfigured' });
  });

  it('422: rejected invalid with the server message and an engineer detail', async () => {
    behaviour = after(422, error('The total does not match the contents (1.80 expected, 5.50 given).', 422));
    const outcome = await deliver(gateway(), order);
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: 'invalid' });
    if (outcome.outcome !== 'rejected') return;
    // The server's own words travel as they are, for the renderer to show after its own.
    expect(outcome.code).toBe('server-rejected');
    expect(outcome.params).toEqual({ status: 422, said: 'The total does not match the contents (1.80 expected, 5.50 given).' });
    expect(outcome.detail).toMatch(/POST loyalty\/orders — HTTP 422 — body: .*total does not match/);
  });

  it('413 from the server, or over 2 MB here (nothing sent): rejected body-too-large', async () => {
    behaviour = straightAway(413, error('Request body too large', 413));
    expect(await deliver(gateway(), order)).toMatchObject({
      outcome: 'rejected',
      reason: 'body-too-large',
      code: 'refused-too-large',
      params: { said: 'Request body too large' },
    });
    expect(received[0]!.body).toBe('');
    received = [];
    const huge: DeliveryRequest = {
      kind: 'order',
      order: { order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }], notes: 'x'.repeat(2_000_001) } },
    };
    expect(await deliver(gateway(), huge)).toMatchObject({ outcome: 'rejected', reason: 'body-too-large', code: 'request-too-large' });
    expect(received).toHaveLength(0);
  });

  it('a 5xx answered before 100 Continue (body never read): not-sent unavailable', async () => {
    behaviour = straightAway(500, error('Injected fault', 500));
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'not-sent', reason: 'unavailable' });
    expect(received[0]!.body).toBe('');
  });

  it('500, 502, 504 after the body was read, a 2xx that cannot be read, or no answer in time: unknown', async () => {
    for (const status of [500, 502, 504]) {
      behaviour = after(status, error('boom', status));
      expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'unknown' });
    }
    behaviour = after(200, '<html>ok</html>');
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'unknown' });
    behaviour = after(200, { id: 'not an order id' });
    expect(await deliver(gateway(), order)).toMatchObject({ outcome: 'unknown' });
    behaviour = (_req, _res, readAll) => void readAll(); // reads, never answers
    expect(await deliver(gateway({ timeoutMs: 500 }), order)).toMatchObject({ outcome: 'unknown' });
  });
});

describe('deliver: a Flow seating', () => {
  const flowAnswer = (envelope: unknown) => after(200, envelope);

  it('accepted with data.id; the message travels in the query', async () => {
    behaviour = flowAnswer({ result: true, errorMessage: null, data: { id: 12 } });
    expect(await deliver(gateway(), seating)).toEqual({ outcome: 'accepted', orderId: 12 });
    expect(received[0]).toMatchObject({ method: 'POST', path: '/apiFlow', expect: undefined });
  });

  it('result:false with the open-order rule: table-busy', async () => {
    behaviour = flowAnswer({ result: false, errorMessage: 'Table Mesa 3 already has an open order', data: null });
    const outcome = await deliver(gateway(), seating);
    expect(outcome).toMatchObject({ outcome: 'table-busy' });
    expect(outcome.outcome === 'table-busy' && outcome.detail).toMatch(/open order/);
  });

  it('result:false for another reason: rejected refused; for credentials: not-sent unauthorised', async () => {
    behaviour = flowAnswer({ result: false, errorMessage: 'Guests must be at least 1', data: null });
    expect(await deliver(gateway(), seating)).toMatchObject({
      outcome: 'rejected',
      reason: 'refused',
      code: 'order-refused',
      params: { said: 'Guests must be at least 1' },
    });
    behaviour = flowAnswer({ result: false, errorMessage: 'Invalid token', data: null });
    expect(await deliver(gateway(), seating)).toMatchObject({ outcome: 'not-sent', reason: 'unauthorised' });
  });

  it('429 is not waited out inside the call; 500 is unknown; a dropped connection before any answer is unknown', async () => {
    behaviour = straightAway(429, error('Too Many Requests', 429), { 'retry-after': '2' });
    expect(await deliver(gateway(), seating)).toMatchObject({ outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 2 });
    expect(received).toHaveLength(1);
    behaviour = after(500, error('boom', 500));
    expect(await deliver(gateway(), seating)).toMatchObject({ outcome: 'unknown' });
    // Flow has no body to hold back: once the request is out, a broken connection proves nothing.
    behaviour = (req) => req.socket.destroy();
    expect(await deliver(gateway(), seating)).toMatchObject({ outcome: 'unknown' });
  });
});

describe('a fault of ours while sending', () => {
  it('is recorded with the error’s own text only: no stack trace in the stored detail', async () => {
    const broken = {
      limiter: { stats: () => ({ pausedUntil: 0 }) },
      flowNewOrder: async () => {
        throw new TypeError('Cannot read properties of undefined (reading "id")');
      },
    } as unknown as Gateway;
    const outcome = await deliver(broken, { kind: 'seating', data: { customer: null, table_id: [3], guests: 2, contents: null, payments: null } });
    expect(outcome).toEqual({
      outcome: 'unknown',
      code: 'order-send-failed',
      detail: 'POST apiFlow newOrder — TypeError: Cannot read properties of undefined (reading "id")',
    });
  });
});

describe('deliver: a gift card’s redeem (money, never resent by itself)', () => {
  const redeem: DeliveryRequest = { kind: 'gift-redeem', uuid: 'CARD-77', redeem: { amount: '12.50' } };

  it('accepted: no order id, the balance left in cents; sent once to the card’s path with the amount', async () => {
    behaviour = after(200, { balance: 7.5, customer_id: null });
    expect(await deliver(gateway(), redeem)).toEqual({ outcome: 'accepted', orderId: null, balanceCents: 750 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/external/v2/giftCards/CARD-77' });
    expect(JSON.parse(received[0]!.body)).toEqual({ amount: '12.50' });
  });

  it('422: rejected, worded as the card refused, with the vendor’s words', async () => {
    behaviour = after(422, error("The amount 12.50 is above the card's balance 3.00.", 422));
    const outcome = await deliver(gateway(), redeem);
    expect(outcome).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
      code: 'gift-card-redeem-refused',
      params: { said: "The amount 12.50 is above the card's balance 3.00." },
    });
    expect(outcome.outcome === 'rejected' && outcome.detail).toMatch(/giftCards/);
  });

  it('a 5xx after the body, a broken connection or no answer in time: unknown (a person checks the card)', async () => {
    for (const status of [500, 502, 504]) {
      behaviour = after(status, error('boom', status));
      expect(await deliver(gateway(), redeem)).toMatchObject({ outcome: 'unknown', code: 'order-unconfirmed' });
    }
    behaviour = (req, _res, readAll) => void readAll().then(() => req.socket.destroy());
    expect(await deliver(gateway(), redeem)).toMatchObject({ outcome: 'unknown' });
    behaviour = (_req, _res, readAll) => void readAll();
    expect(await deliver(gateway({ timeoutMs: 300 }), redeem)).toMatchObject({ outcome: 'unknown' });
  });

  it('nobody listening: not-sent offline (it cannot have been applied)', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await deliver(gateway({ url: `http://127.0.0.1:${port}` }), redeem)).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
  });
});

describe('deliver: a customer created offline', () => {
  const customer: DeliveryRequest = { kind: 'customer', customer: { name: 'Ana Puig', active: 1, email: 'ana@example.com' } };

  it('accepted with the created record when the server sends it, without when it does not', async () => {
    behaviour = after(201, [{ id: 41, name: 'Ana Puig', active: 1, email: 'ana@example.com', phone: 600111222 }]);
    expect(await deliver(gateway(), customer)).toEqual({
      outcome: 'accepted',
      orderId: null,
      customer: { id: 41, name: 'Ana Puig', email: 'ana@example.com', phone: '600111222' },
    });
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/external/v2/customers' });
    expect(JSON.parse(received[0]!.body)).toEqual([{ name: 'Ana Puig', active: 1, email: 'ana@example.com' }]);
    behaviour = after(201, '');
    expect(await deliver(gateway(), customer)).toEqual({ outcome: 'accepted', orderId: null });
  });

  it('422: rejected with the server’s words', async () => {
    behaviour = after(422, error('The name field is required.', 422));
    expect(await deliver(gateway(), customer)).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
      code: 'server-rejected',
      params: { said: 'The name field is required.' },
    });
  });
});

describe('deliver: a purchase order line received (addStock adds, never resent by itself)', () => {
  const stockAdd: DeliveryRequest = { kind: 'stock-add', warehouseId: 2, item_id: 14, quantity: 1.5 };

  it('accepted: sent once to the warehouse’s addStock with the item and the quantity, with Expect: 100-continue', async () => {
    behaviour = after(200, { id: 9, quantity: 11.5, warehouse_id: 2, item_id: 14, unit_id: null });
    expect(await deliver(gateway(), stockAdd)).toEqual({ outcome: 'accepted', orderId: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/external/v2/warehouses/2/addStock', expect: '100-continue' });
    expect(JSON.parse(received[0]!.body)).toEqual({ item_id: 14, quantity: 1.5 });
    // Its answer is not shown in the spec: an empty one is accepted too.
    behaviour = after(200, '');
    expect(await deliver(gateway(), stockAdd)).toEqual({ outcome: 'accepted', orderId: null });
  });

  it('422: rejected with the server’s words', async () => {
    behaviour = after(422, error('No item with id 14 in the catalog.', 422));
    expect(await deliver(gateway(), stockAdd)).toMatchObject({
      outcome: 'rejected',
      reason: 'invalid',
      params: { said: 'No item with id 14 in the catalog.' },
    });
  });

  it('a 5xx after the body, a broken connection or no answer in time: unknown (a person checks the stock)', async () => {
    for (const status of [500, 502, 504]) {
      behaviour = after(status, error('boom', status));
      expect(await deliver(gateway(), stockAdd)).toMatchObject({ outcome: 'unknown', code: 'order-unconfirmed' });
    }
    behaviour = (req, _res, readAll) => void readAll().then(() => req.socket.destroy());
    expect(await deliver(gateway(), stockAdd)).toMatchObject({ outcome: 'unknown' });
    behaviour = (_req, _res, readAll) => void readAll();
    expect(await deliver(gateway({ timeoutMs: 300 }), stockAdd)).toMatchObject({ outcome: 'unknown' });
  });

  it('dropped before 100 Continue, nobody listening, or a 503: not sent (nothing was added), so the queue sends it again', async () => {
    behaviour = (req) => req.socket.destroy();
    expect(await deliver(gateway(), stockAdd)).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    expect(received[0]!.body).toBe('');
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await deliver(gateway({ url: `http://127.0.0.1:${port}` }), stockAdd)).toMatchObject({ outcome: 'not-sent', reason: 'offline' });
    behaviour = straightAway(503, error('maintenance', 503), { 'retry-after': '2' });
    expect(await deliver(gateway(), stockAdd)).toMatchObject({ outcome: 'not-sent', reason: 'unavailable' });
  });
});
