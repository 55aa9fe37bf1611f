import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a test server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Every credential header any request carried (authorization, client-token, tenant). */
  credentialHeaders(): string[];
  close(): Promise<void>;
}

export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

/** By default: 404 with a JSON error body, like a server that is not the vendor's API. */
const notHere: Responder = (_request, res) => {
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
};

/**
 * A loopback HTTP server that records every request it receives (headers and body), for tests
 * that must prove what left the machine — or that nothing did. Answers 100 Continue when asked.
 */
export async function startRecordingServer(respond: Responder = notHere): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request: RecordedRequest = { method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body };
      requests.push(request);
      respond(request, res);
    });
  };
  const server: Server = createServer(handle);
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    res.writeContinue();
    handle(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    credentialHeaders: () =>
      requests.flatMap((request) =>
        ['authorization', 'client-token', 'tenant']
          .filter((name) => request.headers[name] !== undefined)
          .map((name) => `${name}: ${String(request.headers[name])}`),
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Answers every request with `status` and the request itself echoed in the body (URL, headers). */
export function echoing(status: number): Responder {
  return (request, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: `Cannot handle ${request.method} ${request.url}`,
        request: { url: request.url, headers: request.headers, body: request.body },
      }),
    );
  };
}

/** Answers every request with a redirect to `location`. */
export function redirectingTo(status: 301 | 302 | 303 | 307 | 308, location: (request: RecordedRequest) => string): Responder {
  return (request, res) => {
    res.writeHead(status, { location: location(request), 'content-type': 'text/plain' }).end('moved');
  };
}
