import { useStore } from 'zustand';
import { shopCatalogSelectors, shopCatalogStore } from '../../data/shop/shopCatalogStore';
import { shopConnectionStore } from '../../data/shop/shopConnection';
import { ConnectionIndicatorView } from './ConnectionIndicator';

/**
 * The shop's header: the venue's connection indicator (icon + words, what the queue is sending) on
 * the shop's connection (data/shop/shopConnection.ts); offline, it says the till works from the
 * catalog saved at the last sync.
 */
export function ShopConnectionIndicator() {
  const connection = useStore(shopConnectionStore, (state) => state.connection);
  const savedAt = useStore(shopCatalogStore, shopCatalogSelectors.lastSyncedAt);
  return <ConnectionIndicatorView connection={connection} savedAt={savedAt} />;
}
