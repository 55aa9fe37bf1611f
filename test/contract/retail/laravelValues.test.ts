// Contract tests of clarifications "Values the vendor's servers accept (both services)" on the
// retail service: integers as whole-number strings, decimals as numeric strings, flags as "0"/"1"
// — accepted, stored and answered in their normal form; "4.5", "4a", "" and booleans in an
// integer field refused with 422 and nothing written.
import { describe, expect, it } from 'vitest';
import { expectInvalid, MINIMAL, R, retailFixture, type Json } from './fixtures';

const C = `${R}/catalog`;
const P = MINIMAL.product;

describe('retail writes: values as Laravel reads them (clarifications)', () => {
  it('a product created with category_id, type, order, weight, price and flags as strings is stored as numbers and booleans', async () => {
    const { call } = retailFixture();
    const created = await call<Json[]>('POST', `${C}/products`, [
      {
        name: 'Gorra',
        category_id: String(MINIMAL.category.shirts),
        type: '0',
        order: '-3',
        weight: '0.250',
        price: '12.50',
        costPrice: '4',
        active: '1',
        featured: '0',
        tax_id: String(MINIMAL.tax.general),
      },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body[0]?.id as number;
    const read = (await call('GET', `${C}/products/${id}`)).body;
    expect(read).toMatchObject({
      category_id: MINIMAL.category.shirts,
      type: 0,
      order: -3,
      weight: 0.25,
      price: '12.50',
      active: true,
      featured: false,
      tax_id: MINIMAL.tax.general,
    });
  });

  it('an order whose product_id and customer_id are strings is accepted; its lines name the products by number', async () => {
    const { call } = retailFixture();
    const answer = await call('POST', `${R}/orders`, {
      total: '39.98',
      customer_id: String(MINIMAL.customer.ana),
      order_contents: [{ product_id: String(P.shirt), quantity: '2', price: '19.99', total: '39.98', taxPercentage: '21' }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ customer_id: MINIMAL.customer.ana, total: 39.98 });
    expect((answer.body.order_contents as Json[])[0]).toMatchObject({ product_id: P.shirt, quantity: 2 });
    const paid = await call('POST', `${R}/orders/${answer.body.id as number}/invoices`, {
      payments: [{ amount: '39.98', payment_method_id: String(MINIMAL.payment.card) }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('a price rate with type "1" and rounding "2"; a promotion with weekdays ["1","7"] and order "5"', async () => {
    const { call } = retailFixture();
    const rate = await call('POST', `${R}/promotions/priceRates`, { name: 'Socios', type: '1', amount: '-10', rounding: '2' });
    expect(rate.status, JSON.stringify(rate.body)).toBe(201);
    expect(rate.body).toMatchObject({ type: 1, rounding: 2, amount: '-10.00' });
    const promo = await call('POST', `${R}/promotions/promotions`, {
      name: '2x1',
      type: '1',
      apply_to: '3',
      apply_type: '2',
      weekdays: ['1', '7'],
      order: '5',
      active: '1',
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    expect(promo.body).toMatchObject({ type: 1, apply_to: 3, apply_type: 2, weekdays: [1, 7], order: 5, active: true });
  });

  it.each([
    ['"4.5"', '4.5'],
    ['"4a"', '4a'],
    ['""', ''],
    ['true', true],
    ['"04"', '04'],
  ])('a product whose category_id is %s → 422, nothing created', async (_name, categoryId) => {
    const { call } = retailFixture();
    const before = ((await call('GET', `${C}/products`)).body as { total: number }).total;
    expectInvalid(await call('POST', `${C}/products`, [{ name: 'Gorra', category_id: categoryId }]), /category_id: expected an integer/);
    expect(((await call('GET', `${C}/products`)).body as { total: number }).total).toBe(before);
  });

  it('a flag "yes" and a type "1.0" are refused', async () => {
    const { call } = retailFixture();
    expectInvalid(await call('POST', `${C}/groups`, [{ name: 'Calzado', active: 'yes' }]), /active: expected a boolean/);
    expectInvalid(await call('POST', `${R}/promotions/priceRates`, { name: 'X', type: '1.0', amount: 1 }), /type: expected an integer/);
  });
});
