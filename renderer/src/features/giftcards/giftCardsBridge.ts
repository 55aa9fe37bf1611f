import { createContext, useContext } from 'react';
import type { BridgeClient } from '../../../../shared/bridge';
import { createBridgeClient, pickBridgeApi } from '../../bridge';
import { scopeBridge } from '../../session/accountScope';

// What the gift card screen needs of the bridge. The app may hand in its account-scoped bridge
// (`<GiftCardsBridgeContext.Provider value={bridge}>`); without one, each sale opens a scope of its
// own on the page's bridge, which names the account the terminal is on (learnt from getAppInfo),
// so a sale never lands in an account this window no longer shows (`wrong-account`).

export type GiftCardsBridge = Pick<BridgeClient, 'createGiftCard'>;

export const GiftCardsBridgeContext = createContext<GiftCardsBridge | null>(null);

let root: BridgeClient | null = null;

const ownScope: GiftCardsBridge = {
  async createGiftCard(input) {
    root ??= createBridgeClient(pickBridgeApi());
    const scoped = scopeBridge(root);
    try {
      return await scoped.client.createGiftCard(input);
    } finally {
      scoped.close();
    }
  },
};

export function useGiftCardsBridge(): GiftCardsBridge {
  return useContext(GiftCardsBridgeContext) ?? ownScope;
}
