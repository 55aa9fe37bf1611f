// How a delivery reaches its URL: one POST over node:http / node:https on a fresh connection (no
// keep-alive pool to outlive the sandbox), never following a redirect (a 3xx is just a status, and
// a failure). The caller's signal aborts it (after the status, on the delivery timeout, when the
// sandbox stops).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** Resolves with the HTTP status once the answer's status line arrives; rejects on a network error or abort. */
export type WebhookTransport = (request: WebhookRequest) => Promise<{ status: number }>;

export const nodeTransport: WebhookTransport = ({ url, body, headers, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const payload = Buffer.from(body, 'utf8');
    const req = send(target, {
      method: 'POST',
      agent: false,
      signal,
      headers: { ...headers, 'Content-Length': String(payload.length), Connection: 'close' },
    });
    req.on('response', (res: IncomingMessage) => {
      // Only the status counts: the caller aborts the request once it has it (the body is dropped).
      res.on('error', () => undefined);
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end(payload);
  });
