import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, formatCents, money, toCents } from './money';

describe('toCents', () => {
  it('reads numbers and numeric strings with up to 2 decimals exactly', () => {
    expect(toCents(12.35)).toBe(1235);
    expect(toCents(0.1)).toBe(10);
    expect(toCents('2.5')).toBe(250);
    expect(toCents(' 7 ')).toBe(700);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents(-0)).toBe(0);
    expect(toCents(1e3)).toBe(100000);
  });

  it('refuses more than 2 decimals, float noise, exponents and non-numbers', () => {
    expect(toCents(0.1 + 0.2)).toBeNull();
    expect(toCents(1.005)).toBeNull();
    expect(toCents(1e-7)).toBeNull();
    expect(toCents(1e21)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents('12,50')).toBeNull();
    expect(toCents('')).toBeNull();
  });
});

describe('formatCents', () => {
  it('prints two decimals', () => {
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
  });
});

describe('money schema', () => {
  const schema = z.object({ price: money(), paid: money({ positive: true }).optional() });

  it('turns the amount into cents', () => {
    expect(schema.parse({ price: '3.10', paid: 1 })).toEqual({ price: 310, paid: 100 });
  });

  it('names the field: required, not a decimal, negative, zero payment', () => {
    const message = (input: unknown) => {
      const result = schema.safeParse(input);
      return result.success ? 'ok' : describeIssues(result.error, 'order');
    };
    expect(message({})).toBe('order.price: is required');
    expect(message({ price: 'x' })).toMatch(/^order\.price: "x" is not a decimal amount/);
    expect(message({ price: -1 })).toMatch(/^order\.price: must be at least 0\.00/);
    expect(message({ price: 1, paid: 0 })).toMatch(/^order\.paid: must be more than 0/);
    expect(message({ price: 100_000_000 })).toMatch(/at most/);
  });
});
