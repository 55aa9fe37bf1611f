import { useContext, useMemo, useState, type ReactNode } from 'react';
import type { ShopCatalogDb, StoredShopProduct } from '../../../data/shop/shopDb';
import { usePinGate } from '../../../session/lock/pinGate';
import { SetStockDialog } from './SetStockDialog';
import { ShopBridgeContext, TillStockContext, type TillStock } from './tillStockContext';

/**
 * The till's stock over one catalog generation: product cards and variant cells
 * read their stock through it, and holding one asks the terminal's PIN (the lock feature's gate:
 * a manager's action; nothing is asked when no PIN is set, as for Settings) before the
 * "Set stock" dialog opens. A wrong PIN or Cancel leaves everything as it was.
 */
export function TillStockProvider({ db, children }: { db: ShopCatalogDb; children: ReactNode }) {
  const gate = usePinGate();
  const bridge = useContext(ShopBridgeContext);
  const [setting, setSetting] = useState<{ product: StoredShopProduct; variantName: string | null } | null>(null);
  const value = useMemo<TillStock>(
    () => ({
      db,
      askSetStock(product, variantName = null) {
        void gate.confirm('set-stock').then((ok) => {
          if (ok) setSetting({ product, variantName });
        });
      },
    }),
    [db, gate],
  );
  return (
    <TillStockContext.Provider value={value}>
      {children}
      {setting !== null && (
        <SetStockDialog db={db} product={setting.product} variantName={setting.variantName} bridge={bridge} onClose={() => setSetting(null)} />
      )}
    </TillStockContext.Provider>
  );
}
