import type { Context } from 'hono';
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
