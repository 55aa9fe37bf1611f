import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { photoPng } from '../sandbox/images/photos';
import { createDispatcher } from '../services/bridge/dispatcher';
import { testHandlers } from '../services/bridge/handlers.testing';
import { createImageCache, imageRoutePath, type ImageCache } from '../services/images';
import { startWebShell, type RunningWebShell } from './server';

const JAMON = 'items/entrantes/jamon-iberico-de-bellota.png';

let dir: string;
let sandbox: RunningSandbox;
let cache: ImageCache;
const requested: string[] = [];
let shell: RunningWebShell;
let bare: RunningWebShell;
let unsynced: ImageCache;
let unsyncedShell: RunningWebShell;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'comanda-web-images-'));
  await writeFile(join(dir, 'index.html'), '<html><head><title>Comanda</title></head></html>');
  await writeFile(join(dir, 'credentials.json'), '{"accessToken":"TOP SECRET"}');
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
  cache = createImageCache({
    accountKey: 'demo',
    tenant: 'demo',
    imagesUrl: sandbox.url,
    dataDir: dir,
    fetch: (input, init) => {
      requested.push(String(input));
      return fetch(input, init);
    },
  });
  // The page's catalog sync names the photos the route may fetch.
  await cache.sync([JAMON]);
  await cache.whenIdle();
  requested.length = 0;
  unsynced = createImageCache({
    accountKey: 'demo',
    tenant: 'demo',
    imagesUrl: sandbox.url,
    dataDir: join(dir, 'unsynced'),
    fetch: (input, init) => {
      requested.push(String(input));
      return fetch(input, init);
    },
  });
  const core = { dispatcher: createDispatcher(testHandlers()), onEvent: () => () => {} };
  shell = await startWebShell({ rendererDir: dir, core: { ...core, images: cache } });
  bare = await startWebShell({ rendererDir: dir, core });
  unsyncedShell = await startWebShell({ rendererDir: dir, core: { ...core, images: unsynced } });
});
afterAll(async () => {
  await Promise.all([shell.close(), bare.close(), unsyncedShell.close(), cache.close(), unsynced.close(), sandbox.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** Raw HTTP so the test controls the Host header and gets the exact bytes. */
function get(target: RunningWebShell, path: string, options: { method?: string; host?: string } = {}) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: options.method ?? 'GET',
        path,
        headers: { host: options.host ?? `127.0.0.1:${target.port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('browser shell image route', () => {
  it('serves a thumbnail and a full-size photo at the renderer relative URL, without the bridge secret', async () => {
    const thumb = await get(shell, `/${imageRoutePath('thumb', JAMON)}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.headers['cache-control']).toBe('no-cache');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.body.equals(photoPng(JAMON, 'thumbnail'))).toBe(true);

    const full = await get(shell, `/${imageRoutePath('full', JAMON)}`);
    expect(full.status).toBe(200);
    expect(full.body.equals(photoPng(JAMON, 'full'))).toBe(true);
    const head = await get(shell, `/${imageRoutePath('full', JAMON)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('still checks the Host header (DNS rebinding)', async () => {
    expect((await get(shell, `/${imageRoutePath('thumb', JAMON)}`, { host: 'evil.example:80' })).status).toBe(403);
  });

  it.each([
    '/images/full/..%2Fcredentials.json',
    '/images/full/..%2F..%2F..%2Fetc%2Fpasswd',
    '/images/thumb/%2e%2e%2fcredentials.json',
    '/images/full/..%5Ccredentials.json',
    '/images/full/credentials.json%00.png',
    '/images/full/%2Fetc%2Fpasswd',
    '/images/full/%E0%A4%A',
  ])('refuses the traversal attempt %s with a 404 and sends no request', async (path) => {
    const before = requested.length;
    const answer = await get(shell, path);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('TOP SECRET');
    expect(requested.length).toBe(before);
  });

  it('answers 404 for a photo the image server does not know, and when no account has a cache', async () => {
    expect((await get(shell, `/${imageRoutePath('full', 'items/nowhere.png')}`)).status).toBe(404);
    expect((await get(bare, `/${imageRoutePath('thumb', JAMON)}`)).status).toBe(404);
  });

  it('a photo no synced catalog references is a 404 and makes no request, before the first sync too', async () => {
    const before = requested.length;
    expect((await get(shell, `/${imageRoutePath('full', 'items/postres/not-on-the-menu.png')}`)).status).toBe(404);
    expect((await get(unsyncedShell, `/${imageRoutePath('thumb', JAMON)}`)).status).toBe(404);
    expect((await get(unsyncedShell, `/${imageRoutePath('full', 'anything/at/all.png')}`)).status).toBe(404);
    expect(requested.length).toBe(before);
  });

  it('is read-only', async () => {
    expect((await get(shell, `/${imageRoutePath('thumb', JAMON)}`, { method: 'POST' })).status).toBe(405);
  });
});
