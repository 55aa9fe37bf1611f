import { z } from 'zod';
import { coded, errorTextShape, isErrorCode, type ErrorCode, type ErrorParams } from './errorCodes';

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

/**
 * One bad field of a refused input: where it is (the input schema's path) and what is wrong with it
 * (a code the renderer words next to that field). The renderer places errors by these, never by
 * reading `detail`.
 */
export const bridgeIssueSchema = z.strictObject({
  path: z.array(z.union([z.string().max(200), z.number().int()])).max(20),
  ...errorTextShape,
});
export type BridgeIssue = z.infer<typeof bridgeIssueSchema>;

export const bridgeErrorInfoSchema = z.strictObject({
  kind: z.enum(bridgeErrorKinds),
  /** What happened, for the waiter: the renderer words it (shared/bridge/errorCodes.ts). */
  ...errorTextShape,
  /** The fields at fault, when the input was refused field by field. */
  issues: z.array(bridgeIssueSchema).max(100).optional(),
  /** What an engineer needs: status, body excerpt, the failing field (English). No code reads it. */
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
  readonly issues: readonly BridgeIssue[];
  readonly detail: string | undefined;
  constructor(info: BridgeErrorInfo) {
    super(info.detail ? `${info.code}: ${info.detail}` : info.code);
    this.name = 'BridgeError';
    this.kind = info.kind;
    this.code = info.code;
    this.params = info.params;
    this.issues = info.issues ?? [];
    this.detail = info.detail;
  }
}

/** "setPin: pin: pin-format; current: …" — names every bad field (for the engineer). */
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

/**
 * Each zod issue as a bridge issue: its path, and its message as the code when the schema gave one
 * (shared/bridge/schemas.ts); zod's own messages name the field only (`invalid-input`).
 */
export function zodIssues(operation: string, error: z.ZodError): BridgeIssue[] {
  return error.issues.slice(0, 100).map((issue) => {
    const path = issue.path.slice(0, 20).map((part) => (typeof part === 'number' ? part : String(part).slice(0, 200)));
    const text = isErrorCode(issue.message) ? coded(issue.message) : coded('invalid-input', { operation, fields: path.join('.') || '(input)' });
    return { path, ...text };
  });
}
