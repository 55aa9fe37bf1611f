import { describe, expect, it } from 'vitest';
import { addCents, centsToDecimal, formatMoney, multiplyCents, parseCents, toCents } from './money';

describe('money', () => {
  it('parses decimals and numbers exactly', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(12.35)).toBe(1235);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('-3')).toBe(-300);
    expect(toCents(' 7 ')).toBe(700);
  });
  it('refuses more than 2 decimals and non-finite values', () => {
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents(0.1 + 0.2)).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('1e3')).toBeNull();
    expect(() => toCents('1.005')).toThrow(RangeError);
  });
  it('adds and multiplies in integers', () => {
    expect(addCents(10, 20)).toBe(30);
    expect(centsToDecimal(addCents(toCents(0.1), toCents(0.2)))).toBe('0.30');
    expect(multiplyCents(1235, 3)).toBe(3705);
    expect(() => multiplyCents(100, 1.5)).toThrow(RangeError);
  });
  it('writes wire decimals', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
  it('formats through Intl, EUR by default', () => {
    expect(formatMoney(1250, 'en-GB')).toBe('€12.50');
    expect(formatMoney(1250, 'en-US', 'USD')).toBe('$12.50');
    expect(formatMoney(123456, 'es-ES').replace(/\s/g, ' ')).toMatch(/1\.?234,56 €/);
  });
});
