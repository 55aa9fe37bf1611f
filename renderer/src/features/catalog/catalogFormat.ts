import { ALLERGENS, ITEM_TYPE, parseAllergies, type AllergenCode } from '../../../../shared/api/catalog';

// The words and numbers of the catalog view, as pure functions (tested without a browser). The UI
// speaks English; prices are the venue's, in euros written the Spanish way ("12,50 €").

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** "12,50 €" (es-ES writes the euro sign after the amount, with a no-break space). */
export function formatPrice(price: number): string {
  return euros.format(price);
}

/** What a waiter reads for each allergen code of spec 2.7 (ALLERGENS holds the spec's names). */
export const allergenLabels: Record<AllergenCode, string> = {
  1: 'Eggs',
  2: 'Sesame',
  3: 'Lupin',
  4: 'Mustard',
  5: 'Fish',
  6: 'Celery',
  7: 'Crustaceans',
  8: 'Peanuts',
  9: 'Molluscs',
  10: 'Soy',
  11: 'Nuts',
  12: 'Sulphites',
  13: 'Dairy',
};

export interface AllergenBadge {
  code: AllergenCode;
  /** Visible label: "Eggs". */
  label: string;
  /** Title for the badge: "Contains eggs". */
  title: string;
}

/**
 * The allergens of an item's `allergies` field (spec 2.7: codes joined by ";"), in the order the
 * back office wrote them; unknown codes are skipped (parseAllergies), never shown as a number.
 */
export function allergenBadges(allergies: string | null | undefined): AllergenBadge[] {
  return parseAllergies(allergies).map((code) => ({
    code,
    label: allergenLabels[code],
    title: `Contains ${ALLERGENS[code]}`,
  }));
}

/** "Allergens: eggs, dairy" for screen readers; null when the item declares none. */
export function describeAllergens(badges: readonly AllergenBadge[]): string | null {
  if (badges.length === 0) return null;
  return `Allergens: ${badges.map((badge) => badge.label.toLowerCase()).join(', ')}`;
}

/**
 * The small text badge of an item that is not a plain dish (spec 2.6 item type): a menu (1) is
 * ordered through its courses, a selling-format item (4) through one of its formats (tapa, ración…).
 */
export function itemTypeBadge(type: number): 'Menú' | 'Formats' | null {
  if (type === ITEM_TYPE.menu) return 'Menú';
  if (type === ITEM_TYPE.sellingFormat) return 'Formats';
  return null;
}

/**
 * The page-relative URL of a photo's thumbnail in the app's image route (docs/decisions.md, "Image
 * cache"): the same in both shells. Null for an item without a photo (empty or blank path).
 */
export function thumbnailUrl(photo: string | null | undefined): string | null {
  if (photo === null || photo === undefined || photo.trim() === '') return null;
  return `images/thumb/${encodeURIComponent(photo)}`;
}
