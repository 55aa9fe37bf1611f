import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, shopBarcode } from './ean';

describe('EAN-13', () => {
  it('computes the GS1 check digit (weights 1 and 3 from the left)', () => {
    // GS1's own example and two printed on products.
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('841234567890')).toBe(5);
    // A sum that is already a multiple of 10 gives 0, not 10.
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(ean13CheckDigit('100000000003')).toBe(0);
  });

  it('accepts only 13 digits ending in their check digit', () => {
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(isValidEan13('590123412345')).toBe(false);
    expect(isValidEan13('59012341234570')).toBe(false);
    expect(isValidEan13('590123412345A')).toBe(false);
    expect(isValidEan13('')).toBe(false);
  });

  it("gives the shop's barcodes the Spanish prefix 84, all different and valid", () => {
    const codes = [0, 1, 9, 10, 12_345, 999_999].map(shopBarcode);
    for (const code of codes) {
      expect(code).toMatch(/^84\d{11}$/);
      expect(isValidEan13(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(shopBarcode(0)).toBe('8437215000006');
  });
});
