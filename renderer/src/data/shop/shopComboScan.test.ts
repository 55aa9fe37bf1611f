import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeClient } from '../../../../shared/bridge';
import { BridgeError } from '../../../../shared/bridge';
import { ComboLinkScan, COMBO_SCAN_PER_MINUTE, comboScanPerMinute, createComboScanStore } from './shopComboScan';
import { COMBO, comboOnLinkedProducts, dropOpened, keepForCleanup, linksBridge, NOON, pointer, scanOf } from './comboScanTesting';
import { openShopGenerationDb, type ShopCatalogDb } from './shopDb';
import { shopProduct } from './shopTesting';

// The combo scan (docs/decisions.md "Combos on linked products: the whole set, or no combo"): a
// combo linking products 200, 400 and 500 in a catalog of ten; what the scan reads, keeps across
// generations and counts as known. The basket's side: features/till/comboPricing.test.ts.

/** The service's links: which promotions each product is linked to. */
const TRUTH: Record<number, number[]> = { 200: [COMBO], 400: [COMBO], 500: [COMBO] };
const fakeBridge = () => linksBridge(TRUTH);

let counter = 0;
afterEach(dropOpened);

async function generation(account: string, n: number): Promise<ShopCatalogDb> {
  const db = keepForCleanup(openShopGenerationDb(account, n));
  await db.products.bulkPut([100, 101, 102, 103, 104, 105, 200, 300, 400, 500].map((id) => shopProduct({ id, name: `P${id}`, category_id: 10, price: 1000 })));
  await db.promotions.put(comboOnLinkedProducts);
  return db;
}

describe('the combo scan', () => {
  it('keeps its reads across generations: a new generation asks nothing read within the day, and a product a webhook names is read again first', async () => {
    const account = `shop:combo-${++counter}`;
    const shopDb = pointer(account);
    const first = fakeBridge();
    await scanOf(shopDb, await generation(account, 1), first.bridge).scan.pass();
    expect(first.asked).toHaveLength(10);

    const second = fakeBridge();
    const db2 = await generation(account, 2);
    const { scan, store } = scanOf(shopDb, db2, second.bridge, () => new Date(NOON + 60 * 60 * 1000));
    await scan.pass();
    expect(second.asked).toEqual([]);
    expect(store.getState().known.complete).toBe(true);
    expect([...store.getState().known.sets.get(COMBO)!].sort()).toEqual([200, 400, 500]);

    scan.productChanged(400);
    expect(store.getState().known).toMatchObject({ complete: false, read: 9, total: 10 });
    await scan.pass();
    expect(second.asked).toEqual([400]);
    expect(store.getState().known.complete).toBe(true);
  });

  it('reads nothing when the generation has no combo on linked products', async () => {
    const account = `shop:combo-${++counter}`;
    const db = await generation(account, 1);
    await db.promotions.delete(COMBO);
    const { bridge, asked } = fakeBridge();
    const { scan, store } = scanOf(pointer(account), db, bridge);
    expect(await scan.pass()).toBe(false);
    expect(asked).toEqual([]);
    expect(store.getState().needed).toBe(false);
  });

  it('paces its reads at half the shop’s catalog budget and tries a failed read again after twenty reads’ time, behind the rest of the catalog', async () => {
    // The spec's budget (40 a minute, or not said): 20 a minute, a read every 3 s, a retry after a minute.
    expect(comboScanPerMinute(null)).toBe(COMBO_SCAN_PER_MINUTE);
    expect(comboScanPerMinute(40)).toBe(20);
    expect(comboScanPerMinute(2400)).toBe(1200);
    expect(comboScanPerMinute(1)).toBe(1);

    for (const [perMinute, pace, retry] of [
      [20, 3000, 60_000],
      [1200, 50, 1000],
    ] as const) {
      const account = `shop:combo-${++counter}`;
      const db = await generation(account, 1);
      const slept: number[] = [];
      let failOnce = true;
      const { bridge, asked } = fakeBridge();
      const failing: Pick<BridgeClient, 'fetchShopPages' | 'onEvent'> = {
        onEvent: bridge.onEvent,
        async fetchShopPages(input) {
          if (input.pages[0]!.parentId === 102 && failOnce) {
            failOnce = false;
            throw new BridgeError({ kind: 'server-error', code: 'server-error', detail: 'HTTP 503' });
          }
          return bridge.fetchShopPages(input);
        },
      };
      const store = createComboScanStore();
      const scan = new ComboLinkScan({
        shopDb: pointer(account),
        db,
        bridge: failing,
        store,
        perMinute,
        now: () => new Date(NOON),
        log: () => undefined,
        sleep: async (ms) => void slept.push(ms),
      });
      await scan.pass();
      // The failed product waits behind every other one, so one refused read does not stall the scan.
      expect(asked).toEqual([100, 101, 103, 104, 105, 200, 300, 400, 500, 102]);
      // A pause after each read, the retry's after the failed one.
      expect(slept).toEqual([pace, pace, retry, ...Array<number>(8).fill(pace)]);
      expect(store.getState().known.complete).toBe(true);
    }
  });
});
