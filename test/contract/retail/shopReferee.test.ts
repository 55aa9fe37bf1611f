// The e2e proof's independent referee (shopReferee.ts) on the clarifications' own worked examples.
import { describe, expect, it } from 'vitest';
import {
  NotCovered,
  decimalToInt,
  halfUp,
  promotionFromWire,
  promotionOn,
  rateFromWire,
  ratePrice,
  refereeSale,
  roundRate,
  toCents,
  type RefProduct,
  type RefPromotion,
} from './shopReferee';

const product = (id: number, price: number, fields: Partial<RefProduct> = {}): RefProduct => ({
  id,
  name: `P${id}`,
  categoryId: 1,
  masterId: null,
  priceCents: price,
  taxHundredths: 2100,
  ...fields,
});

const promotion = (fields: Partial<RefPromotion> & Pick<RefPromotion, 'id' | 'type' | 'apply_to'>): RefPromotion => ({
  name: `Promo ${fields.id}`,
  apply_type: null,
  group_by: null,
  price_rate_id: null,
  active: true,
  order: fields.id,
  start_date: null,
  end_date: null,
  start_time: null,
  end_time: null,
  weekdays: null,
  condition: null,
  quantityThousandths: null,
  categoryIds: [],
  productIds: [],
  ...fields,
});

// A Wednesday, 11:00 in Madrid.
const WEDNESDAY = new Date('2026-11-25T10:00:00Z');

describe('decimals', () => {
  it('reads the wire exactly and refuses more decimals than the unit holds', () => {
    expect(toCents('12.30')).toBe(1230);
    expect(toCents(12.3)).toBe(1230);
    expect(toCents('-10.00')).toBe(-1000);
    expect(decimalToInt('100.000', 3)).toBe(100_000);
    expect(() => toCents('1.234')).toThrow(/more than 2/);
    expect(() => toCents('1e3')).toThrow(/not a decimal/);
  });
  it('rounds half up', () => {
    expect(halfUp(5, 2)).toBe(3);
    expect(halfUp(4, 2)).toBe(2);
    expect(halfUp(9995, 2)).toBe(4998);
  });
});

describe('price-rate rounding (clarifications "Price rates")', () => {
  it.each([
    [2, 1232, 1230],
    [2, 1233, 1235],
    [3, 1240, 1199],
    [3, 1260, 1299],
    [3, 1250, 1299], // a tie goes up
    [4, 1240, 1299],
    [4, 1300, 1399],
    [5, 1240, 1199],
    [5, 50, 50],
    [1, 1240, 1240],
  ])('rule %i: %i cents → %i', (rule, cents, expected) => {
    expect(roundRate(cents, 1, rule)).toBe(expected);
  });
  it('works on fractions of a cent: 9.95 at −10 % (895.5) → 8.95 to the nearest .05, 8.96 half up', () => {
    expect(roundRate(995 * 9000, 10_000, 2)).toBe(895);
    expect(roundRate(995 * 9000, 10_000, 1)).toBe(896);
  });
  it('a percentage rate, a product linked in it (its price wins, rounded too), a type 2 rate without the product', () => {
    const members = rateFromWire({ id: 1, type: 1, amount: '-15.00', rounding: 1 }, [{ product_id: 7, price: '9.47' }]);
    expect(ratePrice(members, 1, 1000)).toBe(850);
    expect(ratePrice(members, 7, 1000)).toBe(947);
    const online = rateFromWire({ id: 3, type: 2, amount: '0.00', rounding: 3 }, [{ product_id: 7, price: '12.40' }]);
    expect(ratePrice(online, 7, 1000)).toBe(1199);
    expect(ratePrice(online, 1, 1000)).toBeNull();
  });
  it('rule 3 below 1.00 is left open', () => {
    expect(() => roundRate(40, 1, 3)).toThrow(NotCovered);
  });
});

describe('schedule (Europe/Madrid)', () => {
  it('dates, weekdays and times, an end before the start running past midnight', () => {
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3 }), WEDNESDAY)).toBe(true);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, active: false }), WEDNESDAY)).toBe(false);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, weekdays: [1, 2, 3, 4] }), WEDNESDAY)).toBe(true);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, weekdays: [5, 6] }), WEDNESDAY)).toBe(false);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, start_date: '2026-09-13', end_date: '2026-10-04' }), WEDNESDAY)).toBe(false);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, start_date: '2026-11-25', end_date: '2026-11-25' }), WEDNESDAY)).toBe(true);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, start_time: '11:00', end_time: '11:00' }), WEDNESDAY)).toBe(true);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, start_time: '22:00', end_time: '10:00' }), WEDNESDAY)).toBe(false);
    expect(promotionOn(promotion({ id: 1, type: 1, apply_to: 3, start_time: '10:00', end_time: '09:00' }), WEDNESDAY)).toBe(true);
  });
});

describe('a sale', () => {
  const socks = product(10, 950, { categoryId: 20, masterId: 9 });
  const book = product(20, 995, { categoryId: 27, taxHundredths: 400 });
  const twoForOne = promotion({ id: 1, type: 1, apply_to: 2, apply_type: 2, group_by: 2, categoryIds: [20], name: '2x1 en mitjons' });

  it('line and order arithmetic: tax half up from the price with tax, subtotal the rest', () => {
    const order = refereeSale({ lines: [{ product: product(1, 1999), quantity: 1 }], rate: null, promotions: [], rates: [], at: WEDNESDAY });
    expect(order.lines[0]).toMatchObject({ price: 1999, sum: 1999, discount: 0, total: 1999, tax: 347, subtotal: 1652, promotion: null });
    expect(order).toMatchObject({ sum: 1999, total: 1999, tax: 347, subtotal: 1652, discount: 0, orderDiscount: 0 });
  });

  it('2x1: the second unit free, as the line discount with the promotion; at the sale rate price', () => {
    const rate = rateFromWire({ id: 1, type: 1, amount: '-10.00', rounding: 2 }, [{ product_id: 20, price: '9.45' }]);
    const order = refereeSale({
      lines: [
        { product: socks, quantity: 2 },
        { product: book, quantity: 1 },
      ],
      rate,
      promotions: [twoForOne],
      rates: [rate],
      at: WEDNESDAY,
    });
    // socks 9.50 × 0.9 = 8.55; the book's own 9.45 in the rate
    expect(order.lines[0]).toMatchObject({
      price: 855,
      sum: 1710,
      discount: 855,
      total: 855,
      tax: 148,
      promotion: { id: 1, name: '2x1 en mitjons', amount: 855 },
    });
    expect(order.lines[1]).toMatchObject({ price: 945, sum: 945, discount: 0, total: 945, tax: 36 });
    expect(order).toMatchObject({ sum: 1800, discount: 855, total: 1800, tax: 184, subtotal: 1616 });
  });

  it('50 % on the cheaper of each pair, grouped by the master; an odd unit stays', () => {
    const half = promotion({ id: 2, type: 1, apply_to: 1, apply_type: 1, group_by: 2, productIds: [9] });
    const order = refereeSale({ lines: [{ product: { ...socks, priceCents: 995 }, quantity: 3 }], rate: null, promotions: [half], rates: [], at: WEDNESDAY });
    expect(order.lines[0]).toMatchObject({ sum: 2985, discount: 498, total: 2487 });
  });

  it('a price-rate promotion prices its units by its rate; a unit it took takes no later promotion', () => {
    const outlet = rateFromWire({ id: 2, type: 1, amount: '-30.00', rounding: 5 }, []);
    const sale = promotion({ id: 3, type: 2, apply_to: 2, price_rate_id: 2, categoryIds: [20], order: 1 });
    const order = refereeSale({
      lines: [{ product: socks, quantity: 2 }],
      rate: null,
      promotions: [sale, { ...twoForOne, order: 2 }],
      rates: [outlet],
      at: WEDNESDAY,
    });
    // 9.50 × 0.7 = 6.65 → down to .99: 5.99, on both units; the 2x1 finds none free.
    expect(order.lines[0]).toMatchObject({ price: 950, discount: 2 * 351, total: 1198, promotion: { id: 3 } });
  });

  it('a conditional not reached gives nothing; reached, or a combo, or off the schedule', () => {
    const over100 = promotion({ id: 5, type: 4, apply_to: 3, condition: 2, quantityThousandths: 100_000, weekdays: [1, 2, 3, 4] });
    const cheap = refereeSale({ lines: [{ product: book, quantity: 2 }], rate: null, promotions: [over100], rates: [], at: WEDNESDAY });
    expect(cheap.discount).toBe(0);
    expect(() => refereeSale({ lines: [{ product: book, quantity: 11 }], rate: null, promotions: [over100], rates: [], at: WEDNESDAY })).toThrow(NotCovered);
    const friday = new Date('2026-11-27T10:00:00Z');
    expect(refereeSale({ lines: [{ product: book, quantity: 11 }], rate: null, promotions: [over100], rates: [], at: friday }).discount).toBe(0);
    const combo = promotion({ id: 4, type: 3, apply_to: 2, categoryIds: [27] });
    expect(() => refereeSale({ lines: [{ product: book, quantity: 1 }], rate: null, promotions: [combo], rates: [], at: WEDNESDAY })).toThrow(NotCovered);
  });

  it('reads a promotion as the service lists it', () => {
    const p = promotionFromWire(
      {
        id: 5,
        name: '10 %',
        type: 4,
        apply_to: 3,
        active: true,
        order: 5,
        start_date: null,
        weekdays: [1, 2],
        condition: 2,
        quantity: '100.000',
        action: 1,
        discount: '10.00',
      },
      { categoryIds: [], productIds: [] },
    );
    expect(p).toMatchObject({ id: 5, type: 4, condition: 2, quantityThousandths: 100_000, weekdays: [1, 2], start_date: null });
  });
});
