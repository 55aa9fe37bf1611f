import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageSyncState } from '../../../shared/bridge';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { photoPng } from '../../sandbox/images/photos';
import { demoCatalog } from '../../sandbox/seed/demoCatalog';
import { accountFolderName, cacheFileName, createImageCache, referencedSetFile, type ImageCache, type ImageCacheOptions } from './cache';

const catalog = demoCatalog();
/** Every photo the demo catalog's items reference (the sandbox knows each of them). */
const itemPhotos = [...new Set(catalog.items.map((item) => item.photo).filter((photo): photo is string => !!photo))];
const groupPhotos = catalog.groups.map((group) => group.photo).filter((photo): photo is string => !!photo);
const JAMON = 'items/entrantes/jamon-iberico-de-bellota.png';

let dataDir: string;
let sandbox: RunningSandbox;
const caches: ImageCache[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'comanda-images-'));
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A cache on the demo account of the sandbox, counting every image request it sends. */
function demoCache(overrides: Partial<ImageCacheOptions> = {}) {
  const requests: string[] = [];
  const states: ImageSyncState[] = [];
  const cache = createImageCache({
    accountKey: 'demo',
    tenant: 'demo',
    imagesUrl: sandbox.url,
    dataDir,
    onState: (state) => states.push(state),
    fetch: (input, init) => {
      requests.push(decodeURI(String(input)).replace(sandbox.url, ''));
      return fetch(input, init);
    },
    ...overrides,
  });
  caches.push(cache);
  return { cache, requests, states };
}

const thumbUrl = (path: string) => `/xef/demo/images/resized_100_${path}`;
const fullUrl = (path: string) => `/xef/demo/images/${path}`;
const files = async (cache: ImageCache) => (await readdir(cache.folder)).sort();

describe('image cache: thumbnails follow the catalog', () => {
  it('fetches the thumbnail of every referenced photo, keyed by account and path, and reports progress', async () => {
    expect(itemPhotos).toContain(JAMON);
    const { cache, requests, states } = demoCache();
    const first = await cache.sync(itemPhotos);
    expect(first).toEqual({ queued: itemPhotos.length, done: 0, failed: 0 });
    await cache.whenIdle();

    expect(cache.state()).toEqual({ queued: 0, done: itemPhotos.length, failed: 0 });
    expect(requests.sort()).toEqual(itemPhotos.map(thumbUrl).sort());
    expect(cache.folder).toBe(join(dataDir, 'images', 'demo'));
    expect(await files(cache)).toEqual(itemPhotos.map((p) => cacheFileName('thumb', p)).sort());
    // The stored bytes are the sandbox's thumbnail of that very path.
    const stored = await readFile(join(cache.folder, cacheFileName('thumb', JAMON)));
    expect(stored.equals(photoPng(JAMON, 'thumbnail'))).toBe(true);

    // Events: the first says everything is queued, the last that everything is done, none goes backwards.
    expect(states[0]).toEqual({ queued: itemPhotos.length, done: 0, failed: 0 });
    expect(states.at(-1)).toEqual({ queued: 0, done: itemPhotos.length, failed: 0 });
    for (const state of states) expect(state.queued + state.done + state.failed).toBe(itemPhotos.length);
    const done = states.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  });

  it('a second sync with the same paths fetches nothing, even from a new process on the same folder', async () => {
    const { cache } = demoCache();
    await cache.sync(itemPhotos);
    await cache.whenIdle();

    const again = demoCache();
    expect(await again.cache.sync(itemPhotos)).toEqual({ queued: 0, done: 0, failed: 0 });
    await again.cache.whenIdle();
    expect(again.requests).toEqual([]);
    expect(again.states).toEqual([{ queued: 0, done: 0, failed: 0 }]);
  });

  it('a changed photo path fetches the new one and deletes the old (both sizes); unreferenced files go', async () => {
    const { cache, requests } = demoCache();
    const [kept, changedFrom, dropped] = itemPhotos as [string, string, string];
    await cache.sync([kept, changedFrom, dropped]);
    await cache.whenIdle();
    expect(await cache.image('full', changedFrom)).not.toBeNull();
    requests.length = 0;

    // The item's photo changed from `changedFrom` to a group photo; `dropped`'s item lost its photo.
    const changedTo = groupPhotos[0] as string;
    expect(await cache.sync([kept, changedTo])).toEqual({ queued: 1, done: 0, failed: 0 });
    await cache.whenIdle();

    expect(requests).toEqual([thumbUrl(changedTo)]);
    expect(await files(cache)).toEqual([cacheFileName('thumb', kept), cacheFileName('thumb', changedTo)].sort());
    expect(cache.state()).toEqual({ queued: 0, done: 1, failed: 0 });
  });

  it('an empty catalog removes every cached file', async () => {
    const { cache } = demoCache();
    await cache.sync(itemPhotos.slice(0, 5));
    await cache.whenIdle();
    expect(await files(cache)).toHaveLength(5);
    await cache.sync([]);
    expect(await files(cache)).toEqual([]);
  });

  it('two syncs called back to back: the later catalog wins', async () => {
    const { cache, states } = demoCache();
    await cache.sync(itemPhotos.slice(0, 30));
    await cache.whenIdle();
    const later = itemPhotos.slice(0, 4);
    // The first empties the folder (slow: 30 deletions), the second must still come after it.
    const [first, second] = await Promise.all([cache.sync([]), cache.sync(later)]);
    expect(first).toEqual({ queued: 0, done: 0, failed: 0 });
    expect(second).toEqual({ queued: 4, done: 0, failed: 0 });
    await cache.whenIdle();
    expect(cache.state()).toEqual({ queued: 0, done: 4, failed: 0 });
    expect(states.at(-1)).toEqual({ queued: 0, done: 4, failed: 0 });
    expect(await files(cache)).toEqual(later.map((p) => cacheFileName('thumb', p)).sort());
  });

  it('fetches at most `concurrency` images at a time', async () => {
    let running = 0;
    let most = 0;
    const { cache } = demoCache({
      concurrency: 3,
      fetch: async (input, init) => {
        running += 1;
        most = Math.max(most, running);
        try {
          await new Promise((done) => setTimeout(done, 5));
          return await fetch(input, init);
        } finally {
          running -= 1;
        }
      },
    });
    await cache.sync(itemPhotos.slice(0, 20));
    await cache.whenIdle();
    expect(cache.state()).toEqual({ queued: 0, done: 20, failed: 0 });
    expect(most).toBe(3);
  });

  it('counts photos the server does not know and refused paths as failed, and retries them at the next sync', async () => {
    const { cache, requests, states } = demoCache();
    const unknown = 'items/nowhere/ghost.png';
    await cache.sync([JAMON, unknown, '../../etc/passwd', '']);
    await cache.whenIdle();
    expect(cache.state()).toEqual({ queued: 0, done: 1, failed: 3 });
    expect(states.at(-1)).toEqual({ queued: 0, done: 1, failed: 3 });
    // No request ever left for the traversal attempts.
    expect(requests.sort()).toEqual([thumbUrl(JAMON), thumbUrl(unknown)].sort());
    requests.length = 0;
    await cache.sync([JAMON, unknown]);
    await cache.whenIdle();
    expect(requests).toEqual([thumbUrl(unknown)]);
  });
});

describe('image cache: full size on demand and offline', () => {
  it('fetches a full-size image on first request, then serves it from disk, also with the server gone', async () => {
    const { cache, requests } = demoCache();
    const other = itemPhotos[1] as string;
    await cache.sync([JAMON, other]);
    await cache.whenIdle();
    requests.length = 0;

    const first = await cache.image('full', JAMON);
    expect(first?.contentType).toBe('image/png');
    expect(first?.bytes.equals(photoPng(JAMON, 'full'))).toBe(true);
    expect(requests).toEqual([fullUrl(JAMON)]);

    // Offline: the image server is gone (its port refuses connections), a new process starts.
    await sandbox.close();
    const offline = demoCache();
    const again = await offline.cache.image('full', JAMON);
    expect(again?.bytes.equals(photoPng(JAMON, 'full'))).toBe(true);
    expect((await offline.cache.image('thumb', JAMON))?.bytes.equals(photoPng(JAMON, 'thumbnail'))).toBe(true);
    expect(offline.requests).toEqual([]);
    // Referenced (the set saved by the first process), not cached and unreachable: unavailable, and nothing is stored.
    expect(await offline.cache.image('full', other)).toBeNull();
    expect(offline.requests).toEqual([fullUrl(other)]);
  });

  it('fetches a referenced photo not on disk yet once for concurrent requests', async () => {
    const { cache, requests } = demoCache();
    await cache.sync([JAMON]);
    await cache.whenIdle();
    requests.length = 0;
    const [a, b] = await Promise.all([cache.image('full', JAMON), cache.image('full', JAMON)]);
    expect(a?.bytes.equals(photoPng(JAMON, 'full'))).toBe(true);
    expect(b?.bytes.equals(a!.bytes)).toBe(true);
    expect(requests).toEqual([fullUrl(JAMON)]);
  });

  it('after a sync, a photo the catalog does not reference is unknown: no request, 404-worthy null', async () => {
    const { cache, requests } = demoCache();
    await cache.sync([JAMON]);
    await cache.whenIdle();
    requests.length = 0;
    expect(await cache.image('full', itemPhotos[1] as string)).toBeNull();
    expect(await cache.image('full', '../credentials.json')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('refetches a cached file that was damaged or deleted behind its back', async () => {
    const { cache, requests } = demoCache();
    await cache.sync([JAMON]);
    await cache.whenIdle();
    await writeFile(join(cache.folder, cacheFileName('thumb', JAMON)), 'not an image');
    requests.length = 0;
    expect((await cache.image('thumb', JAMON))?.bytes.equals(photoPng(JAMON, 'thumbnail'))).toBe(true);
    expect(requests).toEqual([thumbUrl(JAMON)]);
  });
});

describe('image cache: no photo is fetched that no catalog referenced', () => {
  it('before any sync, with no saved set, serves only what is on disk and fetches nothing', async () => {
    const first = demoCache();
    expect(await first.cache.image('thumb', JAMON)).toBeNull();
    expect(await first.cache.image('full', 'items/anything/the-page/asks-for.png')).toBeNull();
    expect(first.requests).toEqual([]);
  });

  it('saves the referenced set per account and loads it at start: a new process fetches those photos only', async () => {
    const { cache } = demoCache();
    const other = itemPhotos[1] as string;
    await cache.sync([JAMON, other]);
    await cache.whenIdle();
    await cache.close();

    const next = demoCache();
    expect((await next.cache.image('full', other))?.bytes.equals(photoPng(other, 'full'))).toBe(true);
    expect(await next.cache.image('full', itemPhotos[2] as string)).toBeNull();
    expect(next.requests).toEqual([fullUrl(other)]);
    // Another account on the same data folder knows no set of its own.
    const otherAccount = demoCache({ accountKey: 'demo@elsewhere' });
    expect(await otherAccount.cache.image('full', other)).toBeNull();
    expect(otherAccount.requests).toEqual([]);
  });

  it.each([
    ['not JSON', '{"photos": ['],
    ['the wrong shape', '{"photos": "items/a.png"}'],
    ['an unsafe path', JSON.stringify({ version: 1, photos: ['../../credentials.json'] })],
  ])('a damaged saved set (%s) means unknown: what is on disk is served, nothing is fetched', async (_name, content) => {
    const { cache } = demoCache();
    await cache.sync([JAMON]);
    await cache.whenIdle();
    await cache.close();
    await writeFile(referencedSetFile(dataDir, 'demo'), content);

    const next = demoCache();
    expect((await next.cache.image('thumb', JAMON))?.bytes.equals(photoPng(JAMON, 'thumbnail'))).toBe(true);
    expect(await next.cache.image('full', JAMON)).toBeNull();
    expect(next.requests).toEqual([]);
    // The next sync makes the set known again, and saves it whole.
    await next.cache.sync([JAMON]);
    expect(JSON.parse(await readFile(referencedSetFile(dataDir, 'demo'), 'utf8'))).toMatchObject({ photos: [JAMON] });
  });

  it('writes images and the set atomically, readable by this user only', async () => {
    const { cache } = demoCache();
    await cache.sync([JAMON]);
    await cache.whenIdle();
    expect((await stat(join(cache.folder, cacheFileName('thumb', JAMON)))).mode & 0o777).toBe(0o600);
    expect((await stat(referencedSetFile(dataDir, 'demo'))).mode & 0o777).toBe(0o600);
  });
});

describe('image cache: only real images are stored', () => {
  const png = photoPng(JAMON, 'thumbnail');
  const respond =
    (body: ConstructorParameters<typeof Response>[0], headers: Record<string, string>, status = 200) =>
    async () =>
      new Response(body, { status, headers });

  it.each([
    ['HTML sent as image/png', respond('<html>login</html>', { 'content-type': 'image/png' })],
    ['a PNG sent as text/html', respond(new Uint8Array(png), { 'content-type': 'text/html' })],
    ['a PNG without a content type', respond(new Uint8Array(png), {})],
    ['an SVG (scriptable) image', respond('<svg xmlns="http://www.w3.org/2000/svg"/>', { 'content-type': 'image/svg+xml' })],
    ['a 500 with PNG bytes', respond(new Uint8Array(png), { 'content-type': 'image/png' }, 500)],
    ['an empty body', respond(null, { 'content-type': 'image/png' })],
    ['an image over the size cap', respond(new Uint8Array(Buffer.concat([png, Buffer.alloc(4096)])), { 'content-type': 'image/png' })],
    ['an image declaring a size over the cap', respond(new Uint8Array(png), { 'content-type': 'image/png', 'content-length': String(1024 * 1024) })],
  ])('refuses %s and stores nothing', async (_name, fakeFetch) => {
    const { cache, states } = demoCache({ fetch: fakeFetch as typeof fetch, maxBytes: png.length + 1024 });
    await cache.sync([JAMON]);
    await cache.whenIdle();
    expect(states.at(-1)).toEqual({ queued: 0, done: 0, failed: 1 });
    expect(await cache.image('full', JAMON)).toBeNull();
    expect(await files(cache)).toEqual([]);
  });

  it.each([
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['image/webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')],
  ])('accepts %s and serves it with the type of its bytes', async (type, bytes) => {
    const { cache } = demoCache({ fetch: respond(new Uint8Array(bytes), { 'content-type': 'image/png' }) as typeof fetch });
    await cache.sync([JAMON]);
    await cache.whenIdle();
    expect(cache.state()).toEqual({ queued: 0, done: 1, failed: 0 });
    expect((await cache.image('thumb', JAMON))?.contentType).toBe(type);
  });
});

describe('image cache: folders', () => {
  it('keeps each account in its own folder under <dataDir>/images', async () => {
    expect(accountFolderName('demo')).toBe('demo');
    expect(accountFolderName('bar-pepe@api.example.com:8443')).toBe('bar-pepe@api.example.com~3a8443');
    expect(accountFolderName('../../etc')).toBe('..~2f..~2fetc');
    expect(accountFolderName('..')).toMatch(/^account-[0-9a-f]{32}$/);
    expect(accountFolderName('')).toMatch(/^account-[0-9a-f]{32}$/);
    const { cache } = demoCache({ accountKey: '../../escape' });
    expect(cache.folder.startsWith(join(dataDir, 'images') + '/')).toBe(true);
    expect(cache.folder).not.toContain('/../');
  });

  it('removes half-written temporary files left by a crash', async () => {
    const { cache } = demoCache();
    await cache.sync([]);
    await writeFile(join(cache.folder, '.tmp-deadbeef'), 'half');
    const next = demoCache();
    await next.cache.sync([]);
    expect(await files(next.cache)).toEqual([]);
  });
});
