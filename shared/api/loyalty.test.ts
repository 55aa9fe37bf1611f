import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loyaltyOrderRequest, loyaltyOrderWire } from './loyalty';

/** Every field the spec and the clarifications name, once. */
const full = {
  order: {
    total: '26.30',
    contents: [
      {
        item_id: 1,
        itemPrice: 1.8,
        quantity: 2,
        modifiers: [
          { id: 71, name: 'Leche de avena', price: 0.3 },
          { name: 'Sin azúcar', price: 0 },
        ],
      },
      { item_id: 3, itemPrice: 3.5, modifiers: [{ id: 32, price: 0 }] },
      {
        item_id: 5,
        itemPrice: 12,
        menuContents: [
          { item_id: 6, name: 'Ensalada', price: 0, quantity: 1, dishOrder: 61 },
          { item_id: 7, name: 'Entrecot', price: 3, dishOrder: 62, modifiers: [{ id: 72, name: 'Poco hecho', price: 0 }] },
        ],
      },
    ],
    table_id: 4,
    tableName: 'Mesa 4',
    guests: 2,
    notes: 'Alergia al marisco',
    extraId: 'outbox-42',
    orderDiscount: { name: 'Happy hour', amount: '-1.00' },
    payment: { amount: 10, payment_method_id: 1, payment_reference: 'TPV-1', tip: 0.5 },
    invoiceInfo: { nif: 'B123' },
  },
  customer: {
    name: 'Ana García',
    email: 'ana@example.com',
    phone: '600111222',
    nif: 'X',
    web: 'w',
    address: 'a',
    postalCode: '28001',
    city: 'Madrid',
    state: 'M',
    extra_id: 'c-1',
    notes: 'n',
  },
  delivery: { phone: '600111222', date: '2026-11-22 13:30:00', address: 'Calle Mayor 1', city: 'Madrid', channel: 'web' },
  skipMerge: true,
  warehouse_id: 1,
};

function problem(input: unknown): string {
  const result = loyaltyOrderRequest.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return z.prettifyError(result.error);
}

const withOrder = (order: Record<string, unknown>) => ({ ...full, order: { ...full.order, ...order } });
const withLine = (line: Record<string, unknown>) => withOrder({ contents: [line] });

describe('loyalty order request (spec 2.10 + clarifications)', () => {
  it('accepts every field of the spec and the clarifications', () => {
    expect(loyaltyOrderRequest.parse(full)).toEqual(full);
    expect(loyaltyOrderRequest.parse({ order: { total: 1.8, contents: [{ item_id: 1, itemPrice: 1.8 }] } }).order.total).toBe(1.8);
  });

  it('requires order, total and at least one line', () => {
    expect(problem({})).toMatch(/order/);
    expect(problem(withOrder({ total: undefined }))).toMatch(/total/);
    expect(problem({ order: { total: 0, contents: [] } })).toMatch(/at least one line/);
  });

  it("empty contents only to pay a table's open order: table_id, total 0, a payment, skipMerge not true", () => {
    const pay = { order: { total: 0, contents: [], table_id: 4, payment: { amount: '5.40', payment_method_id: 2 } } };
    expect(loyaltyOrderRequest.parse(pay)).toEqual(pay);
    expect(loyaltyOrderRequest.parse({ ...pay, skipMerge: false })).toEqual({ ...pay, skipMerge: false });
    const { table_id: _table, ...noTable } = pay.order;
    expect(problem({ order: noTable })).toMatch(/at least one line[\s\S]*order\.contents/);
    const { payment: _payment, ...noPayment } = pay.order;
    expect(problem({ order: noPayment })).toMatch(/at least one line[\s\S]*order\.contents/);
    expect(problem({ order: { ...pay.order, total: 1 } })).toMatch(/at least one line[\s\S]*order\.contents/);
    expect(problem({ ...pay, skipMerge: true })).toMatch(/at least one line[\s\S]*order\.contents/);
  });

  it('a payment may carry the bill discount — contents [], total = the discount amount, exactly', () => {
    const pay = {
      order: {
        total: '-2.35',
        contents: [],
        table_id: 4,
        payment: { amount: '21.15', payment_method_id: 1 },
        orderDiscount: { name: 'Regulars', amount: -2.35 },
      },
    };
    expect(loyaltyOrderRequest.parse(pay)).toEqual(pay);
    expect(loyaltyOrderRequest.parse({ ...pay, order: { ...pay.order, total: -2.35, orderDiscount: { amount: '-2.35' } } }).order.total).toBe(-2.35);
    // A total that is not the discount's amount, or one missing a piece, is refused.
    expect(problem({ order: { ...pay.order, total: '-2.34' } })).toMatch(/must not be negative[\s\S]*order\.total/);
    const { orderDiscount: _discount, ...noDiscount } = pay.order;
    expect(problem({ order: noDiscount })).toMatch(/must not be negative[\s\S]*order\.total/);
    const { payment: _payment, ...noPayment } = pay.order;
    expect(problem({ order: noPayment })).toMatch(/must not be negative/);
    const { table_id: _table, ...noTable } = pay.order;
    expect(problem({ order: noTable })).toMatch(/must not be negative/);
    expect(problem({ ...pay, skipMerge: true })).toMatch(/at least one line/);
    // An order with lines never has a negative total, discount or not.
    expect(problem(withOrder({ total: '-1.00', orderDiscount: { amount: '-1.00' } }))).toMatch(/must not be negative[\s\S]*order\.total/);
    expect(problem(withOrder({ total: -0.01 }))).toMatch(/must not be negative/);
  });

  it('a line takes modifiers or menuContents, not both; menu dishes have quantity 1', () => {
    expect(problem(withLine({ item_id: 5, itemPrice: 12, modifiers: [], menuContents: [{ item_id: 6, name: 'E', price: 0 }] }))).toMatch(/not both/);
    expect(problem(withLine({ item_id: 5, itemPrice: 12, menuContents: [{ item_id: 6, name: 'E', price: 0, quantity: 2 }] }))).toMatch(/quantity/);
    expect(problem(withLine({ item_id: 5, itemPrice: 12, menuContents: [{ item_id: 6, price: 0 }] }))).toMatch(/name/);
  });

  it('modifiers: normal ones need name and price; a selling-format one needs its pivot id', () => {
    expect(problem(withLine({ item_id: 1, itemPrice: 1, modifiers: [{ id: 71, price: 0.3, name: '' }] }))).toMatch(/modifiers/);
    expect(problem(withLine({ item_id: 3, itemPrice: 1, modifiers: [{ price: 0 }] }))).toMatch(/modifiers/);
    expect(problem(withLine({ item_id: 3, itemPrice: 1, modifiers: [{ id: 31 }, { id: 32 }] }))).toMatch(/modifiers/);
  });

  it('money has at most 2 decimals: a float sum is refused, not rounded', () => {
    expect(problem(withOrder({ total: 0.1 + 0.2 }))).toMatch(/total/);
    expect(problem(withLine({ item_id: 1, itemPrice: '1.805' }))).toMatch(/itemPrice/);
  });

  it('customer needs name and a valid email; delivery needs a phone and a proper date', () => {
    expect(problem({ ...full, customer: { name: 'Ana' } })).toMatch(/email/);
    expect(problem({ ...full, customer: { name: 'Ana', email: 'nope' } })).toMatch(/email/);
    expect(problem({ ...full, delivery: { address: 'x' } })).toMatch(/phone/);
    expect(problem({ ...full, delivery: { phone: '1', date: '22/11/2026' } })).toMatch(/YYYY-MM-DD/);
  });

  it('discount and payment shapes of the clarifications', () => {
    // clarifications: { name?, amount } with a negative amount; there is no `negative` field.
    expect(loyaltyOrderRequest.parse(withOrder({ orderDiscount: { name: 'Descuento', amount: -2.5 } })).order.orderDiscount).toEqual({
      name: 'Descuento',
      amount: -2.5,
    });
    expect(problem(withOrder({ orderDiscount: { amount: 1 } }))).toMatch(/must be negative[\s\S]*orderDiscount\.amount/);
    expect(problem(withOrder({ orderDiscount: { amount: '0.00' } }))).toMatch(/must be negative[\s\S]*orderDiscount\.amount/);
    expect(problem(withOrder({ orderDiscount: { amount: -1, negative: true } }))).toMatch(/negative/);
    expect(problem(withOrder({ orderDiscount: { name: 'x' } }))).toMatch(/amount/);
    expect(problem(withOrder({ payment: { amount: 0 } }))).toMatch(/more than 0/);
    expect(problem(withOrder({ payment: { payment_method_id: 1 } }))).toMatch(/amount/);
  });

  it('refuses unknown keys at every level', () => {
    expect(problem({ ...full, priority: 'high' })).toMatch(/priority/);
    expect(problem(withOrder({ waiter: 'Luis' }))).toMatch(/waiter/);
    expect(problem(withLine({ item_id: 1, itemPrice: 1, colour: 'red' }))).toMatch(/colour/);
    expect(problem({ ...full, customer: { ...full.customer, vip: true } })).toMatch(/vip/);
  });
});

describe('loyalty order response', () => {
  it('reads { order_id }, also as a string; unknown fields ignored', () => {
    expect(loyaltyOrderWire.parse({ order_id: 9 })).toEqual({ order_id: 9 });
    expect(loyaltyOrderWire.parse({ order_id: '9', status: 'ok' })).toEqual({ order_id: 9 });
    expect(loyaltyOrderWire.safeParse({ id: 9 }).success).toBe(false);
  });
});
