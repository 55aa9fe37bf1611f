// retail-api.md §4.2 (variants, config, stock, customers, chain sync), row by row, with §2.2–2.4
// field for field and the clarifications "Retail".
import { describe, expect, it } from 'vitest';
import { CHILD, expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json } from './fixtures';

describe('§4.2 variants', () => {
  const { call } = retailFixture();

  it('GET catalog/variantSets → array of { id, name }', async () => {
    const answer = await call<Json[]>('GET', `${R}/catalog/variantSets`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: 1, name: 'Talla' },
      { id: 2, name: 'Color' },
    ]);
  });

  it('GET catalog/variants → array of { id, name, order, variant_set_id, color (nullable) }', async () => {
    const answer = await call<Json[]>('GET', `${R}/catalog/variants`);
    expect(answer.body[0]).toEqual({ id: 1, name: 'M', order: 1, variant_set_id: 1, color: null });
    expect(answer.body[1]).toEqual({ id: 2, name: 'Rojo', order: 1, variant_set_id: 2, color: '#c0392b' });
  });

  it('GET catalog/productsVariants → array of { id, product_id, variant_1_id, variant_2_id }', async () => {
    const answer = await call<Json[]>('GET', `${R}/catalog/productsVariants`);
    expect(answer.body).toContainEqual({ id: 1, product_id: MINIMAL.product.variantRedM, variant_1_id: 1, variant_2_id: 2 });
  });
});

describe('§4.2 config', () => {
  const { call } = retailFixture();

  it('GET config/taxes → array of { id, name, taxPercentage (decimal) }', async () => {
    const answer = await call<Json[]>('GET', `${R}/config/taxes`);
    expect(answer.body).toEqual([
      { id: 1, name: 'IVA 21%', taxPercentage: 21 },
      { id: 2, name: 'IVA 10%', taxPercentage: 10 },
    ]);
  });

  it.each(['config/units', 'catalog/units'])('GET %s → paginated units; default units have null timestamps', async (path) => {
    const answer = await call('GET', `${R}/${path}?pagination=1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect((answer.body.data as Json[])[0]).toEqual({
      id: 1,
      name: 'Unidad',
      main_unit: null,
      conversion: '1.000',
      extra_id: null,
      created_at: null,
      updated_at: null,
      deleted_at: null,
    });
  });

  it('GET config/payment_methods → array of { id, name }', async () => {
    const answer = await call<Json[]>('GET', `${R}/config/payment_methods`);
    expect(answer.body).toEqual([
      { id: 1, name: 'Card' },
      { id: 2, name: 'Cash' },
      { id: 3, name: 'Bizum' },
      { id: 4, name: 'Gift card' },
    ]);
  });
});

describe('§4.2 stock', () => {
  it('GET catalog/stocks → paginated stocks with id, quantity, defaultQuantity, alert, warehouse_id, item_id, unit_id', async () => {
    const { call } = retailFixture();
    const answer = await call('GET', `${R}/catalog/stocks`);
    expect(answer.body.total).toBe(3);
    expect((answer.body.data as Json[])[0]).toEqual({
      id: 1,
      quantity: '10.000',
      defaultQuantity: '10.000',
      alert: false,
      warehouse_id: 1,
      item_id: MINIMAL.product.shirt,
      unit_id: 1,
    });
  });

  it('POST stocks/add SETS the quantity of an existing record and answers { quantity }', async () => {
    const { call, app } = retailFixture();
    const answer = await call('POST', `${R}/stocks/add`, { product_id: MINIMAL.product.shirt, warehouse_id: 1, quantity: 3 });
    expect(answer).toMatchObject({ status: 200, body: { quantity: 3 } });
    const rows = app.state.account('demo-shop')!.stocks.filter((s) => s.item_id === MINIMAL.product.shirt && s.warehouse_id === 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(3_000); // set to 3, not 10 + 3
    // At or below its alert level (2) the row is on alert.
    await call('POST', `${R}/stocks/add`, { product_id: MINIMAL.product.shirt, warehouse_id: 1, quantity: '1.5' });
    const listed = ((await call('GET', `${R}/catalog/stocks`)).body.data as Json[]).find((s) => s.id === 1);
    expect(listed).toMatchObject({ quantity: '1.500', alert: true });
  });

  it('POST stocks/add creates the record when the warehouse has none', async () => {
    const { call } = retailFixture();
    const answer = await call('POST', `${R}/stocks/add`, { product_id: MINIMAL.product.socks, warehouse_id: 2, quantity: 12 });
    expect(answer.body).toEqual({ quantity: 12 });
    const page = await call('GET', `${R}/catalog/stocks`);
    expect(page.body.total).toBe(4);
    expect(page.body.data).toContainEqual(expect.objectContaining({ item_id: MINIMAL.product.socks, warehouse_id: 2, quantity: '12.000' }));
  });

  it.each([
    [{ warehouse_id: 1, quantity: 1 }, /product_id: is required/],
    [{ product_id: 1, quantity: 1 }, /warehouse_id/],
    [{ product_id: 1, warehouse_id: 1 }, /quantity/],
    [{ product_id: 9999, warehouse_id: 1, quantity: 1 }, /no product 9999/],
    [{ product_id: 1, warehouse_id: 9, quantity: 1 }, /no warehouse 9/],
    [{ product_id: 1, warehouse_id: 1, quantity: '1.2345' }, /3 decimals/],
  ])('POST stocks/add %j → 422 (all three fields required)', async (body, reason) => {
    const { call } = retailFixture();
    expectInvalid(await call('POST', `${R}/stocks/add`, body), reason);
  });
});

describe('§2.4 / §4.2 / §7 customers', () => {
  it('GET config/customers → paginated customers with every §2.4 field', async () => {
    const { call } = retailFixture();
    const answer = await call('GET', `${R}/config/customers`);
    expect(answer.body).toMatchObject({ total: 2, per_page: 50 });
    const jordi = (answer.body.data as Json[])[1]!;
    for (const field of ['id', 'name', 'address', 'city', 'state', 'country', 'postalCode', 'nif', 'web', 'email', 'phone', 'notes', 'maxCredit', 'extra_id']) {
      expect(jordi).toHaveProperty(field);
    }
    expect(jordi).toMatchObject({ maxCredit: '500.00', extra_id: 'J-1', email: null });
  });

  it('POST config/customers creates a customer (201) and emits customer.created', async () => {
    const { call, events } = retailFixture();
    const answer = await call('POST', `${R}/config/customers`, {
      name: 'Marta Soler',
      address: 'Carrer de Provença 200',
      city: 'Barcelona',
      postalCode: 8008,
      email: 'marta@example.com',
      maxCredit: 150.5,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: 3, name: 'Marta Soler', address: 'Carrer de Provença 200', postalCode: '8008', maxCredit: '150.50', nif: null });
    expect(events).toEqual([{ username: 'demo-shop', event: 'customer.created', payload: answer.body }]);
    expect((await call('GET', `${R}/config/customers`)).body.total).toBe(3);
  });

  it.each([
    [{ address: 'Carrer 1' }, /name: is required/],
    [{ name: 'Sin dirección' }, /address: is required/],
    [{ name: '', address: 'x' }, /name/],
    [{ name: 'X', address: 'Y', email: 'no-es-un-email' }, /email/],
    [{ name: 'X', address: 'Y', maxCredit: -1 }, /maxCredit/],
    [[{ name: 'X', address: 'Y' }], /one customer object/],
  ])('§7: POST config/customers %j → 422 with { error, code, data: [] }, nothing created', async (body, reason) => {
    const { call, app } = retailFixture();
    const answer = await call('POST', `${R}/config/customers`, body);
    expectInvalid(answer, reason);
    expect(answer.body).toEqual({ error: 'The given data was invalid.', code: 0, data: [] });
    expect(app.state.account('demo-shop')!.customers).toHaveLength(2);
  });

  it('PATCH config/customers/{id} changes only the fields sent and emits customer.updated', async () => {
    const { call, events } = retailFixture();
    const answer = await call('PATCH', `${R}/config/customers/${MINIMAL.customer.ana}`, { phone: '699000111', notes: 'VIP' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 1, name: 'Ana García', address: 'Carrer de Mallorca 101', phone: '699000111', notes: 'VIP' });
    expect(events.map((e) => e.event)).toEqual(['customer.updated']);
    expectInvalid(await call('PATCH', `${R}/config/customers/1`, { address: '' }), /address/);
    expectRetailError(await call('PATCH', `${R}/config/customers/999`, { notes: 'x' }), 404);
  });
});

describe('§4.2 chain sync', () => {
  it("POST chains/sync → { data: { message } }; the child gets the master's catalog, not its stock or customers", async () => {
    const { call, app } = retailFixture();
    await call('POST', `${R}/catalog/products`, [{ name: 'Gorra', category_id: 1, price: 12 }]);
    await call('POST', `${R}/config/customers`, { name: 'Solo master', address: 'x' });
    const answer = await call('POST', `${R}/chains/sync`);
    expect(answer).toMatchObject({ status: 200, body: { data: { message: 'Synced' } } });
    const child = app.state.account('demo-shop-child')!;
    expect(child.products.map((p) => p.name)).toContain('Gorra');
    expect(child.customers).toHaveLength(2);
    // Ids the child hands out later stay above the ones it received.
    const created = await call<Json[]>('POST', `${R}/catalog/groups`, [{ name: 'Hijo' }], CHILD);
    expect(created.body[0]!.id).toBe(2);
  });

  it('a child account cannot sync (403)', async () => {
    const { call } = retailFixture();
    expectRetailError(await call('POST', `${R}/chains/sync`, undefined, CHILD), 403, /child account/);
  });
});
