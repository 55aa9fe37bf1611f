import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './server';
import { demoHeaders } from './testing';

let running: RunningSandbox | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** The low-level code of a failed fetch (undici puts it in `cause`), or 'no failure'. */
async function fetchFailure(url: string): Promise<string> {
  try {
    await fetch(url, { headers: demoHeaders() });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
  return 'no failure';
}

/** A request on a brand-new connection (no pooled socket): resolves the status or the error code. */
function freshRequest(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: demoHeaders() }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
    req.end();
  });
}

describe('startSandbox', () => {
  it('listens on a free loopback port, serves the API, and really stops on close()', async () => {
    running = await startSandbox({ port: 0 });
    expect(running.port).toBeGreaterThan(0);
    expect(running.url).toBe(`http://127.0.0.1:${running.port}`);

    const url = `${running.url}/api/external/v2/paymentMethods`;
    const res = await fetch(url, { headers: demoHeaders() });
    expect(res.status).toBe(200);
    expect(await res.json()).toContainEqual({ id: 1, name: 'Card', active: 1 });
    const rooms = await fetch(`${running.url}/api/external/v2/rooms?withTables=1`, { headers: demoHeaders() });
    expect(((await rooms.json()) as { path: string }).path).toBe(`${running.url}/api/external/v2/rooms`);
    expect(await freshRequest(url)).toBe(200);

    await running.close();
    expect(await freshRequest(url)).toBe('ECONNREFUSED');
    // fetch keeps a pool: its first try may hit the keep-alive socket the server has just
    // dropped (UND_ERR_SOCKET); from then on the connection is refused.
    expect(['ECONNREFUSED', 'UND_ERR_SOCKET']).toContain(await fetchFailure(url));
    expect(await fetchFailure(url)).toBe('ECONNREFUSED');
    await running.close(); // idempotent
  });

  it('close() drops open keep-alive connections instead of waiting for them', async () => {
    running = await startSandbox();
    const socket = connect(running.port, '127.0.0.1');
    socket.on('error', () => {}); // the server resets the busy connection: expected
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.write(
      'GET /api/external/v2/paymentMethods HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n' +
        Object.entries(demoHeaders())
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n',
    );
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    // A half-sent second request keeps the connection busy: a plain server.close() would hang.
    socket.write('GET /api/external/v2/rooms HTTP/1.1\r\nHost: x\r\n');

    const started = Date.now();
    await running.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(socket.destroyed).toBe(true);
  });

  it('gives two sandboxes two ports and independent states', async () => {
    running = await startSandbox();
    const other = await startSandbox({ seed: { rooms: [] } });
    try {
      expect(other.port).not.toBe(running.port);
      const total = async (base: string) =>
        ((await (await fetch(`${base}/api/external/v2/rooms`, { headers: demoHeaders() })).json()) as { total: number }).total;
      expect(await total(running.url)).toBe(3);
      expect(await total(other.url)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('rejects when the port is taken', async () => {
    running = await startSandbox();
    await expect(startSandbox({ port: running.port })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('requests node cannot parse', () => {
  /** Writes raw bytes on a new connection and resolves everything the server answers before it closes. */
  function rawExchange(port: number, bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.write(bytes);
    });
  }

  it('answer with the JSON error body and close: a malformed request line (400), headers too large (431)', async () => {
    running = await startSandbox();
    const garbage = await rawExchange(running.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1] ?? '')).toEqual({ error: expect.any(String), code: 400, data: [] });
    const huge = await rawExchange(running.port, `GET /apiFlow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.split('\r\n\r\n')[1] ?? '')).toMatchObject({ code: 431, data: [] });
    expect(await freshRequest(`${running.url}/api/external/v2/paymentMethods`)).toBe(200);
  });
});
