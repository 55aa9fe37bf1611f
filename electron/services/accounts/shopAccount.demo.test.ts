// The demo shop's retail sandbox starts only when an account uses it (ARCHITECTURE §6): the demo
// venue alone starts none; the demo shop starts it, logs its address and stops it with the core.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoSandboxes } from '../../sandbox/demo';
import { LIFTED } from '../core.testing';
import { startAppCore, type AppCore } from '../core';
import type { DemoSandboxes, RunningDemo } from './demo';
import { createFileShopVault, createFileVault } from '../secrets/vault.file';

const cores: AppCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** The shells' sandboxes, counting what was started. */
function countingSandboxes(): DemoSandboxes & { started: { venue: RunningDemo[]; shop: RunningDemo[] } } {
  const real = demoSandboxes({ venue: { limits: LIFTED } });
  const started = { venue: [] as RunningDemo[], shop: [] as RunningDemo[] };
  return {
    ...real,
    started,
    startVenue: async () => {
      const sandbox = await real.startVenue();
      started.venue.push(sandbox);
      return sandbox;
    },
    startShop: async () => {
      const sandbox = await real.startShop();
      started.shop.push(sandbox);
      return sandbox;
    },
  };
}

async function start(settings: unknown | null) {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-demo-shop-'));
  if (settings !== null) await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
  const demo = countingSandboxes();
  const logged: string[] = [];
  const core = await startAppCore({
    shell: 'browser',
    dataDir,
    vault: createFileVault(dataDir),
    shopVault: createFileShopVault(dataDir),
    timeoutMs: 5_000,
    env: {},
    demo,
    log: (line) => logged.push(line),
  });
  cores.push(core);
  return { core, demo, logged };
}

const shopLine = (logged: string[]) => logged.find((l) => l.startsWith('demo shop: embedded retail sandbox at '));

describe('the demo shop (retail sandbox) starts only when an account uses it', () => {
  it('the demo venue alone starts no retail sandbox and logs none', async () => {
    const { core, demo, logged } = await start(null);
    expect(core.accountKey).toBe('demo');
    expect(demo.started.venue).toHaveLength(1);
    expect(demo.started.shop).toHaveLength(0);
    expect(shopLine(logged), logged.join('\n')).toBeUndefined();
    // The venue's own line stays (e2e reads it).
    expect(logged.some((l) => l === `demo venue: embedded sandbox at ${core.sandboxUrl}`)).toBe(true);
  });

  it('a shop saved as the second account does not start it while the venue is in use', async () => {
    const { demo } = await start({ account: { mode: 'demo' }, secondary: { mode: 'demo-shop' }, syncEveryMinutes: 15 });
    expect(demo.started.shop).toHaveLength(0);
  });

  it('the demo shop account starts it, logged, answering its account, and it stops with the core', async () => {
    const { core, demo, logged } = await start({ account: { mode: 'demo-shop' }, syncEveryMinutes: 15 });
    expect(demo.started.venue).toHaveLength(0);
    expect(demo.started.shop).toHaveLength(1);
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(shopLine(logged) ?? '')?.[1];
    expect(url, logged.join('\n')).toBe(demo.started.shop[0]!.url);
    expect(core.sandboxUrl).toBe(url);
    const answer = await fetch(`${url}/api/external/config/payment_methods`, { headers: { username: 'demo-shop', Authorization: 'Bearer demo-token' } });
    expect(answer.status).toBe(200);
    await core.close();
    await expect(fetch(`${url}/api/external/config/payment_methods`)).rejects.toThrow();
  });
});
