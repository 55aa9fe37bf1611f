// Fuzz of the sandbox as a server: generated malformed requests over every route
// family, in-process (`app.request`, so 1,000+ requests stay fast), then a sample over a real
// listener on 127.0.0.1. No answer may be a 5xx, every 4xx carries the JSON error body, and the
// sandbox still serves normal requests (and its state still serializes) afterwards.
// The requests come from the suite's fast-check seed (test/setup/fcSeed.ts); reproduce a failure
// with FC_SEED=<seed printed> npx vitest run test/fuzz/sandbox.fuzz.test.ts
// (FUZZ_REPORT=<file> lists every bad answer).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../electron/sandbox';
import { fixtureSeed, HEADERS, startFixtureSandbox } from '../contract/orderFixtures';
import { FC_SEED } from '../setup/fcSeed';
import { expectClean, inProcess, overSocket, report, run, socketSendable, type ExpectedCode } from './harness';
import { knownCases, malformedRequest, type FuzzRequest } from './sandboxRequests';

const IN_PROCESS_RUNS = 1_200;
const LISTENER_RUNS = 200;
/** Every 4xx body carries its status as `code`. */
const STATUS_CODE: ExpectedCode = (_request, status) => status;

/** The sandbox still answers normal requests, and its state is still plain JSON (the state file). */
async function expectHealthy(app: SandboxApp): Promise<void> {
  const headers = { ...HEADERS };
  for (const path of ['/api/external/v2/paymentMethods', '/api/external/v2/customers?pagination=200', '/api/external/v2/catalog/items?pagination=200']) {
    const answer = await app.request(path, { headers });
    expect(answer.status, path).toBe(200);
  }
  expect(() => JSON.stringify({ accounts: [...app.state.accounts.values()], ledger: app.state.ledger })).not.toThrow();
}

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('sandbox fuzz: malformed requests never get a 5xx', () => {
  it(`in-process: the reported cases and ${IN_PROCESS_RUNS} generated requests over every route family`, async () => {
    const { onError, sender } = inProcess();
    const app = createSandboxApp({ seed: fixtureSeed(), limits: { requestsPerMinute: 1_000_000 }, onError });
    const requests: FuzzRequest[] = [...knownCases(), ...fc.sample(malformedRequest, { numRuns: IN_PROCESS_RUNS })];
    const tally = await run(requests, sender(app), STATUS_CODE);
    report('sandbox fuzz', 'in-process', FC_SEED, tally);
    expect(tally.tried).toBeGreaterThanOrEqual(1_000);
    expectClean('in-process', FC_SEED, tally);
    expectNoPollution();
    await expectHealthy(app);
  }, 120_000);

  describe('over a real listener on 127.0.0.1', () => {
    let sandbox: Awaited<ReturnType<typeof startFixtureSandbox>> | undefined;
    afterAll(async () => {
      await sandbox?.close();
    });

    it(`${LISTENER_RUNS} generated requests, then a normal request`, async () => {
      sandbox = await startFixtureSandbox({ limits: { requestsPerMinute: 1_000_000 } });
      const base = sandbox.url;
      // Huge bodies are covered in-process; here the adapter, the Host header and raw paths matter.
      const requests = fc.sample(malformedRequest.filter(socketSendable), { numRuns: LISTENER_RUNS });
      const tally = await run(requests, (request) => overSocket(base, request), STATUS_CODE);
      report('sandbox fuzz', '127.0.0.1 listener', FC_SEED, tally);
      expectClean('127.0.0.1 listener', FC_SEED, tally);
      const normal = await overSocket(base, { family: 'v2', method: 'GET', path: '/api/external/v2/paymentMethods', headers: HEADERS });
      expect(normal.status).toBe(200);
    }, 60_000);
  });
});
