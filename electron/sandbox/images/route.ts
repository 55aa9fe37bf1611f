// Image storage (spec §4.2, image rows): GET {image_storage_url}/xef/{account}/images/{image_path}
// (full size) and …/images/resized_100_{image_path} (thumbnail). In the sandbox the image storage
// host is the sandbox itself.
//
// - `account` is the account name used to log in (the tenant); `image_path` is a record's `photo`
//   value including its extension, slashes included (e.g. `items/entrantes/pulpo-a-la-gallega.png`).
// - The thumbnail prefix is applied to the whole path string exactly as the spec writes it:
//   `resized_100_items/entrantes/pulpo-a-la-gallega.png`, not `items/entrantes/resized_100_…`.
//   A path that is itself a known photo is served full size even if it starts with `resized_100_`.
// - A photo is known when some catalog record of that account (group, category, item, selling
//   format, modifier) has that `photo`. Unknown account or photo → 404 with the JSON error body.
// - No credentials: the spec gives the image URL without any (and the vendor's image storage is a
//   separate host from the API), so the sandbox asks for none.
// - Bytes: every photo is a generated PNG (images/render.ts), 480 × 360 full size and 100 × 75
//   thumbnail, served as `image/png` — the type of the bytes. The demo and `--scale` catalogs
//   name their photos `.png` so the extension agrees; a photo a client names `.jpg` is still served
//   as the PNG it really is, with `Content-Type: image/png`.
import { Hono } from 'hono';
import type { CatalogState } from '../catalog/model';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import type { AccountState } from '../state';
import { photoPng, type PhotoSize } from './photos';

export const THUMBNAIL_PREFIX = 'resized_100_';

/** Catalog resources whose records carry a `photo` (spec 2.6). */
const PHOTO_RESOURCES = ['items', 'groups', 'categories', 'sellingFormats', 'modifiers'] as const satisfies readonly (keyof CatalogState)[];

/** True when a catalog record of the account has this `photo`. */
export function accountHasPhoto(account: AccountState, path: string): boolean {
  for (const resource of PHOTO_RESOURCES) {
    for (const record of account.catalog[resource] as readonly { photo?: string | null }[]) {
      if (record.photo === path) return true;
    }
  }
  return false;
}

/** Which image a request path names: the photo and its size, or null when no photo matches. */
export function resolveImage(account: AccountState, imagePath: string): { photo: string; size: PhotoSize } | null {
  if (imagePath !== '' && accountHasPhoto(account, imagePath)) return { photo: imagePath, size: 'full' };
  if (imagePath.startsWith(THUMBNAIL_PREFIX)) {
    const photo = imagePath.slice(THUMBNAIL_PREFIX.length);
    if (photo !== '' && accountHasPhoto(account, photo)) return { photo, size: 'thumbnail' };
  }
  return null;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function imagesRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.get('/xef/:account/images/*', (c) => {
    const match = /^\/xef\/([^/]+)\/images\/(.*)$/.exec(new URL(c.req.url).pathname);
    const tenant = match ? decode(match[1] as string) : null;
    const imagePath = match ? decode(match[2] as string) : null;
    if (tenant === null || imagePath === null) return errorResponse(c, 404, 'Image not found.');
    const account = c.get('state').account(tenant);
    if (!account) return errorResponse(c, 404, `Image not found: unknown account "${tenant}".`);
    const image = resolveImage(account, imagePath);
    if (!image) return errorResponse(c, 404, `Image not found: no photo "${imagePath}" in account "${tenant}".`);
    const png = photoPng(image.photo, image.size);
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      // Same path, same bytes (spec §4.2: integrators keep images and refetch when the path changes).
      'Cache-Control': 'public, max-age=86400',
    });
  });
  return routes;
}
