import type { BridgeClient } from '../../../../../shared/bridge';

/** Placeholder while issue 17 is built: whether this account is a chain's master (the Chain tab shows). */
export function useChainOffered(_bridge: BridgeClient): boolean {
  return false;
}
