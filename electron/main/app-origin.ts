/**
 * The renderer's home: a privileged custom scheme instead of file://, so the renderer has a real
 * origin (IndexedDB, CSP 'self') and nothing else on disk is reachable from it.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'comanda';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Origin of a URL as Chromium sees it for a standard scheme. Node's URL follows WHATWG, which
 * gives every non-special scheme (app:) the opaque origin "null", so it is rebuilt here.
 * Returns 'null' for unparsable or host-less URLs (about:blank, data:).
 */
export function originOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'null';
  }
  if (parsed.origin !== 'null') return parsed.origin;
  if (parsed.host === '') return 'null';
  return `${parsed.protocol}//${parsed.host}`;
}

/** True only for app://comanda/… — the one place the window may show. */
export function isAppUrl(url: string): boolean {
  return originOf(url) === APP_ORIGIN;
}

/**
 * True only for a blob the app's own page created (`blob:app://comanda/<uuid>`): the one kind of
 * download the app makes — the pending-orders export.
 */
export function isAppBlobUrl(url: string): boolean {
  return url.startsWith('blob:') && isAppUrl(url.slice('blob:'.length));
}
