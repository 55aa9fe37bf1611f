// The sandbox's control API as tests, the chaos run and the bench call it. Its own file, free of
// the seed (whose JSON imports Playwright's loader refuses), so e2e specs can import it too.
import { request } from 'node:http';

export interface ControlAnswer<T> {
  status: number;
  body: T;
}

/**
 * One call of the sandbox control API (`/__sandbox/*`): a GET, or a POST when
 * `body` is given or `method` says so. Every POST is JSON (`Content-Type: application/json`, an
 * empty body when there is none), as the control API accepts nothing else. Each call goes on its
 * own connection, so a socket the sandbox destroyed on purpose (faults) never breaks it. Rejects
 * when the sandbox does not answer; the body is the parsed JSON answer.
 */
export function controlRequest<T = unknown>(
  baseUrl: string,
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ControlAnswer<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const payload = method === 'POST' && options.body !== undefined ? JSON.stringify(options.body) : '';
  const headers: Record<string, string> = method === 'POST' ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {};
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(new Error(`control API ${method} ${path} failed: ${error.message}`));
    const req = request(new URL(path, baseUrl), { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', failed);
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: (text === '' ? null : JSON.parse(text)) as T });
        } catch {
          failed(new Error(`HTTP ${res.statusCode ?? 0} with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', failed);
    req.end(payload);
  });
}
