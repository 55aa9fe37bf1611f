// Contract tests of image storage (spec: hospitality §4.2, image rows and "Rules for images"),
// written from the spec's tables: GET {image_storage_url}/xef/{account}/images/{image_path} is the
// full-size image and …/images/resized_100_{image_path} the thumbnail; `account` is the account
// name used to log in and `image_path` is a record's `photo` value including its extension. The
// issue adds: real image bytes with the right content type, 404 when absent. The sandbox is both
// the API host and the image storage host. Image URLs carry no credentials in the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';

const HEADERS = {
  tenant: 'demo',
  Authorization: 'Bearer demo-token',
  'client-token': 'demo-client',
  'Content-Type': 'application/json',
};
const V2 = '/api/external/v2';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { requestsPerMinute: 100_000 } });
});
afterAll(async () => {
  await sandbox.close();
});

type Json = Record<string, unknown>;

async function api(path: string, init: { method?: string; body?: unknown; tenant?: string } = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(sandbox.url + path, {
    method: init.method ?? 'GET',
    headers: { ...HEADERS, tenant: init.tenant ?? 'demo' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Fetches an image URL with no credentials at all. */
async function image(account: string, imagePath: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${sandbox.url}/xef/${account}/images/${imagePath}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Width and height of PNG or JPEG bytes, after checking the bytes are of the announced type. */
function imageSize(type: string, bytes: Buffer): { width: number; height: number } {
  if (type.startsWith('image/png')) {
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type.startsWith('image/jpeg')) {
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    for (let at = 2; at < bytes.length;) {
      const marker = bytes[at + 1] as number;
      if (marker >= 0xc0 && marker <= 0xc3) return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      at += 2 + bytes.readUInt16BE(at + 2);
    }
  }
  throw new Error(`not a PNG or JPEG image: ${type}`);
}

/** `photo` values of the account's records of a catalog resource (first page of 200). */
async function photos(resource: string, tenant = 'demo'): Promise<string[]> {
  const { status, body } = await api(`${V2}/catalog/${resource}?pagination=200`, { tenant });
  expect(status).toBe(200);
  return (body.data as Json[]).map((r) => r.photo).filter((p): p is string => typeof p === 'string' && p !== '');
}

describe('§4.2 images', () => {
  it("§4.2: {image_path} is an item's photo value with its extension → the full-size image, real bytes of the announced type", async () => {
    const [photo] = await photos('items');
    expect(photo, 'the demo venue has items with photos').toBeDefined();
    expect(photo).toMatch(/\.[A-Za-z0-9]+$/);
    const full = await image('demo', photo as string);
    expect(full.status).toBe(200);
    expect(full.type).toMatch(/^image\//);
    const size = imageSize(full.type, full.bytes);
    expect(size.width).toBeGreaterThan(100);
  });

  it('§4.2: resized_100_{image_path} → the thumbnail, 100 px wide and smaller than the full-size image', async () => {
    const [photo] = await photos('items');
    const full = await image('demo', photo as string);
    const thumb = await image('demo', `resized_100_${photo}`);
    expect(thumb.status).toBe(200);
    expect(thumb.type).toMatch(/^image\//);
    const size = imageSize(thumb.type, thumb.bytes);
    expect(size.width).toBe(100);
    const fullSize = imageSize(full.type, full.bytes);
    // Same proportions, scaled down.
    expect(Math.abs(size.height / size.width - fullSize.height / fullSize.width)).toBeLessThan(0.02);
    expect(thumb.bytes.length).toBeLessThan(full.bytes.length);
  });

  it('§4.2: most demo items have a photo, and every photo of items, groups and categories is served', async () => {
    const items = (await api(`${V2}/catalog/items?pagination=200`)).body.data as Json[];
    const withPhoto = items.filter((i) => typeof i.photo === 'string' && i.photo !== '');
    expect(withPhoto.length).toBeGreaterThan(items.length / 2);
    const all = [...(await photos('groups')), ...(await photos('categories')), ...withPhoto.slice(0, 20).map((i) => i.photo as string)];
    for (const photo of all) {
      const res = await image('demo', photo);
      expect(res.status, photo).toBe(200);
      expect(res.type, photo).toMatch(/^image\//);
    }
  });

  it('§4.2: the same image_path gives the same bytes (integrators keep images and refetch only when the path changes)', async () => {
    const [photo] = await photos('items');
    const a = await image('demo', photo as string);
    const b = await image('demo', photo as string);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const ta = await image('demo', `resized_100_${photo}`);
    const tb = await image('demo', `resized_100_${photo}`);
    expect(ta.bytes.equals(tb.bytes)).toBe(true);
  });

  it('§4.2: {account} is the account name used to log in — the child account serves its own photos', async () => {
    const [photo] = await photos('items', 'demo-child');
    expect((await image('demo-child', photo as string)).status).toBe(200);
  });

  it('§4.2: image URLs need no credentials', async () => {
    const [photo] = await photos('items');
    const res = await fetch(`${sandbox.url}/xef/demo/images/${photo}`);
    expect(res.status).toBe(200);
  });

  it('§4.2: a photo written on a record (catalog create) is served under its new path', async () => {
    const categories = (await api(`${V2}/catalog/categories?pagination=1`)).body.data as Json[];
    const photo = `items/contract/croqueta-${Date.now()}.png`;
    expect((await image('demo', photo)).status).toBe(404);
    const created = await api(`${V2}/catalog/items`, {
      method: 'POST',
      body: { name: 'Croqueta de prueba', price: 2.5, costPrice: 0.8, type: 0, category_id: categories[0]?.id, photo },
    });
    expect(created.status).toBeLessThan(300);
    const full = await image('demo', photo);
    expect(full.status).toBe(200);
    expect((await image('demo', `resized_100_${photo}`)).status).toBe(200);
  });

  it('absent image → 404 with a JSON error body (unknown photo, unknown account)', async () => {
    const [photo] = await photos('items');
    for (const [account, path] of [
      ['demo', 'items/no/existe.png'],
      ['demo', 'resized_100_items/no/existe.png'],
      ['cuenta-inexistente', photo as string],
    ] as const) {
      const res = await fetch(`${sandbox.url}/xef/${account}/images/${path}`);
      expect(res.status, `${account} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as Json;
      expect(typeof body.error).toBe('string');
    }
  });
});
