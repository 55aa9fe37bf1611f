import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../shared/bridge';
import { followAccountQueue } from './accountQueue';
import { startShopConnectionFeed } from '../data/shop/shopConnection';
import { LockButton } from '../session/lock/LockButton';
import { LockDamagedNotice } from '../session/lock/LockDamagedNotice';
import { PendingButton } from '../features/pending/PendingButton';
import { ReportsButton } from '../features/reports/ReportsButton';
import type { ShopScreen } from '../session/navigation';
import { AccountSwitch } from '../features/settings/AccountSwitch';
import { SettingsButton } from '../features/settings/SettingsButton';
import type { SettingsBridge } from '../features/settings/settingsStore';
import { ShopConnectionIndicator } from '../features/sync/ShopConnectionIndicator';
import { SyncStatus } from '../features/sync/SyncPanel';
import { shopSyncSource, SyncSourceContext } from '../session/syncSource';

// A shop's header ("progress and last sync as for the venue"): the app's name,
// the shop, the Venue | Shop switch when both are set, then what the terminal is doing — the
// shop catalog's sync status (last sync, progress, "Sync now" in its view), the connection
// (with the sales waiting to leave), Pending orders (a sale whose outcome is unknown needs a
// person) — and Lock and Settings. The venue's components, on the shop's data.

export function ShopHeader({
  tenant,
  settingsBridge,
  screen,
  onShowScreen,
  settingsOpen,
  onOpenSettings,
}: {
  /** The shop's username; null for the demo shop. */
  tenant: string | null;
  settingsBridge: SettingsBridge;
  screen: ShopScreen;
  onShowScreen: (screen: ShopScreen) => void;
  settingsOpen: boolean;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('app');
  return (
    <header className="app-header app-header--shop">
      <span className="app-header__name">{ta('name')}</span>
      <span className="app-header__venue" data-testid="header-shop">
        {tenant === null ? <span className="app-header__demo">{t('demoShop')}</span> : tenant}
      </span>
      <AccountSwitch bridge={settingsBridge} />
      <span className="app-header__spacer" />
      <SyncSourceContext.Provider value={shopSyncSource}>
        <SyncStatus />
      </SyncSourceContext.Provider>
      <ShopConnectionIndicator />
      <PendingButton current={!settingsOpen && screen === 'pending'} onOpen={() => onShowScreen('pending')} />
      <ReportsButton current={!settingsOpen && screen === 'reports'} onOpen={() => onShowScreen('reports')} />
      <LockDamagedNotice />
      <LockButton />
      <SettingsButton onOpen={onOpenSettings} current={settingsOpen} />
    </header>
  );
}

/**
 * What a shop's terminal follows besides its catalog sync: the account's queue (the sales and
 * their invoices: Pending orders, the connection's "waiting" count; the pay dialog merges its
 * writes in) with an outbox client for Pending orders' decisions, and the shop's connection.
 * Stopped (and the queue store emptied) when the account changes.
 */
export function useShopFeeds(bridge: BridgeClient): void {
  useEffect(() => {
    const log = (line: string) => console.warn(line);
    // Pending orders' decisions (retry, resend, mark done, discard, export); a shop has no venue catalog.
    const queue = followAccountQueue({ bridge, catalogDb: () => null, log });
    const connection = startShopConnectionFeed({ bridge, log });
    return () => {
      connection.stop();
      queue.stop();
    };
  }, [bridge]);
}
