import { describe, expect, it } from 'vitest';
import { decodeRgb } from './pngTesting';
import { FULL_SIZE, photoCacheSize, photoPng, PHOTO_CACHE_ENTRIES, THUMBNAIL_SIZE } from './photos';
import { renderPhoto } from './render';

describe('generated photos', () => {
  it('full size is 480 × 360 and the thumbnail 100 px wide (100 × 75)', () => {
    const path = 'items/entrantes/pulpo-a-la-gallega.png';
    const full = decodeRgb(photoPng(path, 'full'));
    const thumb = decodeRgb(photoPng(path, 'thumbnail'));
    expect([full.width, full.height]).toEqual([FULL_SIZE.width, FULL_SIZE.height]);
    expect([thumb.width, thumb.height]).toEqual([100, 75]);
    expect(THUMBNAIL_SIZE.width).toBe(100);
  });

  it('the same path always gives the same bytes, even after the cache is gone', () => {
    const path = 'items/postres/crema-catalana.png';
    const first = Buffer.from(photoPng(path, 'full'));
    for (let i = 0; i < PHOTO_CACHE_ENTRIES + 1; i++) photoPng(`items/flush/${i}.png`, 'thumbnail');
    expect(photoCacheSize()).toBeLessThanOrEqual(PHOTO_CACHE_ENTRIES);
    expect(photoPng(path, 'full').equals(first)).toBe(true);
    expect(Buffer.from(renderPhoto(path, 480, 360)).equals(Buffer.from(decodeRgb(first).rgb))).toBe(true);
  });

  it('different dishes and groups look different; pictures are not blank', () => {
    const a = renderPhoto('items/entrantes/pulpo-a-la-gallega.png', 100, 75);
    const b = renderPhoto('items/entrantes/gambas-al-ajillo.png', 100, 75);
    const c = renderPhoto('items/cervezas/estrella-galicia.png', 100, 75);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
    const colours = new Set<number>();
    for (let i = 0; i < a.length; i += 3) colours.add((a[i]! << 16) | (a[i + 1]! << 8) | a[i + 2]!);
    expect(colours.size).toBeGreaterThan(20);
  });
});
