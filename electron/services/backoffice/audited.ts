import type { AuditAction, AuditAnswer } from '../../../shared/bridge';
import { ServiceError } from '../dispatcher';
import { GatewayError } from '../gateway';
import type { AuditLog } from './auditLog';

// One back-office write, recorded whatever happens (issue 17 item 6): the request, then the
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

/** Sends, records, and rethrows a failure as a coded ServiceError (GatewayError) or as it came. */
export async function audited<T>(audit: AuditLog, write: AuditedWrite<T>): Promise<T> {
  let answer: T;
  try {
    answer = await write.send();
  } catch (error) {
    audit.record({ action: write.action, target: write.target, change: write.change, answer: failedAnswer(error) });
    if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
    throw error;
  }
  const said = write.said?.(answer);
  audit.record({ action: write.action, target: write.target, change: write.change, answer: { outcome: 'accepted', ...(said ? { said } : {}) } });
  return answer;
}
