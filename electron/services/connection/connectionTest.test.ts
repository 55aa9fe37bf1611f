import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCheck } from '../../../shared/bridge';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { blamedCredential, networkCause, testConnection, type ConnectionTarget } from './connectionTest';
import { echoing, redirectingTo, startRecordingServer } from '../secrets/recordingServer.testing';

let sandbox: RunningSandbox;
let closedPort: number;
/** A web server that is not the hospitality API: 404 for the API, 500 for images. */
let stranger: { url: string; server: Server };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
  const probe = await startSandbox({ port: 0 });
  closedPort = probe.port;
  await probe.close();
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/xef/')) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('storage broken');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not here</html>');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  stranger = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((done) => stranger.server.close(done));
});

const demoSecrets = { accessToken: 'demo-token', integratorToken: 'demo-client' };
const target = (overrides: Partial<ConnectionTarget> = {}): ConnectionTarget => ({
  baseUrl: sandbox.url,
  imagesUrl: sandbox.url,
  tenant: 'demo',
  secrets: demoSecrets,
  ...overrides,
});
const run = (overrides: Partial<ConnectionTarget> = {}) => testConnection(target(overrides), { timeoutMs: 5000 });
const byName = (checks: ConnectionCheck[]): Partial<Record<string, ConnectionCheck>> => Object.fromEntries(checks.map((c) => [c.check, c]));

describe('testConnection against the sandbox', () => {
  it('passes every check, in order, for the demo account', async () => {
    const result = await run();
    expect(result.ok).toBe(true);
    expect(result.checks.map((c) => [c.check, c.ok])).toEqual([
      ['addresses', true],
      ['reachable', true],
      ['credentials', true],
      ['api', true],
      ['images', true],
    ]);
    const host = new URL(sandbox.url).host;
    expect(result.checks.map(({ code, params }) => ({ code, params }))).toEqual([
      { code: 'addresses-ok', params: { server: host, images: host } },
      { code: 'host-answered', params: { host, status: 200 } },
      { code: 'credentials-accepted', params: { tenant: 'demo' } },
      { code: 'payment-methods-read', params: { count: 3 } },
      { code: 'host-answered', params: { host, status: 404 } },
    ]);
  });

  it('a wrong access token fails the credentials check, naming the Authorization header', async () => {
    const result = await run({ secrets: { ...demoSecrets, accessToken: 'wrong' } });
    expect(result.ok).toBe(false);
    const checks = byName(result.checks);
    expect(checks.reachable!.ok).toBe(true);
    expect(checks.credentials).toMatchObject({ ok: false, code: 'access-token-refused', params: { said: expect.stringMatching(/Authorization/) } });
    expect(checks.credentials!.detail).toMatch(/HTTP 401/);
    // The API check cannot run without accepted credentials: it is left out, not guessed.
    expect(checks.api).toBeUndefined();
    expect(checks.images!.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain('demo-client');
  });

  it('a wrong integrator token names the client-token header; an unknown tenant the tenant header', async () => {
    const client = byName((await run({ secrets: { ...demoSecrets, integratorToken: 'nope' } })).checks);
    expect(client.credentials!.code).toBe('integrator-token-refused');
    const tenant = byName((await run({ tenant: 'bar-nobody' })).checks);
    expect(tenant.credentials).toMatchObject({ code: 'tenant-refused', params: { said: expect.stringMatching(/bar-nobody/) } });
  });

  it('no tokens entered and none saved: says so', async () => {
    const checks = byName((await run({ secrets: null })).checks);
    expect(checks.credentials).toMatchObject({ ok: false, code: 'tokens-not-entered', params: { tenant: 'demo' } });
  });

  it('an unreachable server fails the reachable check with the cause; later API checks are left out', async () => {
    const result = await run({ baseUrl: `http://127.0.0.1:${closedPort}` });
    expect(result.ok).toBe(false);
    const checks = byName(result.checks);
    expect(checks.addresses!.ok).toBe(true);
    expect(checks.reachable).toMatchObject({ ok: false, code: 'host-unreachable', params: { host: `127.0.0.1:${closedPort}`, cause: 'ECONNREFUSED' } });
    expect(checks.credentials).toBeUndefined();
    expect(checks.images!.ok).toBe(true);
  });

  it('a bad image-storage URL fails only the image check', async () => {
    const result = await run({ imagesUrl: `http://127.0.0.1:${closedPort}` });
    expect(result.ok).toBe(false);
    expect(result.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['images']);
    expect(byName(result.checks).images).toMatchObject({ code: 'host-unreachable', params: { cause: 'ECONNREFUSED' } });
  });

  it('an image storage answering 5xx fails; one answering 404 for the test image passes', async () => {
    const broken = byName((await run({ imagesUrl: stranger.url })).checks);
    expect(broken.images).toMatchObject({ ok: false, code: 'images-server-problem', params: { status: 500 } });
    const fine = byName((await run()).checks);
    expect(fine.images).toMatchObject({ ok: true, code: 'host-answered', params: { status: 404 } });
  });

  it('a server that is not the hospitality API: reachable, then the API check says to check the address', async () => {
    const checks = byName((await run({ baseUrl: stranger.url })).checks);
    expect(checks.reachable!.ok).toBe(true);
    expect(checks.api).toMatchObject({ ok: false, code: 'api-missing', params: { path: '/api/external/v2/' } });
  });

  it('an endpoint pasted instead of the host root fails the address check and nothing is requested', async () => {
    const result = await run({ baseUrl: `${sandbox.url}/api/external/v2` });
    expect(result.checks[0]).toMatchObject({ check: 'addresses', ok: false, code: 'server-address-not-root', params: { path: '/api/external/v2' } });
    expect(byName(result.checks).reachable).toBeUndefined();
  });

  it('a server that never answers fails the reachable check after the timeout', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const result = await testConnection(target({ baseUrl: url }), { timeoutMs: 300 });
      expect(byName(result.checks).reachable).toMatchObject({ ok: false, code: 'host-no-answer', params: { seconds: 1 } });
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });
});

describe('explanations', () => {
  it('name the header a 401 message blames', () => {
    expect(blamedCredential('Invalid access token in the Authorization header for tenant "demo".')).toBe('access-token-refused');
    expect(blamedCredential('Invalid integrator token in the client-token header.')).toBe('integrator-token-refused');
    expect(blamedCredential('Unknown tenant "x" in the tenant header.')).toBe('tenant-refused');
    expect(blamedCredential('Unauthorized')).toBeNull();
  });

  it('name the network error code the renderer words, or give an unknown one with its text', () => {
    const error = new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' }) });
    expect(networkCause(error)).toBe('ENOTFOUND');
    const odd = new TypeError('fetch failed', { cause: Object.assign(new Error('protocol went wrong'), { code: 'EPROTO' }) });
    expect(networkCause(odd)).toBe('EPROTO: protocol went wrong');
    const aggregate = new TypeError('fetch failed', {
      cause: Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:1'), { code: 'ECONNREFUSED' })]), {}),
    });
    expect(networkCause(aggregate)).toMatch(/ECONNREFUSED/);
  });
});

describe('testConnection never follows a redirect with the tokens', () => {
  it.each([302, 307] as const)('a %i from the API is a failed check naming the Location; the target sees nothing', async (status) => {
    const elsewhere = await startRecordingServer();
    const redirector = await startRecordingServer(redirectingTo(status, (request) => `${elsewhere.url}${request.url}`));
    try {
      const result = await run({ baseUrl: redirector.url, imagesUrl: sandbox.url });
      expect(result.ok).toBe(false);
      expect(byName(result.checks).api).toMatchObject({
        ok: false,
        code: 'api-redirects',
        params: { status, location: `${elsewhere.url}/api/external/v2/paymentMethods` },
      });
      expect(redirector.credentialHeaders()).not.toEqual([]);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([elsewhere.close(), redirector.close()]);
    }
  });

  it('scrubs a token the server echoes from every check', async () => {
    const echo = await startRecordingServer(echoing(401));
    try {
      const result = await run({
        baseUrl: echo.url,
        imagesUrl: sandbox.url,
        secrets: { accessToken: 'echoed-access-4411', integratorToken: 'echoed-client-5522' },
      });
      expect(JSON.stringify(result)).toContain('[redacted]');
      expect(JSON.stringify(result)).not.toMatch(/echoed-access-4411|echoed-client-5522/);
    } finally {
      await echo.close();
    }
  });
});
