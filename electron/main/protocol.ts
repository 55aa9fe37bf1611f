import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { protocol, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY, contentTypeFor } from '../services/renderer-files';
import { answerImageRequest, isImageRoute, type ImageSource } from '../services/images';
import { APP_HOST, APP_SCHEME } from './app-origin';

export { CONTENT_SECURITY_POLICY, contentTypeFor };

/**
 * Maps app://comanda/<path> to a file under `root`, or null when the URL must not be served:
 * another scheme or host, an undecodable path, a NUL byte, or any path that would leave `root`
 * (`..`, `%2e%2e`, encoded slashes or backslashes).
 */
export function resolveAppFile(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;

  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  // The URL parser already removed literal and %2e dot segments; a '..' or a backslash left
  // after decoding came from an encoded separator and is refused on every platform.
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  if (path === '' || path.endsWith('/')) path += 'index.html';

  const rootPath = resolve(root);
  const filePath = resolve(join(rootPath, path));
  return isInside(rootPath, filePath) ? filePath : null;
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * The app:// request handler, free of Electron objects so it can be tested with plain
 * Request/Response. GET and HEAD only; anything unservable is a 404 that reveals nothing.
 * `app://comanda/images/{thumb|full}/<encoded photo path>` is answered from the current account's
 * image cache (`images()`, read at every request), never from the renderer folder.
 */
export function createAppRequestHandler(root: string, images: () => ImageSource | null = () => null): (request: Request) => Promise<Response> {
  const securityHeaders = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
  const notFound = () => new Response('Not found', { status: 404, headers: { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { ...securityHeaders, Allow: 'GET, HEAD' } });
    }
    const imagePath = appImagePathname(request.url);
    if (imagePath !== null) {
      const answer = await answerImageRequest(images(), request.method, imagePath);
      return new Response(answer.body === null ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: { ...securityHeaders, ...answer.headers },
      });
    }
    const filePath = resolveAppFile(root, request.url);
    if (filePath === null) return notFound();
    try {
      // A symbolic link inside the root must not lead outside it either.
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(filePath)]);
      if (!isInside(realRoot, realFile) || !(await stat(realFile)).isFile()) return notFound();
      const body = await readFile(realFile);
      const headers = { ...securityHeaders, 'Content-Type': contentTypeFor(filePath), 'Content-Length': String(body.length) };
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
    } catch {
      return notFound();
    }
  };
}

/** The still-encoded pathname of an app://comanda/images/… URL, or null for any other URL. */
export function appImagePathname(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  return isImageRoute(parsed.pathname) ? parsed.pathname : null;
}

/**
 * Must run at module load, before the app is ready: only privileged schemes get a real origin,
 * IndexedDB, fetch() and a secure context.
 */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer on app://comanda/ in the window's own session. */
export function registerAppProtocol(session: Session, rendererRoot: string, images?: () => ImageSource | null): void {
  session.protocol.handle(APP_SCHEME, createAppRequestHandler(rendererRoot, images));
}
