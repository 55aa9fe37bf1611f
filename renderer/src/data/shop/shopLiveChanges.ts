import type { BridgeClient, BridgeEvent } from '../../../../shared/bridge';
import { RETAIL_PRODUCT_TYPE } from '../../../../shared/api/retail';
import { shopSearchText, type ShopCatalogDb, type StoredShopProduct, type StoredShopStock } from './shopDb';
import { shopCatalogStore, type ShopCatalogStoreApi } from './shopCatalogStore';
import { shopCustomerRecord, shopProductRecord, type ShopRecordOf } from './shopRecords';

// Live changes from the shop's webhooks: the main side's receiver
// (electron/services/retail/webhooks) sends every window `shop-product-changed` and
// `shop-customer-changed`; this puts them into the CURRENT catalog generation at once, so the till
// shows a new price, or drops a deleted product, without a sync. Stored exactly as the sync stores
// a record (shopSync.ts: checked by shopRecords.ts, the tax folded in, `searchName`), except:
// - a record without `stocks` (a product's own record: the webhook's `data`) keeps the product's
//   stock rows; with them (read fresh with `withStocks`) they replace its rows;
// - a record without `variant_info` keeps the stored one.
// Before the first sync there is no generation: nothing to change (the sync brings everything). A
// sync under way may have read the page before the change: its generation then shows the old
// record until the next sync (as a customer saved from the till, docs/decisions.md).
// Changes are applied one at a time, in the order they came.

export interface ShopLiveChangesOptions {
  bridge: Pick<BridgeClient, 'onEvent'>;
  catalog?: ShopCatalogStoreApi;
  log?: (line: string) => void;
}

export interface ShopLiveChanges {
  /** Resolves once every change received so far is stored (tests). */
  idle(): Promise<void>;
  stop(): void;
}

export function startShopLiveChanges(options: ShopLiveChangesOptions): ShopLiveChanges {
  const catalog = options.catalog ?? shopCatalogStore;
  const log = options.log ?? ((line: string) => console.warn(line));
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();

  const apply = async (event: BridgeEvent): Promise<void> => {
    const db = catalog.getState().current?.db ?? null;
    if (db === null) return;
    if (event.type === 'shop-product-changed') await applyProductChange(db, event.productId, event.product, log);
    if (event.type === 'shop-customer-changed') await applyCustomerChange(db, event.customerId, event.customer, log);
  };

  const unsubscribe = options.bridge.onEvent((event) => {
    if (stopped || (event.type !== 'shop-product-changed' && event.type !== 'shop-customer-changed')) return;
    chain = chain
      .then(() => (stopped ? undefined : apply(event)))
      .catch((error: unknown) => log(`shop: a live change could not be stored: ${error instanceof Error ? error.message : String(error)}`));
  });

  return {
    async idle() {
      for (let before = chain; ; before = chain) {
        await before;
        if (before === chain) return;
      }
    },
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}

/** A product changed at the shop: `record` null when it was deleted. Returns whether anything was stored. */
export async function applyProductChange(
  db: ShopCatalogDb,
  productId: number,
  record: Record<string, unknown> | null,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if (record === null) {
    await db.transaction('rw', db.products, db.stocks, async () => {
      await db.products.delete(productId);
      await db.stocks.where('product_id').equals(productId).delete();
    });
    return true;
  }
  const parsed = shopProductRecord.safeParse(record);
  if (!parsed.success || parsed.data.id !== productId) {
    log(`shop: product ${productId} from a webhook does not read as a product: not stored (the next sync brings it)`);
    return false;
  }
  const product = parsed.data;
  await db.transaction('rw', [db.products, db.stocks, db.categories, db.groups], async () => {
    const stored = await db.products.get(productId);
    const taxPercentage = product.tax?.percentage ?? (await inheritedTax(db, product));
    const next: StoredShopProduct = {
      ...toStored(product),
      variant_info: product.variant_info === undefined ? (stored?.variant_info ?? null) : (product.variant_info ?? null),
      taxPercentage,
    };
    await db.products.put(next);
    if (product.stocks !== undefined) {
      await db.stocks.where('product_id').equals(productId).delete();
      const rows = product.stocks.map((stock): StoredShopStock => ({
        warehouse_id: stock.warehouse_id,
        product_id: productId,
        id: stock.id ?? null,
        quantity: stock.quantity,
        defaultQuantity: null,
        alert: stock.alert,
        unit_id: stock.unit_id,
      }));
      if (rows.length > 0) await db.stocks.bulkPut(rows);
    }
    // A variant master's tax is its variants' when they have none of their own (shopSync.ts foldProductTaxes).
    if (next.type === RETAIL_PRODUCT_TYPE.variantMaster && stored?.taxPercentage !== next.taxPercentage) {
      const fromMaster = next.taxPercentage;
      await db.products
        .where('main_product_id')
        .equals(productId)
        .filter((variant) => variant.tax === null)
        .modify((variant) => {
          variant.taxPercentage = fromMaster;
        });
    }
  });
  return true;
}

/** A customer changed at the shop: `record` null when it was deleted. */
export async function applyCustomerChange(
  db: ShopCatalogDb,
  customerId: number,
  record: Record<string, unknown> | null,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if (record === null) {
    await db.customers.delete(customerId);
    return true;
  }
  const parsed = shopCustomerRecord.safeParse(record);
  if (!parsed.success || parsed.data.id !== customerId) {
    log(`shop: customer ${customerId} from a webhook does not read as a customer: not stored (the next sync brings it)`);
    return false;
  }
  await db.customers.put(parsed.data);
  return true;
}

function toStored(product: ShopRecordOf<'products'>): Omit<StoredShopProduct, 'variant_info' | 'taxPercentage'> {
  const { stocks: _stocks, variant_info: _variantInfo, ...fields } = product;
  return { ...fields, searchName: shopSearchText(product.name) };
}

/**
 * The tax of a product without its own, as the sync folds it: its variant master's (the master's
 * own, else its category's), else its category's (the category's own, else its group's).
 */
async function inheritedTax(db: ShopCatalogDb, product: ShopRecordOf<'products'>): Promise<number | null> {
  const categoryTax = async (categoryId: number): Promise<number | null> => {
    const category = await db.categories.get(categoryId);
    if (category === undefined) return null;
    if (category.tax) return category.tax.percentage;
    return (await db.groups.get(category.group_id))?.tax?.percentage ?? null;
  };
  if (product.main_product_id !== null) {
    const master = await db.products.get(product.main_product_id);
    if (master !== undefined && master.type === RETAIL_PRODUCT_TYPE.variantMaster) {
      const fromMaster = master.tax?.percentage ?? (await categoryTax(master.category_id));
      if (fromMaster !== null) return fromMaster;
    }
  }
  return categoryTax(product.category_id);
}
