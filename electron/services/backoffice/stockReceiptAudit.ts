import type { AuditAnswer, DeliveryContext, DeliveryOutcome, DeliveryRequest } from '../../../shared/bridge';
import type { AuditLog } from './auditLog';

// Every receipt line the queue delivers is a back-office write, recorded
// in the account's audit log ('stock-receipt') with the POS's answer — where it is delivered, so a
// line sent after a restart, or resent by a person from Pending orders, is recorded too. A line
// that was not sent (offline, 429: nothing reached the POS, it stays queued) records nothing.
// Other entries pass through untouched.

export type Deliver = (request: DeliveryRequest, context: DeliveryContext) => Promise<DeliveryOutcome>;

/** The answer an outcome leaves in the log; null when the request never reached the POS. */
export function receiptAnswer(outcome: DeliveryOutcome): AuditAnswer | null {
  switch (outcome.outcome) {
    case 'accepted':
      return { outcome: 'accepted' };
    case 'not-sent':
      return null;
    case 'rejected':
    case 'table-busy': {
      const said = outcome.params?.said;
      return { outcome: 'refused', code: outcome.code, ...(typeof said === 'string' ? { said } : {}) };
    }
    case 'unknown':
      return { outcome: 'unknown', code: outcome.code };
  }
}

/**
 * `deliver` with stock receipts recorded. `audit` is read when a line is delivered (the core opens
 * the log after the queue). Recording never changes the outcome: a log that cannot be written is
 * logged, and the queue still records what the POS answered.
 */
export function recordingStockReceipts(deliver: Deliver, audit: () => AuditLog, log: (line: string) => void = () => {}): Deliver {
  return async (request, context) => {
    const outcome = await deliver(request, context);
    if (request.kind !== 'stock-add') return outcome;
    const answer = receiptAnswer(outcome);
    if (answer === null) return outcome;
    try {
      audit().record({
        action: 'stock-receipt',
        target: `warehouse ${request.warehouseId} · item ${request.item_id}`,
        change: { warehouseId: request.warehouseId, item_id: request.item_id, quantity: request.quantity, resent: context.afterUnconfirmed },
        answer,
      });
    } catch (error) {
      log(`purchasing: a delivered receipt line could not be recorded in the audit log: ${error instanceof Error ? error.message : String(error)}`);
    }
    return outcome;
  };
}
