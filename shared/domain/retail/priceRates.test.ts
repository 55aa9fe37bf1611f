// The price-rate rules and the five roundings with the clarifications' worked numbers ("Price rates").
import { describe, expect, it } from 'vitest';
import { priceInRate, roundRatePrice, salePrice, type PriceRate } from './priceRates';

const cents = (c: number, rounding: Parameters<typeof roundRatePrice>[2]) => roundRatePrice(c, 1, rounding);
const rate = (fields: Partial<PriceRate>): PriceRate => ({ id: 1, type: 1, amountHundredths: 0, rounding: null, linkedPrices: new Map(), ...fields });

describe('rounding (clarifications "Price rates")', () => {
  it('1 none: half up to the cent (also null)', () => {
    expect(roundRatePrice(12345, 10, 1)).toBe(1235); // 12.345 → 12.35
    expect(roundRatePrice(12344, 10, 1)).toBe(1234);
    expect(roundRatePrice(12345, 10, null)).toBe(1235);
    expect(cents(1240, null)).toBe(1240);
  });

  it('2 nearest .05: 12.32 → 12.30, 12.33 → 12.35', () => {
    expect(cents(1232, 2)).toBe(1230);
    expect(cents(1233, 2)).toBe(1235);
    expect(roundRatePrice(12325, 10, 2)).toBe(1235); // c/5 = 246.5 → 247 → 12.35
    expect(roundRatePrice(12324, 10, 2)).toBe(1230);
  });

  it('3 nearest .99: 12.40 → 11.99, 12.60 → 12.99, a tie goes up', () => {
    expect(cents(1240, 3)).toBe(1199);
    expect(cents(1260, 3)).toBe(1299);
    expect(cents(1249, 3)).toBe(1299); // 0.50 from 11.99 and from 12.99
    expect(roundRatePrice(12489, 10, 3)).toBe(1199); // 12.489: closer to 11.99
    expect(cents(1299, 3)).toBe(1299);
    expect(cents(1300, 3)).toBe(1299);
    expect(cents(1349, 3)).toBe(1399); // a tie between 12.99 and 13.99
  });

  it('3 nearest .99 below 1.00: 0.49 … 0.99 → 0.99; below 0.49 (−0.01 would be closer) the price stays', () => {
    expect(cents(80, 3)).toBe(99);
    expect(cents(50, 3)).toBe(99);
    expect(cents(49, 3)).toBe(99); // a tie between −0.01 and 0.99 goes up
    expect(cents(48, 3)).toBe(48);
    expect(cents(0, 3)).toBe(0);
  });

  it('4 up to .99: 12.40 → 12.99, 13.00 → 13.99', () => {
    expect(cents(1240, 4)).toBe(1299);
    expect(cents(1300, 4)).toBe(1399);
    expect(cents(1299, 4)).toBe(1299);
    expect(roundRatePrice(12991, 10, 4)).toBe(1399); // 12.991 is above 12.99
    expect(cents(50, 4)).toBe(99);
  });

  it('5 down to .99: 12.40 → 11.99; a price below 0.99 stays as it is', () => {
    expect(cents(1240, 5)).toBe(1199);
    expect(cents(1299, 5)).toBe(1299);
    expect(cents(1298, 5)).toBe(1199);
    expect(cents(99, 5)).toBe(99);
    expect(cents(50, 5)).toBe(50);
    expect(roundRatePrice(985, 10, 5)).toBe(99); // 0.985 stays, half up to the cent
  });
});

describe('a product price in a rate', () => {
  it('type 1: base × (1 + amount/100), then the rounding (−15 % of 14.50 = 12.325 → 12.35 to .05)', () => {
    const r = rate({ amountHundredths: -1500, rounding: 2 });
    expect(priceInRate(r, 7, 1450)).toBe(1235);
    expect(priceInRate(rate({ amountHundredths: -1500, rounding: 1 }), 7, 1450)).toBe(1233); // 12.325 → 12.33
    expect(priceInRate(rate({ amountHundredths: 1000, rounding: 4 }), 7, 1200)).toBe(1399); // 13.20 → 13.99
    expect(priceInRate(rate({ amountHundredths: -1000, rounding: 5 }), 7, 1379)).toBe(1199); // 12.411 → 11.99
  });

  it('type 2: only linked products, at the linked price, rounding still applied', () => {
    const r = rate({ type: 2, amountHundredths: 999, rounding: 3, linkedPrices: new Map([[7, 1240]]) });
    expect(priceInRate(r, 7, 2000)).toBe(1199);
    expect(priceInRate(r, 8, 2000)).toBeNull();
    expect(salePrice(r, 8, 2000)).toBe(2000); // not in the rate: its own price
    expect(salePrice(null, 8, 2000)).toBe(2000);
  });

  it("a product's own linked price wins over the percentage", () => {
    const r = rate({ amountHundredths: -5000, rounding: 1, linkedPrices: new Map([[7, 1800]]) });
    expect(priceInRate(r, 7, 2000)).toBe(1800);
    expect(priceInRate(r, 8, 2000)).toBe(1000);
  });

  it('never below zero: −150 % prices at 0.00', () => {
    expect(priceInRate(rate({ amountHundredths: -15000, rounding: 1 }), 7, 2000)).toBe(0);
  });
});
