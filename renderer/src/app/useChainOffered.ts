import { useEffect, useState } from 'react';
import { accountKindOf, chainRoleOf, type BridgeClient, type Settings } from '../../../shared/bridge';
import { settingsSelectors, useSettingsStore } from '../features/settings/settingsStore';

/** Whether the venue in use is a chain's master, as its settings say (the API cannot tell; docs/decisions.md "Vendors and chain sync in manager mode"). */
export function isChainMaster(settings: Settings): boolean {
  return accountKindOf(settings.account) === 'venue' && chainRoleOf(settings.account) === 'master';
}

/**
 * Whether manager mode offers the Chain tab: only on a master. Read from the main side's settings
 * when the screen opens, and again whenever the Settings screen saves (its store's `saved`).
 */
export function useChainOffered(bridge: Pick<BridgeClient, 'getSettings'>): boolean {
  const [offered, setOffered] = useState(false);
  const saved = useSettingsStore(settingsSelectors.saved);
  useEffect(() => {
    let live = true;
    bridge.getSettings({}).then(
      ({ settings }) => live && setOffered(isChainMaster(settings)),
      () => live && setOffered(false),
    );
    return () => {
      live = false;
    };
  }, [bridge, saved]);
  return offered;
}
