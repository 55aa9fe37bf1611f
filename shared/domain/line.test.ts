import { describe, expect, it } from 'vitest';
import { indexCatalog } from './catalog';
import { evaluateLine, type LineChoice, type LineResult } from './line';
import { demoRecords } from './testing';

const catalog = indexCatalog(demoRecords());
const line = (choice: LineChoice) => evaluateLine(choice, catalog);
const reasons = (result: LineResult) => (result.ok ? [] : result.reasons);
const priced = (result: LineResult) => {
  if (!result.ok) throw new Error(result.reasons.join('; '));
  return result.line;
};

describe('an order line', () => {
  it('prices a plain item × quantity', () => {
    expect(priced(line({ itemId: 10, quantity: 3 }))).toMatchObject({ unitCents: 250, totalCents: 750, note: null });
  });
  it('adds modifiers to a normal item', () => {
    const l = priced(line({ itemId: 11, quantity: 2, modifierIds: [2, 3, 4], note: ' sin sal ' }));
    expect(l.unitCents).toBe(1890 + 120 + 80);
    expect(l.totalCents).toBe(2 * 2090);
    expect(l.note).toBe('sin sal');
  });
  it('says which modifier is missing', () => {
    expect(reasons(line({ itemId: 11, quantity: 1 }))).toEqual(['Choose Punto de la carne']);
  });
  it('sells a type 4 item through a format at the pivot price', () => {
    expect(priced(line({ itemId: 20, quantity: 1, formatPivotId: 2 }))).toMatchObject({ unitCents: 2400, format: { name: 'Ración' } });
    expect(reasons(line({ itemId: 20, quantity: 1 }))).toEqual(['Choose a format']);
    expect(reasons(line({ itemId: 20, quantity: 1, formatPivotId: 3 }))).toEqual(['Choose a format']);
  });
  it('prices a menu: price + supplements + dish modifiers when addModifiersPrice', () => {
    const l = priced(
      line({
        itemId: 30,
        quantity: 2,
        dishes: [{ pivotId: 1 }, { pivotId: 4, modifierIds: [1, 3] }, { pivotId: 8 }],
      }),
    );
    expect(l.unitCents).toBe(1450 + 300 + 120);
    expect(l.totalCents).toBe(2 * 1870);
    const noAdd = priced(line({ itemId: 30, quantity: 1, dishes: [{ pivotId: 2 }, { pivotId: 5, modifierIds: [7] }, { pivotId: 9 }] }));
    expect(noAdd.unitCents).toBe(1450 + 150);
  });
  it('explains an incomplete menu', () => {
    expect(reasons(line({ itemId: 30, quantity: 1, dishes: [{ pivotId: 4 }] }))).toEqual([
      'Entrecot: Choose Punto de la carne',
      'Choose 1 more from Primeros',
      'Choose 1 more from Tapas',
    ]);
    expect(
      reasons(line({ itemId: 30, quantity: 1, dishes: [{ pivotId: 1 }, { pivotId: 2 }, { pivotId: 5 }, { pivotId: 9 }, { pivotId: 6 }, { pivotId: 7 }] })),
    ).toEqual(['Choose at most 1 from Primeros', 'Choose at most 1 from Postre']);
    expect(reasons(line({ itemId: 30, quantity: 1, dishes: [{ pivotId: 3 }, { pivotId: 1 }, { pivotId: 4, modifierIds: [1] }, { pivotId: 9 }] }))).toEqual([
      'That dish is not offered in Menú del día',
    ]);
  });
  it('asks for at least one dish when every menu category is optional', () => {
    const records = demoRecords();
    const c = indexCatalog({ ...records, menuMenuCategories: records.menuMenuCategories.filter((m) => m.id === 3) });
    expect(evaluateLine({ itemId: 30, quantity: 1 }, c)).toEqual({ ok: false, reasons: ['Choose at least one dish'] });
    expect(evaluateLine({ itemId: 30, quantity: 1, dishes: [{ pivotId: 6 }] }, c).ok).toBe(true);
  });
  it('refuses bad quantities, unknown and inactive items, and choices of the wrong kind', () => {
    expect(reasons(line({ itemId: 10, quantity: 0 }))).toEqual(['Quantity must be a whole number, 1 or more']);
    expect(reasons(line({ itemId: 10, quantity: 1.5 }))).toEqual(['Quantity must be a whole number, 1 or more']);
    expect(reasons(line({ itemId: 10, quantity: 100_001 }))).toEqual(['Quantity must be at most 100000']);
    expect(reasons(line({ itemId: 999, quantity: 1 }))).toEqual(['Item 999 is not in the catalog']);
    expect(reasons(line({ itemId: 13, quantity: 1 }))).toEqual(['Agotado is not available']);
    expect(reasons(line({ itemId: 10, quantity: 1, formatPivotId: 1, dishes: [{ pivotId: 1 }] }))).toEqual(['Caña has no formats', 'Caña is not a menu']);
    expect(reasons(line({ itemId: 20, quantity: 1, formatPivotId: 1, modifierIds: [1] }))).toEqual(['Jamón takes no modifiers']);
  });
});
