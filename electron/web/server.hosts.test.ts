import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../services/bridge/dispatcher';
import { testHandlers } from '../services/bridge/handlers.testing';
import { eventStreamStatus, openSession, rawRequest } from './http.testing';
import { startWebShell, type RunningWebShell, type WebShellOptions } from './server';

// The page (and the session of its launch link) only under the address the shell is
// bound to, one browser origin per terminal, and no internals in error answers.

let rendererDir: string;
const shells: RunningWebShell[] = [];
const logged: string[] = [];

const core: WebShellOptions['core'] = {
  dispatcher: createDispatcher(
    testHandlers({
      getAppInfo: async () => ({ shell: 'browser', mode: 'demo', accountKey: 'demo', tenant: 'demo', version: '0' }),
    }),
  ),
  onEvent: () => () => {},
};

async function start(host: string, overrides: Partial<WebShellOptions> = {}) {
  const shell = await startWebShell({ rendererDir, core, host, log: (line) => logged.push(line), ...overrides });
  shells.push(shell);
  return shell;
}

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'comanda-web-hosts-'));
  await writeFile(join(rendererDir, 'index.html'), '<html><head><title>Comanda</title></head></html>');
});
afterAll(async () => {
  await Promise.all(shells.map((shell) => shell.close()));
});

describe('browser shell: only loopback addresses', () => {
  it.each(['0.0.0.0', '::', '192.0.2.10', 'example.com'])('refuses to start on %s, saying why', async (host) => {
    await expect(startWebShell({ rendererDir, core, host })).rejects.toThrow(/loopback/);
  });
});

describe('browser shell on 127.0.0.1: the page only under its own address', () => {
  let shell: RunningWebShell;
  let cookie: string;
  beforeAll(async () => {
    shell = await start('127.0.0.1');
    cookie = await openSession(shell);
  });

  it.each(['0.0.0.0:PORT', '127.0.0.1.evil.example:PORT', '[::1]:PORT', '127.0.0.1:1', '127.0.0.1'])(
    'a forged Host "%s" gets 403 and never the page, even with the session',
    async (host) => {
      const answer = await rawRequest(shell.port, { path: '/', headers: { host: host.replace('PORT', String(shell.port)), cookie } });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('<title>Comanda</title>');
    },
  );

  it('the bound Host gets the page with the session', async () => {
    const answer = await rawRequest(shell.port, { path: '/', headers: { host: `127.0.0.1:${shell.port}`, cookie } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>Comanda</title>');
  });

  it('localhost:P is redirected to the same path on 127.0.0.1:P (one origin, one set of local data)', async () => {
    for (const host of [`localhost:${shell.port}`, `LocalHost:${shell.port}`]) {
      const answer = await rawRequest(shell.port, { path: '/index.html?x=1#frag', headers: { host, cookie } });
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(`http://127.0.0.1:${shell.port}/index.html?x=1`);
      expect(answer.body).not.toContain('<title>Comanda</title>');
    }
  });

  it('localhost:P never reaches the bridge or the event stream, not even by a redirect', async () => {
    const host = `localhost:${shell.port}`;
    const call = await rawRequest(shell.port, {
      method: 'POST',
      path: '/bridge/getAppInfo',
      headers: { host, 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(call.status).toBe(403);
    const events = await rawRequest(shell.port, { path: '/bridge/events', headers: { host, cookie } });
    expect(events.status).toBe(403);
    expect(events.headers.location).toBeUndefined();
  });

  it('the event stream checks Origin as the bridge calls do', async () => {
    const path = '/bridge/events';
    expect(await eventStreamStatus(shell.port, path, { cookie, origin: 'http://evil.example' })).toBe(403);
    expect(await eventStreamStatus(shell.port, path, { cookie, origin: `http://localhost:${shell.port}` })).toBe(403);
    expect(await eventStreamStatus(shell.port, path, { cookie, origin: `http://127.0.0.1:${shell.port}` })).toBe(200);
    expect(await eventStreamStatus(shell.port, path, { cookie })).toBe(200);
    expect(await eventStreamStatus(shell.port, path, { cookie: 'comanda-session=wrong' })).toBe(403);
  });

  it('a malformed percent-encoding in a bridge path is a 400 with the JSON error body, not a 500', async () => {
    const answer = await rawRequest(shell.port, {
      method: 'POST',
      path: '/bridge/%E0%A4%A',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });
});

describe('browser shell on ::1', () => {
  let shell: RunningWebShell;
  beforeAll(async () => {
    shell = await start('::1');
  });

  it('serves http://[::1]:P/ under Host [::1]:P and redirects localhost:P there', async () => {
    expect(shell.url).toMatch(new RegExp(`^http://\\[::1\\]:${shell.port}/\\?launch=[A-Za-z0-9_-]{43}$`));
    const cookie = await openSession(shell, '::1');
    const page = await rawRequest(shell.port, { address: '::1', path: '/', headers: { host: `[::1]:${shell.port}`, cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Comanda</title>');
    const redirected = await rawRequest(shell.port, { address: '::1', path: '/a?b', headers: { host: `localhost:${shell.port}` } });
    expect(redirected.status).toBe(308);
    expect(redirected.headers.location).toBe(`http://[::1]:${shell.port}/a?b`);
    const other = await rawRequest(shell.port, { address: '::1', path: '/', headers: { host: `127.0.0.1:${shell.port}`, cookie } });
    expect(other.status).toBe(403);
    expect(other.body).not.toContain('<title>Comanda</title>');
  });
});

describe('browser shell: internal errors', () => {
  it('answers 500 without the error text or a stack, and logs it for engineers', async () => {
    const failing = await start('127.0.0.1', {
      core: {
        ...core,
        dispatcher: {
          dispatch: () => Promise.reject(new Error('boom in /home/waiter/secret-path.ts\n    at handler (/home/waiter/secret-path.ts:1:1)')),
        } as unknown as WebShellOptions['core']['dispatcher'],
      },
    });
    const answer = await rawRequest(failing.port, {
      method: 'POST',
      path: '/bridge/getAppInfo',
      headers: { 'content-type': 'application/json', cookie: await openSession(failing) },
      body: '{}',
    });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.any(String) });
    expect(answer.body).not.toContain('boom');
    expect(answer.body).not.toContain('secret-path');
    expect(logged.join('\n')).toContain('boom');
  });
});
