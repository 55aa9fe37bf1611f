// The rounding examples of the clarifications ("Price rates"), one by one.
import { describe, expect, it } from 'vitest';
import { roundPrice } from './rounding';

const cents = (c: number) => roundPrice(BigInt(c), 1n, null);

describe('price-rate rounding (clarifications)', () => {
  it('1 none: half up to the cent', () => {
    expect(roundPrice(12345n, 10n, 1)).toBe(1235); // 12.345 → 12.35
    expect(roundPrice(12344n, 10n, 1)).toBe(1234);
    expect(cents(1240)).toBe(1240);
  });
  it('2 nearest .05: 12.32 → 12.30, 12.33 → 12.35', () => {
    expect(roundPrice(1232n, 1n, 2)).toBe(1230);
    expect(roundPrice(1233n, 1n, 2)).toBe(1235);
    expect(roundPrice(12325n, 10n, 2)).toBe(1235); // 12.325: c/5 = 246.5 → 247
  });
  it('3 nearest .99: 12.40 → 11.99, 12.60 → 12.99, a tie goes up', () => {
    expect(roundPrice(1240n, 1n, 3)).toBe(1199);
    expect(roundPrice(1260n, 1n, 3)).toBe(1299);
    expect(roundPrice(1249n, 1n, 3)).toBe(1299); // 50 from 11.99 and from 12.99
    expect(roundPrice(1299n, 1n, 3)).toBe(1299);
    // Below 1.00 the lower candidate is no price: from 0.49 (a tie) up it is 0.99, below it stays.
    expect(roundPrice(49n, 1n, 3)).toBe(99);
    expect(roundPrice(80n, 1n, 3)).toBe(99);
    expect(roundPrice(48n, 1n, 3)).toBe(48);
    expect(roundPrice(40n, 1n, 3)).toBe(40);
  });
  it('4 up to .99: 12.40 → 12.99, 13.00 → 13.99', () => {
    expect(roundPrice(1240n, 1n, 4)).toBe(1299);
    expect(roundPrice(1300n, 1n, 4)).toBe(1399);
    expect(roundPrice(1299n, 1n, 4)).toBe(1299);
    expect(roundPrice(50n, 1n, 4)).toBe(99);
  });
  it('5 down to .99: 12.40 → 11.99; a price below 0.99 stays as it is', () => {
    expect(roundPrice(1240n, 1n, 5)).toBe(1199);
    expect(roundPrice(1299n, 1n, 5)).toBe(1299);
    expect(roundPrice(50n, 1n, 5)).toBe(50);
  });
});
