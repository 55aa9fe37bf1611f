// The renderer's image route, the same in both shells: `images/thumb/<encodeURIComponent(path)>`
// and `images/full/<encodeURIComponent(path)>`, relative to the page (app://comanda/images/… in
// Electron, http://127.0.0.1:<port>/images/… in the browser shell). Read-only, no credentials:
// an <img> cannot send the bridge secret, and the route reveals nothing but menu photos.
import type { ImageSource } from './cache';
import { parseImageRoute } from './photoPath';

export interface ImageAnswer {
  status: 200 | 404 | 405;
  headers: Record<string, string>;
  /** null for HEAD and for errors without a body. */
  body: Buffer | null;
}

const NOT_FOUND = Buffer.from('Image not found');

/**
 * Answers one request of the image route from the cache (fetching a missing thumbnail, or a full
 * size image the first time it is asked for). Unknown, refused or unavailable offline → 404; a path
 * that tries to leave the photo namespace (`..`, NUL, backslash, bad escapes) → 404 without any
 * request leaving the machine.
 */
export async function answerImageRequest(source: ImageSource | null | undefined, method: string, pathname: string): Promise<ImageAnswer> {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, body: null };
  }
  const request = parseImageRoute(pathname);
  const image = request && source ? await source.image(request.kind, request.path) : null;
  if (!image) {
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
      body: method === 'HEAD' ? null : NOT_FOUND,
    };
  }
  return {
    status: 200,
    headers: {
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      // Same URL, same photo path; but a removed and refetched photo may differ, so revalidate.
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    },
    body: method === 'HEAD' ? null : image.bytes,
  };
}
