import { withComboSets } from '../../../../shared/domain/retail/comboLinks';
import { useComboScanStore } from '../../data/shop/shopComboScan';
import type { ShopCatalogDb } from '../../data/shop/shopDb';
import { useBasketStore } from './basketStore';
import { shopPricing } from './tillData';

/**
 * Reads the shop's price rates and promotions again and re-prices the basket; a combo on linked
 * products gets what the combo scan knows of its products (data/shop/shopComboScan.ts).
 */
export async function repriceBasket(db: ShopCatalogDb): Promise<void> {
  const read = await shopPricing(db);
  useBasketStore.getState().setPricing({ rates: read.rates, promotions: withComboSets(read.promotions, useComboScanStore.getState().known) });
}
