import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { pngSize } from './png';
import { THUMBNAIL_PREFIX } from './route';

const PULPO = 'items/entrantes/pulpo-a-la-gallega.png';

async function get(app: ReturnType<typeof createSandboxApp>, path: string) {
  const res = await app.request(path);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

describe('images route (spec §4.2 image rows)', () => {
  const app = createSandboxApp();

  it('serves the full-size photo of a catalog record as image/png, 480 × 360', async () => {
    const { res, bytes } = await get(app, `/xef/demo/images/${PULPO}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(pngSize(bytes)).toEqual({ width: 480, height: 360 });
  });

  it('serves the thumbnail at resized_100_ + the whole photo path, 100 px wide', async () => {
    const { res, bytes } = await get(app, `/xef/demo/images/${THUMBNAIL_PREFIX}${PULPO}`);
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: 100, height: 75 });
    // The prefix goes before the whole path, not before the file name.
    expect((await app.request(`/xef/demo/images/items/entrantes/resized_100_pulpo-a-la-gallega.png`)).status).toBe(404);
  });

  it('answers identical bytes for the same path, in every account that has the photo', async () => {
    const a = await get(app, `/xef/demo/images/${PULPO}`);
    const b = await get(app, `/xef/demo/images/${PULPO}`);
    const child = await get(app, `/xef/demo-child/images/${PULPO}`);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(child.bytes.equals(a.bytes)).toBe(true);
  });

  it('serves the photos of groups and categories too', async () => {
    expect((await app.request('/xef/demo/images/groups/entrantes.png')).status).toBe(200);
    expect((await app.request('/xef/demo/images/categories/tapas-frias.png')).status).toBe(200);
  });

  it('404 with the JSON error body for an unknown account or photo', async () => {
    for (const path of [`/xef/nadie/images/${PULPO}`, '/xef/demo/images/items/entrantes/no-existe.png', `/xef/demo/images/${THUMBNAIL_PREFIX}`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ code: 404, data: [] });
    }
  });

  it('needs no credentials (the spec gives the image URL without any)', async () => {
    expect((await app.request(`/xef/demo/images/${PULPO}`, { headers: { tenant: 'demo' } })).status).toBe(200);
  });

  it('knows a photo as soon as a record has it, and forgets it when no record has it any more', async () => {
    const local = createSandboxApp();
    const account = local.state.account('demo')!;
    const item = account.catalog.items.find((i) => i.photo === PULPO)!;
    item.photo = 'items/entrantes/pulpo-nuevo.jpg';
    expect((await local.request(`/xef/demo/images/${PULPO}`)).status).toBe(404);
    const renamed = await get(local, '/xef/demo/images/items/entrantes/pulpo-nuevo.jpg');
    expect(renamed.res.status).toBe(200);
    // The bytes are PNG whatever the name says, so the type says PNG.
    expect(renamed.res.headers.get('content-type')).toBe('image/png');
    expect(pngSize(renamed.bytes)).not.toBeNull();
    // The other account is independent.
    expect((await local.request(`/xef/demo-child/images/${PULPO}`)).status).toBe(200);
  });

  it('decodes percent-encoded paths', async () => {
    const local = createSandboxApp();
    local.state.account('demo')!.catalog.items[0]!.photo = 'items/con espacio/jamón.png';
    expect((await local.request('/xef/demo/images/items/con%20espacio/jam%C3%B3n.png')).status).toBe(200);
    expect((await local.request('/xef/demo/images/items/%E0%A4%A.png')).status).toBe(404);
  });

  it('serves the photos of a --scale catalog', async () => {
    const scaled = createSandboxApp({ scale: 2000 });
    const photo = scaled.state
      .account('demo')!
      .catalog.items.filter((i) => i.photo)
      .at(-1)!.photo as string;
    expect(photo).toMatch(/^items\/.+\.png$/);
    const { res, bytes } = await get(scaled, `/xef/demo/images/${THUMBNAIL_PREFIX}${photo}`);
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: 100, height: 75 });
    expect((await scaled.request(`/xef/demo/images/${PULPO}`)).status).toBe(404);
  });
});
