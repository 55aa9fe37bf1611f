import { vendorImageUrl, type ImageKind } from './photoPath';
import { sniffImageType, type ImageContentType } from './signature';

// One image fetched from the image storage (spec hospitality 4.2) and checked before it is kept:
// status 200, an image content type, at most `maxBytes`, and bytes whose signature is an image.

export interface CachedImage {
  bytes: Buffer;
  /** From the bytes' signature, never from the server's header or the file name. */
  contentType: ImageContentType;
}

/** Why an image was not accepted: the engineer's detail behind a missing photo. */
export class ImageRefusedError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'ImageRefusedError';
  }
}

export interface DownloadOptions {
  tenant: string;
  imagesUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  /** Aborts every running request (the cache's close). */
  signal: AbortSignal;
}

export async function downloadImage(o: DownloadOptions, kind: ImageKind, path: string): Promise<CachedImage> {
  const { maxBytes } = o;
  const url = vendorImageUrl(o.imagesUrl, o.tenant, kind, path);
  const response = await o.fetch(url, {
    signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]),
    headers: { accept: 'image/png, image/jpeg, image/webp, image/gif' },
  });
  let consumed = false;
  try {
    if (response.status !== 200) throw new ImageRefusedError(url, `HTTP ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').trim();
    if (!/^image\//i.test(type)) throw new ImageRefusedError(url, `content-type "${type}" is not an image`);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) throw new ImageRefusedError(url, `${declared} bytes is over the ${maxBytes}-byte limit`);
    consumed = true;
    const bytes = await readCapped(response, maxBytes, url);
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new ImageRefusedError(url, 'the bytes are not a PNG, JPEG, GIF or WebP image');
    return { bytes, contentType };
  } finally {
    if (!consumed) await response.body?.cancel().catch(() => {});
  }
}

async function readCapped(response: Response, maxBytes: number, url: string): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ImageRefusedError(url, `more than the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
