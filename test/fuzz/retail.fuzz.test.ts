// Fuzz of the retail sandbox (issue 13 Proof): generated malformed requests over every retail route
// family, in-process, then a sample over a real listener on 127.0.0.1. No answer may be a 5xx,
// every 4xx carries the retail error body `{ error, code: 0, data: [] }` (the control API its own
// `{ error, code: <status>, data: [] }`), and the sandbox still serves normal requests afterwards.
// Reproduce a failure with FUZZ_SEED=<seed printed> npx vitest run test/fuzz/retail.fuzz.test.ts
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRetailSandboxApp, startRetailSandbox, type RetailSandboxApp } from '../../electron/sandbox/retail';
import { malformedRetailRequest, type RetailFuzzRequest } from './retailRequests';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const IN_PROCESS_RUNS = 1_400;
const LISTENER_RUNS = 200;
const LIFTED = { catalogRequestsPerMinute: 1_000_000, requestsPerMinute: 1_000_000 };

interface Answer {
  status: number;
  type: string | null;
  text: string;
}

function overSocket(base: string, r: RetailFuzzRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(base);
    const headers = r.body === undefined ? r.headers : { ...r.headers, 'Content-Length': String(Buffer.byteLength(r.body)) };
    const req = httpRequest({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? null, text }));
      res.on('error', (error) => resolve({ status: 599, type: null, text: `network error ${error.message}` }));
    });
    req.on('error', (error) => resolve({ status: 599, type: null, text: `network error ${error.message}` }));
    req.end(r.body);
  });
}

function problemOf(r: RetailFuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400 || r.method === 'HEAD') return null;
  let body: { error?: unknown; code?: unknown; data?: unknown } | null;
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    return `answered ${answer.status} without a JSON body: ${answer.text.slice(0, 120)}`;
  }
  const code = new URL(r.path, 'http://x').pathname.startsWith('/__sandbox') ? answer.status : 0;
  const ok = typeof body?.error === 'string' && body.code === code && Array.isArray(body.data) && body.data.length === 0 && /application\/json/.test(answer.type ?? '');
  return ok ? null : `answered ${answer.status} with a body that is not { error, code: ${code}, data: [] }: ${answer.text.slice(0, 160)}`;
}

async function run(requests: readonly RetailFuzzRequest[], send: (r: RetailFuzzRequest) => Promise<Answer>) {
  const tally = { tried: 0, byStatus: {} as Record<string, number>, byFamily: {} as Record<string, number>, failures: [] as string[] };
  for (const r of requests) {
    const answer = await send(r);
    tally.tried++;
    const klass = `${Math.floor(answer.status / 100)}xx`;
    tally.byStatus[klass] = (tally.byStatus[klass] ?? 0) + 1;
    tally.byFamily[r.family] = (tally.byFamily[r.family] ?? 0) + 1;
    const problem = problemOf(r, answer);
    if (problem) tally.failures.push(`${problem}\n    ← ${r.method} ${r.path.slice(0, 160)} ${JSON.stringify(r.headers).slice(0, 120)} ${(r.body ?? '').slice(0, 160)}`);
  }
  console.log(`retail fuzz (seed ${SEED}): ${tally.tried} requests ${JSON.stringify(tally.byStatus)}; by family ${JSON.stringify(tally.byFamily)}`);
  return tally;
}

async function expectHealthy(request: (path: string, init?: RequestInit) => Promise<Response>): Promise<void> {
  const headers = { username: 'demo-shop', Authorization: 'Bearer demo-token' };
  for (const path of ['/api/external/catalog/products?pagination=200', '/api/external/config/customers', '/api/external/promotions/promotions']) {
    expect((await request(path, { headers })).status, path).toBe(200);
  }
}

describe('retail sandbox fuzz: malformed requests never get a 5xx', () => {
  it(`in-process: ${IN_PROCESS_RUNS} generated requests over every retail route family`, async () => {
    let lastError = '';
    const app: RetailSandboxApp = createRetailSandboxApp({ limits: LIFTED, onError: (e) => (lastError = e instanceof Error ? `${e.name}: ${e.message}` : String(e)) });
    const send = async (r: RetailFuzzRequest): Promise<Answer> => {
      const init: RequestInit = { method: r.method, headers: r.headers };
      if (r.body !== undefined) init.body = r.body;
      lastError = '';
      const answer = await app.request(r.path, init);
      const text = await answer.text();
      return { status: answer.status, type: answer.headers.get('content-type'), text: lastError ? `${text} (${lastError})` : text };
    };
    const tally = await run(fc.sample(malformedRetailRequest, { seed: SEED, numRuns: IN_PROCESS_RUNS }), send);
    expect(tally.tried).toBeGreaterThanOrEqual(1_000);
    expect(tally.failures, tally.failures.slice(0, 12).join('\n')).toEqual([]);
    expect(() => JSON.stringify({ accounts: [...app.state.accounts.values()], ledger: app.state.ledger })).not.toThrow();
    await expectHealthy((path, init) => Promise.resolve(app.request(path, init)));
  }, 120_000);

  it(`over a real listener: ${LISTENER_RUNS} generated requests, then normal ones`, async () => {
    const sandbox = await startRetailSandbox({ port: 0, limits: LIFTED });
    try {
      const requests = fc.sample(
        malformedRetailRequest.filter((r) => (r.body?.length ?? 0) < 50_000 && [...r.path].every((ch) => ch > ' ' && ch <= '~')),
        { seed: SEED, numRuns: LISTENER_RUNS },
      );
      const tally = await run(requests, (r) => overSocket(sandbox.url, r));
      expect(tally.failures, tally.failures.slice(0, 12).join('\n')).toEqual([]);
      await expectHealthy((path, init) => fetch(`${sandbox.url}${path}`, init));
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
