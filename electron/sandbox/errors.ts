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

/** The 4xx answer of an error thrown by the request's own input, or null for a sandbox bug (both listeners). */
export function clientFault(error: unknown): { status: ContentfulStatusCode; message: string } | null {
  if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
    return { status: error.status as ContentfulStatusCode, message: error.message || 'The request is malformed.' };
  }
  if (error instanceof URIError) return { status: 400, message: 'The request URL has a malformed percent-encoding.' };
  return null;
}
