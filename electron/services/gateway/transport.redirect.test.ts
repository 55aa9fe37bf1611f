// No credential follows a redirect. A server that answers 3xx points at a second
// server that records every request: the second server must see nothing at all, and the failure
// names where the redirect pointed and reads as a misconfiguration (the order stays unsent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../queue/delivery';
import { redirectingTo, startRecordingServer, type RecordingServer } from '../secrets/recordingServer.testing';
import { createGateway } from './client';
import { GatewayError } from './errors';
import { exchangeWithContinue } from './expectContinue';
import { failureOf } from '../../../shared/testing/failureOf.testing';

const SECRETS = { tenant: 'demo', accessToken: 'redirect-access-5c1e', integratorToken: 'redirect-client-8d2f' };
const loyalty = { order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }] } };
const flow = { customer: null, table_id: [3], guests: 2, contents: null, payments: null };

let elsewhere: RecordingServer;
const redirectors: RecordingServer[] = [];

beforeAll(async () => {
  elsewhere = await startRecordingServer();
  for (const status of [302, 307] as const) {
    redirectors.push(await startRecordingServer(redirectingTo(status, (request) => `${elsewhere.url}${request.url}`)));
  }
});
afterAll(async () => {
  await Promise.all([elsewhere, ...redirectors].map((server) => server.close()));
});

describe.each([0, 1])('a redirecting server (%#: 302, 307)', (index) => {
  const gateway = () => createGateway({ baseUrl: redirectors[index]!.url, secrets: async () => SECRETS, timeoutMs: 5_000 });

  it('a read (fetch) is not followed: a not-found error naming the Location', async () => {
    const error = await failureOf(gateway().listPaymentMethods(), GatewayError);
    expect(error).toMatchObject({ kind: 'not-found', code: 'redirected', status: index === 0 ? 302 : 307 });
    expect(error.text).toEqual({ code: 'server-redirected', params: { location: `${elsewhere.url}/api/external/v2/paymentMethods` } });
    expect(redirectors[index]!.requests).not.toHaveLength(0);
    expect(elsewhere.requests).toEqual([]);
  });

  it('an order over 100-continue (node:http) is not followed: not sent, misconfigured', async () => {
    const outcome = await deliver(gateway(), { kind: 'order', order: loyalty });
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'misconfigured' });
    expect(outcome.outcome === 'not-sent' && outcome.params).toEqual({ location: `${elsewhere.url}/api/loyalty/orders` });
    expect(outcome.outcome === 'not-sent' && outcome.code).toBe('order-redirected');
    expect(elsewhere.requests).toEqual([]);
  });

  it('a Flow seating (token in the query) is not followed: not sent, misconfigured, no token in the outcome', async () => {
    const outcome = await deliver(gateway(), { kind: 'seating', data: flow });
    expect(outcome).toMatchObject({ outcome: 'not-sent', reason: 'misconfigured' });
    expect(JSON.stringify(outcome)).not.toContain(SECRETS.accessToken);
    expect(JSON.stringify(outcome)).not.toContain(encodeURIComponent(SECRETS.accessToken));
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('exchangeWithContinue', () => {
  it('hands a 3xx back as an answer with its Location, never following it', async () => {
    const answer = await exchangeWithContinue({
      url: `${redirectors[1]!.url}/api/loyalty/orders`,
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 5_000,
    });
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${elsewhere.url}/api/loyalty/orders`);
    expect(elsewhere.requests).toEqual([]);
  });
});
