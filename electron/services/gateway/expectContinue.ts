import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

// One request with `Expect: 100-continue` (RFC 9110 §10.1.1), on node:http(s) because fetch and ky
// cannot do it: the headers leave first, the body only once the server says `100 Continue`. It
// tells the outbox whether an order's body ever left (ARCHITECTURE §5): a connection that breaks
// BEFORE the body was written cannot have delivered the order, so it is safe to send again;
// after that point, it may have been applied.

export interface ContinueAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The whole answer's text. */
  text: string;
  /**
   * Whether the body was written. False: the server answered before it said 100 Continue, so it
   * decided without the body (RFC 9110 §10.1.1) and cannot have applied it.
   */
  bodySent: boolean;
}

export interface ContinueRequest {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  headers: Record<string, string>;
  body: string;
  /** From sending the headers to the end of the answer. */
  timeoutMs: number;
  /**
   * RFC 9110 §10.1.1: a client that sent `Expect: 100-continue` need not wait forever, since some
   * servers never send 100. After this long without 100 or an answer, the body is sent anyway.
   * Default 1 s, and never more than half the timeout, so the body always leaves before the
   * request times out (a timeout then always means "sent, no answer").
   */
  continueWaitMs?: number;
}

/** The exchange failed without an answer; `bodySent` says whether the body had been written. */
export class ContinueExchangeError extends Error {
  readonly bodySent: boolean;
  readonly reason: 'timeout' | 'connection';
  /** The socket error's code (ECONNREFUSED, ECONNRESET, …) when there was one. */
  readonly code: string | undefined;

  constructor(init: { bodySent: boolean; reason: 'timeout' | 'connection'; message: string; code?: string | undefined }) {
    super(init.message);
    this.name = 'ContinueExchangeError';
    this.bodySent = init.bodySent;
    this.reason = init.reason;
    this.code = init.code;
  }
}

export const DEFAULT_CONTINUE_WAIT_MS = 1_000;

/** Sends one request with `Expect: 100-continue`; resolves any HTTP answer, rejects ContinueExchangeError. */
export async function exchangeWithContinue(spec: ContinueRequest): Promise<ContinueAnswer> {
  const answer = await exchangeOnce(spec, true);
  // RFC 9110 §10.1.1: a 417 means the server (or a proxy) refuses the expectation; the body has
  // not left, so the request is repeated without it.
  if (answer.status === 417 && !answer.bodySent) return exchangeOnce(spec, false);
  return answer;
}

function exchangeOnce(spec: ContinueRequest, expectContinue: boolean): Promise<ContinueAnswer> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(spec.body, 'utf8');
    const url = new URL(spec.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { ...spec.headers, 'content-length': String(payload.byteLength) };
    if (expectContinue) headers.expect = '100-continue';

    let bodySent = false;
    let settled = false;
    // A fresh connection (no pooled socket): a socket the server destroyed can never be reused.
    const req = send(url, { method: spec.method, headers, agent: false });

    const fail = (reason: 'timeout' | 'connection', message: string, code?: string) => {
      if (settled) return;
      settled = true;
      clearTimers();
      reject(new ContinueExchangeError({ bodySent, reason, message, code }));
      req.destroy();
    };
    const sendBody = () => {
      if (bodySent || settled) return;
      bodySent = true;
      clearTimeout(continueTimer);
      req.end(payload);
    };

    const continueWaitMs = Math.max(0, Math.min(spec.continueWaitMs ?? DEFAULT_CONTINUE_WAIT_MS, spec.timeoutMs / 2));
    const continueTimer = setTimeout(sendBody, expectContinue ? continueWaitMs : 0);
    const deadline = setTimeout(() => fail('timeout', `no answer within ${spec.timeoutMs} ms`), spec.timeoutMs);
    const clearTimers = () => {
      clearTimeout(continueTimer);
      clearTimeout(deadline);
    };

    req.on('continue', sendBody);
    req.on('response', (res) => {
      // A final answer. Without a 100 first, the server decided without the body (401, 413, 429…):
      // the body is never sent, and the connection is closed after the answer.
      clearTimeout(continueTimer);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) => fail('connection', `answer broken: ${error.message}`, error.code));
      res.on('aborted', () => fail('connection', 'answer broken: aborted'));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimers();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), bodySent });
        if (!bodySent) req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => fail('connection', error.message, error.code));
    req.on('close', () => fail('connection', bodySent ? 'connection closed before the answer' : 'connection closed before 100 Continue'));
    // Headers now; the body waits for 100 Continue (or the wait above).
    req.flushHeaders();
  });
}
