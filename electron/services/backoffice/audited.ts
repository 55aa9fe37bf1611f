import type { AuditAction, AuditAnswer } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway';
import type { AuditLog } from './auditLog';

// One back-office write, recorded whatever happens: the request, then the
// server's answer — accepted, refused (4xx: nothing was applied), failed before it left, or not
// known (it left and no answer came). Gateway failures become codes the renderer words.

/** The answer a failed call leaves in the log. */
export function failedAnswer(error: unknown): AuditAnswer {
  if (!(error instanceof GatewayError)) return { outcome: 'failed', code: 'internal' };
  const said = error.text.params?.said;
  const base = {
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(typeof said === 'string' ? { said } : {}),
    code: error.text.code,
  };
  if (error.kind === 'outcome-unknown' || error.kind === 'timeout') return { outcome: 'unknown', ...base };
  if (error.kind === 'invalid' || error.kind === 'not-found' || error.kind === 'unauthorised') return { outcome: 'refused', ...base };
  return { outcome: 'failed', ...base };
}

export interface AuditedWrite<T> {
  action: AuditAction;
  target: string;
  change: unknown;
  send: () => Promise<T>;
  /** The server's words on success, for the log (the chain sync's "Synced"). */
  said?: (answer: T) => string | undefined;
}

/**
 * What an audited write came to: its answer, or why it failed — `error` as the bridge reports it (a
 * gateway failure already a coded ServiceError) and the gateway's own `failure` (its status, the
 * fields a 422 named), for callers that show a refusal per field.
 */
export type AuditedResult<T> = { ok: true; answer: T } | { ok: false; error: unknown; failure: GatewayError | undefined };

/** Sends and records; never throws what the send threw (see `audited` for the throwing form). */
export async function auditedWrite<T>(audit: AuditLog, write: AuditedWrite<T>): Promise<AuditedResult<T>> {
  let answer: T;
  try {
    answer = await write.send();
  } catch (error) {
    audit.record({ action: write.action, target: write.target, change: write.change, answer: failedAnswer(error) });
    if (error instanceof GatewayError) return { ok: false, error: new ServiceError(error.toBridgeError()), failure: error };
    return { ok: false, error, failure: undefined };
  }
  const said = write.said?.(answer);
  audit.record({ action: write.action, target: write.target, change: write.change, answer: { outcome: 'accepted', ...(said ? { said } : {}) } });
  return { ok: true, answer };
}

/** Sends, records, and rethrows a failure as a coded ServiceError (GatewayError) or as it came. */
export async function audited<T>(audit: AuditLog, write: AuditedWrite<T>): Promise<T> {
  const result = await auditedWrite(audit, write);
  if (!result.ok) throw result.error;
  return result.answer;
}
