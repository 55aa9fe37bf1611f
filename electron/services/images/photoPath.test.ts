import { describe, expect, it } from 'vitest';
import { imageRoutePath, isImageRoute, isSafePhotoPath, parseImageRoute, vendorImageUrl } from './photoPath';
import { sniffImageType } from './signature';

describe('photo paths', () => {
  it.each(['items/entrantes/jamon-iberico-de-bellota.png', 'a.png', 'fotos/caña y tapa.jpg', 'x/y?z#w.png', 'a//b.png'])('accepts %s', (path) =>
    expect(isSafePhotoPath(path)).toBe(true),
  );

  it.each(['', '/etc/passwd', '../secret.png', 'items/../../x.png', 'items/./x.png', 'items/..', 'a\\..\\b.png', 'a\0.png', 'a\n.png', 'x'.repeat(1025)])(
    'refuses %j',
    (path) => expect(isSafePhotoPath(path)).toBe(false),
  );

  it('builds the spec URLs: resized_100_ before the whole path, segments encoded', () => {
    expect(vendorImageUrl('https://img.example.com/', 'bar-pepe', 'thumb', 'items/entrantes/x.png')).toBe(
      'https://img.example.com/xef/bar-pepe/images/resized_100_items/entrantes/x.png',
    );
    expect(vendorImageUrl('http://127.0.0.1:8787', 'demo', 'full', 'fotos/caña y tapa?.png')).toBe(
      'http://127.0.0.1:8787/xef/demo/images/fotos/ca%C3%B1a%20y%20tapa%3F.png',
    );
  });
});

describe('image route', () => {
  it('round-trips a photo path through the relative URL the renderer uses', () => {
    const path = 'items/entrantes/jamón & queso.png';
    const relative = imageRoutePath('thumb', path);
    expect(relative).toBe('images/thumb/items%2Fentrantes%2Fjam%C3%B3n%20%26%20queso.png');
    const { pathname } = new URL(relative, 'http://127.0.0.1:4780/');
    expect(isImageRoute(pathname)).toBe(true);
    expect(parseImageRoute(pathname)).toEqual({ kind: 'thumb', path });
    expect(parseImageRoute('/images/full/items/entrantes/x.png')).toEqual({ kind: 'full', path: 'items/entrantes/x.png' });
  });

  it.each([
    '/images/thumb/..%2F..%2Fcredentials.json',
    '/images/full/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/images/full/%2Fetc%2Fpasswd',
    '/images/full/a%5C..%5Cb.png',
    '/images/full/a%00.png',
    '/images/full/%E0%A4%A',
    '/images/thumb/',
    '/images/other/x.png',
    '/images/',
  ])('refuses %s', (pathname) => {
    expect(parseImageRoute(pathname)).toBeNull();
  });
});

describe('image signatures', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    [[...Buffer.from('GIF87a')], 'image/gif'],
    [[...Buffer.from('RIFF0000WEBP')], 'image/webp'],
    [[...Buffer.from('RIFF0000WAVE')], null],
    [[...Buffer.from('<svg')], null],
    [[0x89, 0x50, 0x4e], null],
    [[], null],
  ])('%j → %s', (bytes, type) => {
    expect(sniffImageType(Uint8Array.from(bytes))).toBe(type);
  });
});
