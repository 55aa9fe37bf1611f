// retail-api.md §4.3 (groups, categories, products), row by row, with §2.6 field for field, §4.1
// (≤ 100 objects, atomic batches) and §7 (a batch with one invalid object changes nothing).
import { describe, expect, it } from 'vitest';
import { expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json } from './fixtures';

const C = `${R}/catalog`;

describe('§4.3 GET catalog/{resource} (paginated) and GET catalog/{resource}/<id>', () => {
  const { call } = retailFixture();

  it.each([
    ['groups', 1],
    ['categories', 2],
    ['products', 6],
  ])('GET catalog/%s → the generic envelope with an exact total', async (resource, total) => {
    const answer = await call('GET', `${C}/${resource}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 1, per_page: 50, total });
  });

  it('a group: name, photo, order, active, tax_id and the read-only tax object', async () => {
    expect((await call('GET', `${C}/groups/1`)).body).toEqual({
      id: 1,
      name: 'Ropa',
      photo: null,
      order: 1,
      active: true,
      tax_id: 1,
      tax: { id: 1, name: 'IVA 21%', percentage: '21.00', shouldStack: false },
    });
  });

  it('a category: name, group_id, photo, order, active, extra_id, tax_id, tax', async () => {
    expect((await call('GET', `${C}/categories/2`)).body).toEqual({
      id: 2,
      name: 'Colmado',
      group_id: 1,
      photo: null,
      order: 2,
      active: true,
      extra_id: null,
      tax_id: 2,
      tax: { id: 2, name: 'IVA 10%', percentage: '10.00', shouldStack: false },
    });
  });

  it('a product: every §2.6 field; a variant carries its variant_master', async () => {
    const shirt = (await call('GET', `${C}/products/${MINIMAL.product.shirt}`)).body;
    for (const field of [
      'id',
      'name',
      'category_id',
      'photo',
      'extra_id',
      'reference',
      'info',
      'shortInfo',
      'brand',
      'season',
      'order',
      'active',
      'featured',
      'isOpen',
      'traceability',
      'usesStockManagement',
      'usesWeight',
      'weight',
      'type',
      'price',
      'costPrice',
      'barcode',
      'main_product_id',
      'complementary_product_id',
      'unit_id',
      'tax_id',
      'discountinued_at',
      'tax',
    ]) {
      expect(shirt).toHaveProperty(field);
    }
    expect(shirt).toMatchObject({ name: 'Camiseta básica', price: '19.99', costPrice: '7.00', barcode: '8412345678905', type: 0 });
    expect(shirt).not.toHaveProperty('stocks');
    expect(shirt).not.toHaveProperty('ecommerce_info');
    const variant = (await call('GET', `${C}/products/${MINIMAL.product.variantRedM}`)).body;
    expect(variant).toMatchObject({
      type: 6,
      main_product_id: MINIMAL.product.master,
      variant_master: { id: MINIMAL.product.master, type: 5, name: 'Camiseta rayas' },
    });
  });

  it('filters: withStocks, withVariantInfo, withECommerce, withECommerceStocks (with the e-commerce module)', async () => {
    const find = (body: Json, productId: number) => (body.data as Json[]).find((p) => p.id === productId)!;
    const stocks = (await call('GET', `${C}/products?withStocks=1`)).body;
    expect(find(stocks, MINIMAL.product.shirt).stocks).toEqual([
      { id: 1, quantity: '10.000', alert: false, warehouse_id: 1, item_id: 1, unit_id: 1 },
      { id: 2, quantity: '40.000', alert: false, warehouse_id: 2, item_id: 1, unit_id: 1 },
    ]);
    expect(find(stocks, MINIMAL.product.shirt)).not.toHaveProperty('variant_info');
    const info = (await call('GET', `${C}/products?withVariantInfo=1`)).body;
    expect(find(info, MINIMAL.product.variantBlueM).variant_info).toEqual({ id: 2, product_id: 4, variant_1_id: 1, variant_2_id: 3 });
    expect(find(info, MINIMAL.product.shirt).variant_info).toBeNull();
    const ecommerce = (await call('GET', `${C}/products?withECommerce=1`)).body;
    expect(find(ecommerce, MINIMAL.product.socks).ecommerce_info).toEqual({
      id: 1,
      product_id: 6,
      active: true,
      weight: 0.1,
      sizes: { width: 10, height: 2, depth: 20 },
      price: '5.50',
      discount_amount: '0.00',
      discount_percentage: '0.00',
    });
    const both = (await call('GET', `${C}/products?withECommerceStocks=1`)).body;
    expect(find(both, MINIMAL.product.shirt)).toHaveProperty('stocks');
    expect(find(both, MINIMAL.product.shirt)).toHaveProperty('variant_info');
  });

  it('withECommerceStocks gives nothing without the e-commerce module', async () => {
    const { minimalRetailSeed } = await import('../../../electron/sandbox/retail/seed/minimal');
    const off = retailFixture({ seed: () => ({ ...minimalRetailSeed(), ecommerceModule: false }) });
    const product = ((await off.call('GET', `${C}/products?withECommerceStocks=1`)).body.data as Json[])[0]!;
    expect(product).not.toHaveProperty('stocks');
    expect(product).not.toHaveProperty('variant_info');
  });
});

describe('§4.3 POST catalog/{resource}: create (array of records)', () => {
  it('creates every record with the §2.6 defaults, 201, in the order sent; product.created per product', async () => {
    const { call, events } = retailFixture();
    const answer = await call<Json[]>('POST', `${C}/products`, [
      { name: 'Gorra', category_id: 1 },
      {
        name: 'Bolso',
        category_id: 1,
        price: '45.5',
        costPrice: 20,
        active: 0,
        featured: true,
        type: 0,
        barcode: '8400000000017',
        discountinued_at: '2027-01-31',
      },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body[0]).toMatchObject({
      id: 7,
      name: 'Gorra',
      active: true,
      featured: false,
      isOpen: false,
      traceability: false,
      usesStockManagement: false,
      usesWeight: false,
      weight: 0,
      type: 0,
      price: '0.00',
      costPrice: '0.00',
      barcode: null,
      tax: null,
    });
    expect(answer.body[1]).toMatchObject({ id: 8, price: '45.50', costPrice: '20.00', active: false, featured: true, discountinued_at: '2027-01-31' });
    expect(events.map((e) => [e.event, e.payload.id])).toEqual([
      ['product.created', 7],
      ['product.created', 8],
    ]);
  });

  it('groups and categories: name required; a category needs an existing group_id', async () => {
    const { call } = retailFixture();
    expect((await call<Json[]>('POST', `${C}/groups`, [{ name: 'Calzado', tax_id: 1 }])).body[0]).toMatchObject({ id: 2, active: true, order: 0 });
    expect((await call<Json[]>('POST', `${C}/categories`, [{ name: 'Zapatillas', group_id: 2, extra_id: 'Z' }])).body[0]).toMatchObject({ id: 3, group_id: 2 });
    expectInvalid(await call('POST', `${C}/categories`, [{ name: 'Huérfana' }]), /group_id: is required/);
    expectInvalid(await call('POST', `${C}/categories`, [{ name: 'X', group_id: 99 }]), /no group 99/);
    expectInvalid(await call('POST', `${C}/groups`, [{ photo: 'x.png' }]), /name: is required/);
  });

  it.each([
    [{ category_id: 1 }, /name: is required/],
    [{ name: 'X' }, /category_id: is required/],
    [{ name: 'X', category_id: 99 }, /no category 99/],
    [{ name: 'X', category_id: 1, type: 9 }, /type/],
    [{ name: 'X', category_id: 1, price: -1 }, /price/],
    [{ name: 'X', category_id: 1, price: '1.234' }, /2 decimals/],
    [{ name: 'X', category_id: 1, tax_id: 7 }, /no tax 7/],
    [{ name: 'X', category_id: 1, unit_id: 7 }, /no unit 7/],
    [{ name: 'X', category_id: 1, discountinued_at: '2027-02-30' }, /discountinued_at/],
    [{ name: 'X', category_id: 1, type: 6, main_product_id: MINIMAL.product.shirt }, /not a variant master/],
    [{ name: 'X', category_id: 1, active: 'yes' }, /active/],
  ])('§7: a batch with one invalid object %j → 422 and nothing is created', async (bad, reason) => {
    const { call, app, events } = retailFixture();
    expectInvalid(await call('POST', `${C}/products`, [{ name: 'Válido', category_id: 1 }, bad]), reason);
    expect(app.state.account('demo-shop')!.products).toHaveLength(6);
    expect(events).toEqual([]);
  });
});

describe('§4.3 POST catalog/{resource}/<id>: update one (categories: catalog/category/<id>)', () => {
  it('changes the fields sent, 200, product.updated', async () => {
    const { call, events } = retailFixture();
    const answer = await call('POST', `${C}/products/${MINIMAL.product.shirt}`, { price: 17.5, brand: 'Comanda' });
    expect(answer).toMatchObject({ status: 200, body: { id: 1, name: 'Camiseta básica', price: '17.50', brand: 'Comanda' } });
    expect(events.map((e) => e.event)).toEqual(['product.updated']);
    expect((await call('POST', `${C}/groups/1`, { name: 'Moda' })).body).toMatchObject({ id: 1, name: 'Moda' });
  });

  it('a category is updated at catalog/category/<id>; catalog/categories/<id> is not the update path', async () => {
    const { call } = retailFixture();
    expect((await call('POST', `${C}/category/1`, { name: 'Camisetas y polos' })).body).toMatchObject({ id: 1, name: 'Camisetas y polos' });
    expectRetailError(await call('POST', `${C}/categories/1`, { name: 'x' }), 404, /catalog\/category\/<id>/);
  });

  it('an invalid change → 422, nothing changed; an unknown id → 404', async () => {
    const { call, app } = retailFixture();
    expectInvalid(await call('POST', `${C}/products/1`, { category_id: 99 }), /no category 99/);
    expect(app.state.account('demo-shop')!.products[0]!.category_id).toBe(1);
    expectRetailError(await call('POST', `${C}/products/999`, { name: 'x' }), 404);
  });
});

describe('§4.3 PATCH catalog/{resource}: mass update (each object with its id)', () => {
  it('updates every record, 200 with the records, one product.updated per record', async () => {
    const { call, events } = retailFixture();
    const answer = await call<Json[]>('PATCH', `${C}/products`, [
      { id: 1, price: 21 },
      { id: 6, active: false },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((p) => [p.id, p.price, p.active])).toEqual([
      [1, '21.00', true],
      [6, '5.50', false],
    ]);
    expect(events.map((e) => [e.event, e.payload.id])).toEqual([
      ['product.updated', 1],
      ['product.updated', 6],
    ]);
  });

  it.each([
    [[{ price: 1 }], /id: is required/],
    [
      [
        { id: 1, price: 1 },
        { id: 999, price: 1 },
      ],
      /no product 999/,
    ],
    [
      [
        { id: 1, price: 1 },
        { id: 6, price: 'caro' },
      ],
      /price/,
    ],
    [
      [
        { id: 1, price: 1 },
        { id: 1, price: 2 },
      ],
      /twice/,
    ],
    [{ id: 1, price: 1 }, /array/],
  ])('atomic: %j → 422, nothing changed', async (body, reason) => {
    const { call, app } = retailFixture();
    expectInvalid(await call('PATCH', `${C}/products`, body), reason);
    expect(app.state.account('demo-shop')!.products[0]!.price).toBe(1999);
  });
});

describe('§4.3 DELETE catalog/{resource}/<id>', () => {
  it('deletes a product (200 with it, product.deleted) with its stock and links', async () => {
    const { call, events, app } = retailFixture();
    const answer = await call('DELETE', `${C}/products/${MINIMAL.product.shirt}`);
    expect(answer).toMatchObject({ status: 200, body: { id: 1, name: 'Camiseta básica' } });
    expect(events.map((e) => [e.event, e.payload.id])).toEqual([['product.deleted', 1]]);
    expectRetailError(await call('GET', `${C}/products/1`), 404);
    expect(app.state.account('demo-shop')!.stocks.some((s) => s.item_id === 1)).toBe(false);
    expectRetailError(await call('DELETE', `${C}/products/1`), 404);
  });

  it('a record still referenced cannot be deleted (422): a group with categories, a category with products, a variant master', async () => {
    const { call } = retailFixture();
    expectRetailError(await call('DELETE', `${C}/groups/1`), 422, /still has categories/);
    expectRetailError(await call('DELETE', `${C}/categories/1`), 422, /still has products/);
    expectRetailError(await call('DELETE', `${C}/products/${MINIMAL.product.master}`), 422, /named by product/);
    const created = await call<Json[]>('POST', `${C}/categories`, [{ name: 'Vacía', group_id: 1 }]);
    expect((await call('DELETE', `${C}/categories/${created.body[0]!.id as number}`)).status).toBe(200);
  });
});
