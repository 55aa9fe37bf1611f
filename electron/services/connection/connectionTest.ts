import type { z } from 'zod';
import { paymentMethodsResponse } from '../../../shared/api';
import { retailPaymentMethodsResponse } from '../../../shared/api/retail';
import { coded, describeZodError, isNetworkCause, saidParam, type ConnectionCheck, type ErrorText } from '../../../shared/bridge';
import { redactedText } from '../gateway/errors';
import { redactSecrets, rememberAccountSecrets, rememberSecret } from '../secrets/redact';

/** What `testConnection` tries: an account that may not be the live one, with the secrets to use. */
export interface ConnectionTarget {
  baseUrl: string;
  imagesUrl: string;
  tenant: string;
  /** Null when none were entered and none are saved for this server and tenant. */
  secrets: { accessToken: string; integratorToken: string } | null;
  /** Without secrets: why none can be used, for the credentials check (e.g. saved for another server). */
  missingSecrets?: ErrorText | undefined;
}

export interface ConnectionTestOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface ConnectionTestResult {
  ok: boolean;
  checks: ConnectionCheck[];
}

/** The read that proves the API works: small, and every account has it (spec: hospitality 4.2). */
const PROBE_PATH = '/api/external/v2/paymentMethods';
/** An image nobody has: a 404 for it proves the image storage answers (spec §4.2 image rows). */
const PROBE_IMAGE = 'comanda-connection-test.png';

/**
 * Tries an account without switching to it, in the order a waiter can fix things: the addresses,
 * the server, the credentials, the API itself, and the image storage. Each failure says what to
 * change; a check that cannot run because an earlier one failed is left out rather than guessed.
 */
export async function testConnection(target: ConnectionTarget, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  rememberAccountSecrets(target.secrets);
  return redacted(await runChecks(target, options));
}

/** A server's answer may echo the request, tokens included: none reaches a screen. */
function redacted(result: ConnectionTestResult): ConnectionTestResult {
  const checks = result.checks.map((check): ConnectionCheck => {
    const { code, params } = redactedText(check);
    const { params: _unscrubbed, ...rest } = check;
    return { ...rest, code, ...(params ? { params } : {}), ...(check.detail !== undefined ? { detail: redactSecrets(check.detail) } : {}) };
  });
  return { ok: result.ok, checks };
}

async function runChecks(target: ConnectionTarget, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const doFetch = options.fetch ?? fetch;
  const checks: ConnectionCheck[] = [];

  const base = checkAddress('server', target.baseUrl);
  const images = checkAddress('images', target.imagesUrl);
  // The first wrong address is named (the server's first); the detail lists every one.
  const problems = [base, images].flatMap((a) => (a.ok ? [] : [a]));
  checks.push(
    base.ok && images.ok
      ? { check: 'addresses', ok: true, ...coded('addresses-ok', { server: base.url.host, images: images.url.host }) }
      : { check: 'addresses', ok: false, ...problems[0]!.problem, detail: problems.map((p) => p.detail).join(' ') },
  );

  // The image storage is another host (spec §1): it is tried alongside the API.
  const imageCheck = images.ok ? checkImageStorage(images.url, target.tenant, doFetch, options.timeoutMs) : Promise.resolve(null);

  if (base.ok) {
    const url = new URL(`${base.url.href.replace(/\/+$/, '')}${PROBE_PATH}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (target.secrets) {
      // spec: hospitality 5 — the headers of every v2 call. Without tokens, no credential header at all.
      headers.tenant = target.tenant;
      headers.authorization = `Bearer ${target.secrets.accessToken}`;
      headers['client-token'] = target.secrets.integratorToken;
    }
    // The API has no reason to redirect: a credential never follows one.
    const answer = await request(doFetch, url, headers, options.timeoutMs, 'manual');
    if (!answer.ok) {
      checks.push({ check: 'reachable', ok: false, ...unreachable(url, answer), detail: answer.detail });
    } else {
      const { response } = answer;
      checks.push({ check: 'reachable', ok: true, ...coded('host-answered', { host: url.host, status: response.status }) });
      const redirect = redirectCheck(response, url);
      checks.push(...(redirect ? [redirect] : await checkApi(response, target)));
    }
  }

  const imageResult = await imageCheck;
  if (imageResult) checks.push(imageResult);
  return { ok: checks.every((c) => c.ok), checks };
}

type Address = { ok: true; url: URL } | { ok: false; problem: ErrorText; detail: string };

function checkAddress(which: 'server' | 'images', value: string): Address {
  const wrong = (problem: ErrorText, detail: string): Address => ({ ok: false, problem, detail: `${which} address: ${detail}.` });
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return wrong(coded(which === 'server' ? 'server-address-not-url' : 'images-address-not-url', { value: value.slice(0, 300) }), `"${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return wrong(coded(which === 'server' ? 'server-address-scheme' : 'images-address-scheme', { scheme: url.protocol }), `scheme ${url.protocol}`);
  }
  if (url.username || url.password)
    return wrong(coded(which === 'server' ? 'server-address-userinfo' : 'images-address-userinfo'), 'has a user name or password');
  if (url.search || url.hash) return wrong(coded(which === 'server' ? 'server-address-query' : 'images-address-query'), 'has ? or #');
  // A common slip: pasting an endpoint instead of the host root the spec's paths are appended to.
  if (which === 'server' && /\/(api|apiFlow)(\/|$)/i.test(url.pathname)) {
    return wrong(coded('server-address-not-root', { host: url.host, path: url.pathname }), `path ${url.pathname}`);
  }
  return { ok: true, url };
}

/** What differs between the venue's and the shop's API check: the probe, their credentials' words, the list's shape. */
interface ApiProbe {
  path: string;
  /** Credentials were sent with the probe. */
  sentCredentials: boolean;
  /** A 401/403 with no credentials to send. */
  noCredentials(): ErrorText;
  /** A 401/403 refusing the credentials sent (`said`: the server's words). */
  refused(said: string | undefined): ErrorText;
  accepted: ErrorText;
  /** A 404: no such API under the address. */
  missing: ErrorText;
  /** The probe's list, checked; its length is reported. */
  parse(json: unknown): { success: true; data: readonly unknown[] } | { success: false; error: z.ZodError };
}

async function checkApiAnswer(response: Response, probe: ApiProbe): Promise<ConnectionCheck[]> {
  const status = response.status;
  const text = await response.text().catch(() => '');
  const said = serverMessage(text);
  const detail = `GET ${probe.path} — HTTP ${status}${text ? ` — body: ${excerpt(text)}` : ''}`;

  if (status === 401 || status === 403) {
    return [{ check: 'credentials', ok: false, ...(probe.sentCredentials ? probe.refused(said) : probe.noCredentials()), detail }];
  }
  if (status === 404) return [apiFailure(probe.missing, detail)];
  if (status === 429) {
    const retry = Number(response.headers.get('retry-after'));
    return [apiFailure(Number.isFinite(retry) && retry > 0 ? coded('rate-limited-wait', { seconds: Math.ceil(retry) }) : coded('rate-limited'), detail)];
  }
  if (status >= 500) return [apiFailure(coded('server-error', { status, ...saidParam(said) }), detail)];
  if (status < 200 || status >= 300) return [apiFailure(coded('api-unexpected-status', { status, ...saidParam(said) }), detail)];

  const credentials: ConnectionCheck = probe.sentCredentials
    ? { check: 'credentials', ok: true, ...probe.accepted }
    : { check: 'credentials', ok: true, ...coded('no-credentials-asked') };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [credentials, apiFailure(coded('api-not-json'), detail)];
  }
  const parsed = probe.parse(json);
  if (!parsed.success) {
    return [credentials, apiFailure(coded('api-wrong-shape'), describeZodError(`GET ${probe.path}`, parsed.error))];
  }
  return [credentials, { check: 'api', ok: true, ...coded('payment-methods-read', { count: parsed.data.length }) }];
}

function checkApi(response: Response, target: ConnectionTarget): Promise<ConnectionCheck[]> {
  return checkApiAnswer(response, {
    path: PROBE_PATH,
    sentCredentials: target.secrets !== null,
    noCredentials: () => target.missingSecrets ?? coded('tokens-not-entered', { tenant: target.tenant }),
    refused: (said) => coded(blamedCredential(said) ?? 'credentials-refused', saidParam(said)),
    accepted: coded('credentials-accepted', { tenant: target.tenant }),
    missing: coded('api-missing', { path: PROBE_PATH.replace(/paymentMethods$/, '') }),
    parse: (json) => paymentMethodsResponse.safeParse(json),
  });
}

const apiFailure = (text: ErrorText, detail: string): ConnectionCheck => ({ check: 'api', ok: false, ...text, detail });

/** A 3xx from the API: not followed (the credentials would go along); it names where it pointed. */
function redirectCheck(response: Response, url: URL, path: string = PROBE_PATH): ConnectionCheck | null {
  if (response.status < 300 || response.status >= 400) return null;
  void response.body?.cancel().catch(() => {});
  const location = response.headers.get('location');
  return apiFailure(
    coded('api-redirects', { status: response.status, location: location ? new URL(location, url).href : '—' }),
    `GET ${path} — HTTP ${response.status} — location: ${location ?? '(none)'}`,
  );
}

async function checkImageStorage(root: URL, tenant: string, doFetch: typeof fetch, timeoutMs: number): Promise<ConnectionCheck> {
  // spec: hospitality 4.2 — {image_storage_url}/xef/{account}/images/{image_path}, no credentials.
  const url = new URL(`${root.href.replace(/\/+$/, '')}/xef/${encodeURIComponent(tenant)}/images/${PROBE_IMAGE}`);
  // No credentials go to the image storage, so a redirect (to a CDN, say) may be followed.
  const answer = await request(doFetch, url, {}, timeoutMs, 'follow');
  if (!answer.ok) {
    return { check: 'images', ok: false, ...unreachable(url, answer), detail: answer.detail };
  }
  const status = answer.response.status;
  await answer.response.body?.cancel().catch(() => {});
  if (status >= 500) {
    return { check: 'images', ok: false, ...coded('images-server-problem', { host: url.host, status }), detail: `GET ${url.href} — HTTP ${status}` };
  }
  // Any other answer — typically 404 for our made-up image — proves the host is there.
  return { check: 'images', ok: true, ...coded('host-answered', { host: url.host, status }), detail: `GET ${url.href}` };
}

type Answer = { ok: true; response: Response } | { ok: false; timedOutAfterS?: number; cause: string; detail: string };

/** No answer from a host: it timed out, or the network said why (a code of networkCauses when known). */
function unreachable(url: URL, answer: Extract<Answer, { ok: false }>): ErrorText {
  return answer.timedOutAfterS !== undefined
    ? coded('host-no-answer', { host: url.host, seconds: answer.timedOutAfterS })
    : coded('host-unreachable', { host: url.host, cause: answer.cause });
}

async function request(doFetch: typeof fetch, url: URL, headers: Record<string, string>, timeoutMs: number, redirect: 'manual' | 'follow'): Promise<Answer> {
  try {
    const response = await doFetch(url, { headers, redirect, signal: AbortSignal.timeout(timeoutMs) });
    return { ok: true, response };
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, timedOutAfterS: Math.max(1, Math.round(timeoutMs / 1000)), cause: 'timeout', detail: `GET ${url.href} — timed out` };
    }
    return { ok: false, cause: networkCause(error), detail: `GET ${url.href} — ${causeChain(error)}` };
  }
}

/**
 * "ECONNREFUSED": the first error code in the cause chain when the renderer knows it
 * (shared/bridge networkCauses, worded as `errors:cause-<code>`), else "CODE: the error's text".
 */
export function networkCause(error: unknown): string {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return isNetworkCause(code) ? code : `${code}: ${(link as Error).message}`;
  }
  const last = chain(error).at(-1);
  return last instanceof Error ? last.message : String(error);
}

function causeChain(error: unknown): string {
  return chain(error)
    .map((link) => (link instanceof Error ? `${link.name}: ${link.message}` : String(link)))
    .join(' ← ');
}

function chain(error: unknown): unknown[] {
  const links: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    links.push(current);
    // Happy eyeballs tries every address: the first of them explains it well enough.
    const nested = current instanceof AggregateError ? current.errors[0] : undefined;
    current = (current as { cause?: unknown }).cause ?? nested;
  }
  return links;
}

/** The server's own explanation (clarifications: error bodies are `{ error, code, data }`). */
function serverMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      for (const key of ['error', 'message', 'errorMessage']) {
        const value = (body as Record<string, unknown>)[key];
        if (typeof value === 'string' && value.trim()) return value.trim();
      }
    }
  } catch {
    // not JSON: fall through to the plain text
  }
  const plain = text.trim();
  return plain && plain.length <= 300 && !plain.startsWith('<') ? plain : undefined;
}

/** Which of the three credentials the server's message names (spec §5: one header each). */
export function blamedCredential(said: string | undefined): 'integrator-token-refused' | 'access-token-refused' | 'tenant-refused' | null {
  if (!said) return null;
  if (/client-token|integrator/i.test(said)) return 'integrator-token-refused';
  if (/authori[sz]ation|access token|bearer/i.test(said)) return 'access-token-refused';
  if (/tenant/i.test(said)) return 'tenant-refused';
  return null;
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// ——— Shops: the retail API ———

/** A shop account to try: its retail host root, username and token (null: none typed or saved). */
export interface ShopConnectionTarget {
  baseUrl: string;
  username: string;
  token: string | null;
  /** Without a token: why none can be used. */
  missingSecrets?: ErrorText | undefined;
}

/** A small read every shop has (retail §4.2 `config/payment_methods`), outside the catalog budget. */
const SHOP_PROBE_PATH = '/api/external/config/payment_methods';

/**
 * The shop's connection test: the address, the server, the username and token (retail §5) and the
 * API itself. A shop has no image storage, so there is no `images` check.
 */
export async function testShopConnection(target: ShopConnectionTarget, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  rememberSecret(target.token);
  return redacted(await runShopChecks(target, options));
}

async function runShopChecks(target: ShopConnectionTarget, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const doFetch = options.fetch ?? fetch;
  const checks: ConnectionCheck[] = [];
  const base = checkAddress('server', target.baseUrl);
  if (!base.ok) {
    checks.push({ check: 'addresses', ok: false, ...base.problem, detail: base.detail });
    return { ok: false, checks };
  }
  checks.push({ check: 'addresses', ok: true, ...coded('shop-address-ok', { server: base.url.host }) });
  const url = new URL(`${base.url.href.replace(/\/+$/, '')}${SHOP_PROBE_PATH}`);
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (target.token) {
    // retail §5: the headers of every call. Without a token, no credential header at all.
    headers.username = target.username;
    headers.authorization = `Bearer ${target.token}`;
  }
  const answer = await request(doFetch, url, headers, options.timeoutMs, 'manual');
  if (!answer.ok) {
    checks.push({ check: 'reachable', ok: false, ...unreachable(url, answer), detail: answer.detail });
    return { ok: false, checks };
  }
  const { response } = answer;
  checks.push({ check: 'reachable', ok: true, ...coded('host-answered', { host: url.host, status: response.status }) });
  const redirect = redirectCheck(response, url, SHOP_PROBE_PATH);
  checks.push(...(redirect ? [redirect] : await checkShopApi(response, target)));
  return { ok: checks.every((c) => c.ok), checks };
}

function checkShopApi(response: Response, target: ShopConnectionTarget): Promise<ConnectionCheck[]> {
  return checkApiAnswer(response, {
    path: SHOP_PROBE_PATH,
    sentCredentials: Boolean(target.token),
    noCredentials: () =>
      target.missingSecrets ?? coded('shop-token-missing', { username: target.username, origin: new URL(response.url || 'http://x').origin }),
    refused: (said) => coded('credentials-refused', saidParam(said)),
    accepted: coded('shop-credentials-accepted', { username: target.username }),
    missing: coded('shop-api-missing', { path: SHOP_PROBE_PATH.replace(/config\/payment_methods$/, '') }),
    parse: (json) => retailPaymentMethodsResponse.safeParse(json),
  });
}
