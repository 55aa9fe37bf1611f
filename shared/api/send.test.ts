import { describe, expect, it } from 'vitest';
import { sendDecimal, sendDecimalString, sendFlag, sendMoney, sendNegativeMoney, sendPositiveMoney, sendRequiredText } from './send';

describe('request building blocks (what we send)', () => {
  it('money: numbers or decimal strings with at most 2 decimals; float artefacts refused', () => {
    for (const ok of [0, 12, 12.5, 12.35, '12.50', '0.05', -3]) expect(sendMoney.safeParse(ok).success).toBe(true);
    for (const bad of [0.1 + 0.2, 1.005, '12.505', '12,50', '', 'abc', Number.NaN, Infinity, 1e21]) {
      expect(sendMoney.safeParse(bad).success).toBe(false);
    }
    expect(sendPositiveMoney.safeParse(0).success).toBe(false);
    expect(sendPositiveMoney.safeParse('0.01').success).toBe(true);
    for (const ok of [-0.01, '-2.50', -2.5]) expect(sendNegativeMoney.safeParse(ok).success).toBe(true);
    for (const bad of [0, '0.00', '-0.00', 2.5, '-2.505']) expect(sendNegativeMoney.safeParse(bad).success).toBe(false);
  });

  it('decimals of the catalog may have more places; a decimal string is checked', () => {
    expect(sendDecimal.safeParse(0.1234).success).toBe(true);
    expect(sendDecimal.safeParse('2.5').success).toBe(true);
    expect(sendDecimal.safeParse('2,5').success).toBe(false);
    expect(sendDecimalString.safeParse(2.5).success).toBe(false);
  });

  it('flags are sent as 0/1 (spec 2)', () => {
    expect(sendFlag.parse(true)).toBe(1);
    expect(sendFlag.parse(0)).toBe(0);
    expect(sendFlag.safeParse('1').success).toBe(false);
  });

  it('required text may not be blank', () => {
    expect(sendRequiredText.safeParse('  ').success).toBe(false);
    expect(sendRequiredText.parse('Ana')).toBe('Ana');
  });
});
