import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogBatchBody, CatalogRecordTooLarge, splitCatalogBatch } from './catalogBatches';

// Splitting any batch of catalog writes at both limits (request bytes and records per write)
// keeps every record exactly once, in order — each batch within both limits, none empty, none that
// could have taken the next batch's first record.

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
  it('keeps every record exactly once, in order, each batch within both limits, as few batches as filling allows', () => {
    fc.assert(
      fc.property(
        wrapperArb,
        fc.array(recordArb, { maxLength: 120 }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 1, max: 130 }),
        (key, records, slack, maxRecords) => {
          const largest = Math.max(0, ...records.map((record) => bytes(catalogBatchBody(key, [record]))));
          const limits = { maxBytes: largest + slack, maxRecords };
          const batches = splitCatalogBatch(key, records, limits);
          expect(batches.flat()).toEqual(records);
          for (const [index, batch] of batches.entries()) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(maxRecords);
            expect(bytes(catalogBatchBody(key, batch))).toBeLessThanOrEqual(limits.maxBytes);
            const next = batches[index + 1];
            // A batch ends only when the next record would break a limit.
            if (next) {
              const full = batch.length === maxRecords || bytes(catalogBatchBody(key, [...batch, next[0]])) > limits.maxBytes;
              expect(full).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a save of 2,000 small records goes in two writes of 1,000 (the count limit binds, not the bytes)', () => {
    const records = Array.from({ length: 2_000 }, (_, i) => ({ id: i + 1, price: '1.00' }));
    const batches = splitCatalogBatch('items', records, { maxBytes: 2_000_000, maxRecords: 1_000 });
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000]);
    expect(batches.flat()).toEqual(records);
  });

  it('one batch when everything fits; none for no records', () => {
    const records = [
      { id: 1, price: 2.5 },
      { id: 2, name: 'Croquetas' },
    ];
    expect(splitCatalogBatch('items', records, { maxBytes: bytes(catalogBatchBody('items', records)), maxRecords: 2 })).toEqual([records]);
    expect(splitCatalogBatch('items', [], { maxBytes: 10, maxRecords: 1 })).toEqual([]);
  });

  it('refuses, splitting nothing, a record that alone is over the limit', () => {
    const big = { id: 7, info: 'x'.repeat(500) };
    const limit = bytes(catalogBatchBody('items', [big])) - 1;
    expect(() => splitCatalogBatch('items', [{ id: 1 }, big], { maxBytes: limit, maxRecords: 10 })).toThrow(CatalogRecordTooLarge);
    try {
      splitCatalogBatch('items', [{ id: 1 }, big], { maxBytes: limit, maxRecords: 10 });
    } catch (error) {
      expect(error).toMatchObject({ index: 1, maxBytes: limit });
    }
  });

  it('counts bytes, not characters: text outside ASCII takes more room', () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: 'ñ'.repeat(100) }));
    const ascii = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: 'n'.repeat(100) }));
    const limit = bytes(catalogBatchBody('items', ascii.slice(5))); // the larger half (ids 6–10)
    expect(splitCatalogBatch('items', ascii, { maxBytes: limit, maxRecords: 100 })).toHaveLength(2);
    expect(splitCatalogBatch('items', records, { maxBytes: limit, maxRecords: 100 }).length).toBeGreaterThan(2);
  });
});
