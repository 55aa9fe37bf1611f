// retail-api.md §2.7 / §4.4 price rates and their product links both ways, row by row; §7 (records
// that do not exist are skipped, not linked); clarifications "Price rates" (pricing and the
// rounding examples, observed through the API).
import { describe, expect, it } from 'vitest';
import { expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json, type RetailFixture } from './fixtures';

const RATES = `${R}/promotions/priceRates`;
const P = MINIMAL.product;

async function rate(call: RetailFixture['call'], body: Json): Promise<number> {
  const answer = await call('POST', RATES, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}

describe('§4.4 price rates', () => {
  it('POST creates (201), GET lists, PUT replaces, DELETE removes', async () => {
    const { call } = retailFixture();
    const id = await rate(call, { name: 'Socios', type: 1, amount: -10 });
    expect((await call<Json[]>('GET', RATES)).body).toEqual([{ id, name: 'Socios', type: 1, amount: '-10.00', rounding: null }]);
    const put = await call('PUT', `${RATES}/${id}`, { name: 'Socios VIP', type: 1, amount: -20, rounding: 2 });
    expect(put).toMatchObject({ status: 200, body: { id, name: 'Socios VIP', amount: '-20.00', rounding: 2 } });
    expect((await call('DELETE', `${RATES}/${id}`)).status).toBe(200);
    expect((await call<Json[]>('GET', RATES)).body).toEqual([]);
    expectRetailError(await call('DELETE', `${RATES}/${id}`), 404);
    expectRetailError(await call('PUT', `${RATES}/${id}`, { name: 'x', type: 1, amount: 1 }), 404);
  });

  it.each([
    [{ type: 1, amount: 5 }, /name: is required/],
    [{ name: 'X', amount: 5 }, /type: is required/],
    [{ name: 'X', type: 3, amount: 5 }, /type/],
    [{ name: 'X', type: 1 }, /amount/],
    [{ name: 'X', type: 1, amount: 5, rounding: 6 }, /rounding/],
    [{ name: 'X', type: 1, amount: -101 }, /-100/],
    [{ name: 'X', type: 2, amount: -1 }, /amount/],
  ])('§2.7: POST %j → 422', async (body, reason) => {
    const { call } = retailFixture();
    expectInvalid(await call('POST', RATES, body), reason);
  });

  it('a rate a type 2 promotion uses cannot be deleted (422)', async () => {
    const { call } = retailFixture();
    const id = await rate(call, { name: 'Outlet', type: 2, amount: 0 });
    await call('POST', `${R}/promotions/promotions`, { name: 'Outlet', type: 2, apply_to: 3, price_rate_id: id });
    expectRetailError(await call('DELETE', `${RATES}/${id}`), 422, /used by promotion/);
  });
});

describe("§4.4 a rate's products", () => {
  it('POST links prices; products that do not exist are skipped, not linked; GET lists them; linking again replaces', async () => {
    const { call } = retailFixture();
    const id = await rate(call, { name: 'Outlet', type: 2, amount: 0, rounding: 4 });
    const linked = await call<Json[]>('POST', `${RATES}/${id}/products`, {
      prices: [
        { product_id: P.shirt, price: 12.4 },
        { product_id: 9999, price: 1 },
        { product_id: P.socks, price: '13' },
      ],
    });
    expect(linked.status).toBe(200);
    // rounding 4 (up to .99): 12.40 → 12.99, 13.00 → 13.99.
    expect(linked.body).toEqual([
      { product_id: P.shirt, price: '12.40', rate_price: '12.99' },
      { product_id: P.socks, price: '13.00', rate_price: '13.99' },
    ]);
    expect((await call<Json[]>('GET', `${RATES}/${id}/products`)).body).toEqual(linked.body);
    await call('POST', `${RATES}/${id}/products`, { prices: [{ product_id: P.shirt, price: 10 }] });
    expect((await call<Json[]>('GET', `${RATES}/${id}/products`)).body[0]).toEqual({ product_id: P.shirt, price: '10.00', rate_price: '10.99' });
  });

  it('DELETE …/products/{product} and DELETE …/products { prices } unlink', async () => {
    const { call } = retailFixture();
    const id = await rate(call, { name: 'Outlet', type: 2, amount: 0 });
    await call('POST', `${RATES}/${id}/products`, {
      prices: [
        { product_id: P.shirt, price: 10 },
        { product_id: P.socks, price: 4 },
        { product_id: P.cheese, price: 20 },
      ],
    });
    expect((await call<Json[]>('DELETE', `${RATES}/${id}/products/${P.shirt}`)).body.map((l) => l.product_id)).toEqual([P.socks, P.cheese]);
    const rest = await call<Json[]>('DELETE', `${RATES}/${id}/products`, { prices: [{ product_id: P.socks }, P.cheese, 9999] });
    expect(rest).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    [{}, /prices: is required/],
    [{ prices: [] }, /empty/],
    [{ prices: [{ product_id: 1 }] }, /price/],
    [{ prices: [{ product_id: 1, price: -1 }] }, /price/],
    [{ prices: Array.from({ length: 101 }, () => ({ product_id: 1, price: 1 })) }, /at most 100/],
  ])('a malformed link body %j → 422, nothing linked', async (body, reason) => {
    const { call, app } = retailFixture();
    const id = await rate(call, { name: 'Outlet', type: 2, amount: 0 });
    expectInvalid(await call('POST', `${RATES}/${id}/products`, body), reason);
    expect(app.state.account('demo-shop')!.priceRateLinks).toEqual([]);
  });

  it('an unknown rate → 404', async () => {
    const { call } = retailFixture();
    expectRetailError(await call('GET', `${RATES}/77/products`), 404);
  });
});

describe("§4.4 a product's rates (catalog paths)", () => {
  it('POST links; rates that do not exist are skipped; GET lists every rate the product has a price in', async () => {
    const { call } = retailFixture();
    const percent = await rate(call, { name: '−15 %', type: 1, amount: -15, rounding: 1 });
    const fixed = await rate(call, { name: 'Fijo', type: 2, amount: 0 });
    const linked = await call<Json[]>('POST', `${R}/catalog/products/${P.shirt}/priceRates`, {
      prices: [
        { price_rate_id: fixed, price: 15 },
        { price_rate_id: 999, price: 1 },
      ],
    });
    // type 1 prices every product: 19.99 × 0.85 = 16.9915 → 16.99 (half up to the cent).
    expect(linked.body).toEqual([
      { price_rate_id: percent, price: null, rate_price: '16.99' },
      { price_rate_id: fixed, price: '15.00', rate_price: '15.00' },
    ]);
    // A product's own linked price in a type 1 rate wins over the percentage.
    await call('POST', `${R}/catalog/products/${P.shirt}/priceRates`, { prices: [{ price_rate_id: percent, price: 18 }] });
    expect((await call<Json[]>('GET', `${R}/catalog/products/${P.shirt}/priceRates`)).body[0]).toEqual({
      price_rate_id: percent,
      price: '18.00',
      rate_price: '18.00',
    });
    // Unlink one, then the rest by body.
    const afterOne = await call<Json[]>('DELETE', `${R}/catalog/products/${P.shirt}/priceRates/${fixed}`);
    expect(afterOne.body).toEqual([{ price_rate_id: percent, price: '18.00', rate_price: '18.00' }]);
    const afterAll = await call<Json[]>('DELETE', `${R}/catalog/products/${P.shirt}/priceRates`, { prices: [{ price_rate_id: percent }] });
    expect(afterAll.body).toEqual([{ price_rate_id: percent, price: null, rate_price: '16.99' }]);
    expectRetailError(await call('GET', `${R}/catalog/products/999/priceRates`), 404);
  });
});

describe('clarifications "Price rates": the rounding examples through the API', () => {
  // A type 1 rate of 0 % keeps the base price, so the product's price in it is the rounding alone.
  it.each([
    [2, 12.32, '12.30'],
    [2, 12.33, '12.35'],
    [3, 12.4, '11.99'],
    [3, 12.6, '12.99'],
    [4, 12.4, '12.99'],
    [4, 13, '13.99'],
    [5, 12.4, '11.99'],
    [5, 0.5, '0.50'],
    [1, 12.4, '12.40'],
  ])('rounding %i: %d → %s', async (rounding, price, expected) => {
    const { call } = retailFixture();
    await call('POST', `${R}/catalog/products/${P.socks}`, { price });
    const id = await rate(call, { name: `R${rounding}`, type: 1, amount: 0, rounding });
    const rates = await call<Json[]>('GET', `${R}/catalog/products/${P.socks}/priceRates`);
    expect(rates.body).toEqual([{ price_rate_id: id, price: null, rate_price: expected }]);
  });
});
