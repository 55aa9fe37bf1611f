// Contract tests of the limits: hospitality spec §4.1 and §8 (page size, request rate, request
// size) and the clarifications "Limits" (per account; past a limit HTTP 429 with Retry-After, an
// oversized body HTTP 413), with the conservative JSON error body of the clarifications.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SeedRoom } from '../../electron/sandbox';

const V2 = '/api/external/v2';
const DEMO = { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' };
const CHILD = { ...DEMO, tenant: 'demo-child' };
const LIFTED = { requestsPerMinute: 100000 };

type Json = Record<string, unknown>;

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startSandbox>[0]): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, ...options });
  running.push(sandbox);
  return sandbox;
}

async function send(sandbox: RunningSandbox, method: string, path: string, body?: unknown, headers: Record<string, string> = DEMO) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: res.status, headers: res.headers, body: json };
}

const get = (sandbox: RunningSandbox, path: string, headers: Record<string, string> = DEMO) => send(sandbox, 'GET', path, undefined, headers);

function expectErrorBody(answer: { status: number; headers: Headers; body: unknown }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  expect(answer.body).toEqual({ error: expect.any(String), code: status, data: [] });
}

describe('§4.1 / §8 page size', () => {
  /** A sandbox whose demo account holds exactly `count` customers (created in bulk through the API). */
  async function withCustomers(count: number, limits: Json = {}) {
    const sandbox = await start({ limits: { ...LIFTED, ...limits } });
    const before = (await get(sandbox, `${V2}/customers`)).body as Json;
    const created = await send(
      sandbox,
      'POST',
      `${V2}/customers`,
      Array.from({ length: count }, (_, i) => ({ name: `Cliente ${i + 1}`, active: 1 })),
    );
    expect(created.status).toBeLessThan(300);
    return { sandbox, total: (before.total as number) + count };
  }

  it('§4.1 / §8: without `pagination` a list has 50 records per page', async () => {
    const { sandbox, total } = await withCustomers(260);
    const page = (await get(sandbox, `${V2}/customers`)).body as Json;
    expect(page.per_page).toBe(50);
    expect((page.data as unknown[]).length).toBe(50);
    expect(page.total).toBe(total);
  });

  it('§4.1 / §8: `pagination` sets the page size up to 200', async () => {
    const { sandbox, total } = await withCustomers(260);
    const ten = (await get(sandbox, `${V2}/customers?pagination=10`)).body as Json;
    expect((ten.data as unknown[]).length).toBe(10);
    const max = (await get(sandbox, `${V2}/customers?pagination=200`)).body as Json;
    expect(max.per_page).toBe(200);
    expect((max.data as unknown[]).length).toBe(200);
    const second = (await get(sandbox, `${V2}/customers?pagination=200&page=2`)).body as Json;
    expect(second.current_page).toBe(2);
    expect((second.data as unknown[]).length).toBe(total - 200);
  });

  it('§4.1 / §8: a `pagination` above the maximum is served as 200', async () => {
    const { sandbox } = await withCustomers(260);
    const page = (await get(sandbox, `${V2}/customers?pagination=1000`)).body as Json;
    expect(page.per_page).toBe(200);
    expect((page.data as unknown[]).length).toBe(200);
  });

  it('§4.1 / §8: vendors follow the same page size rules', async () => {
    const sandbox = await start({ limits: LIFTED });
    const before = ((await get(sandbox, `${V2}/vendors`)).body as Json).total as number;
    const creates = Array.from({ length: 260 - Math.min(before, 260) }, (_, i) =>
      send(sandbox, 'POST', `${V2}/vendors`, { name: `Proveedor ${i}`, address: 'Calle 1', nif: `X${String(i).padStart(7, '0')}T` }),
    );
    for (const answer of await Promise.all(creates)) expect(answer.status).toBeLessThan(300);
    expect(((await get(sandbox, `${V2}/vendors`)).body as Json).per_page).toBe(50);
    expect((((await get(sandbox, `${V2}/vendors`)).body as Json).data as unknown[]).length).toBe(50);
    expect((((await get(sandbox, `${V2}/vendors?pagination=999`)).body as Json).data as unknown[]).length).toBe(200);
  });

  it('§4.1 / §8: rooms are paged 20 per page whatever `pagination` says', async () => {
    const rooms: SeedRoom[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Sala ${i + 1}` }));
    const sandbox = await start({ limits: LIFTED, seed: { rooms } });
    for (const query of ['', '?pagination=50', '?pagination=5']) {
      const page = (await get(sandbox, `${V2}/rooms${query}`)).body as Json;
      expect(page.per_page).toBe(20);
      expect((page.data as unknown[]).length).toBe(20);
      expect(page.total).toBe(25);
    }
    expect((((await get(sandbox, `${V2}/rooms?page=2`)).body as Json).data as unknown[]).length).toBe(5);
  });

  it('sandbox: the rooms page size is settable for tests (--rooms-per-page)', async () => {
    const rooms: SeedRoom[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Sala ${i + 1}` }));
    const sandbox = await start({ limits: { ...LIFTED, roomsPerPage: 2 }, seed: { rooms } });
    const first = (await get(sandbox, `${V2}/rooms`)).body as Json;
    expect(first.per_page).toBe(2);
    expect(first.last_page).toBe(3);
    expect(first.total).toBe(5);
    expect((((await get(sandbox, `${V2}/rooms?page=3`)).body as Json).data as unknown[]).length).toBe(1);
  });

  it('sandbox: the page sizes are settable (limits.defaultPageSize / maxPageSize, flags --page-size / --max-page-size)', async () => {
    const { sandbox } = await withCustomers(40, { defaultPageSize: 7, maxPageSize: 30 });
    expect((((await get(sandbox, `${V2}/customers`)).body as Json).data as unknown[]).length).toBe(7);
    expect((((await get(sandbox, `${V2}/customers?pagination=100`)).body as Json).data as unknown[]).length).toBe(30);
  });
});

describe('§8 request rate (clarifications: per account; past the limit 429 with Retry-After)', () => {
  /** Fires `count` cheap authenticated requests, `batch` at a time; returns their statuses. */
  async function burst(sandbox: RunningSandbox, count: number, batch = 10, headers = DEMO): Promise<number[]> {
    const statuses: number[] = [];
    for (let done = 0; done < count; done += batch) {
      const n = Math.min(batch, count - done);
      const answers = await Promise.all(Array.from({ length: n }, () => get(sandbox, `${V2}/paymentMethods`, headers)));
      statuses.push(...answers.map((a) => a.status));
    }
    return statuses;
  }

  function expectTooMany(answer: { status: number; headers: Headers; body: unknown }): void {
    expectErrorBody(answer, 429);
    const retryAfter = answer.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  }

  it('§8: the 121st request within a minute (spec default 120) → 429 with Retry-After and a JSON body', { timeout: 60_000 }, async () => {
    const sandbox = await start({});
    const statuses = await burst(sandbox, 120);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expectTooMany(await get(sandbox, `${V2}/paymentMethods`));
  });

  it('§8: past a tightened limit (5 per minute) → 429 with Retry-After and a JSON body, on every endpoint family', async () => {
    const sandbox = await start({ limits: { requestsPerMinute: 5 } });
    expect(await burst(sandbox, 5, 5)).toEqual([200, 200, 200, 200, 200]);
    expectTooMany(await get(sandbox, `${V2}/paymentMethods`));
    expectTooMany(await get(sandbox, `${V2}/customers`));
    expectTooMany(await send(sandbox, 'POST', `${V2}/giftCards?balance=5&uuid=rate-limited`));
    expectTooMany(await send(sandbox, 'POST', '/api/external/chains/sync'));
    expectTooMany(await send(sandbox, 'POST', '/api/loyalty/orders', { order: { total: 1, contents: [] } }));
    const message = JSON.stringify({ auth: { tenant: 'demo', token: 'demo-token' }, action: 'newOrder', data: {} });
    expectTooMany(await send(sandbox, 'POST', `/apiFlow?message=${encodeURIComponent(message)}`, undefined, {}));
    // The sandbox also takes Flow's message from a JSON body: that form counts as well.
    expectTooMany(await send(sandbox, 'POST', '/apiFlow', { message }, {}));
  });

  it('§8 / clarifications: the limit is per account — the demo-child account is unaffected by demo’s requests', async () => {
    const sandbox = await start({ limits: { requestsPerMinute: 5 } });
    await burst(sandbox, 5, 5);
    expect((await get(sandbox, `${V2}/paymentMethods`)).status).toBe(429);
    expect(await burst(sandbox, 5, 5, CHILD)).toEqual([200, 200, 200, 200, 200]);
    expect((await get(sandbox, `${V2}/paymentMethods`, CHILD)).status).toBe(429);
  });

  it('§8: v2, catalog, chain sync, loyalty and Flow calls all count against the same per-minute budget', async () => {
    const sandbox = await start({ limits: { requestsPerMinute: 5 } });
    const message = JSON.stringify({ auth: { tenant: 'demo', token: 'demo-token' }, action: 'newOrder', data: {} });
    await get(sandbox, `${V2}/paymentMethods`);
    await get(sandbox, `${V2}/catalog/items`);
    await send(sandbox, 'POST', '/api/external/chains/sync');
    await send(sandbox, 'POST', '/api/loyalty/orders', { order: { total: 1, contents: [] } });
    await send(sandbox, 'POST', `/apiFlow?message=${encodeURIComponent(message)}`, undefined, {});
    expect((await get(sandbox, `${V2}/paymentMethods`)).status).toBe(429);
  });

  it('sandbox: requests with wrong credentials are answered 401 and do not use the tenant’s budget', async () => {
    const sandbox = await start({ limits: { requestsPerMinute: 3 } });
    for (let i = 0; i < 5; i++) {
      expect((await get(sandbox, `${V2}/paymentMethods`, { ...DEMO, Authorization: 'Bearer wrong' })).status).toBe(401);
    }
    expect(await burst(sandbox, 3, 3)).toEqual([200, 200, 200]);
  });

  it('sandbox: the control API (/__sandbox/*) is not rate limited', async () => {
    const sandbox = await start({ limits: { requestsPerMinute: 2 } });
    await burst(sandbox, 2, 2);
    expect((await get(sandbox, `${V2}/paymentMethods`)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await get(sandbox, '/__sandbox/ledger', {})).status).not.toBe(429);
  });
});

/** A raw POST (no fetch): `chunked` sends the body without Content-Length. Resolves status and body. */
function rawPost(sandbox: RunningSandbox, path: string, body: Buffer, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, sandbox.url);
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...DEMO,
          'Content-Type': 'application/json',
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    // The server may answer 413 and close before the whole body is sent: that is not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (chunked) {
      const step = 64 * 1024;
      for (let at = 0; at < body.length; at += step) req.write(body.subarray(at, at + step));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** A JSON array of one customer padded with `notes` to exactly `size` bytes. */
function customersBody(size: number): Buffer {
  const shell = JSON.stringify([{ name: 'Relleno', active: 1, notes: '' }]);
  return Buffer.from(JSON.stringify([{ name: 'Relleno', active: 1, notes: 'x'.repeat(size - shell.length) }]));
}

describe('§8 request size (clarifications: an oversized body → 413)', () => {
  it('§8: a body over a tightened limit → 413 with a JSON body; a body at the limit is served', async () => {
    const sandbox = await start({ limits: { ...LIFTED, maxBodyBytes: 1000 } });
    const over = await send(sandbox, 'POST', `${V2}/customers`, customersBody(1001).toString());
    expectErrorBody(over, 413);
    const at = await send(sandbox, 'POST', `${V2}/customers`, customersBody(1000).toString());
    expect(at.status).toBeLessThan(300);
  });

  it('§8: a body over 2 MB (the spec’s limit) → 413, and nothing is created', async () => {
    const sandbox = await start({ limits: LIFTED });
    const before = ((await get(sandbox, `${V2}/customers`)).body as Json).total;
    const answer = await rawPost(sandbox, `${V2}/customers`, customersBody(2 * 1024 * 1024 + 1), false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: 413, data: [] });
    expect(((await get(sandbox, `${V2}/customers`)).body as Json).total).toBe(before);
  });

  it('§8: a declared Content-Length over 2 MB → 413 at once, before the body is read', async () => {
    const sandbox = await start({ limits: LIFTED });
    const url = new URL(sandbox.url);
    // Headers only: a server that waited for the 3 MB body would never answer.
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${V2}/customers HTTP/1.1\r\nHost: ${url.host}\r\ntenant: demo\r\nAuthorization: Bearer demo-token\r\n` +
            `client-token: demo-client\r\nContent-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n[`,
        );
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('§8: a body of exactly 2 MB is served', async () => {
    const sandbox = await start({ limits: LIFTED });
    const answer = await rawPost(sandbox, `${V2}/customers`, customersBody(2 * 1024 * 1024), false);
    expect(answer.status).toBeLessThan(300);
  });

  it('§8: a chunked body (no Content-Length) over 2 MB → 413', async () => {
    const sandbox = await start({ limits: LIFTED });
    const answer = await rawPost(sandbox, `${V2}/customers`, customersBody(2 * 1024 * 1024 + 100), true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 413, data: [] });
    const small = await rawPost(sandbox, `${V2}/customers`, customersBody(5000), true);
    expect(small.status).toBeLessThan(300);
  });
});
