import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BridgeClient } from '../../../shared/bridge';
import { ConnectionIndicator } from '../features/floor/ConnectionIndicator';
import { FloorPlan } from '../features/floor/FloorPlan';
import { floorSelectors, useFloorStore } from '../features/floor/floorStore';
import { startFloorLoader, type FloorLoader } from '../features/floor/loadFloor';
import { SyncStatus } from '../features/sync/SyncPanel';
import { OrderScreen } from '../features/order/OrderScreen';
import { ViewSwitch, type TerminalView } from '../features/catalog/ViewSwitch';
import { startCatalogSync } from '../data/syncService';
import { SettingsButton } from '../features/settings/SettingsButton';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { settingsSelectors, useSettingsStore, type SettingsBridge } from '../features/settings/settingsStore';
import { useAccountScope } from '../features/settings/useAccountScope';

/**
 * One account at a time: everything that owns an account's local data lives in `Terminal`, which
 * starts over (new key, new bridge scope) when the account changes, so the previous account's
 * loaders stop and none of their late answers land in the new account's data (features/settings).
 */
export function App({ bridge }: { bridge: BridgeClient }) {
  const { scope, scopes } = useAccountScope(bridge);
  // Settings belong to no account: they use the bridge itself; Save is the account switch.
  const settingsBridge = useMemo<SettingsBridge>(
    () => ({ getSettings: bridge.getSettings, testConnection: bridge.testConnection, saveSettings: scopes.switchAccount }),
    [bridge, scopes],
  );
  return <Terminal key={scope.id} bridge={scope.bridge} settingsBridge={settingsBridge} />;
}

/** The terminal on one account: header, and the floor plan or Settings. */
function Terminal({ bridge, settingsBridge }: { bridge: BridgeClient; settingsBridge: SettingsBridge }) {
  const loaderRef = useRef<FloorLoader | null>(null);

  useEffect(() => {
    // The catalog sync owns the local venue data; the floor plan follows its current generation.
    const sync = startCatalogSync(bridge);
    const loader = startFloorLoader(sync);
    loaderRef.current = loader;
    return () => {
      loader.stop();
      sync.stop();
      if (loaderRef.current === loader) loaderRef.current = null;
    };
  }, [bridge]);

  const retry = useCallback(() => loaderRef.current?.retry() ?? Promise.resolve(), []);
  const settingsOpen = useSettingsStore(settingsSelectors.open);
  const openSettings = useSettingsStore((state) => state.openSettings);
  const closeSettings = useSettingsStore((state) => state.closeSettings);
  // Floor or catalog; Settings opens over either and its "Back to floor" goes to the floor.
  const [view, setView] = useState<TerminalView>('floor');
  const showView = (next: TerminalView) => {
    closeSettings();
    setView(next);
  };
  const showSettings = () => {
    setView('floor');
    void openSettings(settingsBridge);
  };

  return (
    <div className="app">
      <AppHeader view={settingsOpen ? null : view} onShowView={showView} onOpenSettings={showSettings} settingsOpen={settingsOpen} />
      <main className="app__main">
        {settingsOpen ? (
          <SettingsScreen bridge={settingsBridge} onBack={closeSettings} />
        ) : view === 'catalog' ? (
          <OrderScreen />
        ) : (
          <FloorPlan onRetry={retry} />
        )}
      </main>
    </div>
  );
}

function AppHeader({
  view,
  onShowView,
  onOpenSettings,
  settingsOpen,
}: {
  view: TerminalView | null;
  onShowView: (view: TerminalView) => void;
  onOpenSettings: () => void;
  settingsOpen: boolean;
}) {
  const appInfo = useFloorStore(floorSelectors.appInfo);
  return (
    <header className="app-header">
      <span className="app-header__name">Comanda</span>
      {appInfo !== null && (
        <span className="app-header__venue">
          {/* The demo venue is marked as such, so nobody takes its orders for real ones. */}
          {appInfo.mode === 'demo' ? <span className="app-header__demo">Demo venue</span> : appInfo.tenant || 'Unnamed venue'}
        </span>
      )}
      <ViewSwitch current={view} onShow={onShowView} />
      <span className="app-header__spacer" />
      <SyncStatus />
      <ConnectionIndicator />
      <SettingsButton onOpen={onOpenSettings} current={settingsOpen} />
    </header>
  );
}
