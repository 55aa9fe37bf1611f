// The retail demo accounts: `demo-shop` (a master account) and its child
// `demo-shop-child` for chain sync, both with the access token of the demo venue (`demo-token`).
import type { RetailAccountSpec } from './model';

export const DEMO_SHOP: Readonly<{ username: string; accessToken: string }> = Object.freeze({ username: 'demo-shop', accessToken: 'demo-token' });

export const DEMO_SHOP_CHILD = 'demo-shop-child';

export function defaultRetailAccounts(accessToken: string = DEMO_SHOP.accessToken): RetailAccountSpec[] {
  return [
    { username: DEMO_SHOP.username, accessToken, master: null },
    { username: DEMO_SHOP_CHILD, accessToken, master: DEMO_SHOP.username },
  ];
}
