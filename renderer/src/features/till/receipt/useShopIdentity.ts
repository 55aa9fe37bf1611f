import { useEffect, useState } from 'react';
import type { BridgeClient } from '../../../../../shared/bridge';
import { createBridgeClient, pickBridgeApi } from '../../../bridge';

/** The shop a receipt is from: its account and the name it prints (the demo shop is worded by the terminal). */
export interface ShopIdentity {
  accountKey: string;
  demo: boolean;
  /** The shop's username on its retail service (what the header shows); '' for the demo shop. */
  name: string;
}

/**
 * The current shop as getAppInfo tells it, asked when the component mounts (a switch to another
 * account remounts the till, so it is never another account's); null until it answers or when it
 * cannot (the receipt then prints its title instead of a name).
 */
export function useShopIdentity(bridge?: Pick<BridgeClient, 'getAppInfo'>): ShopIdentity | null {
  const [identity, setIdentity] = useState<ShopIdentity | null>(null);
  useEffect(() => {
    let live = true;
    const client = bridge ?? createBridgeClient(pickBridgeApi());
    client.getAppInfo({}).then(
      (info) => {
        if (live) setIdentity({ accountKey: info.accountKey, demo: info.mode === 'demo', name: info.mode === 'demo' ? '' : info.tenant });
      },
      () => {
        /* No answer: the receipt goes without the shop's name. */
      },
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  return identity;
}
