import { paymentMethodsResponse } from '../../shared/api';
import { describeZodError, type ConnectionCheck } from '../../shared/bridge';
import { redactSecrets, rememberAccountSecrets } from './secrets/redact';

/** What `testConnection` tries: an account that may not be the live one, with the secrets to use. */
export interface ConnectionTarget {
  baseUrl: string;
  imagesUrl: string;
  tenant: string;
  /** Null when none were entered and none are saved for this server and tenant. */
  secrets: { accessToken: string; integratorToken: string } | null;
  /** Without secrets: why none can be used, for the credentials check (e.g. saved for another server). */
  missingSecrets?: string | undefined;
}

export interface ConnectionTestOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface ConnectionTestResult {
  ok: boolean;
  checks: ConnectionCheck[];
}

export const CHECK = {
  addresses: 'Addresses well-formed',
  reachable: 'Server reachable',
  credentials: 'Credentials accepted',
  api: 'API answers as expected',
  images: 'Image storage reachable',
} as const;

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
  const result = await runChecks(target, options);
  // A server's answer may echo the request, tokens included (issue 10 item 3).
  const checks = result.checks.map((check) => ({
    ...check,
    message: redactSecrets(check.message),
    ...(check.detail !== undefined ? { detail: redactSecrets(check.detail) } : {}),
  }));
  return { ok: result.ok, checks };
}

async function runChecks(target: ConnectionTarget, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const doFetch = options.fetch ?? fetch;
  const checks: ConnectionCheck[] = [];

  const base = checkAddress('Server address', target.baseUrl, true);
  const images = checkAddress('Image storage address', target.imagesUrl, false);
  const problems = [base, images].filter((a) => !a.ok).map((a) => (a.ok ? '' : a.problem));
  checks.push(
    problems.length === 0
      ? { check: CHECK.addresses, ok: true, message: `Server ${base.ok ? base.url.host : ''} and image storage ${images.ok ? images.url.host : ''}.` }
      : { check: CHECK.addresses, ok: false, message: problems.join(' ') },
  );

  // The image storage is another host (spec §1): it is tried alongside the API.
  const imageCheck = images.ok
    ? checkImageStorage(images.url, target.tenant, doFetch, options.timeoutMs)
    : Promise.resolve(null);

  if (base.ok) {
    const url = new URL(`${base.url.href.replace(/\/+$/, '')}${PROBE_PATH}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (target.secrets) {
      // spec: hospitality 5 — the headers of every v2 call. Without tokens, no credential header at all.
      headers.tenant = target.tenant;
      headers.authorization = `Bearer ${target.secrets.accessToken}`;
      headers['client-token'] = target.secrets.integratorToken;
    }
    // The API has no reason to redirect: a credential never follows one (issue 10 item 2).
    const answer = await request(doFetch, url, headers, options.timeoutMs, 'manual');
    if (!answer.ok) {
      checks.push({ check: CHECK.reachable, ok: false, message: `Cannot reach ${url.host}: ${answer.cause}`, detail: answer.detail });
    } else {
      const { response } = answer;
      checks.push({ check: CHECK.reachable, ok: true, message: `${url.host} answered (HTTP ${response.status}).` });
      const redirect = redirectCheck(response, url);
      checks.push(...(redirect ? [redirect] : await checkApi(response, target)));
    }
  }

  const imageResult = await imageCheck;
  if (imageResult) checks.push(imageResult);
  return { ok: checks.every((c) => c.ok), checks };
}

type Address = { ok: true; url: URL } | { ok: false; problem: string };

function checkAddress(label: string, value: string, isApi: boolean): Address {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, problem: `${label} "${value}" is not a URL: write it like https://example.com.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `${label} must start with https:// (or http://), not ${url.protocol}//.` };
  }
  if (url.username || url.password) return { ok: false, problem: `${label} must not contain a user name or password.` };
  if (url.search || url.hash) return { ok: false, problem: `${label} must not contain ? or #: enter the host root only.` };
  // A common slip: pasting an endpoint instead of the host root the spec's paths are appended to.
  if (isApi && /\/(api|apiFlow)(\/|$)/i.test(url.pathname)) {
    return { ok: false, problem: `${label} must be the host root (such as https://${url.host}), without ${url.pathname}.` };
  }
  return { ok: true, url };
}

async function checkApi(response: Response, target: ConnectionTarget): Promise<ConnectionCheck[]> {
  const status = response.status;
  const text = await response.text().catch(() => '');
  const said = serverMessage(text);
  const detail = `GET ${PROBE_PATH} — HTTP ${status}${text ? ` — body: ${excerpt(text)}` : ''}`;

  if (status === 401 || status === 403) {
    if (!target.secrets) {
      return [
        {
          check: CHECK.credentials,
          ok: false,
          message:
            target.missingSecrets ??
            `No access token and integrator token were entered, and none are saved for tenant "${target.tenant}": enter both.`,
          detail,
        },
      ];
    }
    const blamed = blamedCredential(said);
    return [
      {
        check: CHECK.credentials,
        ok: false,
        message: blamed
          ? `The server refused the ${blamed}${said ? `: “${said}”` : '.'}`
          : `The server refused these credentials (HTTP ${status})${said ? `: “${said}”` : ''}. Check the tenant, access token and integrator token.`,
        detail,
      },
    ];
  }
  if (status === 404) {
    return [apiFailure(`The server has no hospitality API under ${PROBE_PATH.replace(/paymentMethods$/, '')} (HTTP 404): check the server address.`, detail)];
  }
  if (status === 429) {
    const retry = response.headers.get('retry-after');
    return [apiFailure(`The server is limiting requests right now (HTTP 429)${retry ? `; try again in ${retry} s` : ''}.`, detail)];
  }
  if (status >= 500) return [apiFailure(`The server had a problem (HTTP ${status})${said ? `: “${said}”` : ''}. Try again in a moment.`, detail)];
  if (status < 200 || status >= 300) {
    return [apiFailure(`The server answered HTTP ${status}${said ? `: “${said}”` : ''} where the API answers 200.`, detail)];
  }

  const credentials: ConnectionCheck = target.secrets
    ? { check: CHECK.credentials, ok: true, message: `Tenant "${target.tenant}", access token and integrator token accepted.` }
    : { check: CHECK.credentials, ok: true, message: `The server asked for no credentials.` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [credentials, apiFailure('The server answered, but not with JSON: is this the hospitality API?', detail)];
  }
  const parsed = paymentMethodsResponse.safeParse(json);
  if (!parsed.success) {
    return [
      credentials,
      apiFailure('The server answered, but not as the hospitality API does: is this the right server?', describeZodError(`GET ${PROBE_PATH}`, parsed.error)),
    ];
  }
  const count = parsed.data.length;
  return [credentials, { check: CHECK.api, ok: true, message: `Read ${count} payment method${count === 1 ? '' : 's'}.` }];
}

const apiFailure = (message: string, detail: string): ConnectionCheck => ({ check: CHECK.api, ok: false, message, detail });

/** A 3xx from the API: not followed (the credentials would go along); it names where it pointed. */
function redirectCheck(response: Response, url: URL): ConnectionCheck | null {
  if (response.status < 300 || response.status >= 400) return null;
  void response.body?.cancel().catch(() => {});
  const location = response.headers.get('location');
  const target = location ? new URL(location, url).href : 'an address it did not give';
  return apiFailure(
    `The server redirects to ${target} (HTTP ${response.status}). Comanda does not follow redirects with the tokens: enter the address the API really answers at.`,
    `GET ${PROBE_PATH} — HTTP ${response.status} — location: ${location ?? '(none)'}`,
  );
}

async function checkImageStorage(root: URL, tenant: string, doFetch: typeof fetch, timeoutMs: number): Promise<ConnectionCheck> {
  // spec: hospitality 4.2 — {image_storage_url}/xef/{account}/images/{image_path}, no credentials.
  const url = new URL(`${root.href.replace(/\/+$/, '')}/xef/${encodeURIComponent(tenant)}/images/${PROBE_IMAGE}`);
  // No credentials go to the image storage, so a redirect (to a CDN, say) may be followed.
  const answer = await request(doFetch, url, {}, timeoutMs, 'follow');
  if (!answer.ok) {
    return { check: CHECK.images, ok: false, message: `Cannot reach ${url.host}: ${answer.cause}`, detail: answer.detail };
  }
  const status = answer.response.status;
  await answer.response.body?.cancel().catch(() => {});
  if (status >= 500) {
    return { check: CHECK.images, ok: false, message: `The image storage at ${url.host} had a problem (HTTP ${status}).`, detail: `GET ${url.href} — HTTP ${status}` };
  }
  // Any other answer — typically 404 for our made-up image — proves the host is there.
  return { check: CHECK.images, ok: true, message: `${url.host} answered (HTTP ${status}).`, detail: `GET ${url.href}` };
}

type Answer = { ok: true; response: Response } | { ok: false; cause: string; detail: string };

async function request(
  doFetch: typeof fetch,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  redirect: 'manual' | 'follow',
): Promise<Answer> {
  try {
    const response = await doFetch(url, { headers, redirect, signal: AbortSignal.timeout(timeoutMs) });
    return { ok: true, response };
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, cause: `no answer within ${Math.round(timeoutMs / 1000)} s`, detail: `GET ${url.href} — timed out` };
    }
    return { ok: false, cause: networkCause(error), detail: `GET ${url.href} — ${causeChain(error)}` };
  }
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens on that port)',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up (DNS)',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection broke',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS (try http://)',
};

/** "connection refused (ECONNREFUSED)": the first error code in the cause chain, in words. */
export function networkCause(error: unknown): string {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return `${CAUSES[code] ?? (link as Error).message} (${code})`;
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
export function blamedCredential(said: string | undefined): string | null {
  if (!said) return null;
  if (/client-token|integrator/i.test(said)) return 'integrator token (client-token header)';
  if (/authori[sz]ation|access token|bearer/i.test(said)) return 'access token (Authorization header)';
  if (/tenant/i.test(said)) return 'tenant (tenant header)';
  return null;
}

function excerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
