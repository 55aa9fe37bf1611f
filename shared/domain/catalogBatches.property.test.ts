import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogBatchBody, CatalogRecordTooLarge, splitCatalogBatch } from './catalogBatches';

// Issue 17's proof: splitting any batch of catalog writes under the request limit keeps every
// record exactly once, in order — and each body within the limit, no batch empty, none that could
// have taken the next batch's first record.

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Catalog-like records: an id, and fields with any text (accents, emoji, quotes that JSON escapes). */
const recordArb = fc.record(
  {
    id: fc.integer({ min: 1, max: 1_000_000 }),
    name: fc.string({ unit: 'grapheme', maxLength: 60 }),
    price: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
    allergies: fc.constantFrom(null, '1;4', '1;2;3;4;5;6;7;8;9;10;11;12;13'),
    info: fc.string({ maxLength: 400 }),
  },
  { requiredKeys: ['name'] },
);
const wrapperArb = fc.constantFrom('items', 'categories', 'groups', 'modifiers', 'menuMenuItemCategoryPivots');

describe('splitCatalogBatch', () => {
  it('keeps every record exactly once, in order, each body within the limit, as few batches as filling allows', () => {
    fc.assert(
      fc.property(wrapperArb, fc.array(recordArb, { maxLength: 120 }), fc.integer({ min: 0, max: 6_000 }), (key, records, slack) => {
        const largest = Math.max(0, ...records.map((record) => bytes(catalogBatchBody(key, [record]))));
        const maxBytes = largest + slack;
        const batches = splitCatalogBatch(key, records, maxBytes);
        expect(batches.flat()).toEqual(records);
        for (const [index, batch] of batches.entries()) {
          expect(batch.length).toBeGreaterThan(0);
          expect(bytes(catalogBatchBody(key, batch))).toBeLessThanOrEqual(maxBytes);
          const next = batches[index + 1];
          if (next) expect(bytes(catalogBatchBody(key, [...batch, next[0]]))).toBeGreaterThan(maxBytes);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('one batch when everything fits; none for no records', () => {
    const records = [{ id: 1, price: 2.5 }, { id: 2, name: 'Croquetas' }];
    expect(splitCatalogBatch('items', records, bytes(catalogBatchBody('items', records)))).toEqual([records]);
    expect(splitCatalogBatch('items', [], 10)).toEqual([]);
  });

  it('refuses, splitting nothing, a record that alone is over the limit', () => {
    const big = { id: 7, info: 'x'.repeat(500) };
    const limit = bytes(catalogBatchBody('items', [big])) - 1;
    expect(() => splitCatalogBatch('items', [{ id: 1 }, big], limit)).toThrow(CatalogRecordTooLarge);
    try {
      splitCatalogBatch('items', [{ id: 1 }, big], limit);
    } catch (error) {
      expect(error).toMatchObject({ index: 1, maxBytes: limit });
    }
  });

  it('counts bytes, not characters: text outside ASCII takes more room', () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: 'ñ'.repeat(100) }));
    const ascii = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: 'n'.repeat(100) }));
    const limit = bytes(catalogBatchBody('items', ascii.slice(5))); // the larger half (ids 6–10)
    expect(splitCatalogBatch('items', ascii, limit)).toHaveLength(2);
    expect(splitCatalogBatch('items', records, limit).length).toBeGreaterThan(2);
  });
});
