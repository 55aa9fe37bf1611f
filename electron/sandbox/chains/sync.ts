// Chain sync, POST /api/external/chains/sync (spec §4.2, §5; clarifications "Hospitality v2").
// The tenant must be a master account: one that is nobody's child and has child accounts.
// Decisions where the spec is silent (conservative):
// - a child account or a standalone account (no children) → 403 with the error body saying why;
// - synced: every catalog resource the sandbox models (groups, categories, items, selling formats,
//   selling-format pivots, modifiers, modifier categories, modifier groups, modifier pivots, menu
//   categories, menu item-category pivots). Each child's copy of each resource is REPLACED by the
//   master's, ids kept. Taxes, units, super groups and combinations (also in the clarifications'
//   list) are not modelled by the sandbox, so there is nothing to copy; stocks, warehouses,
//   customers, vendors and orders stay per account;
// - answer: 200 `{ "data": { "message": "Synced" } }` (the retail sync answer, clarifications).
import { Hono } from 'hono';
import { CATALOG_RESOURCES } from '../catalog/model';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import type { AccountState, SandboxState } from '../state';

/** Copies the master's catalog into each of its children (replacing theirs). Returns the children. */
export function syncChain(state: SandboxState, master: AccountState): AccountState[] {
  const children = state.children(master.tenant);
  for (const child of children) copyCollections(master.catalog, master.lastIds, child.catalog, child.lastIds, CATALOG_RESOURCES);
  return children;
}

/**
 * Replaces each of `keys` in `to` by a copy of `from`'s, ids kept (a chain sync, both halves). The
 * ids `to` hands out later stay above every id it received.
 */
export function copyCollections(from: object, fromIds: Record<string, number>, to: object, toIds: Record<string, number>, keys: readonly string[]): void {
  for (const key of keys) {
    (to as Record<string, unknown>)[key] = structuredClone((from as Record<string, unknown>)[key]);
    toIds[key] = Math.max(toIds[key] ?? 0, fromIds[key] ?? 0);
  }
}

/** Why `account` (`who`: how messages name it) may not sync its chain, or null for a master with children. */
export function chainSyncRefusal(who: string, master: string | null, children: number): string | null {
  if (master !== null) return `${who} is a child account of "${master}": only the master account can sync the chain.`;
  if (children === 0) return `${who} is not a master account: it has no child accounts to sync.`;
  return null;
}

export function chainRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.post('/sync', (c) => {
    const account = c.get('account');
    const state = c.get('state');
    const refused = chainSyncRefusal(`Tenant "${account.tenant}"`, account.master, state.children(account.tenant).length);
    if (refused !== null) return errorResponse(c, 403, refused);
    syncChain(state, account);
    return c.json({ data: { message: 'Synced' } });
  });
  return routes;
}
