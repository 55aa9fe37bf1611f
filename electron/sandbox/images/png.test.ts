import { describe, expect, it } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE, pngSize } from './png';
import { chunks, decodeRgb } from './pngTesting';

describe('encodePng', () => {
  it('CRC-32 matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes the signature, an RGB 8-bit IHDR, IDAT and IEND with valid CRCs', () => {
    const rgb = new Uint8Array(4 * 3 * 3).map((_, i) => (i * 37) & 0xff);
    const png = encodePng(4, 3, rgb);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...list[0]!.data]).toEqual([0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0]);
    expect(pngSize(png)).toEqual({ width: 4, height: 3 });
  });

  it('round-trips the pixels', () => {
    const rgb = new Uint8Array(17 * 5 * 3).map((_, i) => (i * 91 + 7) & 0xff);
    const decoded = decodeRgb(encodePng(17, 5, rgb));
    expect(decoded.width).toBe(17);
    expect(decoded.height).toBe(5);
    expect([...decoded.rgb]).toEqual([...rgb]);
  });

  it('refuses a pixel buffer of the wrong size; pngSize says null for non-PNG bytes', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(/expected 12 bytes/);
    expect(pngSize(Buffer.from('GIF89a not a png at all, not at all'))).toBeNull();
  });
});
