import { createContext, useContext } from 'react';
import type { BridgeClient } from '../../../shared/bridge';

// The shop terminal's account and its account-scoped bridge (App.tsx `ShopTerminal` provides
// them): every call of the till — pay, customers, set stock, the receipts' invoices — names this
// shop, so none can land in an account the window no longer shows (`wrong-account`), and a switch
// to another account closes the scope with the terminal that used it.

/** The shop a receipt is from: its account and the name it prints (the demo shop is worded by the terminal). */
export interface ShopIdentity {
  accountKey: string;
  demo: boolean;
  /** The shop's username on its retail service (what the header shows); '' for the demo shop. */
  name: string;
}

export interface ShopTerminalContext {
  accountKey: string;
  bridge: BridgeClient;
  /** The shop's catalog budget a minute as the main side keeps it (getAppInfo); null: the spec's. */
  catalogPerMinute: number | null;
  /** What the receipt prints (useShopIdentity). */
  identity: ShopIdentity;
}

export const ShopContext = createContext<ShopTerminalContext | null>(null);

/** The shop's scoped bridge; the till's screens live inside a shop terminal only. */
export function useShopBridge(): BridgeClient {
  const shop = useContext(ShopContext);
  if (shop === null) throw new Error('useShopBridge: outside a shop terminal (App.tsx ShopTerminal provides ShopContext)');
  return shop.bridge;
}

/** The shop's catalog budget a minute (getAppInfo); null outside a shop terminal or when the main side does not say. */
export function useShopCatalogPerMinute(): number | null {
  return useContext(ShopContext)?.catalogPerMinute ?? null;
}

/** The shop terminal's account; null outside one. */
export function useShopAccountKey(): string | null {
  return useContext(ShopContext)?.accountKey ?? null;
}

/**
 * The shop terminal's shop (App.tsx `ShopTerminal` knows it from getAppInfo; a switch to another
 * account remounts the till, so it is never another account's); null outside a shop terminal (the
 * receipt then prints its title instead of a name).
 */
export function useShopIdentity(): ShopIdentity | null {
  return useContext(ShopContext)?.identity ?? null;
}
