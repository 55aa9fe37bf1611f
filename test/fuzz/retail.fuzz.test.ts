// Fuzz of the retail sandbox (docs/sandbox.md): generated malformed requests over every retail route
// family, in-process, then a sample over a real listener on 127.0.0.1. No answer may be a 5xx,
// every 4xx carries the retail error body `{ error, code: 0, data: [] }` (the control API its own
// `{ error, code: <status>, data: [] }`), and the sandbox still serves normal requests afterwards.
// The requests come from the suite's fast-check seed (test/setup/fcSeed.ts); reproduce a failure
// with FC_SEED=<seed printed> npx vitest run test/fuzz/retail.fuzz.test.ts
// (FUZZ_REPORT=<file> lists every bad answer).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRetailSandboxApp, startRetailSandbox, type RetailSandboxApp } from '../../electron/sandbox/retail';
import { FC_SEED } from '../setup/fcSeed';
import { expectClean, inProcess, overSocket, report, run, socketSendable, type ExpectedCode } from './harness';
import { malformedRetailRequest } from './retailRequests';

const IN_PROCESS_RUNS = 1_400;
const LISTENER_RUNS = 200;
const LIFTED = { catalogRequestsPerMinute: 1_000_000, requestsPerMinute: 1_000_000 };
/** The retail body's `code` is 0; the control API keeps its own (the status). */
const RETAIL_CODE: ExpectedCode = (request, status) => (new URL(request.path, 'http://x').pathname.startsWith('/__sandbox') ? status : 0);

async function expectHealthy(request: (path: string, init?: RequestInit) => Promise<Response>): Promise<void> {
  const headers = { username: 'demo-shop', Authorization: 'Bearer demo-token' };
  for (const path of ['/api/external/catalog/products?pagination=200', '/api/external/config/customers', '/api/external/promotions/promotions']) {
    expect((await request(path, { headers })).status, path).toBe(200);
  }
}

describe('retail sandbox fuzz: malformed requests never get a 5xx', () => {
  it(`in-process: ${IN_PROCESS_RUNS} generated requests over every retail route family`, async () => {
    const { onError, sender } = inProcess();
    const app: RetailSandboxApp = createRetailSandboxApp({ limits: LIFTED, onError });
    const tally = await run(fc.sample(malformedRetailRequest, { numRuns: IN_PROCESS_RUNS }), sender(app), RETAIL_CODE);
    report('retail fuzz', 'in-process', FC_SEED, tally);
    expect(tally.tried).toBeGreaterThanOrEqual(1_000);
    expectClean('in-process', FC_SEED, tally);
    expect(() => JSON.stringify({ accounts: [...app.state.accounts.values()], ledger: app.state.ledger })).not.toThrow();
    await expectHealthy((path, init) => Promise.resolve(app.request(path, init)));
  }, 120_000);

  it(`over a real listener: ${LISTENER_RUNS} generated requests, then normal ones`, async () => {
    const sandbox = await startRetailSandbox({ port: 0, limits: LIFTED });
    try {
      const requests = fc.sample(malformedRetailRequest.filter(socketSendable), { numRuns: LISTENER_RUNS });
      const tally = await run(requests, (request) => overSocket(sandbox.url, request), RETAIL_CODE);
      report('retail fuzz', '127.0.0.1 listener', FC_SEED, tally);
      expectClean('127.0.0.1 listener', FC_SEED, tally);
      await expectHealthy((path, init) => fetch(`${sandbox.url}${path}`, init));
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
