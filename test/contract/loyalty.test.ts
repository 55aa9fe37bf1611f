// Contract tests of the loyalty order (spec: hospitality §2.10, §4.8, §5; clarifications "Loyalty
// order", one test or more per bullet), written from the spec and the clarifications. Plain HTTP
// to a real sandbox serving the fixture venue (orderFixtures.ts).
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  HEADERS,
  ITEM,
  MENU_PIVOT,
  MODIFIER,
  PIVOT,
  UNKNOWN_TABLE,
  WAREHOUSE,
  call,
  ledger,
  allOrders,
  openOrders,
  postLoyalty,
  resetSandbox,
  fixtureSandboxPerFile,
  type Answer,
  type Json,
} from './orderFixtures';

const sandbox = fixtureSandboxPerFile();

const cafe = (quantity = 1): Json => ({ item_id: ITEM.cafe, itemPrice: 1.8, quantity });

function order(contents: Json[], total: number | string, extra: Json = {}): Json {
  return { order: { total, contents, ...extra } };
}

const post = (body: unknown) => postLoyalty(sandbox.url, body);

const FORM_HEADERS = { ...HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' };

/** The body as the vendor's form fields: each object field a JSON text, scalars as text. */
function formOf(body: Json): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    form.append(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

const postForm = (body: Json | string) => postLoyalty(sandbox.url, typeof body === 'string' ? body : formOf(body), FORM_HEADERS);

async function placed(body: unknown): Promise<number> {
  const answer = await post(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ order_id: expect.any(Number) });
  return answer.body.order_id as number;
}

/** 422 with the error shape `{ error, code: 422, data: [] }`, the message matching `pattern`. */
async function refused(body: unknown, pattern: RegExp): Promise<Answer> {
  const answer = await post(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body).toEqual({ error: expect.any(String), code: 422, data: [] });
  expect(answer.body.error).toMatch(pattern);
  return answer;
}

/** An order by id, open or closed (paid in full, a table's order closes: docs/decisions.md "Bill discount and settled checks"). */
async function orderRecord(id: number) {
  const found = (await allOrders(sandbox.url)).orders.find((o) => o.id === id);
  expect(found, `order ${id}`).toBeDefined();
  return found as NonNullable<typeof found>;
}

describe('loyalty order: response and credentials (spec §4.8, §5)', () => {
  it('§4.8 / clarifications: success → 200 { order_id }', async () => {
    const answer = await post(order([cafe(2)], 3.6));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ order_id: expect.any(Number) });
  });

  it('§5: without the credential headers → 401 and nothing committed', async () => {
    const answer = await postLoyalty(sandbox.url, order([cafe()], 1.8), { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 401, data: [] });
    expect(await ledger(sandbox.url)).toEqual([]);
  });

  it('§5: a wrong access token or a missing client-token → 401', async () => {
    expect((await postLoyalty(sandbox.url, order([cafe()], 1.8), { ...HEADERS, Authorization: 'Bearer nope' })).status).toBe(401);
    const { 'client-token': _client, ...noClient } = HEADERS;
    expect((await postLoyalty(sandbox.url, order([cafe()], 1.8), noClient)).status).toBe(401);
  });
});

describe('loyalty order: required fields (spec §2.10, clarifications)', () => {
  it('§2.10: order is required → 422 naming order', async () => {
    await refused({ customer: null }, /\border\b.*required/);
  });

  it('§2.10: order.total is required → 422 naming order.total', async () => {
    await refused({ order: { contents: [cafe()] } }, /order\.total.*required/);
  });

  it('§2.10: order.contents is required → 422 naming order.contents', async () => {
    await refused({ order: { total: 0 } }, /order\.contents.*required/);
  });

  it('clarifications: contents item_id is required → 422', async () => {
    await refused(order([{ itemPrice: 1.8, quantity: 1 }], 1.8), /order\.contents\[0\]\.item_id.*required/);
  });

  it('clarifications: contents itemPrice is required → 422', async () => {
    await refused(order([{ item_id: ITEM.cafe, quantity: 1 }], 1.8), /order\.contents\[0\]\.itemPrice.*required/);
  });

  it('clarifications: a contents item_id that does not exist → 422 naming it', async () => {
    await refused(order([{ item_id: ITEM.unknown, itemPrice: 1 }], 1), new RegExp(`item ${ITEM.unknown} does not exist`));
  });

  it('clarifications: quantity defaults to 1', async () => {
    const id = await placed(order([{ item_id: ITEM.cafe, itemPrice: 1.8 }], 1.8));
    expect((await orderRecord(id)).contents).toEqual([expect.objectContaining({ item_id: ITEM.cafe, quantity: 1 })]);
  });

  it('a body that is not JSON → 422', async () => {
    const answer = await postLoyalty(sandbox.url, '{"order": ');
    expect(answer.status).toBe(422);
  });
});

describe('loyalty order: modifiers and menuContents (clarifications)', () => {
  it('clarifications: modifiers of a normal item (type 0) are { id?, name, price } and their price counts', async () => {
    const line = {
      item_id: ITEM.tostada,
      itemPrice: 2.5,
      quantity: 2,
      modifiers: [
        { id: MODIFIER.extraQueso, name: 'Extra de queso', price: 0.5 },
        { name: 'Con tomate', price: '0.30' },
      ],
    };
    const id = await placed(order([line], 6.6)); // 2 × (2.50 + 0.50 + 0.30)
    expect((await orderRecord(id)).contents[0]).toMatchObject({
      modifiers: [
        { id: MODIFIER.extraQueso, name: 'Extra de queso', price: '0.50' },
        { id: null, name: 'Con tomate', price: '0.30' },
      ],
    });
  });

  it('clarifications: a normal modifier without name or without price → 422', async () => {
    await refused(order([{ ...cafe(), modifiers: [{ price: 0.5 }] }], 2.3), /modifiers\[0\]\.name.*required/);
    await refused(order([{ ...cafe(), modifiers: [{ name: 'Leche de avena' }] }], 1.8), /modifiers\[0\]\.price.*required/);
  });

  it('clarifications: a normal modifier id that does not exist → 422', async () => {
    await refused(order([{ ...cafe(), modifiers: [{ id: 7777, name: 'X', price: 0 }] }], 1.8), /modifier 7777 does not exist/);
  });

  it('clarifications: a selling-format item (type 4) takes exactly one { id: its pivot id, price? }', async () => {
    const jarra = { item_id: ITEM.cerveza, itemPrice: 3.5, quantity: 2, modifiers: [{ id: PIVOT.jarra }] };
    const id = await placed(order([jarra], 7)); // price defaults to 0
    expect((await orderRecord(id)).contents[0]).toMatchObject({ modifiers: [{ id: PIVOT.jarra, price: '0.00' }] });
    const priced = { item_id: ITEM.cerveza, itemPrice: 2, modifiers: [{ id: PIVOT.cana, price: 0.2 }] };
    await placed(order([priced], 2.2));
  });

  it('clarifications: two format modifiers on a selling-format item → 422', async () => {
    const line = { item_id: ITEM.cerveza, itemPrice: 2, modifiers: [{ id: PIVOT.cana }, { id: PIVOT.jarra }] };
    await refused(order([line], 2), /exactly one/);
  });

  it('clarifications: the format modifier id is required and must be a pivot of THAT item → 422', async () => {
    await refused(order([{ item_id: ITEM.cerveza, itemPrice: 2, modifiers: [{ price: 0 }] }], 2), /modifiers\[0\]\.id.*required/);
    await refused(
      order([{ item_id: ITEM.cerveza, itemPrice: 2, modifiers: [{ id: PIVOT.copa }] }], 2),
      new RegExp(`${PIVOT.copa} is not a selling-format pivot of item ${ITEM.cerveza}`),
    );
  });

  it('clarifications: normal modifiers cannot be set on a selling-format item → 422', async () => {
    const line = { item_id: ITEM.cerveza, itemPrice: 2, modifiers: [{ id: MODIFIER.extraQueso, name: 'Extra de queso', price: 0.5 }] };
    await refused(order([line], 2.5), /not a selling-format pivot/);
  });

  it('clarifications: menuContents of a menu item (type 1) with supplements and dish modifiers count in the total', async () => {
    const menu = {
      item_id: ITEM.menu,
      itemPrice: 12,
      quantity: 2,
      menuContents: [
        { item_id: ITEM.ensalada, name: 'Ensalada mixta', price: 0, dishOrder: MENU_PIVOT.ensalada },
        {
          item_id: ITEM.entrecot,
          name: 'Entrecot',
          price: 3,
          quantity: 1,
          dishOrder: MENU_PIVOT.entrecot,
          modifiers: [
            { id: MODIFIER.pocoHecho, name: 'Poco hecho', price: 0 },
            { name: 'Salsa', price: 0.5 },
          ],
        },
      ],
    };
    const id = await placed(order([menu], 31)); // 2 × (12 + 0 + 3 + 0.50)
    expect((await orderRecord(id)).contents[0]).toMatchObject({
      item_id: ITEM.menu,
      menuContents: [
        { item_id: ITEM.ensalada, price: '0.00' },
        { item_id: ITEM.entrecot, price: '3.00', modifiers: [{ name: 'Poco hecho' }, { name: 'Salsa', price: '0.50' }] },
      ],
    });
  });

  it('clarifications: a menu dish quantity other than 1 → 422', async () => {
    const menu = { item_id: ITEM.menu, itemPrice: 12, menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada', price: 0, quantity: 2 }] };
    await refused(order([menu], 12), /menuContents\[0\]\.quantity.*only.*1/);
  });

  it('clarifications: a menu dish needs item_id, name and price → 422', async () => {
    const noName = { item_id: ITEM.menu, itemPrice: 12, menuContents: [{ item_id: ITEM.ensalada, price: 0 }] };
    await refused(order([noName], 12), /menuContents\[0\]\.name.*required/);
    const noPrice = { item_id: ITEM.menu, itemPrice: 12, menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada' }] };
    await refused(order([noPrice], 12), /menuContents\[0\]\.price.*required/);
  });

  it('clarifications: dishOrder must be an existing menu item-category pivot → 422', async () => {
    const menu = { item_id: ITEM.menu, itemPrice: 12, menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada', price: 0, dishOrder: 8888 }] };
    await refused(order([menu], 12), /dishOrder.*8888 does not exist/);
  });

  it('sandbox decision: dishOrder must be the pivot offering that dish in that menu → 422 otherwise', async () => {
    const menu = {
      item_id: ITEM.menu,
      itemPrice: 12,
      menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada', price: 0, dishOrder: MENU_PIVOT.entrecot }],
    };
    await refused(order([menu], 12), new RegExp(`dishOrder.*${MENU_PIVOT.entrecot}.*does not offer item ${ITEM.ensalada}`));
  });

  it('clarifications: menuContents only on menu items (type 1) → 422 on a normal item', async () => {
    const line = { ...cafe(), menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada', price: 0 }] };
    await refused(order([line], 1.8), /menuContents.*only menu items/);
  });

  it('clarifications: modifiers are for normal and selling-format items only → 422 on a menu', async () => {
    const line = { item_id: ITEM.menu, itemPrice: 12, modifiers: [{ name: 'Extra', price: 1 }] };
    await refused(order([line], 13), /menu.*menuContents, not modifiers/);
  });
});

describe('loyalty order: total, discount and payment (spec §2.10, clarifications)', () => {
  it('§2.10: a total that does not match the contents → 422 stating both figures', async () => {
    await refused(order([cafe(2), { item_id: ITEM.tostada, itemPrice: 2.5 }], 6.5), /6\.50.*6\.10|6\.10.*6\.50/);
  });

  it('§2.10: the total is checked to the cent — one cent off → 422', async () => {
    await refused(order([cafe(3)], 5.41), /5\.41.*5\.40/);
  });

  it('§2.10: the total is exact in cents, whatever floats would say (0.10 + 0.20 = 0.30)', async () => {
    const lines = [
      { item_id: ITEM.cafe, itemPrice: 0.1 },
      { item_id: ITEM.tostada, itemPrice: 0.2 },
    ];
    await placed(order(lines, 0.3));
  });

  it('§2.10: a decimal with more than 2 decimals → 422 naming the field', async () => {
    await refused(order([{ item_id: ITEM.cafe, itemPrice: 1.805 }], 1.8), /itemPrice/);
  });

  it("clarifications: the vendor's example — orderDiscount { name, amount: -2.50 } — total = contents + amount", async () => {
    // 2 × 1.80 + 2.50 = 6.10; 6.10 + (−2.50) = 3.60
    const id = await placed(order([cafe(2), { item_id: ITEM.tostada, itemPrice: 2.5 }], 3.6, { orderDiscount: { name: 'Descuento', amount: -2.5 } }));
    const record = await orderRecord(id);
    expect(record.total).toBe('3.60');
    expect(record.discounts).toEqual([{ name: 'Descuento', amount: '-2.50' }]);
  });

  it('clarifications: orderDiscount.amount as a decimal string "-2.50"; name defaults to "Discount"', async () => {
    const id = await placed(order([cafe(2), { item_id: ITEM.tostada, itemPrice: 2.5 }], '3.60', { orderDiscount: { amount: '-2.50' } }));
    expect((await orderRecord(id)).discounts).toEqual([{ name: 'Discount', amount: '-2.50' }]);
  });

  it('clarifications: a discount equal to the contents leaves a total of 0', async () => {
    const id = await placed(order([cafe(2)], 0, { orderDiscount: { name: 'Invitación', amount: -3.6 } }));
    expect((await orderRecord(id)).total).toBe('0.00');
  });

  it('clarifications: with a discount the total without it → 422 stating both figures', async () => {
    await refused(order([cafe(2)], 3.6, { orderDiscount: { name: 'Fidelidad', amount: -0.6 } }), /3\.60.*3\.00/);
  });

  it('clarifications: a zero or positive orderDiscount.amount → 422', async () => {
    await refused(order([cafe()], 1.8, { orderDiscount: { amount: 0 } }), /orderDiscount\.amount.*negative/);
    await refused(order([cafe()], 1.3, { orderDiscount: { amount: 0.5 } }), /orderDiscount\.amount.*negative/);
    await refused(order([cafe()], 1.3, { orderDiscount: { amount: '0.50' } }), /orderDiscount\.amount.*negative/);
  });

  it('clarifications: a discount larger than the contents → 422', async () => {
    await refused(order([cafe()], 0, { orderDiscount: { amount: -1.81 } }), /orderDiscount\.amount.*-1\.81.*1\.80/);
  });

  it('clarifications: orderDiscount.amount is required → 422', async () => {
    await refused(order([cafe()], 1.8, { orderDiscount: { name: 'Sin importe' } }), /orderDiscount\.amount.*required/);
  });

  it('sandbox decision: the old `negative` flag does not exist → 422 saying to send a negative amount', async () => {
    await refused(order([cafe()], 1.3, { orderDiscount: { amount: 0.5, negative: true } }), /orderDiscount\.negative.*no such field/);
    await refused(order([cafe()], 1.3, { orderDiscount: { amount: -0.5, negative: true } }), /orderDiscount\.negative.*no such field/);
  });

  it('clarifications: payment.amount may equal the total', async () => {
    const id = await placed(order([cafe(2)], 3.6, { payment: { amount: 3.6, payment_method_id: 2, payment_reference: 'T-1', tip: 0.4 } }));
    expect((await orderRecord(id)).payments).toEqual([{ amount: '3.60', payment_method_id: 2, payment_reference: 'T-1', tip: '0.40' }]);
  });

  it('clarifications: payment.amount above the total → 422', async () => {
    await refused(order([cafe(2)], 3.6, { payment: { amount: 3.61 } }), /payment\.amount.*3\.61.*3\.60/);
  });

  it('clarifications: payment.amount is required; payment_method_id must exist → 422', async () => {
    await refused(order([cafe()], 1.8, { payment: { payment_method_id: 1 } }), /payment\.amount.*required/);
    await refused(order([cafe()], 1.8, { payment: { amount: 1.8, payment_method_id: 99 } }), /payment_method_id.*99/);
  });

  it('clarifications: payment.amount is capped by the total minus what is already paid (merged order)', async () => {
    const first = await placed(order([cafe(2)], 3.6, { table_id: 1, payment: { amount: 3 } }));
    // Merged: total 3.60 + 1.80 = 5.40, paid 3.00 → at most 2.40 more.
    await refused(order([cafe()], 1.8, { table_id: 1, payment: { amount: 2.41 } }), /2\.41.*2\.40/);
    expect(await placed(order([cafe()], 1.8, { table_id: 1, payment: { amount: 2.4 } }))).toBe(first);
  });
});

describe('loyalty order: customer (clarifications)', () => {
  it('clarifications: an existing customer is matched by email and not updated', async () => {
    const id = await placed({
      ...order([cafe()], 1.8),
      customer: { name: 'Otro Nombre', email: CUSTOMER.email.toUpperCase(), phone: '699000000' },
    });
    expect((await orderRecord(id)).customer).toMatchObject({ id: CUSTOMER.id, name: CUSTOMER.name });
    const stored = await call(sandbox.url, 'GET', `/api/external/v2/customers/${CUSTOMER.id}`);
    expect(stored.body).toMatchObject({ name: CUSTOMER.name, phone: CUSTOMER.phone });
  });

  it('clarifications: an existing customer is matched by phone', async () => {
    const id = await placed({ ...order([cafe()], 1.8), customer: { name: 'Ana', email: 'ana.nueva@example.com', phone: CUSTOMER.phone } });
    expect((await orderRecord(id)).customer).toMatchObject({ id: CUSTOMER.id });
  });

  it('clarifications: an unknown customer is created with the fields sent', async () => {
    const before = await call<{ total: number }>(sandbox.url, 'GET', '/api/external/v2/customers');
    const id = await placed({
      ...order([cafe()], 1.8),
      customer: { name: 'Marta Ruiz', email: 'marta@example.com', phone: '611222333', city: 'Sevilla', postalCode: '41001' },
    });
    const customer = (await orderRecord(id)).customer as { id: number };
    const after = await call<{ total: number }>(sandbox.url, 'GET', '/api/external/v2/customers');
    expect(after.body.total).toBe(before.body.total + 1);
    const stored = await call(sandbox.url, 'GET', `/api/external/v2/customers/${customer.id}`);
    expect(stored.body).toMatchObject({ name: 'Marta Ruiz', email: 'marta@example.com', city: 'Sevilla', postalCode: '41001' });
  });

  it('clarifications: customer name and email are required → 422', async () => {
    await refused({ ...order([cafe()], 1.8), customer: { name: 'Sin correo' } }, /customer\.email.*required/);
    await refused({ ...order([cafe()], 1.8), customer: { email: 'x@example.com' } }, /customer\.name.*required/);
  });
});

describe('loyalty order: tables, delivery and merging (spec §2.10, clarifications)', () => {
  it('§2.10: without table_id the order is a delivery with tableName "SOLO" by default', async () => {
    const id = await placed(order([cafe()], 1.8));
    const open = await openOrders(sandbox.url);
    expect(open.deliveries).toEqual([expect.objectContaining({ order_id: id, tableName: 'SOLO' })]);
    expect(open.tables).toEqual([]);
  });

  it('§2.10: without table_id the payload tableName is used', async () => {
    const id = await placed(order([cafe()], 1.8, { tableName: 'Glovo 1234' }));
    expect((await orderRecord(id)).tableName).toBe('Glovo 1234');
  });

  it('§2.10: with table_id the real table name is used, whatever tableName says', async () => {
    const id = await placed(order([cafe()], 1.8, { table_id: 4, tableName: 'Otra' }));
    expect(await orderRecord(id)).toMatchObject({ tableIds: [4], tableName: 'Mesa 4' });
  });

  it('§2.10: a table_id that does not exist → 422', async () => {
    await refused(order([cafe()], 1.8, { table_id: UNKNOWN_TABLE }), new RegExp(`table ${UNKNOWN_TABLE} does not exist`));
  });

  it('clarifications: delivery needs phone; date is "YYYY-MM-DD HH:MM:SS" (default now)', async () => {
    const id = await placed({ ...order([cafe()], 1.8), delivery: { phone: '600999888', address: 'Calle Mayor 1', city: 'Madrid' } });
    expect((await orderRecord(id)).delivery).toMatchObject({
      phone: '600999888',
      address: 'Calle Mayor 1',
      city: 'Madrid',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const dated = await placed({ ...order([cafe()], 1.8), delivery: { phone: 600999888, date: '2026-12-24 21:30:00' } });
    expect((await orderRecord(dated)).delivery).toMatchObject({ phone: '600999888', date: '2026-12-24 21:30:00' });
    await refused({ ...order([cafe()], 1.8), delivery: { address: 'Calle Mayor 1' } }, /delivery\.phone.*required/);
    await refused({ ...order([cafe()], 1.8), delivery: { phone: '600', date: '24/12/2026' } }, /delivery\.date/);
  });

  it("clarifications: skipMerge false (default) merges into the table's open order: same order_id, the ledger shows both", async () => {
    const first = await placed(order([cafe()], 1.8, { table_id: 2, extraId: 'A-1' }));
    const second = await placed(order([{ item_id: ITEM.tostada, itemPrice: 2.5 }], 2.5, { table_id: 2, extraId: 'A-2' }));
    expect(second).toBe(first);
    const record = await orderRecord(first);
    expect(record.contents).toHaveLength(2);
    expect(record.total).toBe('4.30');
    expect(record.extraIds).toEqual(['A-1', 'A-2']);
    const entries = await ledger(sandbox.url);
    expect(entries.map((e) => [e.kind, e.orderId])).toEqual([
      ['loyalty', first],
      ['loyalty', first],
    ]);
  });

  it('clarifications: merging also works into an order seated by Flow', async () => {
    const message = {
      auth: { tenant: 'demo', token: 'demo-token' },
      action: 'newOrder',
      data: { table_id: [3], guests: 2, customer: null, contents: null, payments: null },
    };
    const flow = await call<{ data: { id: number } }>(sandbox.url, 'POST', `/apiFlow?message=${encodeURIComponent(JSON.stringify(message))}`, undefined, {});
    expect(await placed(order([cafe()], 1.8, { table_id: 3 }))).toBe(flow.body.data.id);
  });

  it('clarifications: skipMerge true opens a separate order on the same table', async () => {
    const first = await placed(order([cafe()], 1.8, { table_id: 2 }));
    const second = await placed({ ...order([cafe()], 1.8, { table_id: 2 }), skipMerge: true });
    expect(second).not.toBe(first);
    const rows = (await openOrders(sandbox.url)).tables.filter((t) => t.table_id === 2);
    expect(rows.map((r) => r.order_id)).toEqual([first, second]);
  });

  it('clarifications: no idempotency key — a resend merges the same contents a second time', async () => {
    const body = order([cafe()], 1.8, { table_id: 5, extraId: 'WEB-77' });
    const first = await placed(body);
    expect(await placed(body)).toBe(first);
    expect((await orderRecord(first)).contents).toHaveLength(2);
  });
});

describe('loyalty order: stock and ledger (spec §2.10)', () => {
  async function stockOf(itemId: number): Promise<number | undefined> {
    const page = await call<{ data: Array<{ item_id: number; quantity: number }> }>(
      sandbox.url,
      'GET',
      `/api/external/v2/warehouses/${WAREHOUSE}?pagination=200`,
    );
    return page.body.data.find((s) => s.item_id === itemId)?.quantity;
  }

  it('§2.10: warehouse_id discounts the stock of each item by its quantity', async () => {
    expect(await stockOf(ITEM.cafe)).toBe(100);
    await placed({ ...order([cafe(3)], 5.4), warehouse_id: WAREHOUSE });
    expect(await stockOf(ITEM.cafe)).toBe(97);
    // An item without a stock row in that warehouse gets one, below zero.
    await placed({ ...order([{ item_id: ITEM.tostada, itemPrice: 2.5, quantity: 2 }], 5), warehouse_id: WAREHOUSE });
    expect(await stockOf(ITEM.tostada)).toBe(-2);
  });

  it('§2.10: without warehouse_id no stock moves', async () => {
    await placed(order([cafe(3)], 5.4));
    expect(await stockOf(ITEM.cafe)).toBe(100);
  });

  it('§2.10: a warehouse_id that does not exist → 422 and no stock moves', async () => {
    await refused({ ...order([cafe()], 1.8), warehouse_id: 99 }, /warehouse 99/);
    expect(await stockOf(ITEM.cafe)).toBe(100);
  });

  it('a refused order commits nothing: no ledger entry, no order, no customer, no stock', async () => {
    const customersBefore = await call<{ total: number }>(sandbox.url, 'GET', '/api/external/v2/customers');
    await refused({ ...order([cafe()], 9.99, { table_id: 1 }), customer: { name: 'Nuevo', email: 'nuevo@example.com' }, warehouse_id: WAREHOUSE }, /9\.99/);
    expect(await ledger(sandbox.url)).toEqual([]);
    expect((await openOrders(sandbox.url)).orders).toEqual([]);
    expect(await stockOf(ITEM.cafe)).toBe(100);
    const customersAfter = await call<{ total: number }>(sandbox.url, 'GET', '/api/external/v2/customers');
    expect(customersAfter.body.total).toBe(customersBefore.body.total);
  });

  it('ledger: a committed loyalty order is recorded as { service: "hospitality", kind: "loyalty", tenant, receivedAt, orderId, payload }', async () => {
    const body = order([cafe()], 1.8, { extraId: 'L-1' });
    const id = await placed(body);
    expect(await ledger(sandbox.url)).toEqual([
      { service: 'hospitality', kind: 'loyalty', tenant: 'demo', receivedAt: expect.any(String), orderId: id, payload: body },
    ]);
  });
});

describe('loyalty order: form fields (clarifications "Body format")', () => {
  it('clarifications: order, customer and delivery as JSON texts in form fields → the same order as the JSON form', async () => {
    const body = {
      ...order([cafe(2)], 3.6, { tableName: 'Glovo 88', extraId: 'G-88', payment: { amount: 3.6, payment_method_id: 1 } }),
      customer: { name: 'Marta Ruiz', email: 'marta@example.com', phone: '611222333' },
      delivery: { phone: '611222333', address: 'Carrer de Mallorca 1', date: '2026-12-24 21:30:00' },
      warehouse_id: WAREHOUSE,
    };
    const answer = await postForm(body);
    expect(answer).toEqual({ status: 200, body: { order_id: expect.any(Number) } });
    const record = await orderRecord(answer.body.order_id as number);
    expect(record).toMatchObject({
      tableName: 'Glovo 88',
      total: '3.60',
      extraIds: ['G-88'],
      customer: { name: 'Marta Ruiz', email: 'marta@example.com' },
      delivery: { phone: '611222333', address: 'Carrer de Mallorca 1', date: '2026-12-24 21:30:00' },
      payments: [{ amount: '3.60', payment_method_id: 1 }],
    });
    // The ledger keeps the decoded body, as a JSON post of it would.
    expect((await ledger(sandbox.url)).map((e) => e.payload)).toEqual([body]);
  });

  it('clarifications: form answers equal JSON answers, valid and invalid bodies alike', async () => {
    const bodies: Json[] = [
      order([cafe(2)], 3.6),
      order([cafe(2)], 3.7),
      order([cafe()], 1.3, { orderDiscount: { amount: -0.5 } }),
      order([cafe()], 1.3, { orderDiscount: { amount: 0.5 } }),
      { ...order([cafe()], 1.8), customer: { name: 'Sin correo' } },
      { ...order([cafe()], 1.8), delivery: { address: 'x' } },
      { ...order([cafe()], 1.8), warehouse_id: 99 },
      { ...order([cafe()], 1.8, { table_id: 2 }), skipMerge: true },
      { ...order([cafe()], 1.8, { table_id: 2 }), skip_merge: 1 },
      { customer: { name: 'Ana', email: 'ana@example.com' } },
      order([], 0, { table_id: 2, payment: { amount: 1 } }),
    ];
    for (const body of bodies) {
      await resetSandbox(sandbox.url);
      const asJson = await post(body);
      await resetSandbox(sandbox.url);
      const asForm = await postForm(body);
      expect(asForm, JSON.stringify(body)).toEqual(asJson);
    }
  });

  it('clarifications: skipMerge and warehouse_id as form scalars ("true"/"1", "1")', async () => {
    const first = await placed(order([cafe()], 1.8, { table_id: 2 }));
    const merged = await postForm({ ...order([cafe()], 1.8, { table_id: 2 }), skipMerge: 'false' });
    expect(merged.body).toEqual({ order_id: first });
    const separate = await postForm({ ...order([cafe()], 1.8, { table_id: 2 }), skipMerge: 'true' });
    expect(separate.status).toBe(200);
    expect(separate.body.order_id).not.toBe(first);
    const numeric = await postForm({ ...order([cafe()], 1.8, { table_id: 2 }), skipMerge: '1', warehouse_id: '1' });
    expect(numeric.status).toBe(200);
    expect((await openOrders(sandbox.url)).tables.filter((t) => t.table_id === 2)).toHaveLength(3);
  });

  it('clarifications: skip_merge is accepted for skipMerge, in JSON and in form fields', async () => {
    const first = await placed(order([cafe()], 1.8, { table_id: 3 }));
    const json = await placed({ ...order([cafe()], 1.8, { table_id: 3 }), skip_merge: true });
    expect(json).not.toBe(first);
    const form = await postForm({ ...order([cafe()], 1.8, { table_id: 3 }), skip_merge: 'true' });
    expect(form.status).toBe(200);
    expect([first, json]).not.toContain(form.body.order_id);
    // false merges, as skipMerge false does.
    expect(await placed({ ...order([cafe()], 1.8, { table_id: 3 }), skip_merge: false })).toBe(first);
  });

  it('sandbox decision: skipMerge and skip_merge that disagree → 422', async () => {
    await refused({ ...order([cafe()], 1.8, { table_id: 3 }), skipMerge: true, skip_merge: false }, /skipMerge.*skip_merge/);
    const form = await postForm({ ...order([cafe()], 1.8, { table_id: 3 }), skipMerge: 'true', skip_merge: '0' });
    expect(form).toEqual({ status: 422, body: { error: expect.stringMatching(/skipMerge.*skip_merge/), code: 422, data: [] } });
  });

  it('malformed form fields → 422 { error, code, data: [] } naming the field, nothing committed', async () => {
    const cases: Array<[string, RegExp]> = [
      ['order=%7B', /\border\b.*not valid JSON/],
      [`order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}&customer=%7Bname`, /\bcustomer\b.*not valid JSON/],
      [`order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}&delivery=nope`, /\bdelivery\b.*not valid JSON/],
      ['order=%5B1%2C2%5D', /\border\b.*expected object/],
      ['order=', /\border\b/],
      ['customer=%7B%7D', /\border\b.*required/],
      ['', /\border\b.*required/],
      ['%zz=%E0%A4%A&order=%zz', /\border\b/],
      [`order=${encodeURIComponent('{"__proto__":{"polluted":1}}')}`, /\border\b.*__proto__/],
      [`order=${encodeURIComponent('['.repeat(40) + ']'.repeat(40))}`, /\border\b.*deeper/],
      [`order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}&skipMerge=maybe`, /skipMerge/],
      [`order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}&warehouse_id=uno`, /warehouse_id/],
      [
        `order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}&order=${encodeURIComponent(JSON.stringify(order([cafe()], 1.8).order))}`,
        /\border\b.*more than once/,
      ],
      ['order[total]=1.8&order[contents][0][item_id]=1', /\border\b.*JSON text/],
    ];
    for (const [form, pattern] of cases) {
      const answer = await postForm(form);
      expect(answer.status, `${form.slice(0, 80)} → ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body).toEqual({ error: expect.stringMatching(pattern), code: 422, data: [] });
    }
    expect(await ledger(sandbox.url)).toEqual([]);
    expect((await openOrders(sandbox.url)).orders).toEqual([]);
  });
});

describe("loyalty order: paying a table's open order (clarifications)", () => {
  const pay = (table: number, payment: Json, extra: Json = {}): Json => order([], 0, { table_id: table, payment, ...extra });

  it("clarifications: contents [], total 0 and a payment add the payment to the table's open order", async () => {
    const open = await placed(order([cafe(2)], 3.6, { table_id: 2, payment: { amount: 1 } }));
    expect(await placed(pay(2, { amount: 2.6, payment_method_id: 2, payment_reference: 'CAJA-7' }))).toBe(open);
    const record = await orderRecord(open);
    expect(record.total).toBe('3.60');
    expect(record.contents).toHaveLength(1);
    expect(record.payments).toEqual([
      { amount: '1.00', payment_method_id: null, payment_reference: null, tip: null },
      { amount: '2.60', payment_method_id: 2, payment_reference: 'CAJA-7', tip: null },
    ]);
    expect((await ledger(sandbox.url)).map((e) => e.orderId)).toEqual([open, open]);
  });

  it('clarifications: the payment may not exceed the open total minus what is already paid → 422', async () => {
    await placed(order([cafe(2)], 3.6, { table_id: 2, payment: { amount: 1 } }));
    await refused(pay(2, { amount: 2.61 }), /payment\.amount.*2\.61.*2\.60/);
    await placed(pay(2, { amount: 2.6 }));
    // Paid in full, the order closed (as a POS closes a settled ticket): nothing is open to pay.
    await refused(pay(2, { amount: 0.01 }), /order\.contents.*empty.*table 2 has no open order/);
  });

  it('clarifications: pays an order seated by Flow, and works as form fields', async () => {
    const message = {
      auth: { tenant: 'demo', token: 'demo-token' },
      action: 'newOrder',
      data: { table_id: [4], guests: 2, customer: null, contents: [cafe(3)], payments: null },
    };
    const flow = await call<{ data: { id: number } }>(sandbox.url, 'POST', `/apiFlow?message=${encodeURIComponent(JSON.stringify(message))}`, undefined, {});
    const answer = await postForm(pay(4, { amount: '5.40' }));
    expect(answer).toEqual({ status: 200, body: { order_id: flow.body.data.id } });
    expect((await orderRecord(flow.body.data.id)).payments).toEqual([expect.objectContaining({ amount: '5.40' })]);
  });

  it('clarifications: contents [] is invalid without an open order on the table → 422', async () => {
    await refused(pay(2, { amount: 1 }), /order\.contents.*empty.*table 2 has no open order/);
  });

  it('clarifications: contents [] is invalid without table_id → 422', async () => {
    await refused(order([], 0, { payment: { amount: 1 } }), /order\.contents.*empty.*table_id/);
  });

  it('clarifications: contents [] is invalid with skipMerge true (either spelling) → 422', async () => {
    await placed(order([cafe(2)], 3.6, { table_id: 2 }));
    await refused({ ...pay(2, { amount: 1 }), skipMerge: true }, /order\.contents.*empty.*skipMerge/);
    await refused({ ...pay(2, { amount: 1 }), skip_merge: 1 }, /order\.contents.*empty.*skipMerge/);
  });

  it('clarifications: contents [] is invalid without a payment → 422', async () => {
    await placed(order([cafe(2)], 3.6, { table_id: 2 }));
    await refused(order([], 0, { table_id: 2 }), /order\.contents.*empty.*payment/);
  });

  it('clarifications: paying with contents [] needs total 0 → 422 otherwise', async () => {
    await placed(order([cafe(2)], 3.6, { table_id: 2 }));
    await refused(order([], 3.6, { table_id: 2, payment: { amount: 1 } }), /order\.total.*3\.60.*0\.00/);
  });

  it('a refused payment commits nothing', async () => {
    const open = await placed(order([cafe(2)], 3.6, { table_id: 2 }));
    await refused(pay(2, { amount: 9 }), /payment\.amount/);
    expect((await orderRecord(open)).payments).toEqual([]);
    expect(await ledger(sandbox.url)).toHaveLength(1);
  });
});
