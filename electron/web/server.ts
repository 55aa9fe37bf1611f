import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_KEY_HEADER, contextFromHeaders, type BridgeResult } from '../../shared/bridge';
import type { AppCore } from '../services/core';
import { CONTENT_SECURITY_POLICY, contentTypeFor } from '../services/renderer-files';
import { answerImageRequest, isImageRoute, type ImageSource } from '../services/images';
import { createEventStreams } from './eventStreams';
import { loopbackAddress, NOT_LOOPBACK_MESSAGE, urlHost } from './loopback';

export interface WebShellOptions {
  /** `images`: the current account's image cache, read at every image request (absent: every image is a 404). */
  core: Pick<AppCore, 'dispatcher' | 'onEvent'> & { readonly images?: ImageSource | null };
  /** The built renderer (out/renderer). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Keep-alive interval of the event stream. */
  heartbeatMs?: number;
  /** Where internal errors are reported for engineers (default: stderr); the client never sees them. */
  log?: (line: string) => void;
  /**
   * Each launch link as it becomes the one to open: at start, and the next one each time one was
   * used (a second window, a browser restarted with a wiped profile). The CLI keeps it in a file
   * only this OS user can read; awaited before the used link answers.
   */
  onLaunchLink?: (url: string) => Promise<void>;
}

export interface RunningWebShell {
  /** The first launch link, to print: `http://127.0.0.1:P/?launch=<token>`, good for one opening. */
  url: string;
  /** The launch link not used yet (a new one after each use). */
  launchUrl(): string;
  /** `http://127.0.0.1:P` (no launch token). */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** The session cookie a launch link sets; bridge calls and the event stream authenticate by it. */
export const SESSION_COOKIE = 'comanda-session';
/** The query parameter of the launch link. */
export const LAUNCH_PARAM = 'launch';
/** `npm run serve` keeps the link to open next here, in its data folder (0600). */
export const LAUNCH_LINK_FILE = 'launch-link.txt';
const MAX_BODY_BYTES = 1_000_000;
/**
 * Calls whose valid input can be larger: the photo paths of the whole catalog (up to 200,000 of
 * them, shared/bridge operations) are ~1.3 MB for the 20,000-item bench catalog.
 */
const MAX_BODY_BYTES_OF: ReadonlyMap<string, number> = new Map([['syncImages', 16_000_000]]);

/**
 * The browser shell (ARCHITECTURE §1): serves the built renderer, answers `POST /bridge/<op>` with
 * the shared dispatcher and pushes events over SSE. The page carries no secret: the launch link the
 * shell prints (one-time token) is exchanged for an `HttpOnly; SameSite=Strict` session cookie,
 * and only requests with that cookie reach the bridge; the Host check stops DNS-rebinding pages
 * (docs/decisions.md, "The PIN guards the main side").
 */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const host = loopbackAddress(options.host ?? '127.0.0.1');
  if (host === null) throw new Error(`Cannot listen on ${options.host}: ${NOT_LOOPBACK_MESSAGE}`);
  const log = options.log ?? ((line: string) => console.error(line));
  // The session the launch link opens (the cookie's value) and the link's one-time token.
  const session = randomBytes(32).toString('base64url');
  const sessionBytes = Buffer.from(session);
  const newLaunchToken = () => Buffer.from(randomBytes(32).toString('base64url'));
  let launchToken = newLaunchToken();
  const launchUrl = () => `${origin}/?${LAUNCH_PARAM}=${launchToken.toString()}`;
  const announce = async () => {
    try {
      await options.onLaunchLink?.(launchUrl());
    } catch (error) {
      log(`browser shell: cannot keep the next launch link: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const rendererRoot = resolve(options.rendererDir);
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const servedIndex = await readFile(join(rendererRoot, 'index.html'), 'utf8').catch(() => {
    throw new Error(`No built renderer in ${rendererRoot}: run \`npm run build\` first.`);
  });

  // The one Host (and Origin host) the page and the bridge answer to: the bound address and port.
  let allowedHosts = new Set<string>();
  /** `localhost:P`: another browser origin for the same server, redirected to the bound one. */
  let aliasHost = '';
  const eventStreams = createEventStreams({ onEvent: (listener) => options.core.onEvent(listener), heartbeatMs });
  let origin = '';

  const sameBytes = (candidate: string | null | undefined, expected: Buffer) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const hasSession = (req: IncomingMessage) => sameBytes(cookieValue(req.headers.cookie, SESSION_COOKIE), sessionBytes);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // The detail goes to the log, never to the client (no stack, no file paths).
      log(`browser shell: ${req.method ?? '?'} request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal error: the terminal could not answer. See its log for details.' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    baseHeaders(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://local');
    } catch {
      return sendJson(res, 400, { error: 'Bad request target' });
    }
    const requestHost = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts.has(requestHost)) {
      // One terminal, one origin: its local data lives under the bound address only. Bridge paths
      // are never redirected: a call addressed to another origin is refused, not forwarded.
      const isBridge = url.pathname === '/bridge' || url.pathname.startsWith('/bridge/');
      if (requestHost === aliasHost && (req.method === 'GET' || req.method === 'HEAD') && !isBridge) {
        res.writeHead(308, { location: `${origin}${url.pathname}${url.search}`, 'cache-control': 'no-store' });
        return res.end();
      }
      return sendJson(res, 403, { error: 'Forbidden host' });
    }
    if (url.pathname === '/bridge/events') {
      if (req.method !== 'GET') return sendJson(res, 405, { error: 'Method not allowed' });
      if (!hasSession(req)) return sendJson(res, 403, { error: 'No session: open the link the terminal printed at its start' });
      const streamOrigin = req.headers.origin;
      if (streamOrigin !== undefined && !allowedHosts.has(originHost(streamOrigin))) {
        return sendJson(res, 403, { error: 'Forbidden origin' });
      }
      return eventStreams.open(req, res);
    }
    if (url.pathname.startsWith('/bridge/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed' });
      if (!hasSession(req)) return sendJson(res, 403, { error: 'No session: open the link the terminal printed at its start' });
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedHosts.has(originHost(origin))) {
        return sendJson(res, 403, { error: 'Forbidden origin' });
      }
      const name = bridgeOperationName(url.pathname);
      if (name === null) return sendJson(res, 400, bridgeFailure('The bridge operation name in the path is not valid percent-encoding.'));
      const body = await readJsonBody(req, MAX_BODY_BYTES_OF.get(name) ?? MAX_BODY_BYTES);
      if (!body.ok) return sendJson(res, body.status, bridgeFailure(body.message));
      // The account the call names and its PIN grant; the dispatcher validates both.
      const context = contextFromHeaders(req.headers);
      if (context === null) return sendJson(res, 400, bridgeFailure(`The ${ACCOUNT_KEY_HEADER} header is not valid percent-encoding.`));
      const result = await options.core.dispatcher.dispatch(name, body.value, context);
      return sendJson(res, 200, result);
    }
    // Photos for <img> tags: no session needed (read-only menu photos), the Host check above still
    // applies; read-only and menu photos only (docs/decisions.md, images).
    if (isImageRoute(url.pathname)) return serveImage(req, res, url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'Method not allowed' });
    if (url.searchParams.has(LAUNCH_PARAM)) return launch(req, res, url);
    if (isPage(url.pathname) && !hasSession(req)) return sendPage(res, 403, NO_SESSION_PAGE);
    return serveStatic(rendererRoot, servedIndex, url.pathname, res);
  }

  /**
   * The launch link: its token, once, sets the session cookie; then `/` without the token (the
   * link's other parameters kept, such as `?bench`), and a new link is the one to open next. A used
   * or wrong token sets nothing: a browser that holds the session already goes on to the page, any
   * other is refused.
   */
  async function launch(req: IncomingMessage, res: ServerResponse, url: URL) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete(LAUNCH_PARAM);
    const target = `/${rest.size > 0 ? `?${rest.toString()}` : ''}`;
    if (req.method === 'GET' && sameBytes(url.searchParams.get(LAUNCH_PARAM), launchToken)) {
      // Spent: the next window needs the next link.
      launchToken = newLaunchToken();
      await announce();
      res.writeHead(303, {
        location: target,
        'set-cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
      return res.end();
    }
    if (hasSession(req)) {
      res.writeHead(303, { location: target, 'cache-control': 'no-store' });
      return res.end();
    }
    return sendPage(res, 403, USED_LINK_PAGE);
  }

  async function serveImage(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const answer = await answerImageRequest(options.core.images, req.method ?? 'GET', pathname);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`${urlHost(host)}:${port}`]);
  aliasHost = `localhost:${port}`;
  origin = `http://${urlHost(host)}:${port}`;
  const url = launchUrl();
  await announce();

  return {
    url,
    launchUrl,
    origin,
    port,
    close: () =>
      new Promise<void>((done) => {
        eventStreams.closeAll();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function baseHeaders(res: ServerResponse) {
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('cross-origin-resource-policy', 'same-origin');
}

/** The page itself (other files are the build's, served to anyone on the bound address). */
const isPage = (pathname: string) => pathname === '/' || pathname === '/index.html';

// Pages a browser shows when it has no session: what to do, in the three languages of the terminal.
const NO_SESSION_PAGE = page(
  'Open the link the terminal printed when it started (http://127.0.0.1:…/?launch=…).',
  'Abre el enlace que el terminal mostró al arrancar (http://127.0.0.1:…/?launch=…).',
  'Obre l’enllaç que el terminal va mostrar en arrencar (http://127.0.0.1:…/?launch=…).',
);
const USED_LINK_PAGE = page(
  'This launch link was used already or is from an earlier start: open the link the terminal printed at its last start.',
  'Este enlace de arranque ya se usó o es de un arranque anterior: abre el enlace que el terminal mostró en su último arranque.',
  'Aquest enllaç d’arrencada ja s’ha fet servir o és d’una arrencada anterior: obre l’enllaç que el terminal va mostrar en la seva darrera arrencada.',
);

function page(en: string, es: string, ca: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Comanda</title></head><body><p>${en}</p><p lang="es">${es}</p><p lang="ca">${ca}</p></body></html>`;
}

function sendPage(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The value of one cookie of a `Cookie` header; null when absent. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function originHost(origin: string): string {
  try {
    const parsed = new URL(origin);
    return parsed.protocol === 'http:' ? parsed.host.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The operation named by `/bridge/<name>`; null when its percent-encoding is malformed. */
function bridgeOperationName(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.slice('/bridge/'.length));
  } catch {
    return null;
  }
}

/** A malformed bridge request: the detail (English, for the engineer) says what was wrong. */
function bridgeFailure(message: string): BridgeResult<never> {
  return { ok: false, error: { kind: 'invalid-input', code: 'bridge-request-invalid', detail: message } };
}

type BodyResult = { ok: true; value: unknown } | { ok: false; status: number; message: string };

async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    return { ok: false, status: 415, message: 'Bridge calls must send JSON (content-type: application/json).' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return { ok: false, status: 413, message: 'Bridge call body is too large.' };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, message: 'Bridge call body is not valid JSON.' };
  }
}

/** The built renderer's files; index.html as read at start. */
async function serveStatic(rendererRoot: string, servedIndex: string, pathname: string, res: ServerResponse) {
  if (pathname === '/' || pathname === '/index.html') {
    res.setHeader('cache-control', 'no-store');
    res.writeHead(200, { 'content-type': contentTypeFor('index.html') });
    return res.end(servedIndex);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return sendJson(res, 400, { error: 'Bad path' });
  }
  const file = normalize(join(rendererRoot, decoded));
  if (!file.startsWith(rendererRoot + sep) || decoded.includes('\0')) return sendJson(res, 404, { error: 'Not found' });
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch {
    return sendJson(res, 404, { error: 'Not found' });
  }
  res.writeHead(200, {
    'content-type': contentTypeFor(file),
    // Vite names assets by content hash, so they never change under the same name.
    'cache-control': decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  res.end(content);
}
