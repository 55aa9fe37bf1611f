import { useEffect, useState } from 'react';
import type { Settings } from '../../../../shared/bridge';
import { DEFAULT_SYNC_EVERY_MINUTES } from '../../data/sync/syncService';
import { useSettingsStore, type SettingsBridge } from './settingsStore';

// A new terminal's first screen (README "Settings and accounts"): the main side says whether any
// account was ever saved on it (getSettings `firstStart`); until one is, the terminal offers the
// demo venue, the demo shop and "Connect my account". A terminal started with `--backend` has
// saved that account, so it never shows.

export type StartChoice = 'demo' | 'demo-shop';

/** Whether this terminal is new, and its settings (null until read; a failed read is not new). */
export function useFirstStart(bridge: SettingsBridge): { firstStart: boolean; settings: Settings | null } {
  const [state, setState] = useState<{ firstStart: boolean; settings: Settings | null }>({ firstStart: false, settings: null });
  useEffect(() => {
    let current = true;
    bridge.getSettings({}).then(
      ({ settings, firstStart }) => current && setState({ firstStart: firstStart === true, settings }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [bridge]);
  return state;
}

/**
 * Starts the terminal on a demo: saved as its account like any choice in Settings (the account
 * switch then opens the venue's floor or the shop's till), with the settings' sync interval kept.
 */
export async function startWithDemo(bridge: SettingsBridge, choice: StartChoice, settings: Settings | null): Promise<void> {
  await bridge.saveSettings({ account: { mode: choice }, syncEveryMinutes: settings?.syncEveryMinutes ?? DEFAULT_SYNC_EVERY_MINUTES });
}

/** Opens Settings on the real account's form (address, tenant, tokens): nothing is saved until Save. */
export async function connectMyAccount(bridge: SettingsBridge): Promise<void> {
  const store = useSettingsStore.getState();
  await store.openSettings(bridge);
  useSettingsStore.getState().chooseMode('account');
}
