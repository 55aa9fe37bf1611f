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

/**
 * Opens the launch link as a browser would and answers the `Cookie` header its session cookie
 * makes (`comanda-session=…`). Fails when the link sets no cookie.
 */
export async function openSession(shell: { port: number; url: string }, address?: string): Promise<string> {
  const link = new URL(shell.url);
  const answer = await rawRequest(shell.port, { path: `${link.pathname}${link.search}`, headers: { host: link.host }, ...(address ? { address } : {}) });
  const setCookie = answer.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (answer.status !== 303 || !first) throw new Error(`the launch link set no session (HTTP ${answer.status})`);
  return first.split(';')[0]!;
}
