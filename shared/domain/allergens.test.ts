import { describe, expect, it } from 'vitest';
import { allergensOffered, containsAnyAllergen, itemAllergens } from './allergens';
import { indexCatalog } from './catalog';
import { demoRecords } from './testing';

const catalog = indexCatalog(demoRecords());
const item = (id: number) => catalog.items.get(id)!;

describe('allergens (spec 2.7)', () => {
  it('decodes the ;-joined codes, skipping unknown ones', () => {
    expect(itemAllergens(item(12))).toEqual([
      { code: 1, name: 'eggs' },
      { code: 13, name: 'dairy' },
    ]);
    expect(itemAllergens(item(32))).toEqual([{ code: 6, name: 'celery' }]);
    expect(itemAllergens(item(10))).toEqual([]);
  });
  it('unions a menu’s own and its active dishes’ allergens', () => {
    // Gazpacho (7) is inactive in the menu.
    expect(allergensOffered(item(30), catalog)).toEqual([1, 4, 6, 12, 13]);
  });
  it('filters items containing any hidden allergen', () => {
    expect(containsAnyAllergen(item(30), catalog, new Set([4]))).toBe(true);
    expect(containsAnyAllergen(item(30), catalog, new Set([7]))).toBe(false);
    expect(containsAnyAllergen(item(10), catalog, new Set([1, 13]))).toBe(false);
    expect(containsAnyAllergen(item(11), catalog, new Set())).toBe(false);
  });
});
