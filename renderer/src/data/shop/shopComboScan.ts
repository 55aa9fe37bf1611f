import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { BridgeError, type BridgeClient, type BridgeEvent } from '../../../../shared/bridge';
import { knownComboSets, type KnownComboSets, type ProductLinksRead } from '../../../../shared/domain/retail/comboLinks';
import { shopMoment } from '../../../../shared/domain/retail/schedule';
import type { ShopCatalogDb, ShopDb, StoredShopPromotion } from './shopDb';
import { checkShopRecords } from './shopRecords';

// The combo scan (docs/decisions.md "Combos on linked products: the whole set, or no combo"). A
// combo on linked products (type 3, `apply_to` 1) may apply only when the till knows every product
// linked to it, and the retail API names a product's promotions only product by product
// (`GET catalog/products/{id}/promotions`, retail-api.md §4.5, on the 40-a-minute catalog budget).
// So, while the current generation has such a combo that is active and not past its end date, this
// reads every product's links in the background, at `perMinute` (half the catalog budget the main
// side keeps, 20 at the spec's 40: the rest is left to the sync, the basket's own checks and the
// webhooks; a shell that lifts the budget, as the e2e tests do, lifts the pace), and keeps them in the shop's
// pointer database (`comboLinkReads`), across generations. Order: products never read first, then
// reads older than `refreshAfterMs` (12 h), oldest first; a product a webhook says changed (or a
// new one) goes to the front. The sets are whole (`complete`) once every product of the
// generation has a read younger than `maxAgeMs` (24 h): link changes raise no webhook, so a read
// stops counting after a day. The answers are also stored in the generation's `promotionProducts`
// (as the basket's own checks, features/till/productLinks.ts, store them), so a product read here
// is not asked again for the basket.

export const COMBO_SCAN_PER_MINUTE = 20;
export const COMBO_READ_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const COMBO_READ_REFRESH_MS = 12 * 60 * 60 * 1000;
/** After a failed read (offline, the service refusing), the next try: as long as 20 reads take (a minute at 20 a minute). */
export const COMBO_SCAN_RETRY_READS = 20;

/** The scan's pace for a shop's catalog budget a minute (getAppInfo `catalogPerMinute`; null: the spec's 40): half of it. */
export function comboScanPerMinute(catalogPerMinute: number | null): number {
  return catalogPerMinute === null ? COMBO_SCAN_PER_MINUTE : Math.max(1, Math.floor(catalogPerMinute / 2));
}

export interface ComboScanState {
  /** The generation has a combo on linked products that may be on (else nothing is read). */
  needed: boolean;
  known: KnownComboSets;
  /** Why the scan is waiting: the shop could not be reached, or answered something unreadable. */
  problem: 'offline' | 'failed' | null;
}

export type ComboScanStoreApi = UseBoundStore<StoreApi<ComboScanState>>;

const NOTHING_KNOWN: KnownComboSets = { complete: false, read: 0, total: 0, sets: new Map() };

export const createComboScanStore = (): ComboScanStoreApi => create<ComboScanState>()(() => ({ needed: false, known: NOTHING_KNOWN, problem: null }));

/** The till's (one per window); tests make their own. */
export const useComboScanStore: ComboScanStoreApi = createComboScanStore();

/** Whether a promotion is a combo on linked products that is active and not over (its hours and weekdays aside). */
export function isScannedCombo(promotion: Pick<StoredShopPromotion, 'type' | 'apply_to' | 'active' | 'end_date'>, at: Date | number): boolean {
  return promotion.type === 3 && promotion.apply_to === 1 && promotion.active && (promotion.end_date === null || promotion.end_date >= shopMoment(at).date);
}

const UNREACHABLE = new Set(['offline', 'unreachable', 'timeout', 'outcome-unknown', 'rate-limited']);

export interface ComboScanOptions {
  /** The shop's pointer database (shopDb.ts openShopDb): where the reads are kept. */
  shopDb: ShopDb;
  /** The current generation. */
  db: ShopCatalogDb;
  bridge: Pick<BridgeClient, 'fetchShopPages' | 'onEvent'>;
  store?: ComboScanStoreApi;
  now?: () => Date;
  perMinute?: number;
  /** After a failed read, the next try (default: COMBO_SCAN_RETRY_READS reads at `perMinute`). */
  retryMs?: number;
  maxAgeMs?: number;
  refreshAfterMs?: number;
  /** Resolves after `ms`, or at once when `signal` aborts (tests pass their own). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
}

/** The scan of one generation (a new generation gets a new scan; the reads carry over). */
export class ComboLinkScan {
  private readonly o: Required<Omit<ComboScanOptions, 'store'>> & { store: ComboScanStoreApi };
  private readonly reads = new Map<number, ProductLinksRead>();
  private catalog: number[] = [];
  /** Read before anything else (a webhook said the product changed, or it is new). */
  private readonly urgent = new Set<number>();
  /** Products whose last read failed: tried again only after every other product due. */
  private readonly failedLately = new Set<number>();
  private stopped = false;
  private wake = new AbortController();
  private unsubscribe: (() => void) | null = null;

  constructor(options: ComboScanOptions) {
    const perMinute = Math.max(1, options.perMinute ?? COMBO_SCAN_PER_MINUTE);
    this.o = {
      store: options.store ?? useComboScanStore,
      now: options.now ?? (() => new Date()),
      perMinute,
      retryMs: options.retryMs ?? (COMBO_SCAN_RETRY_READS * 60_000) / perMinute,
      maxAgeMs: options.maxAgeMs ?? COMBO_READ_MAX_AGE_MS,
      refreshAfterMs: options.refreshAfterMs ?? COMBO_READ_REFRESH_MS,
      sleep: options.sleep ?? sleepUnlessWoken,
      log: options.log ?? ((line) => console.warn(line)),
      shopDb: options.shopDb,
      db: options.db,
      bridge: options.bridge,
    };
  }

  /** Follows the shop's product webhooks and scans until stopped. */
  start(): void {
    this.unsubscribe = this.o.bridge.onEvent((event: BridgeEvent) => {
      if (event.type === 'shop-product-changed') this.productChanged(event.productId);
    });
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake.abort();
    this.o.store.setState({ needed: false, known: NOTHING_KNOWN, problem: null });
  }

  /** A product changed at the shop (or is new): its links are read next. */
  productChanged(productId: number): void {
    this.urgent.add(productId);
    if (!this.catalog.includes(productId)) this.catalog.push(productId);
    this.publish();
    this.wake.abort();
  }

  /**
   * One pass: reads every product whose links are missing, urgent or due for a refresh. Returns
   * false when nothing needs scanning (no combo on linked products).
   */
  async pass(): Promise<boolean> {
    const promotions = await this.o.db.promotions.toArray();
    const needed = promotions.some((p) => isScannedCombo(p, this.o.now()));
    this.o.store.setState({ needed });
    if (!needed) return false;
    const ids = (await this.o.db.products.toCollection().primaryKeys()) as number[];
    this.catalog = [...new Set([...ids, ...this.urgent])];
    const rows = await this.o.shopDb.comboLinkReads.bulkGet(this.catalog);
    rows.forEach((row, i) => {
      const id = this.catalog[i]!;
      if (row === undefined) this.reads.delete(id);
      else this.reads.set(id, { promotionIds: row.promotion_ids, readAt: Date.parse(row.readAt) });
    });
    this.publish();
    const pace = 60_000 / this.o.perMinute;
    for (let id = this.next(); id !== null && !this.stopped; id = this.next()) {
      const ok = await this.read(id);
      if (this.stopped) break;
      if (ok) this.failedLately.delete(id);
      else this.failedLately.add(id);
      if (!ok) {
        await this.o.sleep(this.o.retryMs, this.wake.signal);
        this.rearm();
        continue;
      }
      this.o.store.setState({ problem: null });
      await this.o.sleep(pace, new AbortController().signal);
    }
    return true;
  }

  /**
   * The product to read next: urgent ones, then never read, then the oldest read due for a refresh.
   * A product whose read failed waits behind every other one due, so one product the service keeps
   * refusing does not hold back the rest of the catalog.
   */
  private next(): number | null {
    const id = this.nextDue((candidate) => !this.failedLately.has(candidate));
    if (id !== null || this.failedLately.size === 0) return id;
    this.failedLately.clear();
    return this.nextDue(() => true);
  }

  private nextDue(allowed: (id: number) => boolean): number | null {
    for (const id of this.urgent) if (allowed(id)) return id;
    const due = this.o.now().getTime() - this.o.refreshAfterMs;
    let oldest: number | null = null;
    let oldestAt = Number.POSITIVE_INFINITY;
    for (const id of this.catalog) {
      if (!allowed(id)) continue;
      const read = this.reads.get(id);
      if (read === undefined) return id;
      if (read.readAt < due && read.readAt < oldestAt) {
        oldest = id;
        oldestAt = read.readAt;
      }
    }
    return oldest;
  }

  private async read(id: number): Promise<boolean> {
    let links: { promotion_id: number; product_id: number }[];
    try {
      const answer = await this.o.bridge.fetchShopPages({ pages: [{ resource: 'promotionProducts', page: 1, parentId: id }] });
      const page = answer.pages[0];
      if (page === undefined || page.resource !== 'promotionProducts' || page.parentId !== id) throw new Error(`the answer is not product ${id}'s links`);
      links = checkShopRecords('promotionProducts', page.records);
      if (links.some((link) => link.product_id !== id)) throw new Error(`a link of product ${id}'s answer names another product`);
    } catch (error) {
      if (error instanceof BridgeError && error.kind === 'not-found') {
        // The shop no longer has the product: it is linked to nothing.
        links = [];
      } else {
        const why = error instanceof BridgeError && UNREACHABLE.has(error.kind) ? 'offline' : 'failed';
        this.o.store.setState({ problem: why });
        this.o.log(`till: the combo scan could not read product ${id}'s promotions (${why}): ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    }
    const readAt = this.o.now();
    const promotionIds = [...new Set(links.map((link) => link.promotion_id))];
    try {
      await this.o.shopDb.comboLinkReads.put({ product_id: id, promotion_ids: promotionIds, readAt: readAt.toISOString() });
      await this.o.db.transaction('rw', this.o.db.promotionProducts, this.o.db.promotionLinksChecked, async () => {
        await this.o.db.promotionProducts.where('product_id').equals(id).delete();
        await this.o.db.promotionProducts.bulkPut(promotionIds.map((promotionId) => ({ promotion_id: promotionId, product_id: id })));
        await this.o.db.promotionLinksChecked.put({ product_id: id, checkedAt: readAt.toISOString() });
      });
    } catch (error) {
      this.o.store.setState({ problem: 'failed' });
      this.o.log(`till: the combo scan could not store product ${id}'s promotions: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    this.urgent.delete(id);
    this.reads.set(id, { promotionIds, readAt: readAt.getTime() });
    this.publish();
    return true;
  }

  private publish(): void {
    if (this.stopped) return;
    this.o.store.setState({ known: knownComboSets(this.catalog, this.withoutUrgent(), this.o.now().getTime(), this.o.maxAgeMs) });
  }

  /** Reads, minus the products a webhook said changed (their links are not known until read again). */
  private withoutUrgent(): Map<number, ProductLinksRead> {
    if (this.urgent.size === 0) return this.reads;
    const reads = new Map(this.reads);
    for (const id of this.urgent) reads.delete(id);
    return reads;
  }

  private rearm(): void {
    if (this.wake.signal.aborted) this.wake = new AbortController();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let needed = false;
      try {
        needed = await this.pass();
      } catch (error) {
        this.o.log(`till: the combo scan stopped a pass: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (this.stopped) return;
      // Until the next read falls due (or a webhook wakes it); a generation without combos only waits for webhooks.
      const due = needed ? this.nextDueInMs() : COMBO_READ_REFRESH_MS;
      await this.o.sleep(due, this.wake.signal);
      this.rearm();
    }
  }

  private nextDueInMs(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const read of this.reads.values()) oldest = Math.min(oldest, read.readAt);
    if (!Number.isFinite(oldest)) return this.o.retryMs;
    return Math.max(this.o.retryMs, oldest + this.o.refreshAfterMs - this.o.now().getTime());
  }
}

function sleepUnlessWoken(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
