// Error answers of the retail service (clarifications "Retail — Errors and limits"): every 4xx is
// `{ "error": string, "code": 0, "data": [] }` with the fitting status; a validation failure says
// exactly "The given data was invalid." The vendor's body names no field, so the sandbox puts the
// reason in an `X-Sandbox-Reason` header (not part of the vendor's API) for whoever debugs a client.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const INVALID_DATA = 'The given data was invalid.';

export interface RetailErrorBody {
  error: string;
  code: 0;
  data: [];
}

export function retailErrorBody(message: string): RetailErrorBody {
  return { error: message, code: 0, data: [] };
}

/** A 4xx answer with the retail error body. */
export function retailError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json(retailErrorBody(message), status);
}

/** 422 "The given data was invalid." with the reason in the `X-Sandbox-Reason` header. */
export function invalid(c: Context, reason: string): Response {
  c.header('X-Sandbox-Reason', headerSafe(reason));
  return c.json(retailErrorBody(INVALID_DATA), 422);
}

/** A header value holds printable ASCII only: anything else becomes `?`, at most 500 characters. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);
}

/**
 * A refusal thrown by a reader or a rule, answered by the app's error handler: a 422 validation
 * failure (`validation`: the body says "The given data was invalid.", the message goes to the
 * header) or any 4xx with its own message (a business rule such as "already invoiced", a 404, a 415).
 */
export class RetailRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly validation = false,
  ) {
    super(message);
  }
}

/** A validation failure (422 "The given data was invalid."), `reason` in `X-Sandbox-Reason`. */
export function invalidData(reason: string): RetailRefusal {
  return new RetailRefusal(422, reason, true);
}

/** The answer of a refusal. */
export function refusalResponse(c: Context, refusal: RetailRefusal): Response {
  return refusal.validation ? invalid(c, refusal.message) : retailError(c, refusal.status, refusal.message);
}
