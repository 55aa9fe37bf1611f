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
  for (const child of children) {
    for (const resource of CATALOG_RESOURCES) {
      (child.catalog as unknown as Record<string, unknown>)[resource] = structuredClone(master.catalog[resource]);
      // Ids the child hands out later stay above every id it received.
      child.lastIds[resource] = Math.max(child.lastIds[resource] ?? 0, master.lastIds[resource] ?? 0);
    }
  }
  return children;
}

export function chainRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.post('/sync', (c) => {
    const account = c.get('account');
    const state = c.get('state');
    if (account.master !== null) {
      return errorResponse(
        c,
        403,
        `Tenant "${account.tenant}" is a child account of "${account.master}": only the master account can sync the chain.`,
      );
    }
    if (state.children(account.tenant).length === 0) {
      return errorResponse(c, 403, `Tenant "${account.tenant}" is not a master account: it has no child accounts to sync.`);
    }
    syncChain(state, account);
    return c.json({ data: { message: 'Synced' } });
  });
  return routes;
}
