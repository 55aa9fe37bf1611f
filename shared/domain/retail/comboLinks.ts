import type { Promotion } from './promotions';

// What the till knows of a combo's products (docs/decisions.md "Combos on linked products: the
// whole set, or no combo"). The retail API lists a product's promotions (`GET catalog/products/{id}/
// promotions`, retail-api.md §4.5) but no promotion's products, so a combo on linked products
// (type 3, `apply_to` 1) is known whole only once EVERY product of the catalog has had its links
// read, recently enough. Pure: the till's scan (renderer/src/data/shop/shopComboScan.ts) keeps the
// reads; this says what they prove.

/** One product's links as read at `readAt` (epoch ms). */
export interface ProductLinksRead {
  promotionIds: readonly number[];
  readAt: number;
}

export interface KnownComboSets {
  /** Every catalog product's links were read within the age limit: the sets below are whole. */
  complete: boolean;
  /** Products read and not yet: for the till's "checking the combo's products" note. */
  read: number;
  total: number;
  /** Promotion id → the products whose (fresh) links name it. */
  sets: ReadonlyMap<number, readonly number[]>;
}

/**
 * The combo sets the reads prove. A read older than `maxAgeMs` proves nothing (a link may have
 * been added since; link changes raise no webhook), so it counts as not read.
 */
export function knownComboSets(
  catalogProductIds: Iterable<number>,
  reads: ReadonlyMap<number, ProductLinksRead>,
  now: number,
  maxAgeMs: number,
): KnownComboSets {
  const oldest = now - maxAgeMs;
  const sets = new Map<number, number[]>();
  let read = 0;
  let total = 0;
  for (const productId of catalogProductIds) {
    total++;
    const links = reads.get(productId);
    if (links === undefined || links.readAt < oldest) continue;
    read++;
    for (const promotionId of links.promotionIds) (sets.get(promotionId) ?? sets.set(promotionId, []).get(promotionId)!).push(productId);
  }
  return { complete: read === total, read, total, sets };
}

/**
 * The promotions with what the scan knows: each combo on linked products gets the products the
 * reads link to it added to its own (a link read for the basket is fresher; a larger set only
 * asks for more products, never prices one missing) and `productSetComplete` when the reads are.
 */
export function withComboSets(promotions: readonly Promotion[], known: Pick<KnownComboSets, 'complete' | 'sets'>): Promotion[] {
  return promotions.map((promotion) => {
    if (promotion.type !== 3 || promotion.apply_to !== 1) return promotion;
    const scanned = known.sets.get(promotion.id) ?? [];
    const productIds = scanned.length === 0 ? promotion.productIds : [...new Set([...promotion.productIds, ...scanned])];
    return { ...promotion, productIds, productSetComplete: known.complete };
  });
}
