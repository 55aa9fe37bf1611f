import type { BridgeEvent, BridgeInput, BridgeOutput, backofficeOperations } from '../../../shared/bridge';
import type { Gateway } from '../gateway';
import type { QueueHandlers, QueueReceipts } from '../queue/service';
import type { AuditLog } from './auditLog';
import { auditHandlers } from './auditHandlers';
import { catalogEditHandlers } from './catalogEdits';
import { chainHandlers } from './chain';
import { purchasingHandlers } from './purchasing';
import { stockCountHandlers } from './stockCounts';
import { vendorHandlers } from './vendors';

// Manager mode: the venue's back office, one module per concern, all bound to the
// current account's gateway; every write goes through `audited` (audited.ts) into the account's
// audit log. Venue accounts only (a shop answers `not-a-venue`).

export type BackofficeOperationName = keyof typeof backofficeOperations;
export type BackofficeHandlers = {
  [K in BackofficeOperationName]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

export interface BackofficeDeps {
  gateway: Gateway;
  /** The core's data folder and this account's key. */
  dataDir: string;
  accountKey: string;
  /** The account's audit log (auditLog.ts). */
  audit: AuditLog;
  /** The account's order queue: receipts of purchase orders go through it (exactly once; QueueReceipts). */
  queue: QueueHandlers & QueueReceipts;
  /** Announces to every window; the core sends only the current account's. */
  emit: (event: BridgeEvent) => void;
  log?: (line: string) => void;
}

export function createBackofficeHandlers(deps: BackofficeDeps): BackofficeHandlers {
  return {
    ...catalogEditHandlers(deps),
    ...stockCountHandlers(deps),
    ...purchasingHandlers(deps),
    ...vendorHandlers(deps),
    ...chainHandlers(deps),
    ...auditHandlers(deps),
  };
}
