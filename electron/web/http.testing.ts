import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One HTTP request through node:http, so a test controls the Host and Origin headers (fetch would
 * not let it). `address`: the interface to connect to (default 127.0.0.1).
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string; address?: string },
): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: options.address ?? '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

/** Opens the event stream and resolves with the status once the headers arrive (the stream is dropped). */
export function eventStreamStatus(port: number, path: string, headers: Record<string, string> = {}, address = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: address, port, path, headers }, (res) => {
      done(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', fail);
    req.end();
  });
}
