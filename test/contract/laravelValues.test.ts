// Contract tests of clarifications "Values the vendor's servers accept (both services)" on the
// hospitality service: integers as whole-number strings ("4", "-2"), decimals as numeric strings
// ("12.50"), flags as "0"/"1" — accepted on every write, stored and answered as numbers; "4.5",
// "4a", "" and booleans in an integer field refused with 422. The loyalty order is the one a real
// PHP client (copying database rows into its JSON) sends. Plain HTTP to a real sandbox.
import { describe, expect, it } from 'vitest';
import {
  call,
  flowMessage,
  ITEM,
  MENU_PIVOT,
  MODIFIER,
  newOrderData,
  allOrders,
  openOrders,
  postFlow,
  postLoyalty,
  fixtureSandboxPerFile,
  WAREHOUSE,
  type Json,
} from './orderFixtures';

const sandbox = fixtureSandboxPerFile();

const V2 = '/api/external/v2';

/** The loyalty order of the PHP client: every id, quantity and amount a string, as a database row holds it. */
function stringlyOrder(): Json {
  return {
    order: {
      total: '18.00', // 2 × (2.50 + 0.50) + 12.00
      table_id: '2',
      guests: '3',
      contents: [
        {
          item_id: String(ITEM.tostada),
          itemPrice: '2.50',
          quantity: '2',
          modifiers: [{ id: String(MODIFIER.extraQueso), name: 'Extra de queso', price: '0.50' }],
        },
        {
          item_id: String(ITEM.menu),
          itemPrice: '12.00',
          quantity: '1',
          menuContents: [{ item_id: String(ITEM.ensalada), name: 'Ensalada mixta', price: '0', quantity: '1', dishOrder: String(MENU_PIVOT.ensalada) }],
        },
      ],
      payment: { amount: '5.00', payment_method_id: '2', tip: '0.50' },
    },
    skipMerge: '1',
    warehouse_id: String(WAREHOUSE),
  };
}

describe('loyalty order: values as Laravel reads them (clarifications)', () => {
  it('an order with item_id, quantity, modifier id, payment_method_id as strings is accepted and stored as numbers', async () => {
    const answer = await postLoyalty(sandbox.url, stringlyOrder());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.order_id as number;
    const stored = (await allOrders(sandbox.url)).orders.find((o) => o.id === id);
    expect(stored).toMatchObject({
      tableIds: [2],
      guests: 3,
      total: '18.00',
      contents: [
        { item_id: ITEM.tostada, quantity: 2, modifiers: [{ id: MODIFIER.extraQueso, name: 'Extra de queso', price: '0.50' }] },
        { item_id: ITEM.menu, quantity: 1, menuContents: [{ item_id: ITEM.ensalada, quantity: 1, dishOrder: MENU_PIVOT.ensalada }] },
      ],
      payments: [{ amount: '5.00', payment_method_id: 2, tip: '0.50' }],
    });
    // The stock of the warehouse named as "1" lost the lines' quantities.
    const stock = (await call(sandbox.url, 'GET', `${V2}/warehouses/${WAREHOUSE}`)).body as { data: Json[] };
    expect(stock.data.find((row) => row.item_id === ITEM.tostada)).toMatchObject({ quantity: -2 });
  });

  it('the same order with numbers is stored the same way (one normal form)', async () => {
    const strings = await postLoyalty(sandbox.url, { ...stringlyOrder(), order: { ...(stringlyOrder().order as Json), table_id: '3' } });
    const numbers = await postLoyalty(sandbox.url, {
      order: {
        total: 18,
        table_id: 4,
        guests: 3,
        contents: [
          { item_id: ITEM.tostada, itemPrice: 2.5, quantity: 2, modifiers: [{ id: MODIFIER.extraQueso, name: 'Extra de queso', price: 0.5 }] },
          {
            item_id: ITEM.menu,
            itemPrice: 12,
            quantity: 1,
            menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada mixta', price: 0, quantity: 1, dishOrder: MENU_PIVOT.ensalada }],
          },
        ],
        payment: { amount: 5, payment_method_id: 2, tip: 0.5 },
      },
      skipMerge: true,
      warehouse_id: WAREHOUSE,
    });
    expect([strings.status, numbers.status]).toEqual([200, 200]);
    const orders = (await allOrders(sandbox.url)).orders;
    const shape = (id: unknown) => {
      const found = orders.find((o) => o.id === id) as Json;
      return { contents: found.contents, payments: found.payments, guests: found.guests, total: found.total };
    };
    expect(shape(strings.body.order_id)).toEqual(shape(numbers.body.order_id));
  });

  it.each([
    ['item_id "4.5"', { item_id: '4.5' }, /item_id: expected an integer/],
    ['item_id "4a"', { item_id: '4a' }, /item_id: expected an integer/],
    ['item_id ""', { item_id: '' }, /item_id: expected an integer/],
    ['item_id true', { item_id: true }, /item_id: expected an integer/],
    ['quantity "2.0"', { quantity: '2.0' }, /quantity: expected an integer/],
    ['quantity false', { quantity: false }, /quantity: expected an integer/],
    ['itemPrice "1,80"', { itemPrice: '1,80' }, /itemPrice: "1,80" is not a decimal/],
  ])('a line with %s → 422 naming the field, nothing committed', async (_name, change, pattern) => {
    const answer = await postLoyalty(sandbox.url, { order: { total: 1.8, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, ...change }] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual({ error: expect.stringMatching(pattern), code: 422, data: [] });
    expect((await allOrders(sandbox.url)).orders).toEqual([]);
  });

  it.each([
    ['payment_method_id "2a"', { payment: { amount: 1.8, payment_method_id: '2a' } }, /payment_method_id: expected an integer/],
    ['table_id "1.5"', { table_id: '1.5' }, /table_id: expected an integer/],
    [
      'a modifier id "x"',
      { contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, modifiers: [{ id: 'x', name: 'X', price: 0 }] }] },
      /modifiers\[0\]\.id: expected an integer/,
    ],
  ])('an order with %s → 422', async (_name, change, pattern) => {
    const answer = await postLoyalty(sandbox.url, { order: { total: 1.8, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8 }], ...change } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.error).toMatch(pattern);
  });

  it('skipMerge "yes" is refused; "0" and "1" are Laravel booleans', async () => {
    const body = (skipMerge: unknown) => ({ order: { total: 1.8, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8 }] }, skipMerge });
    expect((await postLoyalty(sandbox.url, body('yes'))).status).toBe(422);
    expect((await postLoyalty(sandbox.url, body('0'))).status).toBe(200);
    expect((await postLoyalty(sandbox.url, body('1'))).status).toBe(200);
  });
});

describe('Flow newOrder: values as Laravel reads them (clarifications)', () => {
  it('table ids, guests, item_id, quantity and payment_method_id as strings are seated and stored as numbers', async () => {
    const data = newOrderData([], {
      table_id: ['5'],
      guests: '4',
      contents: [{ item_id: String(ITEM.cafe), itemPrice: '1.80', quantity: '2' }],
      payments: [{ amount: '3.60', payment_method_id: '1' }],
    });
    const answer = await postFlow(sandbox.url, flowMessage(data));
    expect(answer.body).toMatchObject({ result: true, errorMessage: null });
    const open = (await openOrders(sandbox.url)).orders.find((o) => o.id === answer.body.data?.id);
    expect(open).toMatchObject({
      tableIds: [5],
      guests: 4,
      contents: [{ item_id: ITEM.cafe, quantity: 2, itemPrice: '1.80' }],
      payments: [{ amount: '3.60', payment_method_id: 1 }],
    });
  });

  it('guests "2.5" is refused (result false, nothing seated)', async () => {
    const answer = await postFlow(sandbox.url, flowMessage(newOrderData([5], { guests: '2.5' })));
    expect(answer.body).toMatchObject({ result: false, errorMessage: expect.stringMatching(/guests: expected an integer/) });
    expect((await openOrders(sandbox.url)).orders).toEqual([]);
  });
});

describe('v2 writes: values as Laravel reads them (clarifications)', () => {
  it('a catalog item created with price, type, category_id and active as strings is stored and answered as numbers', async () => {
    const created = await call(sandbox.url, 'POST', `${V2}/catalog/items`, {
      name: 'Bocadillo',
      price: '4.50',
      costPrice: '1.20',
      type: '0',
      category_id: '1',
      active: '1',
      order: '-2',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as number;
    const read = (await call(sandbox.url, 'GET', `${V2}/catalog/items/${id}`)).body;
    expect(read).toMatchObject({ price: 4.5, costPrice: 1.2, type: 0, category_id: 1, active: 1, order: -2 });
  });

  it.each([
    ['"0.5"', '0.5'],
    ['"4a"', '4a'],
    ['""', ''],
    ['true', true],
  ])('a catalog item with type %s → 422', async (_name, type) => {
    const answer = await call(sandbox.url, 'POST', `${V2}/catalog/items`, { name: 'X', price: 1, costPrice: 0, type, category_id: 1 });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toMatch(/type: must be an integer/);
  });

  it("a modifier category's min/max/shouldHide and a modifier's autoSelected are kept as numbers (clarifications: fields records carry)", async () => {
    const category = await call(sandbox.url, 'POST', `${V2}/catalog/modifierCategories`, {
      name: 'Punto',
      isChoice: '0',
      isOptional: '0',
      min: '1',
      max: '1',
      shouldHide: '0',
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    expect(category.body).toMatchObject({ isChoice: 0, isOptional: 0, min: 1, max: 1, shouldHide: 0 });
    const modifier = await call(sandbox.url, 'POST', `${V2}/catalog/modifiers`, {
      name: 'Al punto',
      price: '0',
      category_id: String(category.body.id),
      autoSelected: '1',
    });
    expect(modifier.status, JSON.stringify(modifier.body)).toBe(200);
    expect(modifier.body).toMatchObject({ price: 0, category_id: category.body.id, autoSelected: 1 });
    // Created without them: shouldHide and autoSelected default to 0, as the other flags do.
    expect((await call(sandbox.url, 'POST', `${V2}/catalog/modifiers`, { name: 'Muy hecho', price: 0, category_id: category.body.id })).body).toMatchObject({
      autoSelected: 0,
    });
    const refused = await call(sandbox.url, 'POST', `${V2}/catalog/modifierCategories`, { name: 'Salsas', min: 3, max: 2 });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/min: must not be above max/);
    expect((await call(sandbox.url, 'POST', `${V2}/catalog/modifierCategories`, { name: 'Salsas', min: 3, max: 0 })).status).toBe(200); // 0: no limit
  });

  it('addStock with item_id "1" and quantity "2.5" adds 2.5 to item 1', async () => {
    const answer = await call(sandbox.url, 'POST', `${V2}/warehouses/${WAREHOUSE}/addStock`, { item_id: String(ITEM.cafe), quantity: '2.5' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ item_id: ITEM.cafe, quantity: 102.5 });
    const bad = await call(sandbox.url, 'POST', `${V2}/warehouses/${WAREHOUSE}/addStock`, { item_id: '1.5', quantity: 1 });
    expect(bad.status).toBe(422);
  });

  it('customers with active "0" and tax_id "3" are stored as 0 and 3', async () => {
    const answer = await call(sandbox.url, 'POST', `${V2}/customers`, [{ name: 'Luis', active: '0', tax_id: '3' }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((answer.body as unknown as Json[])[0]).toMatchObject({ active: 0, tax_id: 3 });
  });
});
