import { describe, expect, it } from 'vitest';
import { amountText, MAX_CARD_CENTS, newCardCode, pressAmountKey, readAmount, readCampaign, readUuid, type AmountKey } from './giftCardForm';

describe('readAmount', () => {
  it('reads typed amounts into exact cents, with "." or ","', () => {
    expect(readAmount('25')).toEqual({ cents: 2_500 });
    expect(readAmount(' 25.5 ')).toEqual({ cents: 2_550 });
    expect(readAmount('25,05')).toEqual({ cents: 2_505 });
    expect(readAmount('0,10')).toEqual({ cents: 10 });
    expect(readAmount('19.99')).toEqual({ cents: 1_999 });
  });

  it('says why an amount is not one', () => {
    expect(readAmount('')).toEqual({ problem: 'amountMissing' });
    expect(readAmount('abc')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('2.555')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('-5')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('1e3')).toEqual({ problem: 'amountInvalid' });
    expect(readAmount('0,00')).toEqual({ problem: 'amountZero' });
    expect(readAmount(String(MAX_CARD_CENTS / 100 + 1))).toEqual({ problem: 'amountTooHigh' });
  });

  it('caps at max (what is left of a bill)', () => {
    expect(readAmount('12.34', 1_234)).toEqual({ cents: 1_234 });
    expect(readAmount('12.35', 1_234)).toEqual({ problem: 'amountTooHigh' });
  });

  it('amountText is the editable form of cents, read back to the same cents', () => {
    for (const cents of [1, 10, 99, 100, 2_500, 2_505, 123_456]) {
      for (const sep of ['.', ','] as const) expect(readAmount(amountText(cents, sep))).toEqual({ cents });
    }
    expect(amountText(2_500, ',')).toBe('25');
    expect(amountText(2_550, ',')).toBe('25,50');
  });
});

describe('pressAmountKey', () => {
  const press = (keys: AmountKey[], sep: '.' | ',' = ',') => keys.reduce((text, key) => pressAmountKey(text, key, sep), '');
  it('builds an amount digit by digit, one separator, two decimals at most', () => {
    expect(press(['2', '5', 'separator', '5', '0', '9'])).toBe('25,50');
    expect(press(['separator', '5'], '.')).toBe('0.5');
    expect(press(['1', 'separator', 'separator', '2'])).toBe('1,2');
    expect(press(['0', '0', '7'])).toBe('7');
    expect(press(['4', '2', 'delete'])).toBe('4');
    expect(press(['4', '2', 'clear'])).toBe('');
    expect(press(['9', '9', '9', '9', '9', '9', '9', '9'])).toBe('9999999');
  });
});

describe('readUuid, readCampaign, newCardCode', () => {
  it('takes a code as the bridge will, trimmed', () => {
    expect(readUuid('  GC-0001 ')).toEqual({ uuid: 'GC-0001' });
    expect(readUuid('')).toEqual({ problem: 'uuidMissing' });
    expect(readUuid('has space')).toEqual({ problem: 'uuidInvalid' });
    expect(readUuid('a/b')).toEqual({ problem: 'uuidInvalid' });
    expect(readUuid('x'.repeat(65))).toEqual({ problem: 'uuidInvalid' });
    expect(readUuid('x'.repeat(64))).toEqual({ uuid: 'x'.repeat(64) });
    // One rule with the sandbox (shared/api/v2.ts GIFT_CARD_CODE): only what a URL path carries as it is.
    for (const code of ['a.b', 'a?b', 'a#b', 'ñandú', 'a%20', 'GC:1', 'a+b']) expect(readUuid(code)).toEqual({ problem: 'uuidInvalid' });
    expect(readUuid(newCardCode())).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
  it('an empty campaign is none', () => {
    expect(readCampaign('  ')).toBeUndefined();
    expect(readCampaign(' XMAS ')).toBe('XMAS');
  });
  it('generated codes are v4 UUIDs the bridge takes, each new', () => {
    const a = newCardCode();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(readUuid(a)).toEqual({ uuid: a });
    expect(newCardCode()).not.toBe(a);
  });
});
