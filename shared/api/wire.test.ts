import { describe, expect, it } from 'vitest';
import { wireInt } from './wire';

describe('wireInt', () => {
  it('takes integers sent as numbers or strings', () => {
    expect(wireInt.parse(12)).toBe(12);
    expect(wireInt.parse(' 7 ')).toBe(7);
  });

  it('refuses an id beyond 2^53, which JSON numbers cannot hold exactly', () => {
    expect(wireInt.safeParse('99999999999999999999').success).toBe(false);
    expect(wireInt.safeParse(2 ** 53).success).toBe(false);
    expect(wireInt.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
