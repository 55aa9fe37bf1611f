import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_KEY_HEADER, contextFromAccountKeyHeader, type BridgeResult } from '../../shared/bridge';
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
  /** Per-launch secret; generated when not given. */
  secret?: string;
  /** Keep-alive interval of the event stream. */
  heartbeatMs?: number;
  /** Where internal errors are reported for engineers (default: stderr); the client never sees them. */
  log?: (line: string) => void;
}

export interface RunningWebShell {
  url: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

export const SECRET_HEADER = 'x-comanda-secret';
const MAX_BODY_BYTES = 1_000_000;
/**
 * Calls whose valid input can be larger: the photo paths of the whole catalog (up to 200,000 of
 * them, shared/bridge operations) are ~1.3 MB for the 20,000-item bench catalog.
 */
const MAX_BODY_BYTES_OF: ReadonlyMap<string, number> = new Map([['syncImages', 16_000_000]]);

const SECRET_META = /<meta name="comanda-bridge-secret" content="[^"]*"\s*\/?>/;

/**
 * The browser shell (ARCHITECTURE §1): serves the built renderer, answers `POST /bridge/<op>` with
 * the shared dispatcher and pushes events over SSE. Only this machine's pages that were served the
 * per-launch secret can call the bridge; the Host check stops DNS-rebinding pages.
 */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const host = loopbackAddress(options.host ?? '127.0.0.1');
  if (host === null) throw new Error(`Cannot listen on ${options.host}: ${NOT_LOOPBACK_MESSAGE}`);
  const log = options.log ?? ((line: string) => console.error(line));
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(secret);
  const rendererRoot = resolve(options.rendererDir);
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const indexHtml = await readFile(join(rendererRoot, 'index.html'), 'utf8').catch(() => {
    throw new Error(`No built renderer in ${rendererRoot}: run \`npm run build\` first.`);
  });
  if (!SECRET_META.test(indexHtml)) throw new Error('renderer/index.html lacks the comanda-bridge-secret meta tag.');
  const servedIndex = indexHtml.replace(SECRET_META, `<meta name="comanda-bridge-secret" content="${secret}">`);

  // The one Host (and Origin host) the page and the bridge answer to: the bound address and port.
  let allowedHosts = new Set<string>();
  /** `localhost:P`: another browser origin for the same server, redirected to the bound one. */
  let aliasHost = '';
  const eventStreams = createEventStreams({ onEvent: (listener) => options.core.onEvent(listener), heartbeatMs });
  let origin = '';

  const secretMatches = (candidate: string | null | undefined) => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === secretBytes.length && timingSafeEqual(given, secretBytes);
  };

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
      // are never redirected (a redirect would carry the secret of an event-stream URL along).
      const isBridge = url.pathname === '/bridge' || url.pathname.startsWith('/bridge/');
      if (requestHost === aliasHost && (req.method === 'GET' || req.method === 'HEAD') && !isBridge) {
        res.writeHead(308, { location: `${origin}${url.pathname}${url.search}`, 'cache-control': 'no-store' });
        return res.end();
      }
      return sendJson(res, 403, { error: 'Forbidden host' });
    }
    if (url.pathname === '/bridge/events') {
      if (req.method !== 'GET') return sendJson(res, 405, { error: 'Method not allowed' });
      if (!secretMatches(url.searchParams.get('secret'))) return sendJson(res, 403, { error: 'Missing or wrong bridge secret' });
      const streamOrigin = req.headers.origin;
      if (streamOrigin !== undefined && !allowedHosts.has(originHost(streamOrigin))) {
        return sendJson(res, 403, { error: 'Forbidden origin' });
      }
      return eventStreams.open(req, res);
    }
    if (url.pathname.startsWith('/bridge/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed' });
      const header = req.headers[SECRET_HEADER];
      if (!secretMatches(Array.isArray(header) ? header[0] : header)) {
        return sendJson(res, 403, { error: 'Missing or wrong bridge secret' });
      }
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedHosts.has(originHost(origin))) {
        return sendJson(res, 403, { error: 'Forbidden origin' });
      }
      const name = bridgeOperationName(url.pathname);
      if (name === null) return sendJson(res, 400, bridgeFailure('The bridge operation name in the path is not valid percent-encoding.'));
      const body = await readJsonBody(req, MAX_BODY_BYTES_OF.get(name) ?? MAX_BODY_BYTES);
      if (!body.ok) return sendJson(res, body.status, bridgeFailure(body.message));
      // The account the call names (issue 10 item 7); the dispatcher validates it.
      const context = contextFromAccountKeyHeader(req.headers[ACCOUNT_KEY_HEADER]);
      if (context === null) return sendJson(res, 400, bridgeFailure(`The ${ACCOUNT_KEY_HEADER} header is not valid percent-encoding.`));
      const result = await options.core.dispatcher.dispatch(name, body.value, context);
      return sendJson(res, 200, result);
    }
    // Photos for <img> tags: no bridge secret (an <img> cannot send one), the Host check above still
    // applies; read-only and menu photos only (docs/decisions.md, images).
    if (isImageRoute(url.pathname)) return serveImage(req, res, url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'Method not allowed' });
    return serveStatic(url.pathname, res);
  }

  async function serveImage(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const answer = await answerImageRequest(options.core.images, req.method ?? 'GET', pathname);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
  }

  async function serveStatic(pathname: string, res: ServerResponse) {
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
  const url = `${origin}/`;

  return {
    url,
    port,
    secret,
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
