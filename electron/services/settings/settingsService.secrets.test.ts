// Tokens and addresses through the whole main side (docs/security.md): saved tokens go only to the server they
// were saved for, the main side's log and answers never carry a token, and a real account on
// another machine needs https://. Servers that record every request prove what left the machine.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionCheck } from '../../../shared/bridge';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { bridgeValue, coreFixture, LIFTED, PAYMENT_METHODS_PAGE, ROOMS_PAGE, tableService, waitForQueue } from '../core.testing';
import { roundDraft, seatingDraft } from '../queue/dispatcher.testing';
import { echoing, startRecordingServer, type RecordingServer } from '../secrets/recordingServer.testing';

const PEPE = { tenant: 'bar-pepe', accessToken: 'pepe-access-7f3a9c', integratorToken: 'pepe-client-91bd04' };
const pepeTokens = { accessToken: PEPE.accessToken, integratorToken: PEPE.integratorToken };
const pepeAccount = (url: string) => ({ mode: 'account', environment: 'custom', baseUrl: url, imagesUrl: url, tenant: PEPE.tenant });

const fixture = coreFixture('comanda-secrets-');
const core = fixture.start;

async function pepeServer(): Promise<RunningSandbox> {
  return fixture.track(await startSandbox({ port: 0, limits: LIFTED, accounts: [{ ...PEPE, master: null }] }));
}

/** Another server: answers 401 to anything without credentials, and records what it received. */
async function otherServer(): Promise<RecordingServer> {
  const server = await startRecordingServer((request, res) => {
    const status = request.headers.authorization ? 200 : 401;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status === 200 ? [] : { error: 'Missing credentials' }));
  });
  return fixture.track(server);
}

async function writeSettings(dataDir: string, baseUrl: string, tenant = PEPE.tenant) {
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ account: { ...pepeAccount(baseUrl), tenant }, syncEveryMinutes: 15 }), { mode: 0o600 });
}

describe('saved tokens are bound to their server', () => {
  it('Save pointed at another address without new tokens sends nothing there and says to type them again', async () => {
    const pepe = await pepeServer();
    const other = await otherServer();
    const { core: app, call } = await core();
    expect(await call('saveSettings', { account: pepeAccount(pepe.url), syncEveryMinutes: 5, secrets: pepeTokens })).toMatchObject({ ok: true });

    const refused = await call('saveSettings', { account: pepeAccount(other.url), syncEveryMinutes: 5 });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', code: 'tokens-for-other-server', params: { savedOrigin: pepe.url, origin: other.url } },
    });
    expect(app.accountKey).toBe(`bar-pepe@127.0.0.1:${pepe.port}`);
    expect(other.credentialHeaders()).toEqual([]);
  });

  it('Test connection against another address without new tokens sends no credential header and says to type them again', async () => {
    const pepe = await pepeServer();
    const other = await otherServer();
    const { call } = await core();
    await call('saveSettings', { account: pepeAccount(pepe.url), syncEveryMinutes: 5, secrets: pepeTokens });

    const tried = await call('testConnection', { account: pepeAccount(other.url) });
    expect(tried).toMatchObject({ ok: true, value: { ok: false } });
    const checks = (tried as { value: { checks: ConnectionCheck[] } }).value.checks;
    expect(checks.find((c) => c.check === 'credentials')).toMatchObject({
      ok: false,
      code: 'tokens-for-other-server',
      params: { savedOrigin: pepe.url, origin: other.url },
    });
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.credentialHeaders()).toEqual([]);
    // The same server still gets them.
    expect(await call('testConnection', { account: pepeAccount(pepe.url) })).toMatchObject({ ok: true, value: { ok: true } });
  });

  it('settings that point at another server than the tokens were saved for: hasSecrets false, no credential leaves', async () => {
    const pepe = await pepeServer();
    const other = await otherServer();
    const first = await core();
    await first.call('saveSettings', { account: pepeAccount(pepe.url), syncEveryMinutes: 5, secrets: pepeTokens });
    await first.core.close();
    // settings.json edited by hand (or restored from elsewhere) to another address.
    await writeSettings(first.dataDir, other.url);

    const { call } = await core(undefined, first.dataDir);
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { hasSecrets: false } });
    expect(await call('fetchSyncPages', ROOMS_PAGE)).toMatchObject({ ok: false, error: { kind: 'unauthorised' } });
    expect(other.credentialHeaders()).toEqual([]);
  });

  it('the command line: --backend at another server without tokens is refused, and nothing is sent there', async () => {
    const pepe = await pepeServer();
    const other = await otherServer();
    const first = await core({ mode: 'account', baseUrl: pepe.url, secrets: PEPE });
    await first.core.close();
    await expect(core({ mode: 'account', baseUrl: other.url }, first.dataDir)).rejects.toThrow(
      `The saved tokens are for ${pepe.url}, not ${other.url}: give --tenant, --token and --client-token`,
    );
    expect(other.requests).toEqual([]);
    // The same server without tokens uses the saved ones.
    const again = await core({ mode: 'account', baseUrl: `${pepe.url}/` }, first.dataDir);
    expect(await again.call('fetchSyncPages', PAYMENT_METHODS_PAGE)).toMatchObject({ ok: true });
  });

  it('a vault written before the binding is bound to the saved account when the tenant matches', async () => {
    const pepe = await pepeServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-secrets-'));
    await writeFile(join(dataDir, 'credentials.json'), JSON.stringify(PEPE), { mode: 0o600 });
    await writeSettings(dataDir, pepe.url);
    const { call, vault } = await core(undefined, dataDir);
    expect(await vault.read()).toEqual({ ...PEPE, origin: pepe.url });
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { hasSecrets: true } });
    expect(await call('fetchSyncPages', PAYMENT_METHODS_PAGE)).toMatchObject({ ok: true });
  });

  it('a vault written before the binding whose tenant is not the saved account is used for nothing', async () => {
    const other = await otherServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-secrets-'));
    await writeFile(join(dataDir, 'credentials.json'), JSON.stringify({ ...PEPE, tenant: 'someone-else' }), { mode: 0o600 });
    await writeSettings(dataDir, other.url);
    const { call, vault } = await core(undefined, dataDir);
    expect((await vault.read())?.origin).toBeNull();
    expect(await call('getSettings')).toMatchObject({ ok: true, value: { hasSecrets: false } });
    expect(await call('fetchSyncPages', ROOMS_PAGE)).toMatchObject({ ok: false, error: { kind: 'unauthorised' } });
    expect(other.credentialHeaders()).toEqual([]);
  });

  it('a damaged vault: Settings says to type the tokens again, calls explain it, and no raw SyntaxError shows', async () => {
    const pepe = await pepeServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-secrets-'));
    await writeFile(join(dataDir, 'credentials.json'), '{ "tenant": "bar-pepe", "accessToken": ', { mode: 0o600 });
    await writeSettings(dataDir, pepe.url);
    const { call } = await core(undefined, dataDir);
    const settings = await call('getSettings');
    expect(settings).toMatchObject({ ok: true, value: { hasSecrets: false, secretsProblem: { code: 'vault-damaged' } } });
    const rooms = await call('fetchSyncPages', ROOMS_PAGE);
    expect(rooms).toMatchObject({ ok: false, error: { kind: 'vault-unavailable', code: 'vault-damaged' } });
    const save = await call('saveSettings', { account: pepeAccount(pepe.url), syncEveryMinutes: 5 });
    expect(save).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'vault-damaged' } });
    expect(JSON.stringify([settings, rooms, save])).not.toMatch(/SyntaxError|Unexpected end/);
    // Typing them again repairs it.
    expect(await call('saveSettings', { account: pepeAccount(pepe.url), syncEveryMinutes: 5, secrets: pepeTokens })).toMatchObject({ ok: true });
    expect(await call('fetchSyncPages', PAYMENT_METHODS_PAGE)).toMatchObject({ ok: true });
  });
});

describe('a real account on another machine needs https://', () => {
  it('Save and Test connection refuse plain http to a non-loopback host, naming the field', async () => {
    const { core: app, call } = await core();
    const save = await call('saveSettings', { account: pepeAccount('http://pos.example.com'), syncEveryMinutes: 5, secrets: pepeTokens });
    expect(save).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid-input',
        params: { fields: expect.stringContaining('account.baseUrl') },
        detail: expect.stringMatching(/account\.baseUrl: address-needs-https/),
      },
    });
    const test = await call('testConnection', {
      account: { ...pepeAccount('https://pos.example.com'), imagesUrl: 'http://img.example.com' },
      secrets: pepeTokens,
    });
    expect(test).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', params: { fields: 'account.imagesUrl' }, detail: expect.stringMatching(/account\.imagesUrl: address-needs-https/) },
    });
    expect(app.accountKey).toBe('demo');
  });

  it('the command line refuses --backend http:// to a non-loopback host, and --images too', async () => {
    await expect(core({ mode: 'account', baseUrl: 'http://pos.example.com', secrets: PEPE })).rejects.toThrow(
      /--backend http:\/\/pos\.example\.com: The server address must start with https:\/\//,
    );
    const pepe = await pepeServer();
    await expect(core({ mode: 'account', baseUrl: pepe.url, imagesUrl: 'http://img.example.com', secrets: PEPE })).rejects.toThrow(
      /--images http:\/\/img\.example\.com: The image storage address must start with https:\/\//,
    );
  });
});

describe('no token in anything stored or shown', () => {
  // Characters that every encoding writes differently: space, slash, plus, equals.
  const ECHO = { tenant: 'demo', accessToken: 'echo tok/en+7f3a=9c', integratorToken: 'echo client/91+bd=04' };

  it.each([422, 500])(
    'a server that echoes the request (URL and headers) in a %i body: stored entries, exports, bridge errors and the log carry no token',
    async (status) => {
      const echo = fixture.track(await startRecordingServer(echoing(status)));
      const terminal = await core({ mode: 'account', baseUrl: echo.url, secrets: ECHO });
      const { call, logged } = terminal;

      // Saved in the queue and sent by its dispatcher: what the server said lands in each entry's lastError.
      const service = tableService([3]);
      const seating = seatingDraft([3], { serviceId: service.id });
      const takeaway = roundDraft(null);
      bridgeValue(await call('seatService', { service, drafts: [seating] }));
      bridgeValue(await call('submitEntry', { draft: takeaway }));
      const queue = await waitForQueue(
        terminal,
        (q) => [seating.id, takeaway.id].every((id) => q.entries.some((entry) => entry.id === id && entry.lastError !== null)),
        'both entries answered',
      );
      const exported = await call('exportPending');
      const rooms = await call('fetchSyncPages', ROOMS_PAGE);
      const test = await call('testConnection', {
        account: pepeAccount(echo.url),
        secrets: { accessToken: ECHO.accessToken, integratorToken: ECHO.integratorToken },
      });

      // The server did see (and echo) the tokens: the Flow URL and the headers.
      expect(echo.requests.some((r) => r.url.startsWith('/apiFlow?message='))).toBe(true);
      expect(echo.requests.some((r) => r.headers.authorization === `Bearer ${ECHO.accessToken}`)).toBe(true);
      expect(JSON.stringify(queue.entries.find((entry) => entry.id === seating.id)?.lastError)).toContain('apiFlow?message=');
      expect(bridgeValue<{ json: string }>(exported).json).toContain(seating.id);
      expect(rooms).toMatchObject({ ok: false });

      const recorded = JSON.stringify([queue, exported, rooms, test, logged]);
      for (const secret of [ECHO.accessToken, ECHO.integratorToken]) {
        for (const form of [secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)]) {
          expect(recorded).not.toContain(form);
        }
      }
      expect(recorded).toContain('[redacted]');
    },
    40_000,
  );
});
