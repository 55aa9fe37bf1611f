import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { BridgeError, type BridgeClient } from '../../../../shared/bridge';
import type { ShopPage } from '../../../../shared/bridge/shop';
import { isPromotionOn, shopMoment } from '../../../../shared/domain/retail/schedule';
import type { Promotion } from '../../../../shared/domain/retail/promotions';
import type { CatalogConnection } from '../../data/catalog/catalogStore';
import type { ShopCatalogDb } from '../../data/shop/shopDb';
import { checkShopRecords } from '../../data/shop/shopRecords';
import type { BasketState, TillProduct } from './basketStore';

// Promotions on linked PRODUCTS (`apply_to` 1) read on demand, for what is in the basket
// (docs/decisions.md "Shop catalog sync", "Promotion ↔ product links"). The
// retail API gives a product's promotions only product by product (`GET catalog/products/{id}/
// promotions`, the 40-a-minute catalog budget), so the sync does not read them; instead, when a
// product enters the basket, the till asks the main side (`fetchShopPages`, resource
// `promotionProducts`, parentId = the product) for that product's links — and its variant master's,
// whose link covers its variants — and stores them in the current generation (`promotionProducts`)
// with a `promotionLinksChecked` row, so each product is asked about once per generation (another
// window of the same shop sees the row and does not ask again). The generation's live pricing
// query (tillData.ts shopPricing) then carries the links to the promotion engine; the checker also
// re-prices the basket at once (`onStored`), so Pay can wait for it.
//
// Only while the shop has a promotion on linked products that is active today; otherwise nothing
// is asked. A failure (offline, no answer) leaves the product unchecked: it is asked again the next
// time it is added, or when the connection returns. A 404 (the shop no longer has the product)
// counts as checked with no links: no promotion can apply to it.

/** Where a product's links stand, for the basket's note: being read, or not read (offline / failed). */
export type LinkState = 'checking' | 'offline' | 'failed';

export interface ProductLinksState {
  /** Whether the shop has a promotion on linked products active today (else nothing is read or said). */
  needed: boolean;
  /** Product id → its links' state, for the products not (yet) checked in this generation. */
  states: Readonly<Record<number, LinkState>>;
  /** Checks in flight (their answers not yet stored and priced). */
  inFlight: number;
}

export type ProductLinksStoreApi = UseBoundStore<StoreApi<ProductLinksState>>;

export const createProductLinksStore = (): ProductLinksStoreApi => create<ProductLinksState>()(() => ({ needed: false, states: {}, inFlight: 0 }));

/** The till's (one per window); tests make their own. */
export const useProductLinksStore: ProductLinksStoreApi = createProductLinksStore();

/** The ids whose links decide a product's promotions: its own and, for a variant, its master's. */
export function linkIdsOf(product: Pick<TillProduct, 'id' | 'masterId'>): number[] {
  return product.masterId === null || product.masterId === product.id ? [product.id] : [product.id, product.masterId];
}

/** A basket line's state: 'offline' or 'failed' when one of its ids was not read, else 'checking' while one is read; null once known. */
export function lineLinkState(state: Pick<ProductLinksState, 'needed' | 'states'>, product: Pick<TillProduct, 'id' | 'masterId'>): LinkState | null {
  if (!state.needed) return null;
  let found: LinkState | null = null;
  for (const id of linkIdsOf(product)) {
    const each = state.states[id];
    if (each === 'offline' || each === 'failed') return each;
    if (each === 'checking') found = each;
  }
  return found;
}

/**
 * Whether a promotion on linked products (`apply_to` 1) may be on today: active and today within
 * its dates and weekdays (its hours may still begin later today, so they are not looked at).
 */
export function needsProductLinks(promotions: readonly Promotion[], at: Date | number): boolean {
  const today = { ...shopMoment(at), minuteOfDay: 0 };
  return promotions.some(
    (p) => p.apply_to === 1 && isPromotionOn({ active: p.active, start_date: p.start_date, end_date: p.end_date, weekdays: p.weekdays }, today),
  );
}

/** Error kinds that mean the shop could not be reached (the note says "offline"). */
const UNREACHABLE = new Set(['offline', 'unreachable', 'timeout', 'outcome-unknown']);

export interface ProductLinkCheckerOptions {
  db: ShopCatalogDb;
  bridge: Pick<BridgeClient, 'fetchShopPages'>;
  /** After links were stored: the basket is re-priced (awaited before the check counts as done). */
  onStored?: () => Promise<void> | void;
  store?: ProductLinksStoreApi;
  now?: () => Date;
  log?: (line: string) => void;
}

/** The checks of one catalog generation (a new generation gets a new checker). */
export class ProductLinkChecker {
  private readonly db: ShopCatalogDb;
  private readonly bridge: Pick<BridgeClient, 'fetchShopPages'>;
  private readonly onStored: () => Promise<void> | void;
  private readonly store: ProductLinksStoreApi;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  /** Read in this generation (here or, as its row says, by another window). */
  private readonly checked = new Set<number>();
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Not read, and why; asked again only when told to retry. */
  private readonly failed = new Map<number, 'offline' | 'failed'>();
  private closed = false;

  constructor(options: ProductLinkCheckerOptions) {
    this.db = options.db;
    this.bridge = options.bridge;
    this.onStored = options.onStored ?? (() => undefined);
    this.store = options.store ?? useProductLinksStore;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /**
   * Reads the links of `ids` not yet checked in this generation nor being read; of those that
   * failed before, only the ones in `retry`. One bridge call per product (a failure is its own).
   */
  check(ids: Iterable<number>, retry: Iterable<number> = []): Promise<void> {
    if (this.closed) return Promise.resolve();
    const again = new Set(retry);
    const wanted = [...new Set(ids)].filter((id) => !this.checked.has(id) && !this.inFlight.has(id) && (!this.failed.has(id) || again.has(id)));
    if (wanted.length === 0) return Promise.resolve();
    for (const id of wanted) this.failed.delete(id);
    this.publish(wanted, 'checking');
    // Which of them this generation already checked (another window, an earlier session): one read.
    const known = this.db.promotionLinksChecked.bulkGet(wanted).then(
      (rows) => new Set(rows.filter((row) => row !== undefined).map((row) => row.product_id)),
      () => new Set<number>(),
    );
    const all = wanted.map((id) => {
      const one = known.then((checked) => (checked.has(id) ? this.done(id) : this.read(id))).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, one);
      return one;
    });
    this.store.setState((state) => ({ inFlight: state.inFlight + wanted.length }));
    const settled = Promise.all(all).then(() => undefined);
    void settled.finally(() => {
      if (!this.closed) this.store.setState((state) => ({ inFlight: Math.max(0, state.inFlight - wanted.length) }));
    });
    return settled;
  }

  /** The ids that failed (to be asked again when the connection returns). */
  failedIds(): number[] {
    return [...this.failed.keys()];
  }

  /** The generation is no longer the till's: its answers are dropped and its states forgotten. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.store.setState({ states: {}, inFlight: 0 });
  }

  private async read(id: number): Promise<void> {
    let page: ShopPage;
    try {
      const answer = await this.bridge.fetchShopPages({ pages: [{ resource: 'promotionProducts', page: 1, parentId: id }] });
      const found = answer.pages[0];
      if (found === undefined || found.resource !== 'promotionProducts' || found.parentId !== id) throw new Error(`the answer is not product ${id}'s links`);
      page = found;
    } catch (error) {
      if (error instanceof BridgeError && error.kind === 'not-found') {
        // The shop no longer has the product: no promotion of it can apply.
        return this.keep(id, []);
      }
      return this.fail(id, error instanceof BridgeError && UNREACHABLE.has(error.kind) ? 'offline' : 'failed', error);
    }
    let links: { promotion_id: number; product_id: number }[];
    try {
      links = checkShopRecords('promotionProducts', page.records);
      if (links.some((link) => link.product_id !== id)) throw new Error(`a link of product ${id}'s answer names another product`);
    } catch (error) {
      return this.fail(id, 'failed', error);
    }
    return this.keep(id, links);
  }

  private async keep(id: number, links: readonly { promotion_id: number; product_id: number }[]): Promise<void> {
    if (this.closed) return;
    try {
      // Only added: a generation holds no product links but the ones read here, so nothing is replaced.
      await this.db.transaction('rw', this.db.promotionProducts, this.db.promotionLinksChecked, async () => {
        await this.db.promotionProducts.bulkPut(links.map((link) => ({ promotion_id: link.promotion_id, product_id: id })));
        await this.db.promotionLinksChecked.put({ product_id: id, checkedAt: this.now().toISOString() });
      });
    } catch (error) {
      return this.fail(id, 'failed', error);
    }
    if (links.length > 0) {
      try {
        await this.onStored();
      } catch (error) {
        this.log(`till: re-pricing after product ${id}'s promotion links failed: ${describe(error)}`);
      }
    }
    return this.done(id);
  }

  private done(id: number): void {
    this.checked.add(id);
    this.publish([id], null);
  }

  private fail(id: number, why: 'offline' | 'failed', error: unknown): void {
    if (this.closed) return;
    this.failed.set(id, why);
    this.publish([id], why);
    this.log(`till: product ${id}'s promotion links were not read (${why}): ${describe(error)}`);
  }

  private publish(ids: readonly number[], state: LinkState | null): void {
    if (this.closed) return;
    this.store.setState((previous) => {
      const states = { ...previous.states };
      for (const id of ids) {
        if (state === null) delete states[id];
        else states[id] = state;
      }
      return { states };
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ProductLinkFollowerOptions {
  checker: ProductLinkChecker;
  basket: StoreApi<BasketState>;
  /** The shop's connection (data/shop/shopConnection.ts): back online, what failed is asked again. */
  connection?: StoreApi<{ connection: CatalogConnection }>;
  store?: ProductLinksStoreApi;
  now?: () => Date | number;
}

/**
 * Follows the basket: every product in it (and a variant's master) is checked while the shop has a
 * promotion on linked products today; a product added again (`lastAdded`) is asked again if it
 * failed; when the connection comes back, everything that failed is.
 */
export function followBasketLinks(options: ProductLinkFollowerOptions): { stop(): void } {
  const { checker, basket } = options;
  const store = options.store ?? useProductLinksStore;
  const now = options.now ?? (() => Date.now());
  const idsInBasket = (state: BasketState) => state.entries.flatMap((entry) => linkIdsOf(entry.product));

  const follow = (state: BasketState, previous: BasketState | null) => {
    const needed = needsProductLinks(state.promotions, now());
    if (store.getState().needed !== needed) store.setState({ needed });
    if (!needed || state.entries.length === 0) return;
    let retry: number[] = [];
    if (state.lastAdded !== null && state.lastAdded !== previous?.lastAdded) {
      const added = state.entries.find((entry) => entry.key === state.lastAdded!.key);
      if (added !== undefined) retry = linkIdsOf(added.product);
    }
    void checker.check(idsInBasket(state), retry);
  };
  follow(basket.getState(), null);
  const unfollowBasket = basket.subscribe(follow);

  const unfollowConnection = options.connection?.subscribe((state, previous) => {
    if (state.connection !== 'online' || previous.connection === 'online') return;
    const current = basket.getState();
    if (!store.getState().needed) return;
    void checker.check(idsInBasket(current), checker.failedIds());
  });

  return {
    stop() {
      unfollowBasket();
      unfollowConnection?.();
    },
  };
}

/**
 * Pay's wait (docs/decisions.md): resolves true once no check is in flight (the basket then holds
 * every answer), or false after `ms` — Pay then goes on with what is known.
 */
export function productLinksSettled(ms: number, store: ProductLinksStoreApi = useProductLinksStore): Promise<boolean> {
  if (store.getState().inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, ms);
    const unsubscribe = store.subscribe((state) => {
      if (state.inFlight !== 0) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}
