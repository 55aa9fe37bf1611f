import type { BridgeEvent, BridgeInput, BridgeOutput, commerceOperations } from '../../../shared/bridge';
import type { Gateway } from '../gateway';

// The commerce handlers' shapes, apart from createCommerceHandlers so each concern's module can name them.

export type CommerceOperationName = keyof typeof commerceOperations;
export type CommerceHandlers = {
  [K in CommerceOperationName]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

export interface CommerceDeps {
  gateway: Gateway;
  /** The core's data folder and this account's key (per-account settings live there). */
  dataDir: string;
  accountKey: string;
  /** Announces to every window; the core sends only the current account's. */
  emit: (event: BridgeEvent) => void;
  log?: (line: string) => void;
}
