import Dexie from 'dexie';
import type { BridgeClient } from '../../../../shared/bridge';
import type { ShopPageInput } from '../../../../shared/bridge/shop';
import { ComboLinkScan, createComboScanStore } from './shopComboScan';
import { openShopDb, type ShopCatalogDb, type ShopDb, type StoredShopPromotion } from './shopDb';

// What the combo scan's tests share (data/shop/shopComboScan.test.ts and the till's
// features/till/comboPricing.test.ts): a fixed noon, one combo on linked products, a bridge that
// answers each product's links from a table, and databases dropped after each test.

export const NOON = Date.UTC(2026, 10, 23, 11, 0);
export const COMBO = 7;

export type LinksBridge = Pick<BridgeClient, 'fetchShopPages' | 'onEvent'>;

/** A type 3 combo on linked products (`apply_to` 1) at 20.00: its set is whatever the links say. */
export const comboOnLinkedProducts: StoredShopPromotion = {
  id: COMBO,
  active: true,
  order: 2,
  name: 'Trio',
  type: 3,
  apply_to: 1,
  start_date: null,
  end_date: null,
  start_time: null,
  end_time: null,
  weekdays: null,
  apply_type: null,
  group_by: null,
  price_rate_id: null,
  combo_price: 2000,
  condition: null,
  quantity: null,
  action: null,
  discount: null,
};

/** Databases a test opened; `dropOpened` in `afterEach` closes and deletes them. */
const opened: Dexie[] = [];
export function keepForCleanup<D extends Dexie>(db: D): D {
  opened.push(db);
  return db;
}
export async function dropOpened(): Promise<void> {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
}

export function pointer(account: string): ShopDb {
  return keepForCleanup(openShopDb(account));
}

/** A bridge answering each product's promotion links from `truth` (product → promotions), noting what was asked. */
export function linksBridge(truth: Record<number, number[]>): { bridge: LinksBridge; asked: number[] } {
  const asked: number[] = [];
  const bridge: LinksBridge = {
    async fetchShopPages({ pages }: { pages: ShopPageInput[] }) {
      const { resource, parentId } = pages[0]!;
      asked.push(parentId!);
      const records = (truth[parentId!] ?? []).map((promotionId) => ({ promotion_id: promotionId, product_id: parentId! }));
      return { pages: [{ resource, page: 1, parentId, lastPage: 1, total: records.length, records }] };
    },
    onEvent: () => () => undefined,
  };
  return { bridge, asked };
}

/** A scan that never waits, at `now`. */
export function scanOf(shopDb: ShopDb, db: ShopCatalogDb, bridge: LinksBridge, now = () => new Date(NOON)) {
  const store = createComboScanStore();
  const scan = new ComboLinkScan({ shopDb, db, bridge, store, now, sleep: async () => undefined, log: () => undefined });
  return { scan, store };
}
