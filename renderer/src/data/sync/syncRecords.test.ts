import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryWire,
  itemWire,
  menuMenuItemCategoryPivotWire,
  modifierCategoryWire,
  modifierPivotWire,
  modifierWire,
  sellingFormatPivotWire,
  stockWire,
} from '../../../../shared/api';
import { canonicalShapes, isCanonicalRecord, readPage, RecordProblem } from './syncRecords';

// The fast check of canonical records stands in for zod only if it never accepts what zod would
// reject or change: whatever it accepts, zod must accept and return as it was.

const RUNS = Number(process.env.FC_RUNS ?? 2000);

const schemas = {
  items: itemWire,
  modifiers: modifierWire,
  categories: categoryWire,
  sellingFormatPivots: sellingFormatPivotWire,
  modifierCategories: modifierCategoryWire,
  modifierPivots: modifierPivotWire,
  menuMenuItemCategoryPivots: menuMenuItemCategoryPivotWire,
  stocks: stockWire,
} as const satisfies Record<keyof typeof canonicalShapes, unknown>;

/** Values of every kind a field may hold, canonical and not (wire spellings, out of range, junk). */
const anyValue = fc.oneof(
  fc.constantFrom(0, 1, 4, -1, 2, 12.5, -0, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, NaN, Infinity, 1e308),
  fc.constantFrom('', 'x', '12', '12.50', '1', '0', 'true', 'false', ' 3 ', 'abc'),
  fc.constantFrom(true, false, null, undefined),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom({}, [], [1], { a: 1 }),
);

function recordOf(shape: Record<string, string>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, anyValue])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('x', 'extra', '__proto__', 'color', ...keys), anyValue, { maxKeys: 2 }),
    )
    .map(([fields, extra]) => ({ ...fields, ...extra }));
}

/** Canonical records: each field drawn from the values its kind accepts, so the fast path is hit. */
function canonicalOf(shape: Record<string, string>): fc.Arbitrary<Record<string, unknown>> {
  const byKind: Record<string, fc.Arbitrary<unknown>> = {
    int: fc.integer(),
    'int?': fc.oneof(fc.integer(), fc.constant(null)),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    'number?': fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
    string: fc.string(),
    'string?': fc.oneof(fc.string(), fc.constant(null)),
    flag: fc.boolean(),
    itemType: fc.constantFrom(0, 1, 4),
  };
  const optional = Object.entries(shape)
    .filter(([, kind]) => kind.endsWith('?'))
    .map(([key]) => key);
  return fc.record(Object.fromEntries(Object.entries(shape).map(([key, kind]) => [key, byKind[kind]!])), {
    requiredKeys: Object.keys(shape).filter((key) => !optional.includes(key)),
  });
}

describe.each(Object.keys(canonicalShapes) as (keyof typeof canonicalShapes)[])('canonical %s', (resource) => {
  const schema = schemas[resource];
  const shape = canonicalShapes[resource];

  it('names exactly the fields of the wire schema', () => {
    expect(Object.keys(shape).sort()).toEqual(Object.keys(schema.shape).sort());
  });

  it('accepts only records zod accepts and returns unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(recordOf(shape), canonicalOf(shape)), (record) => {
        if (!isCanonicalRecord(resource, record)) return;
        accepted++;
        const result = schema.safeParse(record);
        expect(result.success).toBe(true);
        expect(result.data).toStrictEqual({ ...record }); // fast-check builds null-prototype objects
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(RUNS / 4);
  });

  it('accepts what zod returns for a valid record', () => {
    fc.assert(
      fc.property(recordOf(shape), (record) => {
        const result = schema.safeParse(record);
        if (result.success) expect(isCanonicalRecord(resource, result.data as Record<string, unknown>)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('readPage', () => {
  const item = {
    id: 7,
    name: 'Caña',
    price: 2.5,
    costPrice: 0.8,
    type: 0,
    category_id: 3,
    photo: 'a.jpg',
    active: true,
    hasInventory: false,
    usesWeight: false,
    isMenu: false,
    shouldAppearInMenuList: false,
    isOpen: false,
    displayInventory: false,
    isLinked: false,
    useAverageCostPrice: false,
  };

  it('stores canonical and wire-spelled records alike', () => {
    const wire = { ...item, id: '8', price: '2.50', active: 1, photo: 'b.jpg' };
    const page = readPage('items', [item, wire]);
    expect(page.rows.items).toEqual([item, { ...item, id: 8, photo: 'b.jpg' }]);
    expect(page.photos).toEqual(['a.jpg', 'b.jpg']);
  });

  it('names the malformed record even when the others are canonical', () => {
    expect(() => readPage('items', [item, { ...item, id: 9, price: 'free' }])).toThrow(RecordProblem);
    expect(() => readPage('items', [item, { ...item, id: 9, price: 'free' }])).toThrow(/items record 2 \(id 9\): price/);
  });
});
