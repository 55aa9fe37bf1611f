import { describe, expect, it } from 'vitest';
import { parseDiscount, parseQuantity, parseWeight, thousandthsText, typeKey } from './tillInput';

describe('till keypad input', () => {
  it('reads a weight in kg with up to 3 decimals, exactly', () => {
    expect(parseWeight('0,345')).toEqual({ ok: true, value: 345 });
    expect(parseWeight('1.2')).toEqual({ ok: true, value: 1200 });
    expect(parseWeight('2')).toEqual({ ok: true, value: 2000 });
    expect(parseWeight(',5')).toEqual({ ok: true, value: 500 });
    expect(parseWeight('0,1234')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseWeight('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseWeight('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseWeight('1000')).toEqual({ ok: false, problem: 'too-large' });
    expect(parseWeight('1e3')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('reads whole quantities and discounts', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, value: 3000 });
    expect(parseQuantity('1,5').ok).toBe(false);
    expect(parseDiscount('amount', '2,50')).toEqual({ ok: true, value: { kind: 'amount', cents: 250 } });
    expect(parseDiscount('percent', '12,5')).toEqual({ ok: true, value: { kind: 'percent', hundredths: 1250 } });
    expect(parseDiscount('percent', '101')).toEqual({ ok: false, problem: 'too-large' });
    expect(parseDiscount('amount', '1,234').ok).toBe(false);
  });

  it('types keys on a keypad, decimals limited', () => {
    let text = '';
    for (const key of ['0', ',', '3', '4', '5', '6']) text = typeKey(text, key, 3);
    expect(text).toBe('0,345');
    expect(typeKey('12', ',', 0)).toBe('12');
    expect(typeKey('', ',', 3)).toBe('0,');
    expect(typeKey('1,2', ',', 3)).toBe('1,2');
    expect(typeKey('0', '7', 3)).toBe('7');
    expect(typeKey('0,3', 'Backspace', 3)).toBe('0,');
    expect(thousandthsText(1234, 3)).toBe('1,234');
    expect(thousandthsText(3000, 0)).toBe('3');
  });
});
