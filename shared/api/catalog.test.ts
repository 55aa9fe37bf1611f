import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allergiesProblem,
  catalogResources,
  catalogSegments,
  categoryWire,
  groupWire,
  itemsPage,
  itemWire,
  menuMenuCategoryWire,
  menuMenuItemCategoryPivotWire,
  modifierCategoryWire,
  modifierGroupWire,
  modifierWire,
  parseAllergies,
  sellingFormatPivotWire,
  sellingFormatWire,
} from './catalog';

const item = { id: 7, name: 'Croquetas', price: 8.5, costPrice: 2.1, type: 0, category_id: 3 };

function failure(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return z.prettifyError(result.error);
}

describe('catalog wire schemas (spec 2.6)', () => {
  it('coerces numbers, ids and 0/1 flags sent as strings', () => {
    const parsed = itemWire.parse({ ...item, id: '7', price: '8.50', costPrice: '2.10', type: '4', category_id: '3', active: '0', isOpen: '1' });
    expect(parsed).toMatchObject({ id: 7, price: 8.5, costPrice: 2.1, type: 4, category_id: 3, active: false, isOpen: true });
  });

  it('ignores unknown fields without failing', () => {
    const parsed = modifierWire.parse({ id: 1, name: 'Sin cebolla', price: 0, category_id: 2, color: '#fff', nested: { a: 1 } });
    expect(parsed).not.toHaveProperty('color');
    expect(parsed.name).toBe('Sin cebolla');
  });

  it('reads the fields the clarifications name beyond the tables', () => {
    expect(modifierWire.parse({ id: 1, name: 'x', price: '0.5', category_id: 2, autoSelected: '1' }).autoSelected).toBe(true);
    expect(modifierCategoryWire.parse({ id: 1, name: 'Salsas', min: '1', max: '2' })).toMatchObject({ min: 1, max: 2 });
    expect(itemWire.parse({ ...item, order: '5' }).order).toBe(5);
  });

  it('applies the defaults of spec 2.6 when a field is absent or null', () => {
    expect(groupWire.parse({ id: 1 })).toMatchObject({ name: '', active: true });
    expect(itemWire.parse({ ...item, active: null })).toMatchObject({ active: true, hasInventory: false, isMenu: false, usesWeight: false });
    expect(sellingFormatWire.parse({ id: 1, name: 'Caña' }).active).toBe(true);
    expect(modifierCategoryWire.parse({ id: 1, name: 'Punto' })).toMatchObject({ isChoice: true, isOptional: true, active: true });
    expect(modifierGroupWire.parse({ id: 1, name: 'Carnes' }).dont_show_automatically).toBe(false);
    expect(menuMenuCategoryWire.parse({ id: 1, name: 'Primeros', item_id: 9 })).toMatchObject({ isMultipleChoice: 1, max: 1, min: 0 });
    expect(menuMenuItemCategoryPivotWire.parse({ id: 1, price: '0', item_id: 2, category_id: 3 })).toMatchObject({ active: true, addModifiersPrice: true });
  });

  it('accepts null for optional fields', () => {
    const parsed = categoryWire.parse({ id: 1, name: 'Tapas', group_id: 2, photo: null, tax_id: null, modifier_group_id: null });
    expect(parsed.photo).toBeNull();
  });

  it.each([
    ['item without costPrice', itemWire, { ...item, costPrice: undefined }, 'costPrice'],
    ['item without category_id', itemWire, { ...item, category_id: undefined }, 'category_id'],
    ['category without group_id', categoryWire, { id: 1, name: 'Tapas' }, 'group_id'],
    ['category without name', categoryWire, { id: 1, group_id: 2 }, 'name'],
    ['selling format pivot without quantity', sellingFormatPivotWire, { id: 1, price: 1, format_id: 1, item_id: 1 }, 'quantity'],
    ['menu pivot without price', menuMenuItemCategoryPivotWire, { id: 1, item_id: 2, category_id: 3 }, 'price'],
  ])('a missing required field fails naming it: %s', (_label, schema, input, field) => {
    expect(failure(schema, input)).toContain(`at ${field}`);
  });

  it.each([
    ['price "abc"', { ...item, price: 'abc' }, 'price'],
    ['type 2', { ...item, type: 2 }, 'type'],
    ['name as a number', { ...item, name: 12 }, 'name'],
    ['active "yes"', { ...item, active: 'yes' }, 'active'],
  ])('a wrongly typed field fails naming it: %s', (_label, input, field) => {
    expect(failure(itemWire, input)).toContain(`at ${field}`);
  });

  it('rejects an isMultipleChoice outside 0–4', () => {
    expect(failure(menuMenuCategoryWire, { id: 1, name: 'x', item_id: 1, isMultipleChoice: 5 })).toContain('at isMultipleChoice');
  });

  it('reads a Laravel page of items', () => {
    const page = itemsPage.parse({ current_page: '1', data: [item], total: '1', per_page: 50, last_page: 1, from: 1, to: 1 });
    expect(page.data[0]?.name).toBe('Croquetas');
    expect(page.total).toBe(1);
  });

  it('maps the 11 segments of spec 4.3 to their wrapper keys', () => {
    expect(catalogSegments).toHaveLength(11);
    for (const segment of catalogSegments) expect(catalogResources[segment].wrapperKey).toBe(segment);
    expect(catalogResources.menuMenuItemCategoryPivots.record).toBe(menuMenuItemCategoryPivotWire);
  });
});

describe('allergy codes (spec 2.7)', () => {
  it('reads codes leniently', () => {
    expect(parseAllergies('1;7;13')).toEqual([1, 7, 13]);
    expect(parseAllergies(' 1 ;x;14;7;7')).toEqual([1, 7]);
    expect(parseAllergies(null)).toEqual([]);
  });

  it('checks a written allergies string strictly', () => {
    expect(allergiesProblem('1;7;13')).toBeNull();
    expect(allergiesProblem('')).toBeNull();
    expect(allergiesProblem('1;14')).toMatch(/14/);
    expect(allergiesProblem('1,7')).toMatch(/not an allergen code/);
    expect(allergiesProblem('1;;7')).not.toBeNull();
    expect(allergiesProblem('7;7')).toMatch(/twice/);
  });
});
