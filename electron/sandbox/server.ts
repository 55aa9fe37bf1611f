import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import { createSandboxApp, type SandboxOptions } from './app';
import type { FaultController } from './control/faults';
import { injectFaults } from './control/injectFaults';
import { errorBody } from './errors';

export interface StartSandboxOptions extends SandboxOptions {
  /** Interface to bind. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Port to bind; 0 (default) picks a free port. */
  port?: number;
}

export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:51234 (spec paths are appended to it). */
  url: string;
  port: number;
  /** Stops listening and drops every open connection (keep-alive ones too). */
  close(): Promise<void>;
}

/** The host part of a URL that reaches a server bound to `host`. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * A request node's parser refuses (malformed request line or headers, headers too large) is
 * answered with the sandbox's JSON error body instead of node's bare `400 Bad Request`. `body`
 * builds it (the retail listener passes its own).
 */
export function answerClientErrors(server: Server, body: (status: number, message: string) => unknown = errorBody): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : [400, 'Bad Request', 'The request is not valid HTTP.'];
    const text = JSON.stringify(body(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}

/** Starts the sandbox on a real HTTP server (the app's demo mode, the CLI, e2e tests). */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { host = '127.0.0.1', port = 0, ...appOptions } = options;
  const app = createSandboxApp(appOptions);
  return serveApp({ fetch: app.fetch, faults: app.faults, flush: () => app.flush(), host, port });
}

export interface ServeOptions {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  faults: FaultController;
  /** Waits for the last state-file write. */
  flush: () => Promise<void>;
  host: string;
  port: number;
  /** The error body of requests node's parser refuses (default: the hospitality one). */
  errorBody?: (status: number, message: string) => unknown;
}

/** Serves an app (the hospitality or the retail sandbox) on `host:port`, with its faults applied. */
export async function serveApp(options: ServeOptions): Promise<RunningSandbox> {
  const { host, port } = options;
  const server = createAdaptorServer({ fetch: options.fetch, hostname: host }) as Server;
  // Control API faults (latency, drop, 5xx, lost response, offline, 429 bursts) at the socket level,
  // Expect: 100-continue requests included (decided before the 100 is written).
  injectFaults(server, options.faults);
  answerClientErrors(server, options.errorBody);

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const bound = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(host)}:${bound}`,
    port: bound,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }).then(options.flush); // the last state-file write (--state) lands before close() resolves
      return closing;
    },
  };
}
