// Generated photo bytes with an in-memory LRU cache. Every catalog photo is served as a PNG made by
// render.ts: the bytes depend only on the path and the size, so the same path always gives the same
// bytes, whichever account or catalog (demo or `--scale`) names it.
import { encodePng } from './png';
import { renderPhoto } from './render';

/** Full-size photo: 480 × 360 (4:3). */
export const FULL_SIZE = { width: 480, height: 360 } as const;
/** Thumbnail (spec §4.2 `resized_100_{image_path}`): 100 px wide, same 4:3 ratio. */
export const THUMBNAIL_SIZE = { width: 100, height: 75 } as const;

export type PhotoSize = 'full' | 'thumbnail';

/** At most this many images stay cached (full size ones weigh ~20–60 kB). */
export const PHOTO_CACHE_ENTRIES = 512;

const cache = new Map<string, Buffer>();

/** PNG bytes of the generated photo of `path` (cached; least recently used entries are dropped). */
export function photoPng(path: string, size: PhotoSize): Buffer {
  const key = `${size}:${path}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const { width, height } = size === 'full' ? FULL_SIZE : THUMBNAIL_SIZE;
  const png = encodePng(width, height, renderPhoto(path, width, height));
  cache.set(key, png);
  if (cache.size > PHOTO_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return png;
}

/** Number of cached images (tests). */
export function photoCacheSize(): number {
  return cache.size;
}
