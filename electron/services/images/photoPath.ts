// Photo paths, vendor image URLs and the renderer's image route.
//
// spec: hospitality 4.2 (image rows) — GET {image_storage_url}/xef/{account}/images/{image_path}
// (full size) and …/images/resized_100_{image_path} (thumbnail); `image_path` is a record's `photo`
// value including its extension, slashes included. The thumbnail prefix goes before the whole
// path string (`resized_100_items/entrantes/x.png`), exactly as the spec writes it.

export type ImageKind = 'thumb' | 'full';

export const THUMBNAIL_PREFIX = 'resized_100_';
export const MAX_PHOTO_PATH_LENGTH = 1024;

/**
 * A photo path we agree to fetch and cache: not empty, at most 1024 characters, no control
 * characters or backslashes, not absolute, and no `.` or `..` segment (a URL would collapse those
 * and ask the image server for another file). Files on disk are named by hash, so this is about
 * the upstream URL; the disk never sees the path itself.
 */
export function isSafePhotoPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PHOTO_PATH_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  if (path.startsWith('/')) return false;
  return path.split('/').every((segment) => segment !== '.' && segment !== '..');
}

/** The vendor URL of one image; each path segment is percent-encoded, so `?` or `#` stay in the path. */
export function vendorImageUrl(imagesUrl: string, tenant: string, kind: ImageKind, path: string): string {
  const root = imagesUrl.replace(/\/+$/, '');
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  const prefix = kind === 'thumb' ? THUMBNAIL_PREFIX : '';
  return `${root}/xef/${encodeURIComponent(tenant)}/images/${prefix}${encodedPath}`;
}

/** Where the renderer finds images, relative to its page, in both shells (docs/decisions.md). */
export const IMAGE_ROUTE_PREFIX = '/images/';

/** `images/thumb/<encodeURIComponent(path)>` — the relative URL the renderer puts in an <img>. */
export function imageRoutePath(kind: ImageKind, path: string): string {
  return `images/${kind}/${encodeURIComponent(path)}`;
}

/** True when a request path belongs to the image route (it is then never a renderer file). */
export function isImageRoute(pathname: string): boolean {
  return pathname.startsWith(IMAGE_ROUTE_PREFIX);
}

/**
 * `/images/thumb/<encoded path>` → `{ kind, path }`, or null when the request is not a valid image
 * request: unknown kind, undecodable escapes, or a path that fails {@link isSafePhotoPath}
 * (`..%2F..%2Fetc%2Fpasswd`, `%00`, backslashes …). Literal slashes are accepted as well as `%2F`.
 */
export function parseImageRoute(pathname: string): { kind: ImageKind; path: string } | null {
  const match = /^\/images\/(thumb|full)\/(.+)$/.exec(pathname);
  if (!match) return null;
  let path: string;
  try {
    path = decodeURIComponent(match[2] as string);
  } catch {
    return null;
  }
  return isSafePhotoPath(path) ? { kind: match[1] as ImageKind, path } : null;
}
