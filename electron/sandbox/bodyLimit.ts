// Request size limit (spec §8: 2 MB per request; clarifications "Limits": an oversized body is
// answered HTTP 413, final). The vendor's 413 body is not published: the sandbox's error shape
// `{ error, code: 413, data: [] }` is used. Checked before any route reads the body: a declared
// `Content-Length` above the limit is refused without reading; otherwise the body is read here
// while counting its bytes (chunked uploads carry no length) and handed on buffered.
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './env';
import { errorResponse } from './errors';

function tooLarge(maxBytes: number): string {
  return `Request body too large: the limit is ${maxBytes} bytes per request.`;
}

/** `refuse` answers the 413 (default: the hospitality error body; the retail sandbox passes its own). */
export function bodyLimit<E extends Env = SandboxEnv>(
  maxBytes: number,
  refuse: (c: Context, message: string) => Response = (c, message) => errorResponse(c, 413, message),
): MiddlewareHandler<E> {
  return async (c, next) => {
    const raw = c.req.raw;
    const declared = raw.headers.get('content-length');
    if (declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > maxBytes) {
      return refuse(c, tooLarge(maxBytes));
    }
    if (!raw.body) return next();

    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return refuse(c, tooLarge(maxBytes));
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: size > 0 ? body : null, signal: raw.signal });
    return next();
  };
}
