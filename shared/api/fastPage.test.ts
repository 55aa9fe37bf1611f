import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogFastShapes, catalogResources, type CatalogSegment } from './catalog';
import { fastReadPage, generateRecordReader, type FastField, type FastShape } from './fastPage';
import { stockFastShape, stocksPage, stockWire } from './v2';
import { paginated } from './wire';

// The fast page reader stands in for zod only if, whenever it answers, zod answers the same: the
// same keys in the same order, the same values. Where it does not answer, zod reads the page.

const RUNS = 600;

const resources: Record<string, { record: z.ZodType; shape: FastShape; page: z.ZodType }> = {
  ...Object.fromEntries(
    (Object.keys(catalogFastShapes) as CatalogSegment[]).map((segment) => [
      segment,
      { record: catalogResources[segment].record, shape: catalogFastShapes[segment], page: catalogResources[segment].page },
    ]),
  ),
  stocks: { record: stockWire, shape: stockFastShape, page: stocksPage },
};

const ABSENT = Symbol('absent');

/** Values a field may hold: canonical, wire spellings, out of range, junk, and absence. */
const anyValue = fc.oneof(
  fc.constantFrom<unknown>(0, 1, 2, 3, 4, 5, -1, 12.5, -0, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity, 1e308),
  fc.constantFrom<unknown>('', 'x', '12', '12.50', '-3', '-0', '1', '0', '4', 'true', 'false', ' 3 ', '3.', '.5', '1e3', '9'.repeat(400), 'abc'),
  fc.constantFrom<unknown>(true, false, null, undefined, ABSENT),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom<unknown>({}, [], [1], { a: 1 }),
);

/** Values of the spellings a field of this kind reads (what a vendor sends), absence included where allowed. */
function validValue(kind: FastField): fc.Arbitrary<unknown> {
  const int = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 99_999 }).map(String));
  const number = fc.oneof(int, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), fc.constantFrom('12.50', ' 7 ', '-0.25'));
  const flag = fc.constantFrom<unknown>(0, 1, '0', '1', 'true', 'false', true, false);
  const nullish = fc.constantFrom<unknown>(null, ABSENT);
  switch (kind) {
    case 'int':
      return int;
    case 'number':
      return number;
    case 'string':
      return fc.string();
    case 'int?':
      return fc.oneof(int, nullish);
    case 'number?':
      return fc.oneof(number, nullish);
    case 'string?':
    case 'name':
      return fc.oneof(fc.string(), nullish);
    case 'flag:true':
    case 'flag:false':
      return fc.oneof(flag, nullish);
    case 'count:0':
    case 'count:1':
      return fc.oneof(int, nullish);
    case 'itemType':
      return fc.constantFrom<unknown>(0, 1, 4, '0', '1', '4');
    case 'multipleChoice':
      return fc.oneof(fc.constantFrom<unknown>(0, 1, 2, 3, 4, '2'), nullish);
  }
}

function recordOf(shape: FastShape, junk: boolean): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, kind]) => [
      key,
      junk ? fc.oneof({ weight: 4, arbitrary: validValue(kind) }, { weight: 1, arbitrary: anyValue }) : validValue(kind),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.dictionary(fc.constantFrom('extra', 'created_at', 'order', 'links', 'name', '__proto__'), anyValue, { maxKeys: 2 }))
    .map(([known, extra]) => {
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries({ ...extra, ...known })) if (value !== ABSENT) record[key] = value;
      return record;
    });
}

const envelope = fc.record(
  {
    current_page: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom<unknown>('1', null, 'x')),
    last_page: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom<unknown>('3', null, undefined)),
    per_page: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom<unknown>('200', undefined)),
    total: fc.oneof(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom<unknown>('20000', undefined, null)),
    from: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom<unknown>(null, undefined, '1')),
    to: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom<unknown>(null, undefined)),
    next_page_url: fc.constantFrom<unknown>('http://x/?page=2', null, undefined, 3),
    first_page_url: fc.constantFrom<unknown>('http://x/?page=1'),
    links: fc.constantFrom<unknown>([], [{ url: null, label: '1', active: true }]),
  },
  { requiredKeys: [] },
);

function pageOf(shape: FastShape, junk: boolean) {
  return fc.tuple(envelope, fc.array(recordOf(shape, junk), { maxLength: 6 })).map(([head, data]) => ({ ...head, data }));
}

/** Deep equality that also holds key order and -0 (JSON keeps the order zod builds). */
function expectSame(actual: unknown, expected: unknown) {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  if (actual !== null && typeof actual === 'object' && expected !== null && typeof expected === 'object') {
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const key of Object.keys(expected)) expectSame((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]);
  } else {
    expect(Object.is(actual, expected)).toBe(true);
  }
}

describe('fast page reader', () => {
  for (const [name, { record, shape }] of Object.entries(resources)) {
    it(`${name}: lists the record schema's fields in its order`, () => {
      expect(Object.keys(shape)).toEqual(Object.keys((record as z.ZodObject).shape));
    });

    for (const reader of ['generated', 'loop'] as const) {
      it(`${name} (${reader} reader): whatever it reads, zod reads the same; wire pages it reads all`, () => {
        const slow = paginated(record);
        fc.assert(
          fc.property(pageOf(shape, true), (page) => {
            const fast = fastReadPage(shape, page, reader);
            if (fast === undefined) return;
            const parsed = slow.safeParse(page);
            expect(parsed.success).toBe(true);
            expectSame(fast, parsed.data);
          }),
          { numRuns: RUNS },
        );
        // Pages in the spellings the fast reader is for: it must read them, so the sync is fast.
        const wellFormed = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.array(recordOf(shape, false), { maxLength: 6 })).map(([current_page, data]) => ({
          current_page,
          data,
          last_page: 9,
          per_page: 200,
          total: 1700,
          from: 1,
          to: 200,
          next_page_url: null,
          path: 'http://x/',
        }));
        fc.assert(
          fc.property(wellFormed, (page) => {
            const fast = fastReadPage(shape, page, reader);
            expect(fast).toBeDefined();
            expectSame(fast, slow.parse(page));
          }),
          { numRuns: Math.ceil(RUNS / 3) },
        );
      });
    }

    it(`${name}: the page schema accepts, returns and refuses what zod does, with zod's issues`, () => {
      const slow = paginated(record);
      const { page: schema } = resources[name]!;
      fc.assert(
        fc.property(pageOf(shape, true), (page) => {
          const fast = schema.safeParse(page);
          const reference = slow.safeParse(page);
          expect(fast.success).toBe(reference.success);
          if (fast.success && reference.success) expectSame(fast.data, reference.data);
          if (!fast.success && !reference.success) {
            expect(fast.error.issues.map(({ path, message, code }) => ({ path, message, code }))).toEqual(
              reference.error.issues.map(({ path, message, code }) => ({ path, message, code })),
            );
          }
        }),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    });
  }

  it('builds its reader as code where the platform allows it, and reads with the loop where not', () => {
    const shape = catalogFastShapes.modifiers;
    expect(generateRecordReader(shape)).toBeTypeOf('function'); // Node, as the main side runs it
    expect(generateRecordReader(shape, false)).toBeNull(); // the renderer's CSP: no code from strings
    expect(() => fastReadPage(shape, { current_page: 1, data: [] }, 'generated')).not.toThrow();
    // A key that an object literal would turn into the prototype is never generated.
    expect(generateRecordReader(JSON.parse('{"id": "int", "__proto__": "int"}') as FastShape)).toBeNull();
  });

  it('generated reader: an absent optional field stays absent, a null one stays null', () => {
    const shape = catalogFastShapes.items;
    const item = { id: 1, name: 'Caña', price: 1.8, costPrice: 0.5, type: 0, category_id: 3, photo: null };
    const read = fastReadPage(shape, { current_page: 1, data: [item] }, 'generated') as { data: Record<string, unknown>[] };
    expect(read.data[0]).toHaveProperty('photo', null);
    expect(read.data[0]).not.toHaveProperty('info');
    const loop = fastReadPage(shape, { current_page: 1, data: [item] }, 'loop') as { data: Record<string, unknown>[] };
    expectSame(read, loop);
  });

  it('leaves to zod what it does not know: a price in words, a missing name, a flag of 2', () => {
    const item = { id: 1, name: 'Caña', price: '1.80', costPrice: 0.5, type: 0, category_id: 3 };
    const shape = catalogFastShapes.items;
    expect(fastReadPage(shape, { current_page: 1, data: [item] })).toMatchObject({ data: [{ price: 1.8, active: true, isMenu: false }] });
    expect(fastReadPage(shape, { current_page: 1, data: [{ ...item, price: 'cheap' }] })).toBeUndefined();
    expect(fastReadPage(shape, { current_page: 1, data: [{ ...item, name: undefined }] })).toBeUndefined();
    expect(fastReadPage(shape, { current_page: 1, data: [{ ...item, active: 2 }] })).toBeUndefined();
    const refused = catalogResources.items.page.safeParse({ current_page: 1, data: [{ ...item, price: 'cheap' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['data', 0, 'price']);
  });
});
