import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { coded, saidParam, type BridgeErrorInfo, type ErrorText } from '../../../shared/bridge';
import { retailErrorFieldMessages, retailErrorFields } from '../../../shared/api/retail/wire';
import { redactSecrets } from '../secrets/redact';

/**
 * Every way a vendor call can fail, as the UI needs to tell them apart (issue: gateway).
 * `offline` means nothing reached the server; `outcome-unknown` means a write left and no answer
 * came back, so it may have been applied (ARCHITECTURE §5).
 */
export const gatewayErrorKinds = [
  'offline',
  'timeout',
  'unauthorised',
  'not-found',
  'invalid',
  'rate-limited',
  'server-error',
  'outcome-unknown',
  'invalid-response',
] as const;
export type GatewayErrorKind = (typeof gatewayErrorKinds)[number];

/**
 * A finer reason inside a kind, for callers that must tell cases apart (the outbox):
 * - `body-too-large`: over the 2 MB request limit (spec §8) — refused before sending, or a 413;
 *   never resend it (clarifications "Limits": 413 is final);
 * - `request-invalid`: the request broke the spec's rules and was not sent;
 * - `table-has-open-order`: Flow refused because a chosen table already has an open order
 *   (spec §4.7) — right after an unconfirmed attempt, evidence that attempt worked (ARCHITECTURE §5);
 * - `redirected`: the server answered 3xx. Never followed (the credentials would go along
 *   item 2); kind `not-found`, as a wrong address: nothing was applied, the outbox keeps the order.
 * - `too-many-objects`: a write with more objects than one request may carry (retail §4.1: 100),
 *   refused before sending; split it;
 * - `already-invoiced`: the retail service refused an invoice because the order has one
 *   (clarifications "Retail") — right after an unconfirmed invoice attempt, evidence it arrived.
 */
export type GatewayErrorCode = 'body-too-large' | 'request-invalid' | 'table-has-open-order' | 'redirected' | 'too-many-objects' | 'already-invoiced';

export class GatewayError extends Error {
  readonly kind: GatewayErrorKind;
  /** What the waiter is told, as a code (shared/bridge/errorCodes.ts). */
  readonly text: ErrorText;
  readonly code: GatewayErrorCode | undefined;
  readonly status: number | undefined;
  /** Excerpt of the response body, for engineers. */
  readonly body: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly endpoint: string;
  /** Field paths the server's error body named (`address`, `order_contents.0.total`), or []. */
  readonly fields: readonly string[];
  /** The server's words for each field it named, where it gave some (`address` → "The address field is required."). */
  readonly fieldMessages: Readonly<Record<string, string>>;

  constructor(init: {
    kind: GatewayErrorKind;
    text: ErrorText;
    endpoint: string;
    status?: number;
    body?: string;
    retryAfterSeconds?: number;
    code?: GatewayErrorCode;
    fields?: readonly string[];
    fieldMessages?: Readonly<Record<string, string>>;
  }) {
    // The one place every gateway failure is made: no token survives in it.
    const text = redactedText(init.text);
    super(`${init.endpoint}: ${text.code}`);
    this.name = 'GatewayError';
    this.kind = init.kind;
    this.text = text;
    this.code = init.code;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.body = redactSecrets(init.body);
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.fields = init.fields ?? [];
    // The server's words may echo the request: scrubbed like the body.
    this.fieldMessages = Object.fromEntries(Object.entries(init.fieldMessages ?? {}).map(([field, words]) => [field, redactSecrets(words)]));
  }

  toBridgeError(): BridgeErrorInfo {
    const detail = [
      `${this.endpoint}`,
      this.status !== undefined ? `HTTP ${this.status}` : undefined,
      this.code ? `code: ${this.code}` : undefined,
      this.body ? `body: ${this.body}` : undefined,
    ]
      .filter(Boolean)
      .join(' — ');
    return { kind: this.kind, ...this.text, detail };
  }
}

/** Parameters can quote the server (`said`), which may echo the request: scrubbed like the detail. */
export function redactedText(text: ErrorText): ErrorText {
  if (!text.params) return text;
  return {
    code: text.code,
    params: Object.fromEntries(Object.entries(text.params).map(([key, value]) => [key, typeof value === 'string' ? (redactSecrets(value) ?? '') : value])),
  };
}

const BODY_EXCERPT = 500;

function excerpt(body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}…` : text;
}

/** The server's own explanation, when its error body has one (clarifications: `{ error, code, data }`). */
function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'message', 'errorMessage']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return undefined;
}

/** Parses `Retry-After` (seconds or an HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** What an HTTP answer with an error status means (shared by the ky path and the 100-continue path). */
export function httpStatusError(answer: {
  endpoint: string;
  isWrite: boolean;
  status: number;
  /** The answer's body: parsed JSON when it was JSON, else its text. */
  body: unknown;
  retryAfter?: string | null | undefined;
  /** The Location header of a 3xx. */
  location?: string | null | undefined;
}): GatewayError {
  const { status, body, endpoint, isWrite } = answer;
  const said = serverMessage(body);
  const common = { endpoint, status, body: excerpt(body) };
  if (status >= 300 && status < 400) {
    return new GatewayError({
      endpoint,
      status,
      body: `location: ${answer.location ?? '(none)'}`,
      kind: 'not-found',
      code: 'redirected',
      text: coded('server-redirected', { location: answer.location ?? '—' }),
    });
  }
  if (status === 401 || status === 403) {
    return new GatewayError({
      ...common,
      kind: 'unauthorised',
      text: coded('credentials-refused', saidParam(said)),
    });
  }
  if (status === 404) {
    return new GatewayError({
      ...common,
      kind: 'not-found',
      text: said ? coded('not-found-on-server', saidParam(said)) : coded('endpoint-missing', { endpoint }),
    });
  }
  if (status === 413) {
    // clarifications "Limits": an oversized body is refused for good; resending cannot help.
    return new GatewayError({
      ...common,
      kind: 'invalid',
      code: 'body-too-large',
      text: coded('refused-too-large', saidParam(said)),
    });
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(answer.retryAfter ?? null);
    return new GatewayError({
      ...common,
      kind: 'rate-limited',
      retryAfterSeconds,
      text: retryAfterSeconds !== undefined ? coded('rate-limited-wait', { seconds: retryAfterSeconds }) : coded('rate-limited'),
    });
  }
  if (status >= 500) {
    // RFC 9110 §15.6.4: a 503 may say when to come back; the outbox honours it.
    const retryAfterSeconds = status === 503 ? parseRetryAfter(answer.retryAfter ?? null) : undefined;
    return new GatewayError({
      ...common,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      kind: isWrite ? 'outcome-unknown' : 'server-error',
      text: isWrite ? coded('server-failed-write', { status }) : coded('server-error', { status, ...saidParam(said) }),
    });
  }
  // A validation refusal may name its fields (`data` of the `{ error, code, data }` body).
  const fields = retailErrorFields(body);
  const fieldMessages = retailErrorFieldMessages(body);
  return new GatewayError({
    ...common,
    kind: 'invalid',
    ...(fields.length > 0 ? { fields } : {}),
    ...(Object.keys(fieldMessages).length > 0 ? { fieldMessages } : {}),
    text: coded('server-rejected', { status, ...saidParam(said), ...(fields.length > 0 ? { fields: fields.join(', ').slice(0, 500) } : {}) }),
  });
}

/** Turns whatever ky or fetch threw into a GatewayError. `isWrite` decides what a lost answer means. */
export function toGatewayError(error: unknown, endpoint: string, isWrite: boolean): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof HTTPError) {
    return httpStatusError({
      endpoint,
      isWrite,
      status: error.response.status,
      body: error.data,
      retryAfter: error.response.headers.get('retry-after'),
      location: locationOf(error.response),
    });
  }
  if (error instanceof TimeoutError) {
    return new GatewayError({
      endpoint,
      kind: isWrite ? 'outcome-unknown' : 'timeout',
      text: coded(isWrite ? 'timeout-write' : 'timeout'),
    });
  }
  if (error instanceof NetworkError) {
    const cause = describeCause(error);
    // A write whose connection broke after it was sent may have been applied: only a failure to
    // connect at all proves it never left.
    if (isWrite && !neverConnected(error)) {
      return new GatewayError({
        endpoint,
        kind: 'outcome-unknown',
        body: cause,
        text: coded('connection-broke-write'),
      });
    }
    return new GatewayError({
      endpoint,
      kind: 'offline',
      body: cause,
      text: coded('offline'),
    });
  }
  if (error instanceof SyntaxError) {
    return new GatewayError({
      endpoint,
      kind: 'invalid-response',
      text: coded('response-not-json'),
      body: error.message,
    });
  }
  return new GatewayError({
    endpoint,
    kind: isWrite ? 'outcome-unknown' : 'offline',
    text: coded('gateway-failed'),
    body: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}

/** A 3xx's Location, resolved against the request's URL. */
function locationOf(response: Response): string | null {
  const location = response.headers.get('location');
  if (!location) return null;
  try {
    return new URL(location, response.url || undefined).href;
  } catch {
    return location;
  }
}

function describeCause(error: Error): string | undefined {
  const parts: string[] = [];
  let current: unknown = error.cause;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(typeof code === 'string' ? `${code}: ${current.message}` : current.message);
      current = current.cause;
    } else break;
  }
  return parts.length > 0 ? parts.join(' ← ') : undefined;
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function neverConnected(error: Error): boolean {
  let current: unknown = error.cause;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_FAILURES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/** An id for a request path: a positive safe integer, else refused before anything is sent. */
export function positiveId(id: number, endpoint: string, what: string): number {
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new GatewayError({
      kind: 'invalid',
      code: 'request-invalid',
      endpoint,
      text: coded('invalid-id', { id: String(id) }),
      body: `${what} ${String(id)} is not a valid id`,
    });
  }
  return id;
}
