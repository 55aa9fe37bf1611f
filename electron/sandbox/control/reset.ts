// POST /__sandbox/reset: every account back to the records it started with, the ledger emptied.
import type { AccountState, SandboxState } from '../state';

/** A deep copy of every account as it is now (taken right after the seed is built). */
export type AccountsSnapshot = ReadonlyMap<string, AccountState>;

export function snapshotAccounts(state: SandboxState): AccountsSnapshot {
  return new Map([...state.accounts].map(([tenant, account]) => [tenant, structuredClone(account)]));
}

/**
 * Puts every account back to the snapshot, in place: the state object and the account objects
 * stay the same (routes and middleware hold them), only their records are replaced.
 */
export function restoreAccounts(state: SandboxState, snapshot: AccountsSnapshot): void {
  for (const [tenant, saved] of snapshot) {
    const account = state.account(tenant);
    if (!account) continue;
    const fresh = structuredClone(saved) as unknown as Record<string, unknown>;
    const target = account as unknown as Record<string, unknown>;
    for (const key of Object.keys(target)) if (!(key in fresh)) delete target[key];
    Object.assign(target, fresh);
  }
  state.ledger.length = 0;
}
