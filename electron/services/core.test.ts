import { createServer } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../sandbox';
import type { AppCore, AppCoreOptions } from './core';
import { coreFixture, LIFTED, ROOMS_PAGE, roomsOf } from './core.testing';

const fixture = coreFixture();

/** The fixture's core whose `call` also records every answer in `outputs`, to search for tokens. */
async function core(account?: AppCoreOptions['account'], dataDir?: string) {
  const started = await fixture.start(account, dataDir);
  const outputs: string[] = [];
  const call = async (name: string, input: unknown = {}) => {
    const result = await started.call(name, input);
    outputs.push(JSON.stringify(result));
    return result;
  };
  return { ...started, call, outputs };
}

/** A second vendor account, on its own server, with secrets nobody else uses and its own floor. */
const PEPE = { tenant: 'bar-pepe', accessToken: 'pepe-access-7f3a9c', integratorToken: 'pepe-client-91bd04' };
async function pepeServer() {
  const sandbox = await startSandbox({
    port: 0,
    limits: LIFTED,
    accounts: [
      {
        ...PEPE,
        master: null,
        seed: { rooms: [{ id: 1, name: 'Terraza Pepe', order: 1, tables: [{ id: 1, name: 'P1', x: 0, y: 0, width: 80, height: 80 }] }] },
      },
    ],
  });
  return fixture.track(sandbox);
}

const pepeSettings = (url: string) => ({
  account: { mode: 'account', environment: 'custom', baseUrl: url, imagesUrl: url, tenant: PEPE.tenant },
  syncEveryMinutes: 5,
});
const pepeTokens = { accessToken: PEPE.accessToken, integratorToken: PEPE.integratorToken };

function roomNames(result: Awaited<ReturnType<AppCore['dispatcher']['dispatch']>>): string[] {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return roomsOf(result).map((room) => room.name);
}

describe('app core', () => {
  it('demo mode starts the embedded sandbox and serves its floor through the dispatcher', async () => {
    const { core: demo, events } = await core({ mode: 'demo' });
    expect(demo.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = await demo.dispatcher.dispatch('getAppInfo', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'demo', accountKey: 'demo', tenant: 'demo' } });
    const result = await demo.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: demo.accountKey });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rooms = roomsOf(result);
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    expect(rooms.flatMap((r) => r.tables).length).toBeGreaterThanOrEqual(20);
    expect(events.map((e) => e.type === 'connection' && e.state)).toEqual(['online']);
  });

  it('account mode saves the given secrets to the vault and keys local data by tenant and host', async () => {
    const sandbox = fixture.track(await startSandbox({ port: 0, limits: LIFTED }));
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    const { core: account, vault } = await core({ mode: 'account', baseUrl: sandbox.url, secrets });
    expect(await vault.read()).toEqual({ ...secrets, origin: sandbox.url });
    const info = await account.dispatcher.dispatch('getAppInfo', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'account', accountKey: `demo@127.0.0.1:${sandbox.port}` } });
    expect(
      await account.dispatcher.dispatch('fetchSyncPages', { pages: [{ resource: 'paymentMethods', page: 1 }] }, { accountKey: account.accountKey }),
    ).toMatchObject({ ok: true });
    expect(await account.dispatcher.dispatch('getSettings', {})).toMatchObject({ ok: true, value: { hasSecrets: true } });
  });

  it('an unreachable server is reported as offline, once, and again online when it answers', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const port = sandbox.port;
    await sandbox.close();
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    const { core: account, events } = await core({ mode: 'account', baseUrl: `http://127.0.0.1:${port}`, secrets });
    expect(await account.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: account.accountKey })).toMatchObject({
      ok: false,
      error: { kind: 'offline' },
    });
    expect(await account.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: account.accountKey })).toMatchObject({
      ok: false,
      error: { kind: 'offline' },
    });
    const back = await startSandbox({ port });
    try {
      expect(await account.dispatcher.dispatch('fetchSyncPages', ROOMS_PAGE, { accountKey: account.accountKey })).toMatchObject({ ok: true });
    } finally {
      await back.close();
    }
    expect(events.map((e) => e.type === 'connection' && e.state)).toEqual(['offline', 'online']);
  });
});

describe('settings and account switching', () => {
  it('switches demo → a real account → demo: sandbox, gateway, account key and events follow', async () => {
    const pepe = await pepeServer();
    const { core: app, vault, events, dataDir, call, outputs } = await core();
    const demoUrl = app.sandboxUrl!;
    expect(await call('getSettings')).toEqual({
      ok: true,
      value: {
        settings: { account: { mode: 'demo' }, syncEveryMinutes: 15 },
        hasSecrets: false,
        secretsProblem: null,
        environments: [
          { id: 'production', name: 'Production', baseUrl: null, imagesUrl: null },
          { id: 'integrations', name: 'Integrations (test)', baseUrl: null, imagesUrl: null },
          { id: 'custom', name: 'Custom', baseUrl: null, imagesUrl: null },
        ],
        // Nothing saved on this terminal yet: its first screen offers the demos and an account.
        firstStart: true,
      },
    });
    expect(roomNames(await call('fetchSyncPages', ROOMS_PAGE))).not.toContain('Terraza Pepe');

    // → the real account
    const saved = await call('saveSettings', { ...pepeSettings(`${pepe.url}/`), secrets: pepeTokens });
    const pepeKey = `bar-pepe@127.0.0.1:${pepe.port}`;
    expect(saved).toEqual({ ok: true, value: { accountKey: pepeKey } });
    expect(events.filter((e) => e.type === 'account-changed')).toEqual([{ type: 'account-changed', accountKey: pepeKey }]);
    expect(app.accountKey).toBe(pepeKey);
    expect(await call('getAppInfo')).toMatchObject({ ok: true, value: { mode: 'account', accountKey: pepeKey, tenant: 'bar-pepe' } });
    expect(roomNames(await call('fetchSyncPages', ROOMS_PAGE))).toEqual(['Terraza Pepe']);
    // The demo venue's embedded sandbox is stopped.
    expect(app.sandboxUrl).toBeNull();
    await expect(fetch(`${demoUrl}/api/external/v2/paymentMethods`)).rejects.toThrow();

    // The secrets went to the vault only: not to settings.json, not to any answer.
    expect(await vault.read()).toEqual({ ...PEPE, origin: pepe.url });
    const file = await readFile(join(dataDir, 'settings.json'), 'utf8');
    expect(JSON.parse(file)).toEqual(pepeSettings(pepe.url));
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { settings: pepeSettings(pepe.url), hasSecrets: true } });
    expect(await call('testConnection', { account: pepeSettings(pepe.url).account })).toMatchObject({ ok: true, value: { ok: true } });

    // ← back to the demo venue
    expect(await call('saveSettings', { account: { mode: 'demo' }, syncEveryMinutes: 5 })).toEqual({ ok: true, value: { accountKey: 'demo' } });
    expect(events.filter((e) => e.type === 'account-changed').map((e) => e.type === 'account-changed' && e.accountKey)).toEqual([pepeKey, 'demo']);
    expect(await call('getAppInfo')).toMatchObject({ ok: true, value: { mode: 'demo', accountKey: 'demo', tenant: 'demo' } });
    expect(app.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(roomNames(await call('fetchSyncPages', ROOMS_PAGE))).not.toContain('Terraza Pepe');
    await call('getSettings');

    for (const output of [...outputs, file]) {
      expect(output).not.toContain(PEPE.accessToken);
      expect(output).not.toContain(PEPE.integratorToken);
    }
  });

  it('a restart comes up on the saved account, with the secrets from the vault', async () => {
    const pepe = await pepeServer();
    const first = await core();
    expect(await first.call('saveSettings', { ...pepeSettings(pepe.url), secrets: pepeTokens })).toMatchObject({ ok: true });
    await first.core.close();

    const second = await core(undefined, first.dataDir);
    expect(second.core.accountKey).toBe(`bar-pepe@127.0.0.1:${pepe.port}`);
    expect(second.core.sandboxUrl).toBeNull();
    expect(roomNames(await second.call('fetchSyncPages', ROOMS_PAGE))).toEqual(['Terraza Pepe']);
    // `{ mode: 'demo' }` from a command line without --backend keeps the saved settings too.
    await second.core.close();
    const third = await core({ mode: 'demo' }, first.dataDir);
    expect(third.core.accountKey).toBe(`bar-pepe@127.0.0.1:${pepe.port}`);
  });

  it('the command line account overrides and initialises the saved settings (custom environment)', async () => {
    const pepe = await pepeServer();
    const { dataDir, call } = await core({ mode: 'account', baseUrl: `${pepe.url}/`, secrets: PEPE });
    expect(await call('getSettings')).toMatchObject({
      ok: true,
      value: {
        settings: { account: { mode: 'account', environment: 'custom', baseUrl: pepe.url, imagesUrl: pepe.url, tenant: 'bar-pepe' } },
        hasSecrets: true,
        firstStart: false,
      },
    });
    const images = await core({ mode: 'account', baseUrl: pepe.url, imagesUrl: 'https://img.example.com/' }, dataDir);
    expect(await images.call('getSettings')).toMatchObject({
      ok: true,
      value: { settings: { account: { imagesUrl: 'https://img.example.com', tenant: 'bar-pepe' } } },
    });
  });

  it('saving the same account again (another interval) switches nothing', async () => {
    const { core: app, events, call } = await core();
    const sandboxUrl = app.sandboxUrl;
    expect(await call('saveSettings', { account: { mode: 'demo' }, syncEveryMinutes: 30 })).toEqual({ ok: true, value: { accountKey: 'demo' } });
    // Choosing the demo venue on the first screen is a choice: the next getSettings says so.
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { firstStart: false } });
    expect(app.sandboxUrl).toBe(sandboxUrl);
    expect(events.filter((e) => e.type === 'account-changed')).toEqual([]);
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { settings: { syncEveryMinutes: 30 } } });
  });

  it('refuses an account without tokens when none are saved for its tenant, and keeps the current one', async () => {
    const pepe = await pepeServer();
    const { core: app, call, dataDir } = await core();
    const refused = await call('saveSettings', pepeSettings(pepe.url));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'tokens-missing', params: { tenant: 'bar-pepe', origin: pepe.url } } });
    expect(app.accountKey).toBe('demo');
    await expect(readFile(join(dataDir, 'settings.json'), 'utf8')).rejects.toThrow(/ENOENT/);
    // Invalid input is refused by the bridge schema with the field named.
    const invalid = await call('saveSettings', { ...pepeSettings('not a url'), secrets: pepeTokens });
    expect(invalid).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', code: 'invalid-input', params: { operation: 'saveSettings', fields: expect.stringContaining('account.baseUrl') } },
    });
  });

  it('the same tenant on two servers is two accounts; a call in flight across a switch is refused', async () => {
    const pepe = await pepeServer();
    // A second server for bar-pepe whose rooms answer only when the test lets them.
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const gate = createServer((req, res) => {
      void (async () => {
        const upstream = await fetch(`${pepe.url}${req.url}`, { headers: req.headers as Record<string, string> });
        const body = await upstream.text();
        if (req.url?.includes('/rooms')) await released;
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
      })();
    });
    await new Promise<void>((done) => gate.listen(0, '127.0.0.1', done));
    const gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
    try {
      const { core: app, call } = await core();
      await call('saveSettings', { ...pepeSettings(gateUrl), secrets: pepeTokens });
      const gateKey = app.accountKey;
      const inFlight = call('fetchSyncPages', ROOMS_PAGE);
      await call('saveSettings', { ...pepeSettings(pepe.url), secrets: pepeTokens }); // same tenant, another host: tokens typed again
      expect(app.accountKey).not.toBe(gateKey);
      expect(app.accountKey).toBe(`bar-pepe@127.0.0.1:${pepe.port}`);
      release();
      expect(await inFlight).toMatchObject({ ok: false, error: { kind: 'internal', code: 'account-switched' } });
    } finally {
      release();
      gate.closeAllConnections();
      await new Promise((done) => gate.close(done));
    }
  });

  it('testConnection tries an account without switching, with the saved secrets by default', async () => {
    const pepe = await pepeServer();
    const { core: app, call, events } = await core();
    const untried = await call('testConnection', { account: pepeSettings(pepe.url).account });
    expect(untried).toMatchObject({
      ok: true,
      value: { ok: false, checks: expect.arrayContaining([expect.objectContaining({ check: 'credentials', ok: false, code: 'tokens-missing' })]) },
    });
    const tried = await call('testConnection', { account: pepeSettings(pepe.url).account, secrets: pepeTokens });
    expect(tried).toMatchObject({ ok: true, value: { ok: true } });
    const wrong = await call('testConnection', { account: pepeSettings(pepe.url).account, secrets: { ...pepeTokens, accessToken: 'wrong' } });
    expect(JSON.stringify(wrong)).toMatch(/Authorization header/);
    expect(await call('testConnection', { account: { mode: 'demo' } })).toMatchObject({ ok: true, value: { ok: true } });
    expect(app.accountKey).toBe('demo');
    expect(events.filter((e) => e.type === 'account-changed')).toEqual([]);
  });

  it('a damaged settings file starts the demo venue and says why in the log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-core-'));
    await import('node:fs/promises').then((fs) => fs.writeFile(join(dataDir, 'settings.json'), '{ broken'));
    const { core: app, logged } = await core(undefined, dataDir);
    expect(app.accountKey).toBe('demo');
    expect(logged.join('\n')).toMatch(/settings\.json is not valid JSON/);
  });
});
