import { describe, expect, it, vi } from 'vitest';
import type { ImageSource } from '../services/images';

// The Electron binary is not needed: the handler is a plain Request → Response function.
vi.mock('electron', () => ({ protocol: { registerSchemesAsPrivileged: vi.fn() } }));
const { appImagePathname, createAppRequestHandler, CONTENT_SECURITY_POLICY } = await import('./protocol');

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
const JAMON = 'items/entrantes/jamon-iberico-de-bellota.png';

function handler() {
  const image = vi.fn<ImageSource['image']>(async (_kind, path) => (path === JAMON ? { bytes: png, contentType: 'image/png' } : null));
  // A renderer root that does not exist: an image URL must never be looked up there.
  return { image, handle: createAppRequestHandler('/nonexistent-renderer', () => ({ image })) };
}

describe('app:// image route', () => {
  it('serves app://comanda/images/<kind>/<encoded path> from the current account cache', async () => {
    const { image, handle } = handler();
    const response = await handle(new Request(`app://comanda/images/thumb/${encodeURIComponent(JAMON)}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect(image).toHaveBeenCalledWith('thumb', JAMON);
    expect((await handle(new Request(`app://comanda/images/full/${encodeURIComponent(JAMON)}`, { method: 'HEAD' }))).status).toBe(200);
  });

  it.each([
    'app://comanda/images/full/..%2F..%2Fcredentials.bin',
    'app://comanda/images/thumb/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://comanda/images/full/..%5C..%5Ccredentials.bin',
    'app://comanda/images/full/x%00.png',
    'app://comanda/images/full/%2Fetc%2Fpasswd',
    'app://comanda/images/full/%E0%A4%A',
    'app://comanda/images/unknown/x.png',
  ])('refuses %s with a 404 without asking the cache', async (url) => {
    const { image, handle } = handler();
    expect((await handle(new Request(url))).status).toBe(404);
    expect(image).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown photo and when no account has a cache', async () => {
    const { handle } = handler();
    expect((await handle(new Request('app://comanda/images/full/other.png'))).status).toBe(404);
    const none = createAppRequestHandler('/nonexistent-renderer');
    expect((await none(new Request(`app://comanda/images/thumb/${encodeURIComponent(JAMON)}`))).status).toBe(404);
  });

  it('only takes app://comanda image URLs', () => {
    expect(appImagePathname('app://comanda/images/thumb/a.png')).toBe('/images/thumb/a.png');
    expect(appImagePathname('app://evil/images/thumb/a.png')).toBeNull();
    expect(appImagePathname('https://comanda/images/thumb/a.png')).toBeNull();
    expect(appImagePathname('app://comanda/assets/images/a.png')).toBeNull();
    expect(appImagePathname('not a url')).toBeNull();
  });
});
