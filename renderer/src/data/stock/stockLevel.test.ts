import { describe, expect, it } from 'vitest';
import { parseQuantity, stockLevel } from './stockLevel';

describe('stockLevel', () => {
  it('says nothing where the warehouse keeps no row for the item', () => {
    expect(stockLevel(undefined)).toEqual({ kind: 'untracked' });
    expect(stockLevel(null)).toEqual({ kind: 'untracked' });
  });

  it('is sold out at 0 and below (sold past zero), whatever the alert', () => {
    expect(stockLevel({ quantity: 0, alert: 3 })).toEqual({ kind: 'sold-out', quantity: 0 });
    expect(stockLevel({ quantity: -2, alert: 0 })).toEqual({ kind: 'sold-out', quantity: -2 });
  });

  it('is low at or below the alert level, only when the alert is above 0', () => {
    expect(stockLevel({ quantity: 3, alert: 3 })).toEqual({ kind: 'low', quantity: 3, alert: 3 });
    expect(stockLevel({ quantity: 0.5, alert: 1 })).toEqual({ kind: 'low', quantity: 0.5, alert: 1 });
    expect(stockLevel({ quantity: 4, alert: 3 })).toEqual({ kind: 'in-stock', quantity: 4 });
    expect(stockLevel({ quantity: 1, alert: 0 })).toEqual({ kind: 'in-stock', quantity: 1 });
    expect(stockLevel({ quantity: 1, alert: null })).toEqual({ kind: 'in-stock', quantity: 1 });
  });
});

describe('parseQuantity', () => {
  it('reads a positive quantity, with a decimal point or comma', () => {
    expect(parseQuantity('5')).toBe(5);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('0.25')).toBe(0.25);
  });

  it('refuses nothing, zero, negatives, words and absurd sizes', () => {
    for (const text of ['', '0', '0,0', '-3', 'five', '1e3', '1.2.3', '12345678901', '1.2345']) expect(parseQuantity(text)).toBeNull();
  });
});
