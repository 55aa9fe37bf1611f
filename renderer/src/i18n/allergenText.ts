import type { TFunction } from 'i18next';
import type { AllergenCode } from '../../../shared/api/catalog';

// Allergens in the waiter's words: the catalog view and the manager's catalog say them.

/** The message keys of each allergen code of spec 2.7: its name and its short mark on a card. */
export const allergenKeys = {
  1: { name: 'allergenEggs', short: 'allergenEggsShort' },
  2: { name: 'allergenSesame', short: 'allergenSesameShort' },
  3: { name: 'allergenLupin', short: 'allergenLupinShort' },
  4: { name: 'allergenMustard', short: 'allergenMustardShort' },
  5: { name: 'allergenFish', short: 'allergenFishShort' },
  6: { name: 'allergenCelery', short: 'allergenCeleryShort' },
  7: { name: 'allergenCrustaceans', short: 'allergenCrustaceansShort' },
  8: { name: 'allergenPeanuts', short: 'allergenPeanutsShort' },
  9: { name: 'allergenMolluscs', short: 'allergenMolluscsShort' },
  10: { name: 'allergenSoy', short: 'allergenSoyShort' },
  11: { name: 'allergenNuts', short: 'allergenNutsShort' },
  12: { name: 'allergenSulphites', short: 'allergenSulphitesShort' },
  13: { name: 'allergenDairy', short: 'allergenDairyShort' },
} as const satisfies Record<AllergenCode, { name: string; short: string }>;

/** `t` of the catalog namespace (useTranslation('catalog'), or i18n.getFixedT(language, 'catalog')). */
export type CatalogT = TFunction<'catalog'>;

/** "Eggs" / "Huevo" / "Ou": what a waiter reads for an allergen code. */
export function allergenName(t: CatalogT, code: AllergenCode): string {
  return t(allergenKeys[code].name);
}
