import { createContext, useContext } from 'react';
import type { BridgeClient } from '../../../shared/bridge';
import type { ShopIdentity } from './useShopIdentity';

// The shop terminal's account and its account-scoped bridge (App.tsx `ShopTerminal` provides
// them): every call of the till — pay, customers, set stock, the receipts' invoices — names this
// shop, so none can land in an account the window no longer shows (`wrong-account`), and a switch
// to another account closes the scope with the terminal that used it.

export interface ShopTerminalContext {
  accountKey: string;
  bridge: BridgeClient;
  /** The shop's catalog budget a minute as the main side keeps it (getAppInfo); null: the spec's. */
  catalogPerMinute: number | null;
  /** What the receipt prints (receipt/useShopIdentity.ts). */
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
