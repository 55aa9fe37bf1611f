// Shared helpers of the retail contract tests: an in-process retail sandbox on the minimal seed
// (electron/sandbox/retail/seed/minimal.ts, records named by MINIMAL ids), calls with the demo
// shop's credentials (retail-api.md §5), and the retail error body (clarifications).
import { expect } from 'vitest';
import { createRetailSandboxApp, type RetailSandboxApp, type RetailSandboxOptions } from '../../../electron/sandbox/retail';
import type { RetailEventName } from '../../../electron/sandbox/retail';

export { MINIMAL } from '../../../electron/sandbox/retail/seed/minimal';

export const R = '/api/external';
export const SHOP = { username: 'demo-shop', Authorization: 'Bearer demo-token' } as const;
export const CHILD = { username: 'demo-shop-child', Authorization: 'Bearer demo-token' } as const;

export type Json = Record<string, unknown>;

export interface Answer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RetailFixture {
  app: RetailSandboxApp;
  events: Array<{ username: string; event: RetailEventName; payload: Json }>;
  call<T = Json>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
}

/** A retail sandbox with the rate limits lifted (unless `limits` says otherwise), recording events. */
export function retailFixture(options: RetailSandboxOptions = {}): RetailFixture {
  const events: RetailFixture['events'] = [];
  const app = createRetailSandboxApp({
    limits: { catalogRequestsPerMinute: 1_000_000, requestsPerMinute: 1_000_000 },
    events: { emit: (username, event, payload) => events.push({ username, event, payload }) },
    onError: (error) => {
      throw error;
    },
    ...options,
  });
  return {
    app,
    events,
    async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = SHOP) {
      const typed = body === undefined || Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
      const init: RequestInit = { method, headers: typed ? headers : { ...headers, 'Content-Type': 'application/json' } };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await app.request(path, init);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // kept as text
      }
      return { status: response.status, headers: response.headers, body: parsed as T };
    },
  };
}

/** clarifications "Retail — Errors": `{ error, code: 0, data: [] }` with the status. */
export function expectRetailError(answer: Answer<unknown>, status: number, error?: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toEqual({ error: expect.any(String), code: 0, data: [] });
  if (error !== undefined) expect((answer.body as { error: string }).error).toMatch(error);
}

/** A validation failure: 422 "The given data was invalid." (the reason in X-Sandbox-Reason). */
export function expectInvalid(answer: Answer<unknown>, reason?: RegExp): void {
  expectRetailError(answer, 422, /^The given data was invalid\.$/);
  if (reason) expect(answer.headers.get('x-sandbox-reason')).toMatch(reason);
}
