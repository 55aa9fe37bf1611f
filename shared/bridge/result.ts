import { z } from 'zod';
import { errorTextShape, type ErrorCode, type ErrorParams } from './errorCodes';

/**
 * Why a bridge call failed, in terms the UI can explain to a waiter. Gateway failures keep their
 * kind across the boundary (offline, unauthorised, …) so the renderer can react to each.
 */
export const bridgeErrorKinds = [
  'invalid-input',
  'unknown-operation',
  /** Refused before any handler ran: an untrusted frame, or a stale browser-shell secret. */
  'forbidden',
  /** The call never reached the main side (its local service is not answering, the scope closed). */
  'unreachable',
  /** An account-scoped call that did not name the current account: nothing was done. */
  'wrong-account',
  'offline',
  'timeout',
  'unauthorised',
  'not-found',
  'invalid',
  'rate-limited',
  'server-error',
  'outcome-unknown',
  'invalid-response',
  'vault-unavailable',
  /** The queue refused a write that clashes with what it holds, e.g. a table just seated on this terminal. */
  'conflict',
  /** The queue's database refuses writes (disk full, read-only, damaged): nothing was saved. */
  'storage',
  'internal',
] as const;
export type BridgeErrorKind = (typeof bridgeErrorKinds)[number];

export const bridgeErrorInfoSchema = z.strictObject({
  kind: z.enum(bridgeErrorKinds),
  /** What happened, for the waiter: the renderer words it (shared/bridge/errorCodes.ts). */
  ...errorTextShape,
  /** What an engineer needs: status, body excerpt, the failing field (English). */
  detail: z.string().optional(),
});
export type BridgeErrorInfo = z.infer<typeof bridgeErrorInfoSchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorInfo };

export const bridgeResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: bridgeErrorInfoSchema }),
]);

/**
 * Thrown by the renderer's bridge client when a call comes back with `ok: false`. Its `message`
 * is for logs (code and detail); the screen words `code` and `params` (renderer/src/i18n/errorText.ts).
 */
export class BridgeError extends Error {
  readonly kind: BridgeErrorKind;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly detail: string | undefined;
  constructor(info: BridgeErrorInfo) {
    super(info.detail ? `${info.code}: ${info.detail}` : info.code);
    this.name = 'BridgeError';
    this.kind = info.kind;
    this.code = info.code;
    this.params = info.params;
    this.detail = info.detail;
  }
}

/** "saveCredentials: tenant: field-empty; accessToken: …" — names every bad field (for the engineer). */
export function describeZodError(context: string, error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(input)';
    return `${path}: ${issue.message}`;
  });
  return `${context}: ${parts.join('; ')}`;
}

/** "account.baseUrl, tenant": the paths of every bad field, for `invalid-input`'s `fields`. */
export function zodErrorFields(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => (issue.path.length > 0 ? issue.path.join('.') : '(input)')))].join(', ').slice(0, 500);
}
