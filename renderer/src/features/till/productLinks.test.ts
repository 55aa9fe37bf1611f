import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { BridgeError, type BridgeClient } from '../../../../shared/bridge';
import type { ShopPageInput } from '../../../../shared/bridge/shop';
import { promotion } from '../../../../shared/domain/retail/testing';
import type { CatalogConnection } from '../../data/catalog/catalogStore';
import { openShopGenerationDb, type ShopCatalogDb } from '../../data/shop/shopDb';
import { createBasketStore } from './basketStore';
import { createProductLinksStore, followBasketLinks, lineLinkState, needsProductLinks, ProductLinkChecker, productLinksSettled } from './productLinks';
import { shopPricing, tillProductOf } from './tillData';
import { seedSmallShop } from './tillTesting';

// Monday 23 November 2026, 12:00 in Madrid (11:00 UTC).
const NOON = Date.UTC(2026, 10, 23, 11, 0);

let counter = 0;
const opened: ShopCatalogDb[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

/** The small shop (tillTesting.ts) as a sync stores it: promotion 1 ("2x1 T-shirts", apply_to 1) without its product links. */
async function generation(account: string, n: number, fill = true): Promise<ShopCatalogDb> {
  const db = openShopGenerationDb(account, n);
  opened.push(db);
  if (fill) {
    await seedSmallShop(db);
    await db.promotionProducts.clear();
  }
  return db;
}

type Answer = { promotionIds: number[] } | BridgeError | 'hang';

/** The main side's `fetchShopPages` for `promotionProducts`: the shop links master 100 to promotion 1. */
function fakeBridge(answers: Record<number, Answer> = { 100: { promotionIds: [1] } }) {
  const asked: number[] = [];
  const bridge: Pick<BridgeClient, 'fetchShopPages'> = {
    async fetchShopPages({ pages }: { pages: ShopPageInput[] }) {
      expect(pages).toHaveLength(1);
      const { resource, parentId } = pages[0]!;
      expect(resource).toBe('promotionProducts');
      asked.push(parentId!);
      const answer = answers[parentId!] ?? { promotionIds: [] };
      if (answer === 'hang') return new Promise(() => undefined);
      if (answer instanceof BridgeError) throw answer;
      const records = answer.promotionIds.map((promotionId) => ({ promotion_id: promotionId, product_id: parentId! }));
      return { pages: [{ resource, page: 1, parentId, lastPage: 1, total: records.length, records }] };
    },
  };
  return { bridge, asked };
}

/** A till over one generation: its basket priced from the db, links followed as TillScreen does. */
async function till(
  db: ShopCatalogDb,
  bridge: Pick<BridgeClient, 'fetchShopPages'>,
  options: { basket?: ReturnType<typeof createBasketStore>; connection?: ReturnType<typeof connectionStore> } = {},
) {
  const basket = options.basket ?? createBasketStore(() => NOON);
  const links = createProductLinksStore();
  basket.getState().setPricing(await shopPricing(db));
  const checker = new ProductLinkChecker({
    db,
    bridge,
    store: links,
    log: () => undefined,
    onStored: async () => basket.getState().setPricing(await shopPricing(db)),
  });
  const follower = followBasketLinks({ checker, basket, store: links, connection: options.connection, now: () => NOON });
  const stop = () => {
    follower.stop();
    checker.close();
  };
  stops.push(stop);
  const add = async (id: number) => basket.getState().add(await tillProductOf(db, (await db.products.get(id))!));
  return { basket, links, checker, add, stop };
}

const connectionStore = () => createStore<{ connection: CatalogConnection }>()(() => ({ connection: 'online' }));
const offline = () => new BridgeError({ kind: 'offline', code: 'offline' });

describe('product promotion links, read for what is in the basket', () => {
  it('reads a variant’s links and its master’s once each; the master’s link gives its variants the promotion, live', async () => {
    const db = await generation(`links-${counter++}`, 1);
    const { bridge, asked } = fakeBridge();
    const { basket, links, add } = await till(db, bridge);
    await add(101);
    expect(links.getState()).toMatchObject({ needed: true, states: { 101: 'checking', 100: 'checking' } });
    expect(lineLinkState(links.getState(), basket.getState().view.lines[0]!.product)).toBe('checking');
    await add(101);
    await add(103);
    await vi.waitFor(() => expect(links.getState()).toMatchObject({ states: {}, inFlight: 0 }));
    expect(asked.sort()).toEqual([100, 101, 103]); // once each, the master once for both variants
    // Recomputed when the links arrived: 3 T-shirts at 15.00, the 2x1 gives one free.
    const lines = basket.getState().view.lines;
    expect(lines.flatMap((l) => l.promotions.map((p) => [l.product.id, p.promotionId, p.cents]))).toEqual([[101, 1, 1500]]);
    expect(basket.getState().view.totals.total).toBe(3000);
    expect(lineLinkState(links.getState(), lines[0]!.product)).toBeNull();
    expect(await db.promotionProducts.toArray()).toEqual([{ promotion_id: 1, product_id: 100 }]);
    expect((await db.promotionLinksChecked.toArray()).map((row) => row.product_id).sort()).toEqual([100, 101, 103]);
  });

  it('asks once per product per generation: another till of the same generation reads the rows; a new generation asks again', async () => {
    const account = `links-${counter++}`;
    const first = await generation(account, 1);
    const { bridge, asked } = fakeBridge();
    const one = await till(first, bridge);
    await one.add(200);
    await one.add(200);
    await vi.waitFor(() => expect(one.links.getState().inFlight).toBe(0));
    expect(asked).toEqual([200]);
    one.stop();
    // Another window (or a reload) on the same generation: the checked row says it was read.
    const two = await till(first, bridge);
    await two.add(200);
    await vi.waitFor(() => expect(two.links.getState()).toMatchObject({ states: {}, inFlight: 0 }));
    expect(asked).toEqual([200]);
    two.stop();
    // A new sync's generation starts unchecked (the links may have changed): the basket's product is read again.
    const second = await generation(account, 2);
    const three = await till(second, bridge, { basket: two.basket });
    await vi.waitFor(() => expect(asked).toEqual([200, 200]));
    await vi.waitFor(() => expect(three.links.getState().inFlight).toBe(0));
  });

  it('offline leaves a product unchecked, says so, and asks again when it is added again or the connection returns', async () => {
    const db = await generation(`links-${counter++}`, 1);
    const answers: Record<number, Answer> = { 100: offline(), 101: offline(), 200: offline() };
    const { bridge, asked } = fakeBridge(answers);
    const connection = connectionStore();
    connection.setState({ connection: 'offline' });
    const { basket, links, add } = await till(db, bridge, { connection });
    await add(101);
    await add(200);
    await vi.waitFor(() => expect(links.getState()).toMatchObject({ inFlight: 0, states: { 100: 'offline', 101: 'offline', 200: 'offline' } }));
    const [variantLine, bagLine] = basket.getState().view.lines;
    expect(lineLinkState(links.getState(), variantLine!.product)).toBe('offline');
    expect(await db.promotionLinksChecked.count()).toBe(0);
    // A change that is not an add asks nothing.
    basket.getState().step(bagLine!.key, 1);
    expect(links.getState().inFlight).toBe(0); // a check would have started at once
    expect(asked.sort()).toEqual([100, 101, 200]);
    // The bag added again: only its own links are asked again (still offline).
    await add(200);
    await vi.waitFor(() => expect(asked.filter((id) => id === 200)).toHaveLength(2));
    await vi.waitFor(() => expect(links.getState().inFlight).toBe(0));
    // Back online: everything that failed is asked again; the master's link arrives and prices the line.
    answers[100] = { promotionIds: [1] };
    delete answers[101];
    delete answers[200];
    connection.setState({ connection: 'online' });
    await vi.waitFor(() => expect(links.getState()).toMatchObject({ inFlight: 0, states: {} }));
    expect(asked.filter((id) => id === 100)).toHaveLength(2);
    expect((await db.promotionLinksChecked.toArray()).map((row) => row.product_id).sort()).toEqual([100, 101, 200]);
    // One T-shirt: the 2x1 has no pair yet; a second one gets it without asking anything more.
    await add(101);
    expect(basket.getState().view.lines[0]!.promotions.map((p) => p.promotionId)).toEqual([1]);
    expect(asked).toHaveLength(7);
  });

  it('asks nothing when the shop has no promotion on linked products active today', async () => {
    const db = await generation(`links-${counter++}`, 1);
    const { bridge, asked } = fakeBridge();
    // Promotion 1 ended last week; promotion 2 is on categories.
    await db.promotions.update(1, { end_date: '2026-11-16' });
    await db.promotions.put({ ...(await db.promotions.get(1))!, id: 2, apply_to: 2, end_date: null });
    const { links, add } = await till(db, bridge);
    await add(101);
    await add(200);
    // A check starts at once (its state and count are set as the product is added): none did.
    expect(links.getState()).toMatchObject({ needed: false, states: {}, inFlight: 0 });
    expect(asked).toEqual([]);
    expect(await db.promotionLinksChecked.count()).toBe(0);
    expect(await productLinksSettled(10, links)).toBe(true);
  });

  it('knows which promotions need product links: active, today within its dates and weekdays (its hours may begin later)', () => {
    const at = NOON; // a Monday
    expect(needsProductLinks([promotion({ id: 1, type: 1, apply_to: 2 }), promotion({ id: 2, type: 1, apply_to: 3 })], at)).toBe(false);
    expect(needsProductLinks([promotion({ id: 1, type: 1, apply_to: 1 })], at)).toBe(true);
    expect(needsProductLinks([promotion({ id: 1, type: 1, apply_to: 1, active: false })], at)).toBe(false);
    expect(needsProductLinks([promotion({ id: 1, type: 3, apply_to: 1, start_date: '2026-11-24' })], at)).toBe(false);
    expect(needsProductLinks([promotion({ id: 1, type: 1, apply_to: 1, weekdays: [2, 3] })], at)).toBe(false);
    expect(needsProductLinks([promotion({ id: 1, type: 1, apply_to: 1, start_time: '20:00', end_time: '21:00' })], at)).toBe(true);
  });

  it('Pay’s wait: settled once the answer is stored and priced, or given up after the time allowed', async () => {
    const db = await generation(`links-${counter++}`, 1);
    const answers: Record<number, Answer> = { 100: 'hang' };
    const { bridge } = fakeBridge(answers);
    const { links, add, basket } = await till(db, bridge);
    await add(101);
    expect(links.getState().inFlight).toBe(2);
    expect(await productLinksSettled(50, links)).toBe(false); // the master's answer never came: Pay goes on
    await vi.waitFor(() => expect(links.getState().states).toEqual({ 100: 'checking' }));
    expect(lineLinkState(links.getState(), basket.getState().view.lines[0]!.product)).toBe('checking');

    const other = await generation(`links-${counter++}`, 1);
    const quick = fakeBridge();
    const second = await till(other, quick.bridge);
    await second.add(101);
    await second.add(101);
    expect(await productLinksSettled(5000, second.links)).toBe(true);
    // Settled means priced: the draft Pay hands over already has the discount.
    expect(second.basket.getState().checkoutDraft().lines[0]).toMatchObject({
      discount: 1500,
      discountObject: { id: 1, name: '2x1 T-shirts', amount: 1500, isPercentage: false },
    });
  });

  it('a product the shop no longer has counts as checked with no links; a malformed answer leaves it unchecked', async () => {
    const db = await generation(`links-${counter++}`, 1);
    const answers: Record<number, Answer> = { 200: new BridgeError({ kind: 'not-found', code: 'not-found-on-server' }) };
    const { bridge } = fakeBridge(answers);
    const { links, add } = await till(db, bridge);
    await add(200);
    await vi.waitFor(() => expect(links.getState()).toMatchObject({ inFlight: 0, states: {} }));
    expect(await db.promotionLinksChecked.get(200)).toBeDefined();

    const other = await generation(`links-${counter++}`, 1);
    const broken: Pick<BridgeClient, 'fetchShopPages'> = {
      fetchShopPages: async () => ({
        pages: [{ resource: 'promotionProducts', page: 1, parentId: 200, lastPage: 1, total: 1, records: [{ promotion_id: 1, product_id: 999 }] }],
      }),
    };
    const second = await till(other, broken);
    await second.add(200);
    await vi.waitFor(() => expect(second.links.getState()).toMatchObject({ inFlight: 0, states: { 200: 'failed' } }));
    expect(await other.promotionProducts.count()).toBe(0);
  });
});
