import { ALLERGENS, parseAllergies, type AllergenCode, type ItemWire } from '../api/catalog';
import type { CatalogIndex } from './catalog';
import { menuRulesOf } from './menus';

// spec 2.7: an item's `allergies` are allergen codes (1–13) joined by ";".

export interface Allergen {
  code: AllergenCode;
  name: (typeof ALLERGENS)[AllergenCode];
}

/** The item's own allergens, decoded (unknown codes skipped, spec 2.7). */
export function itemAllergens(item: ItemWire): Allergen[] {
  return parseAllergies(item.allergies).map((code) => ({ code, name: ALLERGENS[code] }));
}

/**
 * Every allergen a waiter may serve with the item: its own and, for a menu, those of every dish
 * it offers. Modifiers carry no allergen codes in spec 2.6, so they add none; a modifier that is
 * an item's name only cannot be traced to one.
 */
export function allergensOffered(item: ItemWire, catalog: CatalogIndex): AllergenCode[] {
  const codes = new Set<AllergenCode>(parseAllergies(item.allergies));
  for (const rule of menuRulesOf(item, catalog)) {
    for (const dish of rule.dishes) {
      const dishItem = catalog.items.get(dish.itemId);
      if (dishItem) for (const code of parseAllergies(dishItem.allergies)) codes.add(code);
    }
  }
  return [...codes].sort((a, b) => a - b);
}

/** The "hide items containing…" filter: true when the item may bring any of `hidden`. */
export function containsAnyAllergen(item: ItemWire, catalog: CatalogIndex, hidden: ReadonlySet<AllergenCode>): boolean {
  if (hidden.size === 0) return false;
  return allergensOffered(item, catalog).some((code) => hidden.has(code));
}
