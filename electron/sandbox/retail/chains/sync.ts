// Chain sync, POST R/chains/sync (retail-api.md §4.2; clarifications: `{ "data": { "message":
// "Synced" } }`). As in the hospitality half (docs/sandbox.md): only a master account with
// children may sync (a child or a standalone account → 403); each child's copy of the catalog and
// its config (CHAIN_SYNCED: variants, taxes, units, groups, categories, products, price rates,
// promotions and their links) is REPLACED by the master's, ids kept; stock, customers, payment
// methods, orders and invoices stay per account. Products synced emit no events (not listed in §6).
import { Hono } from 'hono';
import { chainSyncRefusal, copyCollections } from '../../chains/sync';
import type { RetailEnv } from '../env';
import { RetailRefusal } from '../errors';
import { CHAIN_SYNCED, type RetailAccountState } from '../model';
import type { RetailState } from '../state';

export function syncRetailChain(state: RetailState, master: RetailAccountState): RetailAccountState[] {
  const children = state.children(master.username);
  for (const child of children) copyCollections(master, master.lastIds, child, child.lastIds, CHAIN_SYNCED);
  return children;
}

export function retailChainRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.post('/chains/sync', (c) => {
    const account = c.get('account');
    const state = c.get('retail');
    const refused = chainSyncRefusal(`"${account.username}"`, account.master, state.children(account.username).length);
    if (refused !== null) throw new RetailRefusal(403, refused);
    syncRetailChain(state, account);
    return c.json({ data: { message: 'Synced' } });
  });
  return routes;
}
