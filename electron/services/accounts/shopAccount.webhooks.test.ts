import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult, ShopWebhooksStatus } from '../../../shared/bridge';
import { demoSandboxes } from '../../sandbox/demo';
import { startAppCore, type AppCore } from '../core';
import { createFileShopVault, createFileVault, createFileWebhookVault } from '../secrets/vault.file';

// The receiver starts with the shop account when settings.json enables it, is
// saved and restarted through the bridge, stops when the account does, and a venue has none.

const cores: AppCore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(settings: unknown): Promise<{ core: AppCore; call: (name: string, input?: unknown) => Promise<BridgeResult<unknown>> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-core-webhooks-'));
  dirs.push(dataDir);
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
  const core = await startAppCore({
    shell: 'browser',
    dataDir,
    vault: createFileVault(dataDir),
    shopVault: createFileShopVault(dataDir),
    webhookVault: createFileWebhookVault(dataDir),
    timeoutMs: 5_000,
    env: {},
    demo: demoSandboxes(),
  });
  cores.push(core);
  return { core, call: (name, input = {}) => core.dispatcher.dispatch(name, input, { accountKey: core.accountKey }) };
}

async function status(call: (name: string) => Promise<BridgeResult<unknown>>, state: ShopWebhooksStatus['receiver']['state']): Promise<ShopWebhooksStatus> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const result = await call('getShopWebhooks');
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const value = result.value as ShopWebhooksStatus;
    if (value.receiver.state === state) return value;
    if (Date.now() > deadline) throw new Error(`receiver still ${value.receiver.state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the shop’s webhook receiver in the core', () => {
  it('listens with the demo shop when enabled, takes a secret write-only, and stops with the account', async () => {
    const { call } = await start({
      account: { mode: 'demo-shop' },
      secondary: { mode: 'demo' },
      syncEveryMinutes: 60,
      shopWebhooks: { enabled: true, host: '127.0.0.1', port: 0 },
    });
    const listening = await status(call, 'listening');
    expect(listening).toMatchObject({ secretSaved: false, secretProblem: { code: 'webhook-secret-missing' } });
    const url = listening.receiver.urls[0]!;
    const saved = await call('saveShopWebhooks', { settings: listening.settings, secret: 'core-test-secret-123' });
    expect(saved.ok && saved.value).toMatchObject({ secretSaved: true, secretProblem: null, receiver: { state: 'listening', urls: [url] } });
    expect(JSON.stringify(saved)).not.toContain('core-test-secret-123');
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })).status).toBe(401);

    // The header's switch to the venue: the shop closes, and its receiver with it.
    expect((await call('saveSettings', { account: { mode: 'demo' }, secondary: { mode: 'demo-shop' }, syncEveryMinutes: 60 })).ok).toBe(true);
    await expect(fetch(url, { method: 'POST', body: 'a=b' })).rejects.toThrow();
    const venue = await call('getShopWebhooks');
    expect(!venue.ok && venue.error.code).toBe('not-a-shop');
  });

  it('is off by default: nothing listens until Settings enable it', async () => {
    const { call } = await start({ account: { mode: 'demo-shop' }, syncEveryMinutes: 60 });
    const off = await status(call, 'off');
    expect(off.settings).toEqual({ enabled: false, host: '127.0.0.1', port: 8790 });
    expect(off.secretProblem).toBeNull();
    const on = await call('saveShopWebhooks', { settings: { enabled: true, host: '127.0.0.1', port: 0 } });
    expect(on.ok && (on.value as ShopWebhooksStatus).receiver.state).toBe('listening');
    const bad = await call('saveShopWebhooks', { settings: { enabled: true, host: 'localhost', port: 70_000 } });
    expect(!bad.ok && bad.error.kind).toBe('invalid-input');
  });
});
