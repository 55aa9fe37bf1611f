import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../services/bridge/dispatcher';
import { testHandlers } from '../services/bridge/handlers.testing';
import { openSession, rawRequest } from './http.testing';
import { SESSION_COOKIE, startWebShell, type RunningWebShell } from './server';

// docs/decisions.md, "The PIN guards the main side": the browser shell never writes a secret into
// the page it serves. The link it prints carries a one-time launch token, exchanged for an
// HttpOnly, SameSite=Strict session cookie; bridge calls and events authenticate by that cookie.

let rendererDir: string;
const shells: RunningWebShell[] = [];
const core = {
  dispatcher: createDispatcher(
    testHandlers({ getAppInfo: async () => ({ shell: 'browser' as const, mode: 'demo' as const, accountKey: 'demo', tenant: 'demo', version: '0' }) }),
  ),
  onEvent: () => () => {},
};

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'comanda-web-launch-'));
  await writeFile(join(rendererDir, 'index.html'), '<html><head><title>Comanda renderer</title></head></html>');
});
afterEach(async () => {
  await Promise.all(shells.splice(0).map((shell) => shell.close()));
});

async function start(onLaunchLink?: (url: string) => Promise<void>): Promise<RunningWebShell> {
  const shell = await startWebShell({ rendererDir, core, ...(onLaunchLink ? { onLaunchLink } : {}) });
  shells.push(shell);
  return shell;
}

const launchPath = (shell: RunningWebShell) => {
  const link = new URL(shell.url);
  return `${link.pathname}${link.search}`;
};

const getAppInfo = (shell: RunningWebShell, cookie?: string) =>
  rawRequest(shell.port, {
    method: 'POST',
    path: '/bridge/getAppInfo',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: '{}',
  });

describe('browser shell: the launch link', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie once, then goes to / without the token', async () => {
    const shell = await start();
    const first = await rawRequest(shell.port, { path: launchPath(shell) });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    const cookie = setCookie.split(';')[0]!;
    expect((await getAppInfo(shell, cookie)).status).toBe(200);
    // The page and the answers carry neither the session nor the token.
    const page = await rawRequest(shell.port, { path: '/', headers: { cookie } });
    expect(page.status).toBe(200);
    for (const secret of [cookie.split('=')[1]!, new URL(shell.url).searchParams.get('launch')!]) {
      expect(page.body).not.toContain(secret);
      expect(first.body).not.toContain(secret);
    }
  });

  it('refuses a second use of the token: no cookie, and the page is not served', async () => {
    const shell = await start();
    await openSession(shell);
    const again = await rawRequest(shell.port, { path: launchPath(shell) });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('used already');
    expect(again.body).not.toContain('Comanda renderer');
    expect((await getAppInfo(shell)).status).toBe(403);
  });

  it('lets a browser that holds the session reopen the link (a bookmark, a reload) without a new cookie', async () => {
    const shell = await start();
    const cookie = await openSession(shell);
    const again = await rawRequest(shell.port, { path: launchPath(shell), headers: { cookie } });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a made-up token, and a HEAD does not spend the real one', async () => {
    const shell = await start();
    const wrong = await rawRequest(shell.port, { path: `/?launch=${'A'.repeat(43)}` });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const head = await rawRequest(shell.port, { method: 'HEAD', path: launchPath(shell) });
    expect(head.headers['set-cookie']).toBeUndefined();
    expect(await openSession(shell)).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
  });

  it('keeps the link’s other parameters (?bench) on the way to the page', async () => {
    const shell = await start();
    const link = new URL(shell.url);
    link.searchParams.set('bench', '');
    const answer = await rawRequest(shell.port, { path: `${link.pathname}${link.search}` });
    expect(answer.status).toBe(303);
    expect(new URL(String(answer.headers.location), 'http://x').searchParams.has('bench')).toBe(true);
    expect(String(answer.headers.location)).not.toContain('launch');
  });

  it('makes the next link once one is used, and tells it before the used one answers', async () => {
    const links: string[] = [];
    const shell = await start(async (url) => void links.push(url));
    expect(links).toEqual([shell.url]);
    expect(shell.launchUrl()).toBe(shell.url);
    const cookie = await openSession(shell);
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(links[0]);
    expect(shell.launchUrl()).toBe(links[1]);
    // The next link opens a second browser once (the same session); the first stays spent.
    const second = await openSession({ port: shell.port, url: links[1]! });
    expect(second).toBe(cookie);
    expect((await rawRequest(shell.port, { path: launchPath(shell) })).status).toBe(403);
    expect((await rawRequest(shell.port, { path: new URL(links[1]!).pathname + new URL(links[1]!).search })).status).toBe(403);
  });

  it('gives each start its own link and session: an old cookie opens nothing', async () => {
    const first = await start();
    const oldCookie = await openSession(first);
    const second = await start();
    expect(second.url).not.toBe(first.url);
    expect((await getAppInfo(second, oldCookie)).status).toBe(403);
    expect((await rawRequest(second.port, { path: '/', headers: { cookie: oldCookie } })).status).toBe(403);
  });
});
