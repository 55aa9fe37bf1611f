// Test helpers: a PNG reader for the sandbox's own encoder (8-bit RGB, filters 0 and 1).
import { inflateSync } from 'node:zlib';
import { crc32 } from './png';

/** Reads the chunks of a PNG, checking every CRC. */
export function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (png.readUInt32BE(at + 8 + length) !== crc32(png, at + 4, at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

/** Decodes an 8-bit RGB PNG with filters 0 (None) and 1 (Sub). */
export function decodeRgb(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  const list = chunks(png);
  const ihdr = list.find((c) => c.type === 'IHDR')!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(list.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const left = filter === 1 && x >= 3 ? rgb[y * stride + x - 3]! : 0;
      rgb[y * stride + x] = (v + left) & 0xff;
    }
  }
  return { width, height, rgb };
}
