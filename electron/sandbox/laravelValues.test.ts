import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { laravelBoolean, laravelInteger, laravelNumeric, readBoolean, readInteger, readNumeric } from './laravelValues';

describe('readInteger (Laravel `integer`)', () => {
  it('reads whole numbers and strings of them, refuses everything else', () => {
    expect([4, '4', '-2', ' 7 ', '0', '-0'].map(readInteger)).toEqual([4, 4, -2, 7, 0, 0]);
    expect(['4.5', '4a', '', ' ', '04', '+4', '4e0', '4.0', true, false, null, 4.5, Number.NaN, '9007199254740993', {}, []].map(readInteger)).toEqual(
      Array(16).fill(null),
    );
  });

  it('every safe integer, written as a string, reads back as itself', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => readInteger(String(n)) === n + 0));
  });
});

describe('readNumeric (Laravel `numeric`) and readBoolean (Laravel `boolean`)', () => {
  it('reads numbers and numeric strings', () => {
    expect([12.5, '12.50', '-2.5', '3', ' 1.25 '].map(readNumeric)).toEqual([12.5, 12.5, -2.5, 3, 1.25]);
    expect(['1,5', '', 'abc', true, Number.POSITIVE_INFINITY, '1.'].map(readNumeric)).toEqual(Array(6).fill(null));
  });

  it('reads the six Laravel booleans only', () => {
    expect([true, 1, '1', false, 0, '0'].map(readBoolean)).toEqual([true, true, true, false, false, false]);
    expect(['true', 'yes', 2, '', null].map(readBoolean)).toEqual(Array(5).fill(null));
  });
});

describe('schemas', () => {
  const schema = z.object({ id: laravelInteger(z.int().positive()), amount: laravelNumeric().optional(), on: laravelBoolean().nullish() });

  it('give the normal form whatever form came', () => {
    expect(schema.parse({ id: '4', amount: '1.50', on: '1' })).toEqual({ id: 4, amount: 1.5, on: true });
    expect(schema.parse({ id: 4, on: null })).toEqual({ id: 4, on: null });
  });

  it('refuse with a message naming the value, and leave range checks to the field schema', () => {
    const bad = schema.safeParse({ id: '4a' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['id'], message: expect.stringContaining('"4a"') });
    expect(schema.safeParse({ id: '0' }).error?.issues[0]?.path).toEqual(['id']);
    expect(schema.safeParse({}).error?.issues[0]?.code).toBe('invalid_type');
  });
});
