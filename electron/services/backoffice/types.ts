import type { BridgeEvent, BridgeInput, BridgeOutput, backofficeOperations } from '../../../shared/bridge';
import type { Gateway } from '../gateway';
import type { QueueHandlers, QueueReceipts } from '../queue/service';
import type { AuditLog } from './auditLog';

// The backoffice handlers' shapes, apart from createBackofficeHandlers so each concern's module can name them.

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
