import { extname } from 'node:path';

/**
 * How both shells serve the built renderer: the same policy whether the page comes from
 * Electron's app:// protocol or the browser shell's HTTP server.
 *
 * The renderer reaches the network only through the bridge (no remote connect-src), runs only its
 * own bundled scripts, and cannot be framed or post forms anywhere. renderer/index.html repeats
 * this as a meta tag (where frame-ancestors is ignored; the header carries it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Content-Type by file extension; unknown types are served as opaque bytes (with nosniff). */
export function contentTypeFor(filePath: string): string {
  return contentTypes[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}
