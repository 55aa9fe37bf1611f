import ky, { HTTPError } from 'ky';
import type { z } from 'zod';
import { coded, describeZodError } from '../../../shared/bridge';
import type { AccountSecrets } from '../secrets/vault';
import { rememberAccountSecrets } from '../secrets/redact';
import { GatewayError, httpStatusError, toGatewayError } from './errors';
import { ContinueExchangeError, exchangeWithContinue } from './expectContinue';
import type { RateLimiter, RequestPriority } from './limiter';

// One vendor request from start to end: credentials, the size guard, a turn of the account's
// rate limiter, the HTTP exchange with its timeout, 429 handling, and the zod check of the answer.
// Every failure leaves as a GatewayError.

/** spec §8: 2 MB per request. Counted as 2 000 000 bytes, under both readings of "MB". */
export const MAX_REQUEST_BYTES = 2_000_000;

export interface TransportOptions {
  /** Host root; the paths of spec §4 are appended. */
  baseUrl: string;
  secrets: () => Promise<AccountSecrets | null>;
  /**
   * Credentials of another service's headers (the retail service: `username` + Bearer, retail
   * §5): when set, `credentials: 'headers'` requests carry what it returns instead of the
   * hospitality headers. It throws (a GatewayError) when there are none, and registers its
   * secrets with secrets/redact.ts.
   */
  credentialHeaders?: ((endpoint: string) => Promise<Record<string, string>>) | undefined;
  /** Per attempt: from sending to the end of the answer's body. */
  timeoutMs: number;
  limiter: RateLimiter;
  onReachability?: ((reachable: boolean) => void) | undefined;
  fetch?: typeof fetch | undefined;
  maxRequestBytes?: number | undefined;
  /** A Retry-After longer than this is not waited out: the call fails `rate-limited`. */
  maxRetryAfterMs?: number | undefined;
  /** How many 429s in a row one call waits out before failing `rate-limited`. */
  maxRateLimitRetries?: number | undefined;
  /** Pause after a 429 that carries no Retry-After. */
  defaultRetryAfterMs?: number | undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod;
  /** Path below the host root, e.g. `api/external/v2/customers/3` (no leading slash). */
  path: string;
  /** For messages: `GET customers/{id}`. */
  endpoint: string;
  /** spec §5: header credentials (v2, catalog, chain, loyalty), or none (Flow carries its own). */
  credentials: 'headers' | 'none';
  searchParams?: Record<string, string | number> | undefined;
  /** A JSON body, already validated against its request schema. */
  body?: unknown;
  /** Validates and shapes the answer. */
  response: S;
  /** Whether the request changes data: decides what a lost answer means (ARCHITECTURE §5). */
  write: boolean;
  priority: RequestPriority;
  /**
   * Send the JSON body with `Expect: 100-continue` over node:http(s) (expectContinue.ts), so a
   * connection lost before the body left is known to be `offline`, not `outcome-unknown`.
   */
  expectContinue?: boolean | undefined;
  /**
   * Default true: a 429 pauses the account and this call waits its turn again (up to the
   * retry limits). False: the 429 comes back at once as `rate-limited` (the account is still
   * paused) — for the outbox, which decides itself when an order is tried again.
   */
  waitOutRateLimit?: boolean | undefined;
  /**
   * The budget this request takes its turn from, when not the transport's (the retail catalog
   * budget, which also takes a turn of the account's). A 429 pauses this one.
   */
  limiter?: RateLimiter | undefined;
}

export interface Transport {
  send<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>;
  /** The account's credentials, or an `unauthorised` failure when none are saved. */
  requireSecrets(endpoint: string): Promise<AccountSecrets>;
  readonly limiter: RateLimiter;
}

const encoder = new TextEncoder();

export function createTransport(options: TransportOptions): Transport {
  const root = options.baseUrl.replace(/\/+$/, '');
  const maxBytes = options.maxRequestBytes ?? MAX_REQUEST_BYTES;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const maxRetries = options.maxRateLimitRetries ?? 5;
  const defaultRetryAfterMs = options.defaultRetryAfterMs ?? 10_000;
  const { limiter } = options;

  async function requireSecrets(endpoint: string): Promise<AccountSecrets> {
    const secrets = await options.secrets();
    rememberAccountSecrets(secrets);
    if (!secrets) {
      throw new GatewayError({
        kind: 'unauthorised',
        endpoint,
        text: coded('no-credentials'),
      });
    }
    return secrets;
  }

  function headersFor(secrets: AccountSecrets | null, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (hasBody) headers['content-type'] = 'application/json';
    if (secrets) {
      // spec §5 — headers of v2, catalog, chain sync and loyalty calls.
      headers.tenant = secrets.tenant;
      headers.authorization = `Bearer ${secrets.accessToken}`;
      headers['client-token'] = secrets.integratorToken;
    }
    return headers;
  }

  /** One HTTP exchange; resolves the answer's text. */
  async function exchange(spec: RequestSpec<z.ZodType>, headers: Record<string, string>, body: string | undefined) {
    return ky(`${root}/${spec.path}`, {
      method: spec.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(spec.searchParams ? { searchParams: spec.searchParams } : {}),
      timeout: options.timeoutMs,
      totalTimeout: options.timeoutMs,
      // Retries are decided here (429 only) and by our callers, never behind their back.
      retry: 0,
      // The vendor API has no reason to redirect, and fetch would carry client-token and tenant
      // along to wherever it points: a 3xx is an error naming that address.
      redirect: 'manual',
      throwHttpErrors: true,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }).text();
  }

  /** The same exchange with `Expect: 100-continue`: an error status or a lost connection throws a GatewayError. */
  async function exchangeWithExpect(spec: RequestSpec<z.ZodType>, headers: Record<string, string>, body: string) {
    const query = queryOf(spec);
    let answer;
    try {
      answer = await exchangeWithContinue({
        url: `${root}/${spec.path}${query ? `?${query}` : ''}`,
        method: spec.method === 'PUT' || spec.method === 'PATCH' ? spec.method : 'POST',
        headers,
        body,
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof ContinueExchangeError) throw continueFailure(error, spec.endpoint, spec.write);
      throw error;
    }
    if (answer.status >= 200 && answer.status < 300) return answer.text;
    const retryAfter = answer.headers['retry-after'];
    // node:http never follows a 3xx: it is an error like any other status outside 2xx.
    throw httpStatusError({
      endpoint: spec.endpoint,
      // Answered before the body left: even a 5xx cannot have applied it.
      isWrite: spec.write && answer.bodySent,
      status: answer.status,
      body: jsonOrText(answer.text),
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      location: answer.headers.location === undefined ? null : new URL(answer.headers.location, `${root}/${spec.path}`).href,
    });
  }

  function parse<S extends z.ZodType>(spec: RequestSpec<S>, text: string): z.output<S> {
    const unreadable = coded(spec.write ? 'response-unreadable-write' : 'response-unexpected-shape');
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new GatewayError({
          kind: 'invalid-response',
          endpoint: spec.endpoint,
          text: spec.write ? unreadable : coded('response-not-json'),
          body: `${(error as Error).message}: ${text.slice(0, 200)}`,
        });
      }
    }
    const parsed = spec.response.safeParse(body);
    if (!parsed.success) {
      throw new GatewayError({
        kind: 'invalid-response',
        endpoint: spec.endpoint,
        text: unreadable,
        body: describeZodError(spec.endpoint, parsed.error),
      });
    }
    return parsed.data;
  }

  async function send<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const other = spec.credentials === 'headers' && options.credentialHeaders ? await options.credentialHeaders(spec.endpoint) : null;
    const secrets = spec.credentials === 'headers' && !other ? await requireSecrets(spec.endpoint) : null;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    // spec §8: a request over 2 MB is refused here, before it uses the budget or the network.
    const query = queryOf(spec);
    const size = encoder.encode(body ?? '').byteLength + encoder.encode(query).byteLength;
    if (size > maxBytes) {
      throw new GatewayError({
        kind: 'invalid',
        code: 'body-too-large',
        endpoint: spec.endpoint,
        text: coded('request-too-large', { sizeKb: Math.ceil(size / 1000), limitKb: Math.floor(maxBytes / 1000) }),
        body: `request size ${size} bytes > ${maxBytes}`,
      });
    }

    const headers = { ...headersFor(secrets, body !== undefined), ...other };
    const budget = spec.limiter ?? limiter;
    for (let attempt = 0; ; attempt++) {
      const slot = await budget.acquire(spec.priority);
      let text: string;
      try {
        text =
          spec.expectContinue && body !== undefined && spec.method !== 'GET' && spec.method !== 'DELETE'
            ? await exchangeWithExpect(spec, headers, body)
            : await exchange(spec, headers, body);
        options.onReachability?.(true);
      } catch (error) {
        const failure = toGatewayError(error, spec.endpoint, spec.write);
        // Any HTTP status means the server answered.
        if (error instanceof HTTPError || failure.status !== undefined) options.onReachability?.(true);
        else if (failure.kind === 'offline' || failure.kind === 'timeout') options.onReachability?.(false);
        if (failure.kind === 'rate-limited') {
          // clarifications "Limits": a 429 is a refusal, so reads and writes alike are safe to
          // resend. The whole account waits, then this request takes its turn again.
          const waitMs = failure.retryAfterSeconds !== undefined ? failure.retryAfterSeconds * 1000 : defaultRetryAfterMs;
          budget.pause(waitMs);
          if (spec.waitOutRateLimit !== false && waitMs <= maxRetryAfterMs && attempt < maxRetries) continue;
        }
        throw failure;
      } finally {
        slot.done();
      }
      return parse(spec, text);
    }
  }

  return { send, requireSecrets, limiter };
}

/** The request's query string, without "?" ("" when it has none). */
function queryOf(spec: Pick<RequestSpec<z.ZodType>, 'searchParams'>): string {
  return spec.searchParams ? new URLSearchParams(Object.entries(spec.searchParams).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
}

/** What a failed 100-continue exchange means: before the body left, nothing can have been applied. */
function continueFailure(error: ContinueExchangeError, endpoint: string, isWrite: boolean): GatewayError {
  const detail = [error.code, error.message, error.bodySent ? 'body sent' : 'body not sent'].filter(Boolean).join(': ');
  if (!error.bodySent) {
    return new GatewayError({
      endpoint,
      kind: 'offline',
      body: detail,
      text: coded('offline-nothing-sent'),
    });
  }
  if (!isWrite) {
    return new GatewayError({
      endpoint,
      kind: error.reason === 'timeout' ? 'timeout' : 'offline',
      body: detail,
      text: coded(error.reason === 'timeout' ? 'timeout' : 'offline'),
    });
  }
  return new GatewayError({
    endpoint,
    kind: 'outcome-unknown',
    body: detail,
    text: coded(error.reason === 'timeout' ? 'timeout-write' : 'connection-broke-write'),
  });
}

function jsonOrText(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
