import type { BridgeEvent, BridgeInput, BridgeOutput, commerceOperations } from '../../../shared/bridge';
import type { Gateway } from '../gateway';
import { giftCardHandlers } from './giftCards';
import { customerHandlers } from './customers';
import { stockHandlers } from './stock';

// The online operations that are not queue entries (shared/bridge/commerce.ts): one module
// per concern, all bound to the current account's gateway; changes other windows must see are
// announced as events.

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

export function createCommerceHandlers(deps: CommerceDeps): CommerceHandlers {
  return { ...giftCardHandlers(deps), ...customerHandlers(deps), ...stockHandlers(deps) };
}
