// Contract tests of the sandbox's fault injection for the chaos test (test/chaos): faults on
// `Expect: 100-continue` requests decided before the 100 is written, the 5xx status of injected
// errors, counters per request family, and bursts of 429. Real node:http clients on brand-new
// connections, so a socket the sandbox destroys on purpose never breaks the next request.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { HEADERS, ITEM, flowMessage, flowPath, freshRequest, newOrderData, startFixtureSandbox, type Json } from './orderFixtures';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startFixtureSandbox({ faultSeed: 11 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await control('POST', '/__sandbox/reset');
});

type Counters = Record<'requests' | 'delayed' | 'dropped' | 'errored' | 'lostResponses' | 'refusedOffline' | 'rateLimited' | 'cutOffline', number>;
interface FaultState {
  faults: Json;
  counters: Counters;
  byFamily: Record<'flow' | 'loyalty' | 'other', Counters>;
}

function control<T = Json>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return controlRequest<T>(sandbox.url, path, { method, body });
}

const setFaults = (faults: Json) => control<FaultState>('POST', '/__sandbox/faults', faults);
const faultState = async () => (await control<FaultState>('GET', '/__sandbox/faults')).body;
const ledger = async () => (await control<{ entries: Array<{ kind: string; payload: Json }> }>('GET', '/__sandbox/ledger')).body.entries;

const loyaltyBody = (extraId: string) => ({ order: { total: 1.8, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8 }], extraId } });

interface ContinueOutcome {
  /** Whether the server sent `100 Continue` (the client only then writes its body). */
  gotContinue: boolean;
  answer: { status: number; headers: Record<string, string | string[] | undefined>; body: string } | { error: string };
}

/**
 * A request with `Expect: 100-continue` as a careful client sends it: headers first, the body only
 * after the server's 100. Resolves with whether a 100 came and the answer or the network error.
 */
function continueRequest(path: string, options: { method?: string; headers?: Record<string, string>; body: string }): Promise<ContinueOutcome> {
  return new Promise((resolve) => {
    let gotContinue = false;
    let settled = false;
    const finish = (answer: ContinueOutcome['answer']) => {
      if (settled) return;
      settled = true;
      resolve({ gotContinue, answer });
      req.destroy();
    };
    const req = request(`${sandbox.url}${path}`, {
      method: options.method ?? 'POST',
      agent: false,
      headers: { ...options.headers, Expect: '100-continue', 'Content-Length': String(Buffer.byteLength(options.body)) },
    });
    req.on('continue', () => {
      gotContinue = true;
      req.end(options.body);
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? String(error) }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? String(error) }));
    req.on('close', () => finish({ error: 'closed' }));
    req.flushHeaders();
  });
}

const continueLoyalty = (extraId: string) => continueRequest('/api/loyalty/orders', { headers: HEADERS, body: JSON.stringify(loyaltyBody(extraId)) });

describe('Expect: 100-continue', () => {
  it('no fault: 100 Continue, then the answer; the order is committed', async () => {
    const outcome = await continueLoyalty('C-PASS');
    expect(outcome.gotContinue).toBe(true);
    expect(outcome.answer).toMatchObject({ status: 200 });
    expect(JSON.parse((outcome.answer as { body: string }).body)).toEqual({ order_id: expect.any(Number) });
    expect(await ledger()).toEqual([expect.objectContaining({ kind: 'loyalty', payload: loyaltyBody('C-PASS') })]);
  });

  it('drop: the socket is closed with no 100, nothing is committed, the drop is counted', async () => {
    await setFaults({ dropRate: 1 });
    const outcome = await continueLoyalty('C-DROP');
    expect(outcome.gotContinue).toBe(false);
    expect(outcome.answer).toHaveProperty('error');
    expect(await ledger()).toEqual([]);
    const state = await faultState();
    expect(state.counters).toMatchObject({ requests: 1, dropped: 1 });
    expect(state.byFamily.loyalty).toMatchObject({ requests: 1, dropped: 1 });
  });

  it('offline: the socket is closed with no 100, nothing is committed, counted as refused', async () => {
    await setFaults({ offline: true });
    const outcome = await continueLoyalty('C-OFF');
    expect(outcome.gotContinue).toBe(false);
    expect(outcome.answer).toHaveProperty('error');
    await setFaults({});
    expect(await ledger()).toEqual([]);
    expect((await faultState()).byFamily.loyalty.refusedOffline).toBe(1);
  });

  it('error: the 5xx comes without a 100 and without reading the body; nothing is committed', async () => {
    await setFaults({ errorRate: 1, errorStatus: 503 });
    const outcome = await continueLoyalty('C-ERR');
    expect(outcome.gotContinue).toBe(false);
    expect(outcome.answer).toMatchObject({ status: 503, headers: { 'retry-after': '1', connection: 'close' } });
    expect(JSON.parse((outcome.answer as { body: string }).body)).toEqual({ error: expect.any(String), code: 503, data: [] });
    await setFaults({});
    expect(await ledger()).toEqual([]);
    expect((await faultState()).byFamily.loyalty.errored).toBe(1);
  });

  it('lose-response: 100, the order is committed, then no answer; counted as a lost response of a loyalty order', async () => {
    await setFaults({ loseResponseRate: 1 });
    const outcome = await continueLoyalty('C-LOST');
    expect(outcome.gotContinue).toBe(true);
    expect(outcome.answer).toHaveProperty('error');
    expect(await ledger()).toEqual([expect.objectContaining({ kind: 'loyalty', payload: loyaltyBody('C-LOST') })]);
    const state = await faultState();
    expect(state.counters.lostResponses).toBe(1);
    expect(state.byFamily.loyalty.lostResponses).toBe(1);
  });

  it('rate-limit burst: 429 without a 100; nothing is committed', async () => {
    await setFaults({ rateLimitBurst: { everyMs: 3_600_000, forMs: 600_000 } });
    const outcome = await continueLoyalty('C-429');
    expect(outcome.gotContinue).toBe(false);
    expect(outcome.answer).toMatchObject({ status: 429 });
    await setFaults({});
    expect(await ledger()).toEqual([]);
  });

  it('the control API is never faulted, with Expect too', async () => {
    await setFaults({ dropRate: 1, offline: true });
    const outcome = await continueRequest('/__sandbox/faults', { headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(outcome.gotContinue).toBe(true);
    expect(outcome.answer).toMatchObject({ status: 200 });
    expect((await faultState()).faults).toMatchObject({ dropRate: 0, offline: false });
    expect((await faultState()).counters.requests).toBe(0);
  });
});

describe('errorStatus', () => {
  const paymentMethods = () => freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`, { headers: HEADERS });

  it('500 by default; 502 and 504 as asked; 503 with Retry-After: 1; always the JSON error shape', async () => {
    await setFaults({ errorRate: 1 });
    expect(await paymentMethods()).toMatchObject({ status: 500 });
    for (const status of [502, 503, 504]) {
      expect((await setFaults({ errorRate: 1, errorStatus: status })).body.faults).toMatchObject({ errorStatus: status });
      const answer = await new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
        const req = request(`${sandbox.url}/api/external/v2/paymentMethods`, { agent: false, headers: HEADERS }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(status);
      expect(answer.retryAfter).toBe(status === 503 ? '1' : undefined);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining(String(status)), code: status, data: [] });
    }
    expect((await faultState()).counters.errored).toBe(4);
  });
});

describe('counters per request family (GET /__sandbox/faults → byFamily)', () => {
  it('Flow, loyalty orders and everything else apart; their sum is the overall counter', async () => {
    await setFaults({ loseResponseRate: 1 });
    await freshRequest(`${sandbox.url}${flowPath(flowMessage(newOrderData([1])))}`, { method: 'POST' });
    await freshRequest(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', headers: HEADERS, body: JSON.stringify(loyaltyBody('F-1')) });
    await freshRequest(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', headers: HEADERS, body: JSON.stringify(loyaltyBody('F-2')) });
    await freshRequest(`${sandbox.url}/api/external/v2/paymentMethods`, { headers: HEADERS });
    const state = await faultState();
    expect(state.byFamily.flow).toMatchObject({ requests: 1, lostResponses: 1 });
    expect(state.byFamily.loyalty).toMatchObject({ requests: 2, lostResponses: 2 });
    expect(state.byFamily.other).toMatchObject({ requests: 1, lostResponses: 1 });
    for (const key of Object.keys(state.counters) as Array<keyof Counters>) {
      expect(state.byFamily.flow[key] + state.byFamily.loyalty[key] + state.byFamily.other[key]).toBe(state.counters[key]);
    }
    expect(await ledger()).toHaveLength(3); // lost responses were committed all the same
    await control('POST', '/__sandbox/reset');
    expect((await faultState()).byFamily.loyalty.requests).toBe(0);
  });
});

describe('rateLimitBurst', () => {
  it('during a burst every request is answered 429 with Retry-After (the seconds left) and the error shape, without processing', async () => {
    const set = await setFaults({ rateLimitBurst: { everyMs: 3_600_000, forMs: 600_000 } });
    expect(set.body.faults).toMatchObject({ rateLimitBurst: { everyMs: 3_600_000, forMs: 600_000 } });
    const answer = await new Promise<{ status: number; retryAfter: number; body: string }>((resolve, reject) => {
      const req = request(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', agent: false, headers: HEADERS }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after']), body }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(loyaltyBody('B-1')));
    });
    expect(answer.status).toBe(429);
    // About 600 s left (the test may run slowly: anything between 500 and 600).
    expect(answer.retryAfter).toBeGreaterThan(500);
    expect(answer.retryAfter).toBeLessThanOrEqual(600);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: 429, data: [] });
    expect(await freshRequest(`${sandbox.url}${flowPath(flowMessage(newOrderData([2])))}`, { method: 'POST' })).toMatchObject({ status: 429 });
    expect((await control('GET', '/__sandbox/ledger')).status).toBe(200); // the control API is spared
    expect(await ledger()).toEqual([]);
    const state = await faultState();
    expect(state.counters).toMatchObject({ requests: 2, rateLimited: 2 });
    expect(state.byFamily.loyalty.rateLimited).toBe(1);
    expect(state.byFamily.flow.rateLimited).toBe(1);

    // A POST without it ends the bursts.
    await setFaults({});
    expect(
      await freshRequest(`${sandbox.url}/api/loyalty/orders`, { method: 'POST', headers: HEADERS, body: JSON.stringify(loyaltyBody('B-2')) }),
    ).toMatchObject({ status: 200 });
  });
});

describe('going offline while a request is being answered', () => {
  it('cuts it and counts its lost answer as cutOffline, per family', async () => {
    // Headers with Expect: 100-continue, the 100 comes, and the body is held back: the request is
    // the app's, unanswered, when the sandbox goes offline.
    const body = JSON.stringify(loyaltyBody('cut-1'));
    const outcome = await new Promise<{ gotContinue: boolean; error: string | null }>((resolve) => {
      let gotContinue = false;
      const req = request(`${sandbox.url}/api/loyalty/orders`, {
        method: 'POST',
        agent: false,
        headers: { ...HEADERS, Expect: '100-continue', 'Content-Length': String(Buffer.byteLength(body)) },
      });
      req.on('continue', () => {
        gotContinue = true;
        void setFaults({ offline: true });
      });
      req.on('response', () => resolve({ gotContinue, error: null }));
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ gotContinue, error: error.code ?? String(error) }));
    });
    expect(outcome.gotContinue).toBe(true);
    expect(outcome.error).not.toBeNull();
    const state = await faultState();
    expect(state.counters.cutOffline).toBe(1);
    expect(state.byFamily.loyalty.cutOffline).toBe(1);
    expect(state.counters.lostResponses).toBe(0);
    await setFaults({});
  });
});
