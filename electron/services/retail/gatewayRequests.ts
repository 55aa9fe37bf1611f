import type { z } from 'zod';
import { coded, describeZodError } from '../../../shared/bridge';
import { RETAIL_MAX_OBJECTS } from '../../../shared/api/retail';
import { GatewayError, positiveId } from '../gateway/errors';
import type { RequestPriority } from '../gateway/limiter';
import { createTransport, type HttpMethod, type RequestSpec } from '../gateway/transport';
import { rememberSecret } from '../secrets/redact';
import type { RetailLimiter } from './limiter';

// How every retail call is sent (the transport, §5 credentials, the account's budgets) and the
// checks a request passes before it leaves (its schema, §4.1's 100-object limit, positive ids).
// The endpoint groups of ./gateway.ts and ./gatewayWrites.ts are built on it.

const ROOT = 'api/external';

export interface RetailGatewayOptions {
  /** The retail host root (`{retail_url}`); the paths of §4 are appended. */
  baseUrl: string;
  /** The account username (§5 `username` header). */
  username: string;
  /** The access token, read at every call (so a saved token takes effect at once); null: none saved. */
  token: () => Promise<string | null>;
  /** The account's budgets, shared by every caller of the account (createRetailAccountLimiters). */
  limiter: RetailLimiter;
  /** Per request attempt, from sending to the end of the answer. */
  timeoutMs: number;
  onReachability?: ((reachable: boolean) => void) | undefined;
  fetch?: typeof fetch | undefined;
  /** Default 2 MB, as in hospitality (clarifications "Limits"). */
  maxRequestBytes?: number | undefined;
  /** A Retry-After longer than this fails the call `rate-limited` instead of waiting. Default 2 min. */
  maxRetryAfterMs?: number | undefined;
  /** Orders and invoices with `Expect: 100-continue`; default on unless `fetch` is injected. */
  expectContinue?: boolean | undefined;
}

export interface RetailRequests {
  /** One call below `api/external/`: `endpoint` names it in errors (without the method). */
  call<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    endpoint: string,
    response: S,
    extra?: Partial<RequestSpec<S>> & { priority?: RequestPriority | undefined },
  ): Promise<z.output<S>>;
  checked<S extends z.ZodType>(schema: S, value: unknown, endpoint: string): z.output<S>;
  withinObjectLimit(count: number, endpoint: string): void;
  positiveId(id: number, endpoint: string, what: string): number;
}

export function createRetailRequests(options: RetailGatewayOptions): RetailRequests {
  const { limiter } = options;

  async function credentialHeaders(endpoint: string): Promise<Record<string, string>> {
    const token = await options.token();
    if (!token || !options.username) {
      throw new GatewayError({ kind: 'unauthorised', endpoint, text: coded('no-credentials') });
    }
    // From now on the token is scrubbed from every error, log and detail (secrets/redact.ts).
    rememberSecret(token);
    // §5: the three headers of every call.
    return { username: options.username, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  }

  const transport = createTransport({
    baseUrl: options.baseUrl,
    secrets: async () => null,
    credentialHeaders,
    timeoutMs: options.timeoutMs,
    limiter: limiter.all,
    onReachability: options.onReachability,
    fetch: options.fetch,
    maxRequestBytes: options.maxRequestBytes,
    maxRetryAfterMs: options.maxRetryAfterMs,
  });

  /** Checks what we are about to send against its request schema: a bad request never leaves. */
  function checked<S extends z.ZodType>(schema: S, value: unknown, endpoint: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')).filter((path) => path !== ''))];
      throw new GatewayError({
        kind: 'invalid',
        code: 'request-invalid',
        endpoint,
        fields,
        text: coded('request-invalid', fields.length > 0 ? { fields: fields.join(', ').slice(0, 500) } : undefined),
        body: describeZodError(endpoint, parsed.error),
      });
    }
    return parsed.data;
  }

  /** §4.1: at most 100 objects per create or update request, refused here before sending. */
  function withinObjectLimit(count: number, endpoint: string): void {
    if (count > RETAIL_MAX_OBJECTS) {
      throw new GatewayError({
        kind: 'invalid',
        code: 'too-many-objects',
        endpoint,
        text: coded('request-invalid', { count, limit: RETAIL_MAX_OBJECTS }),
        body: `${count} objects in one write; at most ${RETAIL_MAX_OBJECTS} per request (retail §4.1). Nothing was sent.`,
      });
    }
  }

  function call<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    endpoint: string,
    response: S,
    extra: Partial<RequestSpec<S>> & { priority?: RequestPriority | undefined } = {},
  ): Promise<z.output<S>> {
    const fullPath = `${ROOT}/${path}`;
    return transport.send({
      method,
      path: fullPath,
      endpoint: `${method} ${endpoint}`,
      credentials: 'headers',
      response,
      write: method !== 'GET',
      limiter: limiter.forPath(fullPath),
      ...extra,
      priority: extra.priority ?? 'interactive',
    });
  }

  return { call, checked, withinObjectLimit, positiveId };
}
