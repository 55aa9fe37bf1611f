import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { startSandbox } from '../sandbox';
import { startAppCore, type AppCore } from './core';
import { createFileVault } from './vault.file';

const cores: AppCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function core(account: Parameters<typeof startAppCore>[0]['account']) {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-core-'));
  const vault = createFileVault(dataDir);
  const started = await startAppCore({ shell: 'browser', dataDir, vault, account, timeoutMs: 5000 });
  cores.push(started);
  const events: BridgeEvent[] = [];
  started.onEvent((event) => events.push(event));
  return { core: started, vault, events };
}

describe('app core', () => {
  it('demo mode starts the embedded sandbox and serves its floor through the dispatcher', async () => {
    const { core: demo, events } = await core({ mode: 'demo' });
    expect(demo.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = await demo.dispatcher.dispatch('getAppInfo', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'demo', accountKey: 'demo', tenant: 'demo' } });
    const result = await demo.dispatcher.dispatch('listRooms', {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { rooms } = result.value as { rooms: { tables: unknown[] }[] };
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    expect(rooms.flatMap((r) => r.tables).length).toBeGreaterThanOrEqual(20);
    expect(events.map((e) => e.type === 'connection' && e.state)).toEqual(['online']);
  });

  it('account mode saves the given secrets to the vault and keys local data by tenant and host', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
      const { core: account, vault } = await core({ mode: 'account', baseUrl: sandbox.url, secrets });
      expect(await vault.load()).toEqual(secrets);
      const info = await account.dispatcher.dispatch('getAppInfo', {});
      expect(info).toMatchObject({ ok: true, value: { mode: 'account', accountKey: `demo@127.0.0.1:${sandbox.port}` } });
      expect(await account.dispatcher.dispatch('listPaymentMethods', {})).toMatchObject({ ok: true });
      const status = await account.dispatcher.dispatch('getCredentialsStatus', {});
      expect(status).toEqual({ ok: true, value: { stored: true, tenant: 'demo', unavailableReason: null } });
    } finally {
      await sandbox.close();
    }
  });

  it('an unreachable server is reported as offline, once, and again online when it answers', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const port = sandbox.port;
    await sandbox.close();
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    const { core: account, events } = await core({ mode: 'account', baseUrl: `http://127.0.0.1:${port}`, secrets });
    expect(await account.dispatcher.dispatch('listRooms', {})).toMatchObject({ ok: false, error: { kind: 'offline' } });
    expect(await account.dispatcher.dispatch('listRooms', {})).toMatchObject({ ok: false, error: { kind: 'offline' } });
    const back = await startSandbox({ port });
    try {
      expect(await account.dispatcher.dispatch('listRooms', {})).toMatchObject({ ok: true });
    } finally {
      await back.close();
    }
    expect(events.map((e) => e.type === 'connection' && e.state)).toEqual(['offline', 'online']);
  });

  it('saved credentials can be replaced through the bridge and are never returned', async () => {
    const { core: demo, vault } = await core({ mode: 'demo' });
    const saved = await demo.dispatcher.dispatch('saveCredentials', { tenant: 'bar-pepe', accessToken: 'A', integratorToken: 'C' });
    expect(saved).toEqual({ ok: true, value: { saved: true } });
    expect(await vault.load()).toEqual({ tenant: 'bar-pepe', accessToken: 'A', integratorToken: 'C' });
    const status = await demo.dispatcher.dispatch('getCredentialsStatus', {});
    expect(JSON.stringify(status)).not.toMatch(/"A"|"C"/);
  });
});
