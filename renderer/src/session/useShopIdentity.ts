import { useContext } from 'react';
import { ShopContext } from './shopContext';

/** The shop a receipt is from: its account and the name it prints (the demo shop is worded by the terminal). */
export interface ShopIdentity {
  accountKey: string;
  demo: boolean;
  /** The shop's username on its retail service (what the header shows); '' for the demo shop. */
  name: string;
}

/**
 * The shop terminal's shop (App.tsx `ShopTerminal` knows it from getAppInfo; a switch to another
 * account remounts the till, so it is never another account's); null outside a shop terminal (the
 * receipt then prints its title instead of a name).
 */
export function useShopIdentity(): ShopIdentity | null {
  return useContext(ShopContext)?.identity ?? null;
}
