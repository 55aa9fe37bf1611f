// retail-api.md §2.8 / §4.5 promotions and their category and product links, row by row, with the
// conditional required fields per type (clarifications "Promotions": type and apply_to values).
import { describe, expect, it } from 'vitest';
import { expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json, type RetailFixture } from './fixtures';

const PROMOS = `${R}/promotions/promotions`;
const BASE = { name: 'Rebajas', type: 4, apply_to: 3, condition: 2, quantity: 50, action: 2, discount: 5 };

async function create(call: RetailFixture['call'], body: Json = BASE): Promise<number> {
  const answer = await call('POST', PROMOS, body);
  expect(answer.status, answer.headers.get('x-sandbox-reason') ?? '').toBe(201);
  return answer.body.id as number;
}

describe('§4.5 promotions', () => {
  it('POST creates (201) with every §2.8 field; GET lists; PUT replaces; DELETE removes', async () => {
    const { call } = retailFixture();
    const id = await create(call, {
      ...BASE,
      active: 1,
      order: 2,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      start_time: '09:00',
      end_time: '21:30',
      weekdays: [1, 2, 3, 4, 5],
      group_by: 1,
    });
    expect((await call<Json[]>('GET', PROMOS)).body).toEqual([
      {
        id,
        active: true,
        order: 2,
        name: 'Rebajas',
        type: 4,
        apply_to: 3,
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        start_time: '09:00',
        end_time: '21:30',
        weekdays: [1, 2, 3, 4, 5],
        apply_type: null,
        group_by: 1,
        price_rate_id: null,
        combo_price: null,
        condition: 2,
        quantity: '50.000',
        action: 2,
        discount: '5.00',
      },
    ]);
    const put = await call('PUT', `${PROMOS}/${id}`, { name: 'Combo', type: 3, apply_to: 2, combo_price: 30 });
    expect(put).toMatchObject({ status: 200, body: { id, name: 'Combo', type: 3, combo_price: '30.00', condition: null, start_date: null } });
    expect((await call('DELETE', `${PROMOS}/${id}`)).status).toBe(200);
    expect((await call<Json[]>('GET', PROMOS)).body).toEqual([]);
    expectRetailError(await call('DELETE', `${PROMOS}/${id}`), 404);
  });

  it('`id` on POST: an existing promotion is updated; `id` on PUT is prohibited (422)', async () => {
    const { call } = retailFixture();
    const id = await create(call);
    const again = await call('POST', PROMOS, { ...BASE, id, name: 'Rebajas 2' });
    expect(again).toMatchObject({ status: 200, body: { id, name: 'Rebajas 2' } });
    expect((await call<Json[]>('GET', PROMOS)).body).toHaveLength(1);
    expectInvalid(await call('PUT', `${PROMOS}/${id}`, { ...BASE, id }), /id: is prohibited/);
    expectInvalid(await call('PUT', `${PROMOS}/${id}`, { ...BASE, id: id + 1 }), /prohibited/);
  });

  it.each([
    [{ type: 1, apply_to: 1, name: 'X' }, /apply_type: is required when type is 1/],
    [{ type: 2, apply_to: 1, name: 'X' }, /price_rate_id: is required when type is 2/],
    [{ type: 2, apply_to: 1, name: 'X', price_rate_id: 99 }, /no price rate 99/],
    [{ type: 3, apply_to: 1, name: 'X' }, /combo_price: is required when type is 3/],
    [{ type: 3, apply_to: 1, name: 'X', combo_price: -1 }, /combo_price/],
    [{ type: 4, apply_to: 1, name: 'X', condition: 1, quantity: 2, action: 1 }, /discount: is required when type is 4/],
    [{ type: 4, apply_to: 1, name: 'X', quantity: 2, action: 1, discount: 5 }, /condition: is required/],
    [{ type: 4, apply_to: 1, name: 'X', condition: 3, quantity: 2, action: 1, discount: 5 }, /condition/],
    [{ type: 4, apply_to: 1, name: 'X', condition: 1, quantity: -2, action: 1, discount: 5 }, /quantity/],
    [{ ...BASE, action: 1, discount: 150 }, /at most 100/],
    [{ ...BASE, name: undefined }, /name: is required/],
    [{ ...BASE, type: 5 }, /type/],
    [{ ...BASE, apply_to: undefined }, /apply_to: is required/],
    [{ ...BASE, start_date: '2026-12-10', end_date: '2026-12-09' }, /end_date: must be a date after or equal to start_date/],
    [{ ...BASE, start_date: '10/12/2026' }, /start_date/],
    [{ ...BASE, start_time: '9:00' }, /H:i/],
    [{ ...BASE, end_time: '24:00' }, /H:i/],
    [{ ...BASE, weekdays: [0, 8] }, /weekdays/],
    [{ ...BASE, weekdays: [1, 1] }, /twice/],
    [{ ...BASE, apply_type: 3 }, /apply_type/],
    [{ ...BASE, group_by: 4 }, /group_by/],
  ])('§2.8: POST %j → 422', async (body, reason) => {
    const { call } = retailFixture();
    expectInvalid(await call('POST', PROMOS, body), reason);
  });

  it('each type with its required fields is accepted', async () => {
    const { call } = retailFixture();
    const rate = (await call('POST', `${R}/promotions/priceRates`, { name: 'R', type: 2, amount: 0 })).body.id;
    await create(call, { name: '2x1', type: 1, apply_to: 1, apply_type: 2 });
    await create(call, { name: 'Tarifa', type: 2, apply_to: 3, price_rate_id: rate });
    await create(call, { name: 'Combo', type: 3, apply_to: 2, combo_price: 0 });
    await create(call, {
      name: 'Condicional',
      type: 4,
      apply_to: 3,
      condition: 1,
      quantity: 0,
      action: 1,
      discount: 0,
      start_date: '2026-12-01',
      end_date: '2026-12-01',
    });
  });
});

describe("§4.5 a promotion's categories", () => {
  it('POST links existing categories; GET lists them; DELETE one or by body unlinks', async () => {
    const { call } = retailFixture();
    const id = await create(call);
    const linked = await call<Json[]>('POST', `${PROMOS}/${id}/categories`, {
      categories: [MINIMAL.category.shirts, MINIMAL.category.food, MINIMAL.category.shirts],
    });
    expect(linked.body.map((c) => c.id)).toEqual([1, 2]);
    expect((await call<Json[]>('GET', `${PROMOS}/${id}/categories`)).body[1]).toMatchObject({ id: 2, name: 'Colmado', group_id: 1 });
    expect((await call<Json[]>('DELETE', `${PROMOS}/${id}/categories/1`)).body.map((c) => c.id)).toEqual([2]);
    expect((await call<Json[]>('DELETE', `${PROMOS}/${id}/categories`, { categories: [2, 99] })).body).toEqual([]);
  });

  it('an id that does not exist refuses the call (422), nothing linked; an unknown promotion → 404', async () => {
    const { call } = retailFixture();
    const id = await create(call);
    expectInvalid(await call('POST', `${PROMOS}/${id}/categories`, { categories: [1, 99] }), /99 does not exist/);
    expect((await call<Json[]>('GET', `${PROMOS}/${id}/categories`)).body).toEqual([]);
    expectInvalid(await call('POST', `${PROMOS}/${id}/categories`, { categories: 'todas' }), /categories/);
    expectRetailError(await call('GET', `${PROMOS}/999/categories`), 404);
  });
});

describe.each([
  ['products', MINIMAL.product.shirt],
  ['categories', MINIMAL.category.food],
])('§4.5 catalog/%s/{id}/promotions', (side, target) => {
  it('POST links promotions, GET lists them, DELETE one or by body unlinks', async () => {
    const { call } = retailFixture();
    const a = await create(call, { ...BASE, name: 'A' });
    const b = await create(call, { ...BASE, name: 'B' });
    const path = `${R}/catalog/${side}/${target}/promotions`;
    expect((await call<Json[]>('POST', path, { promotions: [a, b] })).body.map((p) => p.name)).toEqual(['A', 'B']);
    expect((await call<Json[]>('GET', path)).body.map((p) => p.id)).toEqual([a, b]);
    expect((await call<Json[]>('DELETE', `${path}/${a}`)).body.map((p) => p.id)).toEqual([b]);
    expect((await call<Json[]>('DELETE', path, { promotions: [b] })).body).toEqual([]);
    expectInvalid(await call('POST', path, { promotions: [a, 999] }), /999 does not exist/);
    expect((await call<Json[]>('GET', path)).body).toEqual([]);
    expectRetailError(await call('GET', `${R}/catalog/${side}/999/promotions`), 404);
  });
});

describe('deleting a promotion removes its links', () => {
  it('the product no longer lists it', async () => {
    const { call } = retailFixture();
    const id = await create(call);
    await call('POST', `${R}/catalog/products/1/promotions`, { promotions: [id] });
    await call('DELETE', `${PROMOS}/${id}`);
    expect((await call<Json[]>('GET', `${R}/catalog/products/1/promotions`)).body).toEqual([]);
  });
});
