import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogSegments } from './catalog';
import { catalogWriteRequests, MAX_CATALOG_BATCH_RECORDS } from './catalogWrite';

function problem(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return z.prettifyError(result.error);
}

const items = catalogWriteRequests.items;
const item = { name: 'Croquetas', price: 8.5, costPrice: '2.10', type: 0, category_id: 3 };

describe('catalog write requests (spec 2.6, 4.3)', () => {
  it('exists for every catalog resource', () => {
    expect(Object.keys(catalogWriteRequests).sort()).toEqual([...catalogSegments].sort());
  });

  it('create: the required fields of 2.6 (4.3 rule 2); flags sent as 0/1', () => {
    expect(items.create.parse({ ...item, active: false, allergies: '1;13' })).toEqual({ ...item, active: 0, allergies: '1;13' });
    expect(problem(items.create, { name: 'x', price: 1, type: 0, category_id: 3 })).toMatch(/costPrice/);
    expect(problem(items.create, { ...item, type: 2 })).toMatch(/type/);
    expect(problem(items.create, { ...item, allergies: '1;14' })).toMatch(/allergies/);
    expect(problem(catalogWriteRequests.categories.create, { name: 'Bebidas' })).toMatch(/group_id/);
    expect(problem(catalogWriteRequests.sellingFormatPivots.create, { quantity: 1, price: 2, format_id: 1 })).toMatch(/item_id/);
    expect(problem(catalogWriteRequests.menuMenuCategories.create, { name: 'Primeros', item_id: 5, isMultipleChoice: 7 })).toMatch(/isMultipleChoice/);
  });

  it('rule 1: a group may be created with no fields at all', () => {
    expect(catalogWriteRequests.groups.create.parse({})).toEqual({});
  });

  it('create refuses unknown keys and an id (an id makes it an update)', () => {
    expect(problem(items.create, { ...item, colour: 'red' })).toMatch(/colour/);
    expect(problem(items.create, { ...item, id: 4 })).toMatch(/id/);
  });

  it('fields the clarifications name are allowed (modifier autoSelected, modifier category min/max, item order)', () => {
    expect(catalogWriteRequests.modifiers.create.parse({ name: 'Extra', price: 0.5, category_id: 1, autoSelected: true }).autoSelected).toBe(1);
    expect(catalogWriteRequests.modifierCategories.create.parse({ name: 'Punto', min: 1, max: 1 })).toEqual({ name: 'Punto', min: 1, max: 1 });
    expect(items.create.parse({ ...item, order: 3 }).order).toBe(3);
  });

  it("a multi-record write carries at most MAX_CATALOG_BATCH_RECORDS (1,000, the sandbox's bound)", () => {
    const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, price: 1 }));
    expect(MAX_CATALOG_BATCH_RECORDS).toBe(1_000);
    expect(items.batch.parse({ items: records(1_000) }).items).toHaveLength(1_000);
    expect(problem(items.batch, { items: records(1_001) })).toMatch(/at most 1000 records/);
  });

  it('update: id plus only the fields that change (rule 3); required fields may not be cleared', () => {
    expect(items.update.parse({ id: 7, price: 9 })).toEqual({ id: 7, price: 9 });
    expect(problem(items.update, { price: 9 })).toMatch(/id/);
    expect(problem(items.update, { id: 7, name: null })).toMatch(/name/);
    expect(items.update.parse({ id: 7, photo: null })).toEqual({ id: 7, photo: null });
  });

  it('batch: the wrapper key holding creates and updates, each checked against its own shape', () => {
    const batch = items.batch.parse({ items: [item, { id: 7, active: true }] });
    expect(batch.items).toEqual([item, { id: 7, active: 1 }]);
    expect(problem(items.batch, { items: [] })).toMatch(/at least one/);
    expect(problem(items.batch, { items: [item, { name: 'no price' }] })).toMatch(/items\[1\]|items\.1/);
    expect(problem(items.batch, { items: [{ id: 7, price: 'cheap' }] })).toMatch(/price/);
    expect(problem(items.batch, { records: [item] })).toMatch(/records|items/);
  });
});
