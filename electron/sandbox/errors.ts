import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Error body of the sandbox. The vendor publishes no 401/404/429 bodies; the clarifications'
 * conservative choice is the shape the retail API uses for 422, with the fitting status.
 */
export interface SandboxErrorBody {
  error: string;
  code: number;
  data: [];
}

export function errorBody(status: number, message: string): SandboxErrorBody {
  return { error: message, code: status, data: [] };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json(errorBody(status, message), status);
}

/** Socket codes of a client that went away: reset, aborted, or a stream closed early. */
const DISCONNECT_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * The client closed its connection before its request arrived whole (node's `aborted` with
 * ECONNRESET while a body is read, or @hono/node-server's "Client connection prematurely closed.").
 * Clients hang up all the time (a timeout, a closed window, the fault injector's own drops): it
 * is the network, not a sandbox bug, so it is never logged as one.
 */
export function isClientDisconnect(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string') return DISCONNECT_CODES.has(code);
  return error.message === 'aborted' || error.message === 'Client connection prematurely closed.';
}

/** The 4xx answer of an error thrown by the request's own input, or null for a sandbox bug (both listeners). */
export function clientFault(error: unknown): { status: ContentfulStatusCode; message: string } | null {
  // Nobody reads this answer: the connection is gone.
  if (isClientDisconnect(error)) return { status: 400, message: 'The client closed the connection before its request arrived.' };
  if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
    return { status: error.status as ContentfulStatusCode, message: error.message || 'The request is malformed.' };
  }
  if (error instanceof URIError) return { status: 400, message: 'The request URL has a malformed percent-encoding.' };
  return null;
}
