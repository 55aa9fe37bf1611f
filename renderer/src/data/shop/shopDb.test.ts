import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  openShopGenerationDb,
  SHOP_GENERATION_SCHEMA_V1,
  SHOP_GENERATION_SCHEMA_V2,
  shopDbName,
  shopGenerationDbName,
  shopGenerationOfDbName,
  shopRecordStores,
  shopSearchText,
  shopStoresOfResource,
} from './shopDb';
import { shopResourceNames } from '../../../../shared/bridge/shop';

describe('shopDb', () => {
  it('names the shop’s databases apart from the venue’s and reads a generation number back only from its own', () => {
    expect(shopDbName('shop:demo')).toBe('comanda-shop-shop:demo');
    expect(shopGenerationDbName('shop:demo', 7)).toBe('comanda-shop-shop:demo-gen-7');
    expect(shopGenerationOfDbName('shop:demo', 'comanda-shop-shop:demo-gen-7')).toBe(7);
    expect(shopGenerationOfDbName('shop:demo', 'comanda-shop-shop:demo-gen-07')).toBeNull();
    expect(shopGenerationOfDbName('shop:demo', 'comanda-shop-shop:demo2-gen-7')).toBeNull();
    expect(shopGenerationOfDbName('shop:demo', 'comanda-demo-gen-7')).toBeNull();
  });

  it('every resource lands in stores that exist; every store but meta holds records', () => {
    for (const resource of shopResourceNames) for (const store of shopStoresOfResource[resource]) expect(shopRecordStores).toContain(store);
    expect(shopRecordStores).toHaveLength(Object.keys(SHOP_GENERATION_SCHEMA_V1).length - 1);
  });

  it('searches names by their lower-case, accent-free text', () => {
    expect(shopSearchText('  Samarreta  BÀSICA Niño ')).toBe('samarreta basica nino');
  });

  it('version 2 adds the till’s promotionLinksChecked to a version 1 generation, keeping what it holds', async () => {
    const name = `shop:db-v1-${Date.now()}`;
    const v1 = new Dexie(shopGenerationDbName(name, 1));
    v1.version(1).stores(SHOP_GENERATION_SCHEMA_V1);
    await v1.table('promotionProducts').put({ promotion_id: 2, product_id: 7 });
    v1.close();
    const db = openShopGenerationDb(name, 1);
    try {
      expect(await db.promotionProducts.toArray()).toEqual([{ promotion_id: 2, product_id: 7 }]);
      expect(await db.promotionLinksChecked.count()).toBe(0);
      await db.promotionLinksChecked.put({ product_id: 7, checkedAt: '2026-11-27T10:00:00.000Z' });
      expect(await db.promotionLinksChecked.get(7)).toMatchObject({ product_id: 7 });
      // Not a synced store: the sync neither writes nor counts it.
      expect(shopRecordStores).not.toContain(Object.keys(SHOP_GENERATION_SCHEMA_V2)[0]);
    } finally {
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('finds a variant’s stock by [warehouse_id+product_id] and a variant master’s variants', async () => {
    const db = openShopGenerationDb(`shop:db-${Date.now()}`, 1);
    try {
      await db.stocks.bulkPut([
        { warehouse_id: 1, product_id: 9, id: 1, quantity: 2000, defaultQuantity: null, alert: false, unit_id: null },
        { warehouse_id: 2, product_id: 9, id: 2, quantity: 0, defaultQuantity: null, alert: true, unit_id: null },
      ]);
      expect((await db.stocks.get([2, 9]))?.alert).toBe(true);
      expect(await db.stocks.where('product_id').equals(9).count()).toBe(2);
    } finally {
      db.close();
      await Dexie.delete(db.name);
    }
  });
});
