import { describe, expect, it } from 'vitest';
import { BridgeError, coded } from '../../../../../shared/bridge';
import { parseStockInput, setStockFailure } from './setStockInput';

describe('parseStockInput', () => {
  it('reads whole units, 0 included, into thousandths', () => {
    expect(parseStockInput('12', false)).toEqual({ ok: true, thousandths: 12_000 });
    expect(parseStockInput(' 0 ', false)).toEqual({ ok: true, thousandths: 0 });
    expect(parseStockInput('999999999', false)).toEqual({ ok: true, thousandths: 999_999_999_000 });
  });

  it('refuses fractions, signs and words for units', () => {
    for (const text of ['1,5', '1.5', '-3', '+3', 'tres', '1e3']) expect(parseStockInput(text, false)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStockInput('', false)).toEqual({ ok: false, problem: 'empty' });
    expect(parseStockInput('1234567890', false)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('reads kg with a comma or a point and up to 3 decimals, exactly', () => {
    expect(parseStockInput('2,5', true)).toEqual({ ok: true, thousandths: 2_500 });
    expect(parseStockInput('0.345', true)).toEqual({ ok: true, thousandths: 345 });
    expect(parseStockInput('7,', true)).toEqual({ ok: true, thousandths: 7_000 });
    expect(parseStockInput('0.1234', true)).toEqual({ ok: false, problem: 'invalidKg' });
    expect(parseStockInput(',5', true)).toEqual({ ok: false, problem: 'invalidKg' });
    expect(parseStockInput('12345678901,5', true)).toEqual({ ok: false, problem: 'too-large' });
  });
});

describe('setStockFailure', () => {
  const error = (kind: ConstructorParameters<typeof BridgeError>[0]['kind']) => new BridgeError({ kind, ...coded('request-invalid') });

  it('tells apart "could not reach", "no answer" and the rest', () => {
    expect(setStockFailure(error('offline'))).toBe('offline');
    expect(setStockFailure(error('timeout'))).toBe('unknown');
    expect(setStockFailure(error('outcome-unknown'))).toBe('unknown');
    expect(setStockFailure(error('invalid'))).toBe('other');
    expect(setStockFailure(new Error('bug'))).toBe('other');
    expect(setStockFailure(null)).toBe('other');
  });
});
