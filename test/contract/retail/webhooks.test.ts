// Webhooks of the retail sandbox (retail-api.md §6, clarifications "Webhooks")
// against an INDEPENDENT receiver: a plain node:http server that checks X-Service-Hmac-SHA256 over
// the raw body the way public receivers do (hex or base64, constant-time compare) and counts
// repeats of the same body. The retail listener runs with a time scale (the documented 10 s, 30 s,
// 1 min, 2 min, 5 min become 100, 300, 600, 1200, 3000 ms, or a fifth of those), so the schedule
// is real but short.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRetailSandbox, type RunningRetailSandbox, type StartRetailSandboxOptions } from '../../../electron/sandbox/retail';
import { MINIMAL, R, SHOP, type Json } from './fixtures';

const SCALE = 0.01;
const DELAYS = [100, 300, 600, 1200, 3000];

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

// ---- the independent receiver --------------------------------------------------------------

interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The signature checked with the secret the receiver was given. */
  verified: boolean;
  form: URLSearchParams;
}

/** What a public receiver does: HMAC-SHA256 of the raw bytes, the header read as hex or base64, compared in constant time. */
function verifySignature(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = /^[0-9a-f]{64}$/i.test(header) ? Buffer.from(header, 'hex') : Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Reply = number | 'hang' | { redirect: string };

interface Receiver {
  url: string;
  secret: string;
  received: Received[];
  /** How many times each distinct body arrived (repeats are expected: receivers must be idempotent). */
  repeats(): number[];
  /** Answers held by a 'hang' reply, to release them. */
  held: ServerResponse[];
}

async function startReceiver(reply: (path: string, n: number) => Reply = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const receiver = { url: '', secret: '', received, held } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = req.url ?? '/';
      received.push({
        at: Date.now(),
        path,
        headers: req.headers,
        raw,
        verified: verifySignature(raw, req.headers['x-service-hmac-sha256'], receiver.secret),
        form: new URLSearchParams(raw.toString('utf8')),
      });
      const answer = reply(path, received.filter((r) => r.path === path).length);
      if (answer === 'hang') return void held.push(res);
      if (typeof answer === 'object') return void res.writeHead(302, { Location: answer.redirect }).end();
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.repeats = () => {
    const counts = new Map<string, number>();
    for (const r of received) {
      const key = createHash('sha256').update(r.raw).digest('hex');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts.values()];
  };
  cleanup.push(async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return receiver;
}

// ---- the retail listener and its control API ------------------------------------------------

async function shop(options: StartRetailSandboxOptions['webhooks'] = { timeScale: SCALE, timeoutMs: 5000 }): Promise<RunningRetailSandbox> {
  const sandbox = await startRetailSandbox({ port: 0, webhooks: options, limits: { catalogRequestsPerMinute: 1_000_000, requestsPerMinute: 1_000_000 } });
  cleanup.push(() => sandbox.close());
  return sandbox;
}

async function json(response: Response): Promise<{ status: number; body: Json }> {
  return { status: response.status, body: (await response.json()) as Json };
}

function control(sandbox: RunningRetailSandbox, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.url}/__sandbox/retail/webhooks${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  }).then(json);
}

async function addWebhook(sandbox: RunningRetailSandbox, receiver: Receiver, fields: Json): Promise<{ id: number; secret: string }> {
  const answer = await control(sandbox, 'POST', '', { username: 'demo-shop', url: `${receiver.url}/hook`, active: true, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  receiver.secret = answer.body.secret as string;
  return answer.body as { id: number; secret: string };
}

function api(sandbox: RunningRetailSandbox, method: string, path: string, body?: unknown) {
  return fetch(`${sandbox.url}${R}${path}`, {
    method,
    headers: { ...SHOP, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(json);
}

interface DeliveryView {
  id: number;
  webhookId: number;
  event: string;
  test: boolean;
  status: string;
  nextAttemptAt: string | null;
  reason: string | null;
  attempts: Array<{ number: number; startedAt: string; durationMs: number; httpStatus: number | null; ok: boolean; error: string | null }>;
}

async function deliveries(sandbox: RunningRetailSandbox, query = ''): Promise<DeliveryView[]> {
  const answer = await control(sandbox, 'GET', `/deliveries${query}`);
  expect(answer.status).toBe(200);
  return answer.body.deliveries as DeliveryView[];
}

async function settled(sandbox: RunningRetailSandbox, query: string, timeout = 15_000): Promise<DeliveryView[]> {
  return vi.waitFor(
    async () => {
      const list = await deliveries(sandbox, query);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((d) => ['delivered', 'failed', 'cancelled'].includes(d.status))).toBe(true);
      return list;
    },
    { timeout, interval: 25 },
  );
}

// ---- the tests ---------------------------------------------------------------------------------

describe('a delivery, as an independent receiver sees it', () => {
  it('a product update arrives as a signed form (username, event, data = the product as the API returns it); the API answer did not wait for it', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver(() => 'hang');
    const { id } = await addWebhook(sandbox, receiver, { event: 'product.updated' });

    const updated = await api(sandbox, 'POST', `/catalog/products/${MINIMAL.product.shirt}`, { name: 'Camiseta «clàssica» & co', price: 21.5 });
    expect(updated.status).toBe(200);
    // The receiver is still holding its answer: the API call was answered without waiting for it.
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect((await deliveries(sandbox))[0]).toMatchObject({ webhookId: id, status: 'sending', attempts: [] });
    receiver.held.splice(0).forEach((res) => res.writeHead(200).end());

    const [got] = receiver.received;
    expect(got!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got!.headers['x-service-hmac-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(got!.verified).toBe(true);
    expect([...got!.form.keys()]).toEqual(['username', 'event', 'data']);
    expect(got!.form.get('username')).toBe('demo-shop');
    expect(got!.form.get('event')).toBe('product.updated');
    const read = await api(sandbox, 'GET', `/catalog/products/${MINIMAL.product.shirt}`);
    expect(JSON.parse(got!.form.get('data')!)).toEqual(read.body);
    // The verifier can say no: one changed byte, or another secret.
    const tampered = Buffer.from(got!.raw);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 2) ^ 1, tampered.length - 2);
    expect(verifySignature(tampered, got!.headers['x-service-hmac-sha256'], receiver.secret)).toBe(false);
    expect(verifySignature(got!.raw, got!.headers['x-service-hmac-sha256'], 'f'.repeat(64))).toBe(false);
    // A receiver that reads the header as base64 accepts the same signature re-encoded.
    const base64 = Buffer.from(got!.headers['x-service-hmac-sha256'] as string, 'hex').toString('base64');
    expect(verifySignature(got!.raw, base64, receiver.secret)).toBe(true);

    const [delivery] = await settled(sandbox, `?webhook=${id}`);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ number: 1, httpStatus: 200, ok: true, error: null }] });
  });

  it('an invoice sends order.closed (the order with its lines and invoice) and one payment.updated per payment', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver();
    await addWebhook(sandbox, receiver, { event: 'order.closed' });
    await addWebhook(sandbox, receiver, { event: 'payment.updated' });
    const order = await api(sandbox, 'POST', '/orders', {
      total: 39.98,
      order_contents: [{ product_id: MINIMAL.product.shirt, quantity: 2, price: 19.99, total: 39.98, taxPercentage: 21 }],
    });
    expect(order.status).toBe(201);
    const invoice = await api(sandbox, 'POST', `/orders/${order.body.id as number}/invoices`, {
      payments: [
        { amount: 20, payment_method_id: MINIMAL.payment.card },
        { amount: 25, change: 5.02, payment_method_id: MINIMAL.payment.cash },
      ],
    });
    expect(invoice.status).toBe(201);
    await settled(sandbox, '');
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const byEvent = (event: string) => receiver.received.filter((r) => r.form.get('event') === event).map((r) => JSON.parse(r.form.get('data')!) as Json);
    const [closed] = byEvent('order.closed');
    expect(closed).toMatchObject({ id: order.body.id, status: 1, total: 39.98, invoice: { id: invoice.body.id, number: invoice.body.number } });
    expect(closed!.order_contents).toHaveLength(1);
    expect(byEvent('payment.updated').map((p) => p.amount)).toEqual(expect.arrayContaining([20, 25]));
    expect(byEvent('payment.updated')).toHaveLength(2);
  });
});

describe('retries (time-scaled: 100, 300, 600, 1200, 3000 ms)', () => {
  it('the receiver fails 3 times, then succeeds: 4 attempts logged with their times, the same signed body each time', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver((_path, n) => (n <= 3 ? 500 : 200));
    const { id } = await addWebhook(sandbox, receiver, { event: 'customer.created' });
    expect((await api(sandbox, 'POST', '/config/customers', { name: 'Marta Puig', address: 'Carrer Gran 1' })).status).toBe(201);

    const [delivery] = await settled(sandbox, `?webhook=${id}`);
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => [a.number, a.httpStatus, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    const starts = delivery!.attempts.map((a) => Date.parse(a.startedAt));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(DELAYS[i - 1]!);
    const arrivals = receiver.received.map((r) => r.at);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(DELAYS[i - 1]!);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.repeats()).toEqual([4]); // one event, delivered 4 times: a receiver must be idempotent
  });

  it('a receiver that always fails gets the first attempt and 5 retries, then the delivery is given up', async () => {
    const sandbox = await shop({ timeScale: SCALE / 5, timeoutMs: 5000 }); // 20, 60, 120, 240, 600 ms
    const receiver = await startReceiver(() => 503);
    const { id } = await addWebhook(sandbox, receiver, { event: 'product.deleted' });
    expect((await api(sandbox, 'DELETE', `/catalog/products/${MINIMAL.product.socks}`)).status).toBe(200);

    const pending = await vi.waitFor(
      async () => {
        const [d] = await deliveries(sandbox, `?webhook=${id}`);
        expect(d).toMatchObject({ status: 'pending', attempts: [{ httpStatus: 503 }] });
        return d!;
      },
      { timeout: 5000, interval: 10 },
    );
    expect(Date.parse(pending.nextAttemptAt!) - Date.parse(pending.attempts[0]!.startedAt)).toBeGreaterThanOrEqual(DELAYS[0]! / 5);

    const [delivery] = await settled(sandbox, `?webhook=${id}`, 20_000);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, reason: 'given up after 6 attempts' });
    expect(delivery!.attempts.map((a) => a.httpStatus)).toEqual([503, 503, 503, 503, 503, 503]);
    expect(receiver.received).toHaveLength(6);
    const arrivals = receiver.received.map((r) => r.at);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(DELAYS[i - 1]! / 5);
    expect(receiver.repeats()).toEqual([6]);
  });

  it('no answer within the timeout (10 s × the time scale) is a failed attempt', async () => {
    const sandbox = await shop({ timeScale: 0.03 }); // timeout 300 ms
    const receiver = await startReceiver((_path, n) => (n === 1 ? 'hang' : 200));
    const { id } = await addWebhook(sandbox, receiver, { event: 'product.*' });
    expect((await api(sandbox, 'POST', '/catalog/products', [{ name: 'Gorra', category_id: MINIMAL.category.shirts, price: 12 }])).status).toBe(201);

    const [delivery] = await settled(sandbox, `?webhook=${id}`);
    expect(delivery!.attempts).toHaveLength(2);
    expect(delivery!.attempts[0]).toMatchObject({ httpStatus: null, ok: false, error: 'no answer within 300 ms' });
    expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(300);
    expect(delivery!.attempts[1]).toMatchObject({ httpStatus: 200, ok: true });
    expect(receiver.received.map((r) => r.form.get('event'))).toEqual(['product.created', 'product.created']);
  });

  it('a redirect is not followed: it is a failed attempt', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver((path) => (path === '/hook' ? { redirect: '/elsewhere' } : 200));
    const { id } = await addWebhook(sandbox, receiver, { event: 'product.updated' });
    await control(sandbox, 'POST', `/${id}/test`, {});
    await vi.waitFor(async () => expect((await deliveries(sandbox))[0]!.attempts).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect((await deliveries(sandbox))[0]!.attempts[0]).toMatchObject({ httpStatus: 302, ok: false, error: 'HTTP 302 (redirects are not followed)' });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
  });
});

describe('which webhooks receive an event', () => {
  it('{model}.* receives every event of its model; an exact name only its own; inactive webhooks nothing', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver();
    const all = await addWebhook(sandbox, receiver, { event: 'customer.*', url: `${receiver.url}/all` });
    const created = await addWebhook(sandbox, receiver, { event: 'customer.created', url: `${receiver.url}/created` });
    const inactive = await addWebhook(sandbox, receiver, { event: 'customer.*', url: `${receiver.url}/inactive`, active: false });
    const products = await addWebhook(sandbox, receiver, { event: 'product.*', url: `${receiver.url}/products` });

    const customer = await api(sandbox, 'POST', '/config/customers', { name: 'Pau Vila', address: 'Carrer Nou 2' });
    expect(customer.status).toBe(201);
    expect((await api(sandbox, 'PATCH', `/config/customers/${customer.body.id as number}`, { notes: 'VIP' })).status).toBe(200);

    await vi.waitFor(async () => expect(await settled(sandbox, '')).toHaveLength(3), { timeout: 10_000, interval: 25 });
    const got = receiver.received.map((r) => `${r.path} ${r.form.get('event')}`).sort();
    expect(got).toEqual(['/all customer.created', '/all customer.updated', '/created customer.created']);
    expect(await deliveries(sandbox, `?webhook=${inactive.id}`)).toEqual([]);
    expect(await deliveries(sandbox, `?webhook=${products.id}`)).toEqual([]);
    expect((await deliveries(sandbox, `?webhook=${all.id}`)).map((d) => d.event).sort()).toEqual(['customer.created', 'customer.updated']);
    expect((await deliveries(sandbox, `?webhook=${created.id}`)).map((d) => d.event)).toEqual(['customer.created']);
  });
});

describe('control API', () => {
  it('Send test webhook: product.updated with the first product, whatever the webhook subscribes to, active or not', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver();
    const { id } = await addWebhook(sandbox, receiver, { event: 'order.closed', active: false });
    const answer = await control(sandbox, 'POST', `/${id}/test`, {});
    expect(answer.status).toBe(202);
    expect(answer.body.delivery).toMatchObject({ webhookId: id, event: 'product.updated', test: true });
    const [delivery] = await settled(sandbox, `?webhook=${id}`);
    expect(delivery).toMatchObject({ status: 'delivered', test: true });
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.form.get('event')).toBe('product.updated');
    const first = await api(sandbox, 'GET', '/catalog/products/1');
    expect(JSON.parse(got!.form.get('data')!)).toEqual(first.body);
    expect((await control(sandbox, 'POST', '/999/test', {})).status).toBe(404);
  });

  it("the secret is created with an account's first webhook and is the same for the next ones; reset forgets it", async () => {
    const sandbox = await shop();
    const receiver = await startReceiver();
    const first = await addWebhook(sandbox, receiver, { event: 'product.*' });
    const second = await addWebhook(sandbox, receiver, { event: 'order.closed', active: false });
    const child = await control(sandbox, 'POST', '', { username: 'demo-shop-child', url: receiver.url, event: 'product.*', active: true });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toEqual({ id: first.id + 1, secret: first.secret });
    expect(child.body.secret).not.toBe(first.secret);
    const listed = await control(sandbox, 'GET', '?username=demo-shop');
    expect((listed.body.webhooks as Json[]).map((w) => [w.id, w.event, w.active, w.secret])).toEqual([
      [first.id, 'product.*', true, first.secret],
      [second.id, 'order.closed', false, first.secret],
    ]);
    expect((await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })).status).toBe(200);
    expect((await control(sandbox, 'GET', '')).body.webhooks).toEqual([]);
    const after = await addWebhook(sandbox, receiver, { event: 'product.*' });
    expect(after.id).toBe(1);
    expect(after.secret).not.toBe(first.secret);
  });

  it('PATCH switches a webhook off (nothing more is sent), DELETE removes it', async () => {
    const sandbox = await shop();
    const receiver = await startReceiver();
    const { id } = await addWebhook(sandbox, receiver, { event: 'product.*' });
    const off = await control(sandbox, 'PATCH', `/${id}`, { active: false });
    expect(off.body).toMatchObject({ id, active: false });
    const other = await addWebhook(sandbox, receiver, { event: 'product.*', url: `${receiver.url}/other` });
    expect((await api(sandbox, 'POST', `/catalog/products/1`, { price: 18 })).status).toBe(200);
    await settled(sandbox, `?webhook=${other.id}`);
    expect(receiver.received.map((r) => r.path)).toEqual(['/other']);
    expect((await control(sandbox, 'DELETE', `/${id}`)).body).toEqual({ deleted: true });
    expect((await control(sandbox, 'PATCH', `/${id}`, { active: true })).status).toBe(404);
  });

  it.each([
    [{ url: 'ftp://127.0.0.1/x', event: 'product.*' }, /url: must be an http:\/\/ or https:\/\/ URL/],
    [{ url: 'not a url', event: 'product.*' }, /url: is not a URL/],
    [{ url: 'http://127.0.0.1/x', event: 'order.*' }, /event: "order\.\*" is not an event of retail-api\.md §6/],
    [{ url: 'http://127.0.0.1/x', event: 'product.updated', active: 'yes' }, /active/],
    [{ url: 'http://127.0.0.1/x' }, /event/],
    [{ url: 'http://127.0.0.1/x', event: 'product.*', secret: 'mine' }, /secret/],
    [{ url: 'http://127.0.0.1/x', event: 'product.*', username: 'nobody' }, /no retail account "nobody"/],
  ])('422 for %j', async (fields, message) => {
    const sandbox = await shop();
    const answer = await control(sandbox, 'POST', '', { username: 'demo-shop', ...fields });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: expect.stringMatching(message), code: 422, data: [] });
    expect((await control(sandbox, 'GET', '')).body.webhooks).toEqual([]);
  });

  it('guards of the control API: JSON only (415), no foreign Origin (403), malformed JSON (422), bad filters (422)', async () => {
    const sandbox = await shop();
    const form = await fetch(`${sandbox.url}/__sandbox/retail/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=demo-shop&url=http://127.0.0.1/x&event=product.*',
    });
    expect(form.status).toBe(415);
    expect(
      (await control(sandbox, 'POST', '', { username: 'demo-shop', url: 'http://127.0.0.1/x', event: 'product.*' }, { Origin: 'http://evil.test' })).status,
    ).toBe(403);
    expect((await control(sandbox, 'POST', '', '{"username":')).status).toBe(422);
    expect((await control(sandbox, 'GET', '/deliveries?status=lost')).status).toBe(422);
    expect((await control(sandbox, 'GET', '')).body.webhooks).toEqual([]);
  });
});
