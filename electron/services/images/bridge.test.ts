import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge';
import { startSandbox } from '../../sandbox';
import { demoCatalog } from '../../sandbox/seed/demoCatalog';
import { demoSandboxes } from '../../sandbox/demo';
import { startAppCore, type AppCore } from '../core';
import { ServiceError } from '../bridge/dispatcher';
import { createFileVault } from '../secrets/vault.file';
import { syncImagesHandler } from './handler';

const photos = [...new Set(demoCatalog().items.flatMap((item) => (item.photo ? [item.photo] : [])))].slice(0, 12);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function core(account: Parameters<typeof startAppCore>[0]['account']) {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-core-images-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const started: AppCore = await startAppCore({ shell: 'browser', dataDir, vault: createFileVault(dataDir), account, timeoutMs: 5000, demo: demoSandboxes() });
  cleanup.push(() => started.close());
  const events: BridgeEvent[] = [];
  started.onEvent((event) => events.push(event));
  return { core: started, dataDir, events };
}

const imageEvents = (events: BridgeEvent[]) => events.flatMap((e) => (e.type === 'images' ? [e.state] : []));

describe('syncImages through the bridge', () => {
  it('demo venue: thumbnails come from the embedded sandbox, progress arrives as images events', async () => {
    const { core: demo, dataDir, events } = await core({ mode: 'demo' });
    const result = await demo.dispatcher.dispatch('syncImages', { photos }, { accountKey: demo.accountKey });
    expect(result).toEqual({ ok: true, value: { queued: photos.length, done: 0, failed: 0 } });
    await demo.images!.whenIdle();
    expect(imageEvents(events)[0]).toEqual({ queued: photos.length, done: 0, failed: 0 });
    expect(imageEvents(events).at(-1)).toEqual({ queued: 0, done: photos.length, failed: 0 });
    expect(await readdir(join(dataDir, 'images', 'demo'))).toHaveLength(photos.length);
    expect((await demo.images!.image('full', photos[0]!))?.contentType).toBe('image/png');
  });

  it('an account: images from --images (the tenant names the image account), keyed by account', async () => {
    const sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
    cleanup.push(() => sandbox.close());
    const secrets = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
    // The API host is unreachable; the image storage is the sandbox.
    const { core: account } = await core({ mode: 'account', baseUrl: 'http://127.0.0.1:9', imagesUrl: sandbox.url, secrets });
    expect(account.images!.folder).toMatch(/images\/demo@127\.0\.0\.1~3a9$/);
    await account.dispatcher.dispatch('syncImages', { photos }, { accountKey: account.accountKey });
    await account.images!.whenIdle();
    expect(account.images!.state()).toEqual({ queued: 0, done: photos.length, failed: 0 });
  });

  it('without a current account cache the call says so instead of pretending', async () => {
    await expect(syncImagesHandler(() => null)({ photos })).rejects.toMatchObject({ info: { kind: 'unauthorised' } });
    await expect(syncImagesHandler(undefined)({ photos })).rejects.toBeInstanceOf(ServiceError);
  });

  it('refuses invalid input before the cache sees it', async () => {
    const { core: demo } = await core({ mode: 'demo' });
    expect(await demo.dispatcher.dispatch('syncImages', { photos: [''] }, { accountKey: demo.accountKey })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
  });
});
