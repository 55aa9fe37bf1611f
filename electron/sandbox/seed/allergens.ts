// spec: hospitality 2.7 — allergy codes. An item's `allergies` is the chosen codes joined by ';'.
// Gluten is not in the spec's table, so it never appears as a code.

export const ALLERGEN_CODES = {
  eggs: 1,
  sesame: 2,
  lupin: 3,
  mustard: 4,
  fish: 5,
  celery: 6,
  crustaceans: 7,
  peanuts: 8,
  mollusks: 9,
  soy: 10,
  nuts: 11,
  sulfites: 12,
  dairy: 13,
} as const;

export type AllergenName = keyof typeof ALLERGEN_CODES;

export const ALLERGEN_NAMES = Object.keys(ALLERGEN_CODES) as AllergenName[];

/** ["dairy", "eggs"] → "1;13" (codes ascending, no duplicates); no allergens → null. */
export function allergyString(names: readonly AllergenName[]): string | null {
  const codes = [...new Set(names.map((n) => ALLERGEN_CODES[n]))].sort((a, b) => a - b);
  return codes.length > 0 ? codes.join(';') : null;
}

/** A valid `allergies` value: codes 1–13 joined by ';', each once (null/empty = none). */
export function isValidAllergyString(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value !== 'string' || !/^\d+(;\d+)*$/.test(value)) return false;
  const codes = value.split(';').map(Number);
  return codes.every((c) => c >= 1 && c <= 13) && new Set(codes).size === codes.length;
}
