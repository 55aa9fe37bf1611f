// Chain sync, POST R/chains/sync (retail-api.md §4.2; clarifications: `{ "data": { "message":
// "Synced" } }`). As in the hospitality half (docs/sandbox.md): only a master account with
// children may sync (a child or a standalone account → 403); each child's copy of the catalog and
// its config (CHAIN_SYNCED: variants, taxes, units, groups, categories, products, price rates,
// promotions and their links) is REPLACED by the master's, ids kept; stock, customers, payment
// methods, orders and invoices stay per account. Products synced emit no events (not listed in §6).
import { Hono } from 'hono';
import type { RetailEnv } from '../env';
import { RetailRefusal } from '../errors';
import { CHAIN_SYNCED, type RetailAccountState } from '../model';
import type { RetailState } from '../state';

export function syncRetailChain(state: RetailState, master: RetailAccountState): RetailAccountState[] {
  const children = state.children(master.username);
  for (const child of children) {
    for (const collection of CHAIN_SYNCED) {
      (child as unknown as Record<string, unknown>)[collection] = structuredClone(master[collection]);
      child.lastIds[collection] = Math.max(child.lastIds[collection] ?? 0, master.lastIds[collection] ?? 0);
    }
  }
  return children;
}

export function retailChainRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.post('/chains/sync', (c) => {
    const account = c.get('account');
    const state = c.get('retail');
    if (account.master !== null) {
      throw new RetailRefusal(403, `"${account.username}" is a child account of "${account.master}": only the master account can sync the chain.`);
    }
    if (state.children(account.username).length === 0) {
      throw new RetailRefusal(403, `"${account.username}" is not a master account: it has no child accounts to sync.`);
    }
    syncRetailChain(state, account);
    return c.json({ data: { message: 'Synced' } });
  });
  return routes;
}
