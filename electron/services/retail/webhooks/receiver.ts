import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_PATH } from '../../../../shared/bridge/webhooks';
import { SIGNATURE_HEADER } from './signature';

// The HTTP endpoint the retail service delivers webhooks to (issue 16 item 5): node:http on the
// configured interface and port, POST WEBHOOK_PATH only. It reads the RAW body (what was signed),
// at most `maxBodyBytes` (413 beyond, nothing read further), hands it with the signature header to
// `handle`, which answers at once with a status; the work it returns runs after the answer is sent,
// so the vendor's 10 s delivery timeout never waits for it (clarifications "Webhooks").

/** A product record is a few kilobytes; an order with its lines and invoice tens. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
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
  log?: (line: string) => void;
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
  const server = createServer((req, res) => serve(req, res, maxBody, options.handle, log));
  // A slow or silent client cannot hold a socket for long; the vendor sends small bodies at once.
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  server.maxConnections = 64;
  server.maxHeadersCount = 100;
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

function serve(req: IncomingMessage, res: ServerResponse, maxBody: number, handle: ReceiverOptions['handle'], log: (line: string) => void): void {
  const path = (req.url ?? '').split('?')[0];
  if (path !== WEBHOOK_PATH) return end(res, 404, 'not found');
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return end(res, 405, 'POST only');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FORM) return end(res, 415, `${FORM} only`);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) return end(res, 413, 'too large', true);

  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > maxBody) {
      refused = true;
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
