// The 100-continue exchange against a real node:http server on 127.0.0.1: whether the body left is
// what the outbox relies on (ARCHITECTURE §5), so each case checks what the server really received.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ContinueExchangeError, exchangeWithContinue, type ContinueRequest } from './expectContinue';
import { failureOf } from '../../../shared/testing/failureOf.testing';

const BODY = JSON.stringify({ order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }] } });

interface Seen {
  /** Bytes of request body the server read, per request. */
  bodies: string[];
  expects: Array<string | undefined>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    ),
  );
});

/** Reads the request body, then calls `then` with it. */
function readBody(req: IncomingMessage, seen: Seen, then: (body: string) => void) {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    seen.bodies.push(body);
    then(body);
  });
}

/**
 * A server whose `checkContinue` (a request with `Expect: 100-continue`) is `onExpect`; without
 * one, node answers 100 by itself and `onRequest` runs.
 */
async function serve(handlers: {
  onExpect?: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;
  onRequest?: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;
}): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { bodies: [], expects: [] };
  const server = createServer((req, res) => {
    seen.expects.push(req.headers.expect);
    handlers.onRequest?.(req, res, seen);
  });
  if (handlers.onExpect) {
    const onExpect = handlers.onExpect;
    server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
      seen.expects.push(req.headers.expect);
      onExpect(req, res, seen);
    });
  }
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/loyalty/orders`, seen };
}

const request = (url: string, extra: Partial<ContinueRequest> = {}): ContinueRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: BODY,
  timeoutMs: 10_000,
  ...extra,
});

describe('Expect: 100-continue exchange', () => {
  it('sends the headers with the expectation, the body after 100, and resolves the answer', async () => {
    const { url, seen } = await serve({
      onExpect: (req, res, s) => {
        res.writeContinue();
        readBody(req, s, (body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ order_id: 41, echoed: body.length }));
        });
      },
    });
    const answer = await exchangeWithContinue(request(url));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ order_id: 41, echoed: BODY.length });
    expect(seen.expects).toEqual(['100-continue']);
    expect(seen.bodies).toEqual([BODY]);
  });

  it('works with a server that answers 100 by itself (node default)', async () => {
    const { url, seen } = await serve({
      onRequest: (req, res, s) =>
        readBody(req, s, () => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end('{"order_id":7}');
        }),
    });
    expect(await exchangeWithContinue(request(url))).toMatchObject({ status: 201, text: '{"order_id":7}' });
    expect(seen.bodies).toEqual([BODY]);
  });

  it('a connection destroyed before 100 Continue: the body never left', async () => {
    const { url, seen } = await serve({ onExpect: (req) => req.socket.destroy() });
    const failure = await failureOf(exchangeWithContinue(request(url)), ContinueExchangeError);
    expect(failure.bodySent).toBe(false);
    expect(failure.reason).toBe('connection');
    expect(seen.bodies).toEqual([]);
  });

  it('a connection refused: the body never left', async () => {
    const { url } = await serve({});
    await new Promise<void>((done) => {
      const server = servers.pop() as Server;
      server.close(() => done());
    });
    const failure = await failureOf(exchangeWithContinue(request(url)), ContinueExchangeError);
    expect(failure).toMatchObject({ bodySent: false, code: 'ECONNREFUSED' });
  });

  it('a connection destroyed after the server read the body: it may have been applied', async () => {
    const { url, seen } = await serve({
      onExpect: (req, res, s) => {
        res.writeContinue();
        readBody(req, s, () => req.socket.destroy());
      },
    });
    const failure = await failureOf(exchangeWithContinue(request(url)), ContinueExchangeError);
    expect(failure.bodySent).toBe(true);
    expect(failure.reason).toBe('connection');
    expect(seen.bodies).toEqual([BODY]);
  });

  it('a final answer without 100 (429 + Retry-After) is used, and the body is never sent', async () => {
    let received = 0;
    let connectionClosed: () => void = () => {};
    const closed = new Promise<void>((done) => (connectionClosed = done));
    const { url: target } = await serve({
      onExpect: (req, res) => {
        req.on('data', (chunk: Buffer) => (received += chunk.length));
        req.socket.once('close', () => connectionClosed());
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end(JSON.stringify({ error: 'Too Many Requests', code: 429, data: [] }));
      },
    });
    const answer = await exchangeWithContinue(request(target));
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('7');
    expect(JSON.parse(answer.text)).toMatchObject({ code: 429 });
    await closed; // the client closed the connection without writing the body
    expect(received).toBe(0);
  });

  it('a server that never sends 100: the body goes anyway after the wait (RFC 9110 §10.1.1)', async () => {
    const { url, seen } = await serve({
      // No writeContinue: the handler just waits for the body.
      onExpect: (req, res, s) =>
        readBody(req, s, () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"order_id":9}');
        }),
    });
    const answer = await exchangeWithContinue(request(url)); // default wait: 1 s
    expect(answer).toMatchObject({ status: 200, text: '{"order_id":9}' });
    expect(seen.bodies).toEqual([BODY]);
  });

  it('no answer at all: a timeout after the body left (the wait never outlasts half the timeout)', async () => {
    const { url, seen } = await serve({ onExpect: (req, _res, s) => readBody(req, s, () => {}) });
    const failure = await failureOf(exchangeWithContinue(request(url, { timeoutMs: 600 })), ContinueExchangeError);
    expect(failure).toMatchObject({ reason: 'timeout', bodySent: true });
    expect(seen.bodies).toEqual([BODY]);
  });

  it('a 417 (expectation refused) is repeated once without the expectation', async () => {
    const { url, seen } = await serve({
      onExpect: (_req, res) => {
        res.writeHead(417);
        res.end();
      },
      onRequest: (req, res, s) =>
        readBody(req, s, () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"order_id":3}');
        }),
    });
    expect(await exchangeWithContinue(request(url))).toMatchObject({ status: 200 });
    expect(seen.expects).toEqual(['100-continue', undefined]);
    expect(seen.bodies).toEqual([BODY]);
  });
});
