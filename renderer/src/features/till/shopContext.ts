import { createContext, useContext } from 'react';
import type { BridgeClient } from '../../../../shared/bridge';
import { createBridgeClient, pickBridgeApi } from '../../bridge';
import { scopeBridge } from '../settings/accountScope';

// The shop terminal's account and its account-scoped bridge (App.tsx `ShopTerminal` provides
// them): every call of the till — pay, customers, set stock, the receipts' invoices — names this
// shop, so none can land in an account the window no longer shows (`wrong-account`), and a switch
// to another account closes the scope with the terminal that used it.

export interface ShopTerminalContext {
  accountKey: string;
  bridge: BridgeClient;
}

export const ShopContext = createContext<ShopTerminalContext | null>(null);

let outsideTerminal: BridgeClient | null = null;

/**
 * The shop's scoped bridge. Outside a shop terminal (a dialog rendered alone) one scope of the
 * page's bridge, which learns its account from the first getAppInfo.
 */
export function useShopBridge(): BridgeClient {
  const shop = useContext(ShopContext);
  if (shop !== null) return shop.bridge;
  outsideTerminal ??= scopeBridge(createBridgeClient(pickBridgeApi())).client;
  return outsideTerminal;
}

/** The shop terminal's account; null outside one. */
export function useShopAccountKey(): string | null {
  return useContext(ShopContext)?.accountKey ?? null;
}
