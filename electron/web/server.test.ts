import { request } from 'node:http';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { createDispatcher, type BridgeHandlers } from '../services/bridge/dispatcher';
import { startWebShell, type RunningWebShell } from './server';
import { testHandlers } from '../services/bridge/handlers.testing';
import { openSession, rawRequest } from './http.testing';

const handlers: BridgeHandlers = testHandlers({
  getAppInfo: async () => ({ shell: 'browser', mode: 'demo', accountKey: 'demo', tenant: 'demo', version: '0' }),
  setPin: vi.fn(async (): Promise<never> => {
    throw new Error('the service ran');
  }),
  syncImages: async ({ photos }) => ({ queued: photos.length, done: 0, failed: 0 }),
});

const listeners = new Set<(event: BridgeEvent) => void>();
let shell: RunningWebShell;
/** The `Cookie` header of the session the launch link opened. */
let cookie: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'comanda-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<html><head><title>Comanda</title></head></html>');
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(tmpdir(), 'comanda-outside.txt'), 'secret outside');
  shell = await startWebShell({
    rendererDir: dir,
    core: {
      dispatcher: createDispatcher(handlers),
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  });
  cookie = await openSession(shell);
});
afterAll(async () => {
  await shell.close();
});

/** Raw HTTP so the test controls the Host header (fetch would not let it). */
const send = (options: Parameters<typeof rawRequest>[1]) => rawRequest(shell.port, options);

const bridgeCall = (name: string, input: unknown, headers: Record<string, string> = {}) =>
  send({
    method: 'POST',
    path: `/bridge/${name}`,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: JSON.stringify(input),
  });

describe('browser shell security', () => {
  it('binds to the loopback address and prints a launch link', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]{43}$/);
  });

  it('answers a bridge call that carries the session cookie', async () => {
    const res = await bridgeCall('getAppInfo', {});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { mode: 'demo' } });
  });

  it('refuses a bridge call without the session cookie or with a wrong one (403)', async () => {
    const missing = await send({ method: 'POST', path: '/bridge/getAppInfo', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(403);
    const wrong = await bridgeCall('getAppInfo', {}, { cookie: 'comanda-session=guess' });
    expect(wrong.status).toBe(403);
    // The old secret header opens nothing any more.
    const header = await send({
      method: 'POST',
      path: '/bridge/getAppInfo',
      headers: { 'content-type': 'application/json', 'x-comanda-secret': cookie.split('=')[1]! },
      body: '{}',
    });
    expect(header.status).toBe(403);
  });

  it('refuses any request whose Host header is not this server (403, DNS rebinding)', async () => {
    const res = await send({ path: '/', headers: { host: 'evil.example:80' } });
    expect(res.status).toBe(403);
    const bridge = await bridgeCall('getAppInfo', {}, { host: `evil.example:${shell.port}` });
    expect(bridge.status).toBe(403);
  });

  it('refuses a bridge call from another origin even with the session', async () => {
    const res = await bridgeCall('getAppInfo', {}, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('validates bridge input and names the field', async () => {
    const res = await bridgeCall('setPin', { current: '1234' });
    const body = JSON.parse(res.body);
    expect(body.ok).toBe(false);
    expect(body.error.kind).toBe('invalid-input');
    expect(body.error).toMatchObject({ code: 'invalid-input', params: { fields: 'pin' } });
    expect(handlers.setPin).not.toHaveBeenCalled();
  });

  it("takes a whole catalog's photo paths in one syncImages call, and refuses bodies over 1 MB elsewhere (413)", async () => {
    // ~1.3 MB: the 20,000-item bench catalog's photos, over the 1 MB every other call is held to.
    const photos = Array.from({ length: 22_000 }, (_, i) => `items/entrantes/tosta-de-gambas-al-ajillo-${i}.png`);
    expect(JSON.stringify({ photos }).length).toBeGreaterThan(1_000_000);
    const images = await bridgeCall('syncImages', { photos });
    expect(images.status).toBe(200);
    expect(JSON.parse(images.body)).toEqual({ ok: true, value: { queued: 22_000, done: 0, failed: 0 } });
    const other = await bridgeCall('setPin', { padding: 'x'.repeat(1_100_000) });
    expect(other.status).toBe(413);
    expect(JSON.parse(other.body)).toMatchObject({ ok: false, error: { code: 'bridge-request-invalid', detail: 'Bridge call body is too large.' } });
  });

  it('rejects a body that is not JSON', async () => {
    const res = await send({
      method: 'POST',
      path: '/bridge/getAppInfo',
      headers: { 'content-type': 'application/json', cookie },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.kind).toBe('invalid-input');
  });

  it('serves the renderer to the session, with no secret in it and a strict CSP; without the session, words saying what to open', async () => {
    const res = await send({ path: '/', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Comanda</title>');
    expect(res.body).not.toContain(cookie.split('=')[1]!);
    const none = await send({ path: '/' });
    expect(none.status).toBe(403);
    expect(none.body).toContain('Open the link the terminal printed');
    expect(none.body).not.toContain(cookie.split('=')[1]!);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/connect-src[^;]*https?:/);
    expect((await send({ path: '/assets/app.js' })).status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../comanda-outside.txt', '/%2e%2e/comanda-outside.txt', '/assets/..%2f..%2fcomanda-outside.txt']) {
      const res = await send({ path });
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('secret outside');
    }
  });

  it('streams events only to the session', async () => {
    expect((await send({ path: '/bridge/events' })).status).toBe(403);
    const received = new Promise<string>((done, fail) => {
      const req = request({ host: '127.0.0.1', port: shell.port, path: '/bridge/events', headers: { cookie } }, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('data: ')) {
            req.destroy();
            done(text);
          } else if (text.includes(': connected')) {
            for (const listener of listeners) listener({ type: 'connection', state: 'offline', at: 'now' });
          }
        });
      });
      req.on('error', fail);
      req.end();
    });
    const text = await received;
    expect(text).toContain('"type":"connection"');
    expect(text).toContain('"state":"offline"');
  });
});
