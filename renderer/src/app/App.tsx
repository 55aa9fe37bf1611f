import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../shared/bridge';
import { ConnectionIndicator } from '../features/sync/ConnectionIndicator';
import { FloorPlan } from '../features/floor/FloorPlan';
import { sessionSelectors, useSession } from '../session/session';
import { startFloorLoader, type FloorLoader } from '../features/floor/loadFloor';
import { SyncProgressSummary, SyncStatus } from '../features/sync/SyncPanel';
import { CatalogView } from '../features/catalog/CatalogView';
import { GiftCardTender } from '../features/giftcards/GiftCardTender';
import { WarehouseSettings } from '../features/stock/WarehouseSettings';
import { OrderScreen } from '../features/order/OrderScreen';
import { ViewSwitch, type TerminalView } from '../features/catalog/ViewSwitch';
import { startCatalogSync } from '../data/sync/syncService';
import { SettingsButton } from '../features/settings/SettingsButton';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { FirstStartScreen } from '../features/settings/FirstStartScreen';
import { useFirstStart } from '../features/settings/firstStart';
import { settingsSelectors, useSettingsStore, type SettingsBridge } from '../features/settings/settingsStore';
import { useAccountScope } from '../session/useAccountScope';
import { askForPersistentStorage } from '../features/settings/storagePersistence';
import { catalogStore } from '../data/catalog/catalogStore';
import { currentCatalogDb, followAccountQueue } from './accountQueue';
import { handOverLegacyOutbox } from '../data/queue/legacyOutbox';
import { useQueueStore } from '../data/queue/queueStore';
import { startMostSoldFeed } from '../features/catalog/mostSoldFeed';
import { serviceSelectors, useServiceStore, type ShopScreen } from '../session/navigation';
import { SeatDialog } from '../features/service/SeatDialog';
import { useOrderStore } from '../session/orderStore';
import { PendingButton } from '../features/pending/PendingButton';
import { PendingScreen } from '../features/pending/PendingScreen';
import { BillScreen } from '../features/bill/BillScreen';
import { LockButton } from '../session/lock/LockButton';
import { LockDamagedNotice } from '../session/lock/LockDamagedNotice';
import { LockProvider } from '../session/lock/LockProvider';
import { CustomersScreen } from '../features/customers/CustomersScreen';
import { ForTableBanner } from '../features/customers/ForTableBanner';
import { startCustomersFeed } from '../features/customers/customersFeed';
import { GiftCardsScreen } from '../features/giftcards/GiftCardsScreen';
import { MoreMenu, type MoreScreen } from './MoreMenu';
import { startStockFeed } from '../session/stockFeed';
import { startCatalogEditFeed } from '../data/catalog/catalogEdits';
import { AccountSwitch } from '../features/settings/AccountSwitch';
import { useAppInfo } from '../session/useAppInfo';
import { TillScreen } from '../features/till/TillScreen';
import { startShopSync } from '../data/shop/shopCatalogStore';
import { startShopLiveChanges } from '../data/shop/shopLiveChanges';
import { ShopContext } from '../session/shopContext';
import { startInvoiceFollower, useReceiptStore } from '../features/till/receipt/receiptStore';
import { LazyReportsScreen } from '../features/reports/LazyReportsScreen';
import { ShopHeader, useShopFeeds } from './ShopHeader';
import { ManagerScreen } from '../features/manager/ManagerScreen';
import { useChainOffered } from './useChainOffered';
import { usePinGate } from '../session/lock/pinGate';

/**
 * One account at a time: everything that owns an account's local data lives in `Terminal`, which
 * starts over (new key, new bridge scope) when the account changes, so the previous account's
 * loaders stop and none of their late answers land in the new account's data (features/settings).
 */
export function App({ bridge }: { bridge: BridgeClient }) {
  const { scope, scopes } = useAccountScope(bridge);
  // Saved orders must not be evicted under storage pressure: ask once.
  useEffect(() => void askForPersistentStorage(), []);
  // Settings belong to no account: they use the bridge itself; Save is the account switch.
  const settingsBridge = useMemo<SettingsBridge>(
    () => ({ getSettings: bridge.getSettings, testConnection: bridge.testConnection, saveSettings: scopes.switchAccount }),
    [bridge, scopes],
  );
  // The terminal lock and its PIN gate belong to no account (features/lock).
  return (
    <LockProvider bridge={bridge}>
      <Terminal key={scope.id} bridge={scope.bridge} settingsBridge={settingsBridge} />
    </LockProvider>
  );
}

/**
 * The terminal on one account: the till for a shop, the floor and catalog for a venue.
 * Nothing of either starts before getAppInfo says which (a venue's loaders would ask a shop for
 * rooms); a main side that does not answer shows the venue's screens, which explain that.
 */
function Terminal({ bridge, settingsBridge }: { bridge: BridgeClient; settingsBridge: SettingsBridge }) {
  const { info, failed } = useAppInfo(bridge);
  if (info?.kind === 'shop') {
    return (
      <ShopTerminal
        bridge={bridge}
        accountKey={info.accountKey}
        settingsBridge={settingsBridge}
        tenant={info.mode === 'demo' ? null : info.tenant}
        catalogPerMinute={info.catalogPerMinute ?? null}
      />
    );
  }
  if (info === null && !failed) return <div className="app" aria-busy="true" />;
  return <VenueTerminal bridge={bridge} settingsBridge={settingsBridge} />;
}

/** A shop's terminal: its header (with the Venue | Shop switch when both are set) and the till or Settings. */
function ShopTerminal({
  bridge,
  accountKey,
  settingsBridge,
  tenant,
  catalogPerMinute,
}: {
  bridge: BridgeClient;
  accountKey: string;
  settingsBridge: SettingsBridge;
  tenant: string | null;
  catalogPerMinute: number | null;
}) {
  // The shop's catalog sync runs for as long as this shop is the current account:
  // a switch to the venue remounts Terminal, which stops it (a sync under way is aborted).
  useEffect(() => {
    const sync = startShopSync(bridge, { accountKey });
    return () => sync.stop();
  }, [bridge, accountKey]);
  // Its queue (sales, invoices: Pending orders) and its connection, for the header (ShopHeader.tsx).
  useShopFeeds(bridge);
  // Products and customers changed at the shop's service, as its webhooks tell the main side.
  useEffect(() => {
    const live = startShopLiveChanges({ bridge });
    return () => live.stop();
  }, [bridge]);
  // The receipts' invoice numbers, as the main side delivers the invoices (receipt/receiptStore.ts).
  useEffect(() => {
    const follower = startInvoiceFollower({ bridge, store: useReceiptStore, log: (line) => console.warn(line) });
    return () => follower.stop();
  }, [bridge]);
  const shopContext = useMemo(
    () => ({ bridge, accountKey, catalogPerMinute, identity: { accountKey, demo: tenant === null, name: tenant ?? '' } }),
    [bridge, accountKey, catalogPerMinute, tenant],
  );
  const settingsOpen = useSettingsStore(settingsSelectors.open);
  const openSettings = useSettingsStore((state) => state.openSettings);
  const closeSettings = useSettingsStore((state) => state.closeSettings);
  // The shop's screen is the navigation's (session/navigation.ts); each shop terminal starts on its till.
  const screen = useServiceStore(serviceSelectors.shopScreen);
  const setScreen = useServiceStore((state) => state.showShopScreen);
  // The shop's screen starts at the till the next time this terminal mounts.
  useEffect(() => () => setScreen('till'), [setScreen]);
  const showScreen = (next: ShopScreen) => {
    closeSettings();
    setScreen(next);
  };
  return (
    <div className="app" data-account-kind="shop">
      <ShopHeader
        tenant={tenant}
        settingsBridge={settingsBridge}
        screen={screen}
        onShowScreen={showScreen}
        settingsOpen={settingsOpen}
        onOpenSettings={() => void openSettings(settingsBridge)}
      />
      <main className="app__main">
        {/* Every call of the till names this shop (features/till/shopContext.ts). */}
        <ShopContext.Provider value={shopContext}>
          {settingsOpen ? (
            <SettingsScreen bridge={settingsBridge} onBack={() => showScreen('till')} account="shop" />
          ) : screen === 'pending' ? (
            <PendingScreen onBack={() => setScreen('till')} />
          ) : screen === 'reports' ? (
            <LazyReportsScreen onBack={() => setScreen('till')} />
          ) : (
            <TillScreen />
          )}
        </ShopContext.Provider>
      </main>
    </div>
  );
}

/** The terminal on a venue: header, and the floor plan or Settings. */
function VenueTerminal({ bridge, settingsBridge }: { bridge: BridgeClient; settingsBridge: SettingsBridge }) {
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

  // The account's order queue: the main side keeps and delivers it; this window follows
  // its snapshots and submits through the outbox client, for as long as this account is current.
  const resetTickets = useOrderStore((state) => state.resetTickets);
  useEffect(() => {
    const log = (line: string) => console.warn(line);
    const queue = followAccountQueue({ bridge, catalogDb: currentCatalogDb, log });
    // The catalog's "Most sold" tab follows the queue.
    const mostSold = startMostSoldFeed({ bridge, queue: useQueueStore, log });

    // Upgrade: orders the previous version kept in this browser go to the main
    // side once; until that worked the old database stays, and this tries again.
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handOver = () =>
      bridge
        .getAppInfo({})
        .then((info) => (cancelled ? null : handOverLegacyOutbox({ accountKey: info.accountKey, bridge, log })))
        .then(
          (result) => {
            if (result?.found)
              log(`outbox hand-off: ${result.entries} entries and ${result.services} table services moved to the main side (${result.skipped} already there)`);
          },
          (error: unknown) => {
            log(`outbox hand-off failed, the old outbox is kept: ${error instanceof Error ? error.message : String(error)}`);
            if (!cancelled) timer = setTimeout(() => void handOver(), 5_000);
          },
        );
    void handOver();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      mostSold.stop();
      queue.stop();
      // Tickets in the making belong to this account's catalog and tables.
      resetTickets();
    };
  }, [bridge, resetTickets]);

  // Stock: the warehouse this terminal sells from, and 86s from every window.
  useEffect(() => startStockFeed({ bridge, log: (line) => console.warn(line) }).stop, [bridge]);

  // Catalog quick edits: what manager mode saved, written into every window's copy.
  useEffect(() => startCatalogEditFeed({ bridge, log: (line) => console.warn(line) }).stop, [bridge]);

  // Customers: created ones join this window's copy, deleted ones leave it, in every window.
  useEffect(() => startCustomersFeed({ bridge, queue: useQueueStore, catalog: catalogStore, log: (line) => console.warn(line) }).stop, [bridge]);

  const retry = useCallback(() => loaderRef.current?.retry() ?? Promise.resolve(), []);
  const settingsOpen = useSettingsStore(settingsSelectors.open);
  const openSettings = useSettingsStore((state) => state.openSettings);
  const closeSettings = useSettingsStore((state) => state.closeSettings);
  // Floor, order builder (the "Catalog" view) or pending orders; Settings opens over any of them
  // and its "Back to floor" goes to the floor.
  const screen = useServiceStore(serviceSelectors.screen);
  const target = useServiceStore(serviceSelectors.target);
  const showScreen = useServiceStore((state) => state.showScreen);
  const openOrder = useServiceStore((state) => state.openOrder);
  const showView = (next: TerminalView) => {
    closeSettings();
    if (next === 'floor') showScreen('floor');
    else openOrder(target);
  };
  const showSettings = () => {
    showScreen('floor');
    void openSettings(settingsBridge);
  };
  const view: TerminalView | null = settingsOpen ? null : screen === 'order' ? 'catalog' : screen === 'floor' ? 'floor' : null;
  const firstStart = useFirstStart(settingsBridge);
  const pinGate = usePinGate();

  return (
    <div className="app">
      <AppHeader
        settingsBridge={settingsBridge}
        view={view}
        onShowView={showView}
        onOpenSettings={showSettings}
        settingsOpen={settingsOpen}
        more={!settingsOpen && (screen === 'customers' || screen === 'giftCards' || screen === 'manager') ? screen : null}
        onShowMore={(next) => {
          // Manager mode asks for the terminal PIN when one is set.
          void (next === 'manager' ? pinGate.confirm('manager') : Promise.resolve(true)).then((ok) => {
            if (!ok) return;
            closeSettings();
            showScreen(next);
          });
        }}
      />
      <main className="app__main">
        {settingsOpen ? (
          <SettingsScreen bridge={settingsBridge} onBack={closeSettings} warehouse={<WarehouseSettings />} />
        ) : screen === 'order' ? (
          <OrderScreen catalog={<CatalogView syncProgress={<SyncProgressSummary />} />} />
        ) : screen === 'pending' ? (
          <PendingScreen />
        ) : screen === 'customers' ? (
          <CustomersScreen />
        ) : screen === 'manager' ? (
          <VenueManager bridge={bridge} />
        ) : screen === 'giftCards' ? (
          <GiftCardsScreen />
        ) : screen === 'bill' ? (
          <BillScreen bridge={bridge} giftCardTender={(props) => <GiftCardTender {...props} />} />
        ) : firstStart.firstStart ? (
          // A new terminal: the demos and "Connect my account" before the demo venue's floor.
          <FirstStartScreen bridge={settingsBridge} settings={firstStart.settings} />
        ) : (
          <>
            <ForTableBanner />
            <FloorPlan onRetry={retry} syncProgress={<SyncProgressSummary />} />
          </>
        )}
      </main>
      {/* Draws nothing until a table is tapped; renders into document.body. */}
      <SeatDialog />
    </div>
  );
}

function AppHeader({
  settingsBridge,
  view,
  onShowView,
  onOpenSettings,
  settingsOpen,
  more,
  onShowMore,
}: {
  settingsBridge: SettingsBridge;
  view: TerminalView | null;
  onShowView: (view: TerminalView) => void;
  onOpenSettings: () => void;
  settingsOpen: boolean;
  more: MoreScreen | null;
  onShowMore: (screen: MoreScreen) => void;
}) {
  const { t } = useTranslation('app');
  const appInfo = useSession(sessionSelectors.appInfo);
  return (
    <header className="app-header">
      <span className="app-header__name">{t('name')}</span>
      {appInfo !== null && (
        <span className="app-header__venue">
          {/* The demo venue is marked as such, so nobody takes its orders for real ones. */}
          {appInfo.mode === 'demo' ? <span className="app-header__demo">{t('demoVenue')}</span> : appInfo.tenant || t('unnamedVenue')}
        </span>
      )}
      <ViewSwitch current={view} onShow={onShowView} />
      <AccountSwitch bridge={settingsBridge} />
      <span className="app-header__spacer" />
      <SyncStatus />
      <ConnectionIndicator />
      <PendingButton />
      <LockDamagedNotice />
      <LockButton />
      <MoreMenu current={more} onShow={onShowMore} />
      <SettingsButton onOpen={onOpenSettings} current={settingsOpen} />
    </header>
  );
}

/** Manager mode, offering the Chain tab on a chain's master (read when it opens and after Settings saves). */
function VenueManager({ bridge }: { bridge: BridgeClient }) {
  const chainOffered = useChainOffered(bridge);
  return <ManagerScreen bridge={bridge} chainOffered={chainOffered} />;
}
