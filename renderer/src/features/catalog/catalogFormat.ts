import { ITEM_TYPE, parseAllergies, type AllergenCode } from '../../../../shared/api/catalog';
import { allergenKeys, allergenName, type CatalogT } from '../../i18n/allergenText';

// Allergen names moved down to i18n/ (docs/decisions.md, "Renderer layers"): the manager's catalog says them too.
export { allergenKeys, allergenName, type CatalogT } from '../../i18n/allergenText';

// The words of the catalog view, as pure functions of `t` (tested without a browser, in each
// language). Prices go through the Formatters of the current language (i18n/format.ts).

export interface AllergenBadge {
  code: AllergenCode;
  /** Full name: "Eggs". */
  label: string;
  /** Its mark on a card: "EGG". */
  short: string;
  /** Title of the mark: "Contains eggs". */
  title: string;
}

/**
 * The allergens of an item's `allergies` field (spec 2.7: codes joined by ";"), in the order the
 * back office wrote them; unknown codes are skipped (parseAllergies), never shown as a number.
 */
export function allergenBadges(t: CatalogT, allergies: string | null | undefined): AllergenBadge[] {
  return parseAllergies(allergies).map((code) => {
    const label = allergenName(t, code);
    return { code, label, short: t(allergenKeys[code].short), title: t('containsAllergen', { allergen: label.toLocaleLowerCase() }) };
  });
}

/** "Allergens: eggs, dairy" for screen readers; null when the item declares none. */
export function describeAllergens(t: CatalogT, badges: readonly AllergenBadge[]): string | null {
  if (badges.length === 0) return null;
  return t('allergensList', { allergens: badges.map((badge) => badge.label.toLocaleLowerCase()).join(', ') });
}

/**
 * The small text badge of an item that is not a plain dish (spec 2.6 item type): a menu (1) is
 * ordered through its courses, a selling-format item (4) through one of its formats (tapa, ración…).
 */
export function itemTypeBadge(t: CatalogT, type: number): string | null {
  if (type === ITEM_TYPE.menu) return t('badgeMenu');
  if (type === ITEM_TYPE.sellingFormat) return t('badgeFormats');
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
