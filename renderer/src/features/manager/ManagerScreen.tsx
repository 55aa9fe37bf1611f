import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../../shared/bridge';
import { useServiceStore } from '../../session/navigation';
import { ActivityTab } from './activity/ActivityTab';
import { CatalogEditTab } from './catalog/CatalogEditTab';
import { ChainTab } from './chain/ChainTab';
import { managerTabs, type ManagerTab } from './managerTab';
import { PurchaseOrdersTab } from './purchasing/PurchaseOrdersTab';
import { StockCountTab } from './stock/StockCountTab';
import { VendorsTab } from './vendors/VendorsTab';
import './manager.css';

// Manager mode: the venue's back office from the terminal, behind the PIN (the More
// menu asks before it opens this screen). One tab per concern; the Chain tab only on a chain's
// master account. Test names (English): heading "Manager", tabs "Catalog", "Stock count",
// "Purchase orders", "Vendors", "Chain", "Activity".

const TAB_LABEL = {
  catalog: 'tabCatalog',
  stock: 'tabStock',
  purchasing: 'tabPurchasing',
  vendors: 'tabVendors',
  chain: 'tabChain',
  activity: 'tabActivity',
} as const satisfies Record<ManagerTab, string>;

const tabId = (tab: ManagerTab) => `manager-tab-${tab}`;
const panelId = (tab: ManagerTab) => `manager-panel-${tab}`;

/** `chainOffered`: the Chain tab is offered (a chain's master; the app reads it from the settings). */
export function ManagerScreen({ bridge, chainOffered }: { bridge: BridgeClient; chainOffered: boolean }) {
  const { t } = useTranslation('manager');
  const showScreen = useServiceStore((s) => s.showScreen);
  const tabs = managerTabs.filter((tab) => tab !== 'chain' || chainOffered);
  const [chosen, setChosen] = useState<ManagerTab>('catalog');
  const current = tabs.includes(chosen) ? chosen : 'catalog';

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(current);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    setChosen(next);
    event.currentTarget.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  return (
    <section className="screen manager" aria-labelledby="manager-title">
      <div className="screen__bar manager__bar">
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          {t('backToFloor')}
        </button>
        <h1 className="screen__title" id="manager-title" tabIndex={-1}>
          {t('title')}
        </h1>
      </div>
      <div className="manager__tabs" role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === current}
            aria-controls={panelId(tab)}
            tabIndex={tab === current ? 0 : -1}
            className="manager__tab"
            onClick={() => setChosen(tab)}
          >
            {t(TAB_LABEL[tab])}
          </button>
        ))}
      </div>
      <div className="manager__panel" role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
        {current === 'catalog' ? (
          <CatalogEditTab bridge={bridge} />
        ) : current === 'stock' ? (
          <StockCountTab bridge={bridge} />
        ) : current === 'purchasing' ? (
          <PurchaseOrdersTab bridge={bridge} />
        ) : current === 'vendors' ? (
          <VendorsTab bridge={bridge} />
        ) : current === 'chain' ? (
          <ChainTab bridge={bridge} />
        ) : (
          <ActivityTab bridge={bridge} />
        )}
      </div>
    </section>
  );
}
