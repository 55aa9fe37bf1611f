import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BridgeClient } from '../../../shared/bridge';
import { createAccountScopes, type AccountScope, type AccountScopes } from './accountScope';

/** The current account scope (re-key the data-owning subtree on `scope.id`) and the switcher. */
export function useAccountScope(root: BridgeClient): { scope: AccountScope; scopes: AccountScopes } {
  const scopes = useMemo(() => createAccountScopes(root), [root]);
  useEffect(() => scopes.follow(), [scopes]);
  const scope = useSyncExternalStore(scopes.subscribe, scopes.current);
  return { scope, scopes };
}
