import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WEBHOOK_PATH } from '../../../../shared/bridge/webhooks';
import { SIGNATURE_HEADER } from './signature';

// The HTTP endpoint the retail service delivers webhooks to: node:http on the
// configured interface and port, POST WEBHOOK_PATH only. It reads the RAW body (what was signed),
// at most `maxBodyBytes` (413 beyond, nothing read further), hands it with the signature header to
// `handle`, which answers at once with a status; the work it returns runs after the answer is sent,
// so the vendor's 10 s delivery timeout never waits for it (clarifications "Webhooks").
//
// Sockets (docs/decisions.md "Webhooks: a delivery names a record, the service says its state"):
// anyone who can reach the port can open connections and say nothing. A socket silent for
// `idleTimeoutMs` (10 s: the vendor's own delivery timeout) is closed, a request not complete within
// `requestTimeoutMs` is cut (checked every second, not node's default 30 s), and when
// MAX_CONNECTIONS sockets are open a new one takes the place of the longest-open socket that has no
// request under way — so a pile of idle connections never keeps a delivery out.

/** A product record is a few kilobytes; an order with its lines and invoice tens. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Open sockets at most. */
export const MAX_CONNECTIONS = 64;
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
const FORM = 'application/x-www-form-urlencoded';

export interface Answer {
  status: 200 | 202 | 401;
  /** Runs once the answer has been sent. */
  then?: () => void;
}

export interface ReceiverOptions {
  host: string;
  port: number;
  maxBodyBytes?: number;
  handle(body: Buffer, signature: string | string[] | undefined): Answer;
  /** A request at the webhook path that is not a delivery (method, content type, size): counted, not logged. */
  onNotADelivery?: () => void;
  log?: (line: string) => void;
  /** A socket silent this long is closed (default 10 s). */
  idleTimeoutMs?: number;
  /** A request (headers and body) not complete this long after it began is cut (default 15 s). */
  requestTimeoutMs?: number;
  /** How long a port still held (by the account being closed in a switch) is tried again. Default 5 s. */
  bindRetryMs?: number;
}

export interface RunningReceiver {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Why the receiver could not listen: the system's code (EADDRINUSE, EACCES, EADDRNOTAVAIL…). */
export class ListenError extends Error {
  constructor(readonly code: string) {
    super(`cannot listen: ${code}`);
    this.name = 'ListenError';
  }
}

export async function startWebhookReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => {});
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const requestMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const notADelivery = options.onNotADelivery ?? (() => {});
  // Open sockets in the order they came; a socket is busy while a request on it is being answered.
  const sockets = new Set<Socket>();
  const busy = new WeakSet<Socket>();
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, requestMs) }, (req, res) => {
    busy.add(req.socket);
    res.once('close', () => busy.delete(req.socket));
    serve(req, res, maxBody, options.handle, notADelivery, log);
  });
  // A slow or silent client cannot hold a socket for long; the vendor sends small bodies at once.
  server.headersTimeout = Math.min(idleMs, requestMs);
  server.requestTimeout = requestMs;
  server.keepAliveTimeout = Math.min(5_000, idleMs);
  server.maxHeadersCount = 100;
  // No inactivity callback: node destroys a socket silent for `idleMs`.
  server.setTimeout(idleMs);
  server.on('connection', (socket: Socket) => {
    if (sockets.size >= MAX_CONNECTIONS) {
      const idle = [...sockets].find((open) => !busy.has(open));
      if (idle === undefined) {
        socket.destroy();
        return;
      }
      idle.destroy();
      sockets.delete(idle);
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await listenWithRetry(server, options.host, options.port, options.bindRetryMs ?? 5_000);
  const address = server.address() as AddressInfo;
  return {
    host: options.host,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  maxBody: number,
  handle: ReceiverOptions['handle'],
  notADelivery: () => void,
  log: (line: string) => void,
): void {
  const path = (req.url ?? '').split('?')[0];
  if (path !== WEBHOOK_PATH) return end(res, 404, 'not found');
  if (req.method !== 'POST') {
    notADelivery();
    res.setHeader('Allow', 'POST');
    return end(res, 405, 'POST only');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FORM) {
    notADelivery();
    return end(res, 415, `${FORM} only`);
  }
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) {
    notADelivery();
    return end(res, 413, 'too large', true);
  }

  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > maxBody) {
      refused = true;
      notADelivery();
      // Nothing more is read: the answer goes, then the connection is cut.
      res.once('finish', () => req.destroy());
      end(res, 413, 'too large', true);
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => undefined);
  req.on('end', () => {
    if (refused) return;
    let answer: Answer;
    try {
      answer = handle(Buffer.concat(chunks, size), req.headers[SIGNATURE_HEADER.toLowerCase()]);
    } catch (error) {
      log(`webhooks: a delivery could not be handled: ${error instanceof Error ? error.message : String(error)}`);
      return end(res, 500, 'error');
    }
    res.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(answer.status === 401 ? 'signature refused' : 'ok', () => answer.then?.());
  });
}

function end(res: ServerResponse, status: number, text: string, close = false): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...(close ? { Connection: 'close' } : {}) });
  res.end(text);
}

async function listenWithRetry(server: Server, host: string, port: number, retryMs: number): Promise<void> {
  const deadline = Date.now() + retryMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => {
          server.off('listening', onListening);
          reject(error);
        };
        const onListening = () => {
          server.off('error', onError);
          resolve();
        };
        server.once('error', onError);
        server.once('listening', onListening);
        server.listen({ host, port, exclusive: true });
      });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
      // In an account switch the account being closed still holds the port for a moment.
      if (code === 'EADDRINUSE' && port !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      throw new ListenError(code);
    }
  }
}
