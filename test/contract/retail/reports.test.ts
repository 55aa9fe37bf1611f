// retail-api.md §4.6 reports v3 and the deprecated unversioned path (§9), with the clarifications
// "Reports": every name answers the generic envelope (§2.1) with its documented line shape; the
// figures are checked against values computed here, by hand, from what the test itself sent (its
// orders and invoices) and from the API's own product and stock listings; filters narrow the
// lines; an unknown name is a 404 with the retail error body; the deprecated path answers the
// same bytes. The demo shop's reports are checked in reports.demo.test.ts.
import { describe, expect, it } from 'vitest';
import { REPORT_NAMES } from '../../../electron/sandbox/retail/reports/names';
import { shopToday } from '../../../electron/sandbox/retail/reports/time';
import { expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json, type RetailFixture } from './fixtures';

const P = MINIMAL.product;
const OCTOBER = 'start_date=2026-10-01&end_date=2026-10-31&dateField=closed_at';
const ENVELOPE = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
];
const EMPTY = ['customerOrderContents', 'deliveryNoteContents', 'inOuts', 'marketingAnswers', 'presences', 'targets', 'turns', 'vendorItems'];

type Page = { data: Json[]; total: number } & Json;

/**
 * Three closed orders in October 2026 and one open order, each total worked out by hand:
 * O1 Mon 5 Oct 10:15, Ana, employee 1: 2 × shirt 19.99 (21 %) = 39.98 + socks 5.50 (10 %) = 45.48, card.
 * O2 Wed 7 Oct 18:40, Jordi, employee 2: variant red M 25.00 − 5.00 (discount id 7) = 20.00 (21 %)
 *    + cheese 0.5 kg × 24.00 = 12.00 (10 %); order discount 2.00 → 30.00; cash 50.00, change 20.00.
 *    The 2.00 spread: 20/32 → 1.25 and 0.75; nets 18.75 and 11.25.
 * O3 Sat 10 Oct 12:05, employee 1: 3 × socks 5.50 = 16.50 (10 %); gift card 10.00 + Bizum 6.50.
 * O4 today, open: shirt 19.99.
 */
async function shopWithOrders(): Promise<RetailFixture & { invoices: Json[] }> {
  const fixture = retailFixture();
  const { call } = fixture;
  const orders: Array<[Json, Json[] | null]> = [
    [
      {
        closed_at: '2026-10-05 10:15:00',
        customer_id: MINIMAL.customer.ana,
        employee_id: 1,
        total: 45.48,
        order_contents: [
          { product_id: P.shirt, quantity: 2, price: 19.99, total: 39.98, taxPercentage: 21 },
          { product_id: P.socks, quantity: 1, price: 5.5, total: 5.5, taxPercentage: 10 },
        ],
      },
      [{ amount: 45.48, payment_method_id: MINIMAL.payment.card }],
    ],
    [
      {
        closed_at: '2026-10-07 18:40:00',
        customer_id: MINIMAL.customer.jordi,
        employee_id: 2,
        orderDiscount: 2,
        total: 30,
        discountObject: { name: 'Descompte client', amount: 2, isPercentage: false },
        order_contents: [
          {
            product_id: P.variantRedM,
            quantity: 1,
            price: 25,
            discount: 5,
            total: 20,
            taxPercentage: 21,
            discountObject: { id: 7, name: 'Promo test', amount: 5, isPercentage: false },
          },
          { product_id: P.cheese, quantity: 1, weight: 0.5, price: 24, total: 12, taxPercentage: 10 },
        ],
      },
      [{ amount: 50, change: 20, payment_method_id: MINIMAL.payment.cash }],
    ],
    [
      {
        closed_at: '2026-10-10 12:05:00',
        employee_id: 1,
        total: 16.5,
        order_contents: [{ product_id: P.socks, quantity: 3, price: 5.5, total: 16.5, taxPercentage: 10 }],
      },
      [
        { amount: 10, payment_method_id: MINIMAL.payment.giftCard },
        { amount: 6.5, payment_method_id: MINIMAL.payment.bizum },
      ],
    ],
    [{ total: 19.99, order_contents: [{ product_id: P.shirt, quantity: 1, price: 19.99, total: 19.99, taxPercentage: 21 }] }, null],
  ];
  const invoices: Json[] = [];
  for (const [order, payments] of orders) {
    const created = await call('POST', `${R}/orders`, order);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (payments === null) continue;
    const invoice = await call('POST', `${R}/orders/${created.body.id as number}/invoices`, { payments });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    invoices.push(invoice.body);
  }
  return { ...fixture, invoices };
}

async function report(call: RetailFixture['call'], name: string, query = OCTOBER): Promise<Page> {
  const answer = await call<Page>('GET', `${R}/v3/reports/${name}?${query}`);
  expect(answer.status, `${name}?${query}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

const lines = async (call: RetailFixture['call'], name: string, query = OCTOBER) => (await report(call, name, query)).data;
const money = (cents: number) => (cents / 100).toFixed(2);

describe('§4.6 reports v3: every name, the envelope and the line shapes', () => {
  it('answers all 31 names with the §2.1 envelope and exact totals', async () => {
    const { call } = await shopWithOrders();
    expect(REPORT_NAMES).toHaveLength(31);
    for (const name of REPORT_NAMES) {
      const page = await report(call, name);
      expect(Object.keys(page).sort(), name).toEqual([...ENVELOPE].sort());
      expect(page.total, name).toBe(page.data.length);
      expect(page.per_page).toBe(50);
      expect(page.path).toBe(`http://localhost${R}/v3/reports/${name}`);
      if (EMPTY.includes(name)) expect(page.data, name).toEqual([]);
      else expect(page.data.length, name).toBeGreaterThan(0);
    }
  });

  it('gives each report its documented line shape: the seven of the clarifications, { name, quantity, total } for the rest', async () => {
    const { call } = await shopWithOrders();
    const shapes: Record<string, string[]> = {
      hours: ['hour', 'orders', 'quantity', 'total'],
      categorySales: ['category_id', 'name', 'quantity', 'total'],
      productSales: ['product_id', 'name', 'reference', 'quantity', 'total'],
      payments: ['payment_method_id', 'name', 'count', 'amount', 'change'],
      orders: ['id', 'closed_at', 'customer_id', 'total', 'tax', 'status'],
      taxes: ['taxPercentage', 'subtotal', 'tax', 'total'],
      stocks: ['product_id', 'name', 'warehouse_id', 'quantity', 'alert'],
    };
    for (const name of REPORT_NAMES) {
      const keys = shapes[name] ?? ['name', 'quantity', 'total'];
      for (const line of await lines(call, name)) {
        expect(Object.keys(line).sort(), name).toEqual([...keys].sort());
        // Money as decimal strings, counts and quantities as numbers.
        for (const key of ['total', 'amount', 'change', 'tax', 'subtotal']) if (key in line) expect(line[key], `${name}.${key}`).toMatch(/^-?\d+\.\d{2}$/);
        for (const key of ['quantity', 'orders', 'count', 'hour', 'status']) if (key in line) expect(typeof line[key], `${name}.${key}`).toBe('number');
        if (name === 'stocks') expect(typeof line.alert).toBe('boolean');
      }
    }
  });
});

describe('§4.6 sales figures, from the orders and invoices the test sent', () => {
  it('categorySales, categories and groups: units and what was paid for them (line total less its share of the order discount)', async () => {
    const { call } = await shopWithOrders();
    // Camisetas: 2 shirts 39.98 + socks 5.50 + variant 18.75 + 3 socks 16.50 = 7 units, 80.73; Colmado: cheese 11.25.
    expect(await lines(call, 'categorySales')).toEqual([
      { category_id: MINIMAL.category.shirts, name: 'Camisetas', quantity: 7, total: '80.73' },
      { category_id: MINIMAL.category.food, name: 'Colmado', quantity: 1, total: '11.25' },
    ]);
    expect(await lines(call, 'categories')).toEqual([
      { name: 'Camisetas', quantity: 7, total: '80.73' },
      { name: 'Colmado', quantity: 1, total: '11.25' },
    ]);
    expect(await lines(call, 'groups')).toEqual([{ name: 'Ropa', quantity: 8, total: '91.98' }]);
  });

  it('productSales, products (variants under their master) and fullProductSales (every product that can be sold)', async () => {
    const { call } = await shopWithOrders();
    const products = (await call<Page>('GET', `${R}/catalog/products?pagination=200`)).body.data;
    const named = (id: number) => products.find((p) => p.id === id)!;
    expect(await lines(call, 'productSales')).toEqual([
      { product_id: P.shirt, name: named(P.shirt).name, reference: 'CB-01', quantity: 2, total: '39.98' },
      { product_id: P.variantRedM, name: named(P.variantRedM).name, reference: null, quantity: 1, total: '18.75' },
      { product_id: P.cheese, name: named(P.cheese).name, reference: null, quantity: 1, total: '11.25' },
      { product_id: P.socks, name: named(P.socks).name, reference: null, quantity: 4, total: '22.00' },
    ]);
    expect((await lines(call, 'products')).find((l) => l.name === named(P.master).name)).toEqual({ name: 'Camiseta rayas', quantity: 1, total: '18.75' });
    const full = await lines(call, 'fullProductSales');
    expect(full.map((l) => l.name)).toEqual(products.filter((p) => p.type !== 5).map((p) => p.name));
    expect(full.find((l) => l.name === named(P.variantBlueM).name)).toEqual({ name: named(P.variantBlueM).name, quantity: 0, total: '0.00' });
  });

  it('taxes: per rate, the tax inside what was paid, rounded per line', async () => {
    const { call } = await shopWithOrders();
    // 10 %: 5.50 (0.50) + 16.50 (1.50) + 11.25 (1.0227… → 1.02) = 33.25, tax 3.02.
    // 21 %: 39.98 (6.938… → 6.94) + 18.75 (3.254… → 3.25) = 58.73, tax 10.19.
    expect(await lines(call, 'taxes')).toEqual([
      { taxPercentage: 10, subtotal: '30.23', tax: '3.02', total: '33.25' },
      { taxPercentage: 21, subtotal: '48.54', tax: '10.19', total: '58.73' },
    ]);
  });

  it('payments and orderInvoices: from the invoices the API answered', async () => {
    const { call, invoices } = await shopWithOrders();
    const methods = (await call<Json[]>('GET', `${R}/config/payment_methods`)).body;
    const expected = new Map<number, { count: number; amount: number; change: number }>();
    for (const invoice of invoices) {
      for (const p of invoice.payments as Json[]) {
        const row = expected.get(p.payment_method_id as number) ?? { count: 0, amount: 0, change: 0 };
        row.count += 1;
        row.amount += Math.round((p.amount as number) * 100);
        row.change += Math.round((p.change as number) * 100);
        expected.set(p.payment_method_id as number, row);
      }
    }
    expect(await lines(call, 'payments')).toEqual(
      [...expected.entries()]
        .sort(([a], [b]) => a - b)
        .map(([id, r]) => ({
          payment_method_id: id,
          name: methods.find((m) => m.id === id)!.name,
          count: r.count,
          amount: money(r.amount),
          change: money(r.change),
        })),
    );
    expect((await lines(call, 'payments')).find((l) => l.name === 'Cash')).toEqual({
      payment_method_id: 2,
      name: 'Cash',
      count: 1,
      amount: '50.00',
      change: '20.00',
    });
    expect(await lines(call, 'orderInvoices')).toEqual([
      { name: invoices[0]!.number, quantity: 3, total: '45.48' },
      { name: invoices[1]!.number, quantity: 2, total: '30.00' },
      { name: invoices[2]!.number, quantity: 3, total: '16.50' },
    ]);
  });

  it('orders, hours and the customer reports', async () => {
    const { call } = await shopWithOrders();
    expect(await lines(call, 'orders')).toEqual([
      { id: 1, closed_at: '2026-10-05 10:15:00', customer_id: 1, total: '45.48', tax: '7.44', status: 1 },
      { id: 2, closed_at: '2026-10-07 18:40:00', customer_id: 2, total: '30.00', tax: '4.27', status: 1 },
      { id: 3, closed_at: '2026-10-10 12:05:00', customer_id: null, total: '16.50', tax: '1.50', status: 1 },
    ]);
    expect(await lines(call, 'hours')).toEqual([
      { hour: 10, orders: 1, quantity: 3, total: '45.48' },
      { hour: 12, orders: 1, quantity: 3, total: '16.50' },
      { hour: 18, orders: 1, quantity: 2, total: '30.00' },
    ]);
    expect(await lines(call, 'customers')).toEqual([
      { name: 'Ana García', quantity: 3, total: '45.48' },
      { name: 'Jordi Puig', quantity: 2, total: '30.00' },
    ]);
    expect(await lines(call, 'ordersByCustomer')).toEqual([
      { name: 'Ana García', quantity: 1, total: '45.48' },
      { name: 'Jordi Puig', quantity: 1, total: '30.00' },
    ]);
    const created = await call('POST', `${R}/config/customers`, { name: 'Laia Serra', address: 'Carrer de Blai 3' });
    expect(created.status).toBe(201);
    expect((await lines(call, 'customersList')).at(-1)).toEqual({ name: 'Laia Serra', quantity: 0, total: '0.00' });
  });

  it('the open order shows in the orders report by created_at (default), not in sales', async () => {
    const { call } = await shopWithOrders();
    const today = shopToday();
    const all = await lines(call, 'orders', `start_date=${today}&end_date=${today}`);
    expect(all.map((o) => [o.id, o.status])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
    // The default window is this month to today, by created_at: the same four orders.
    expect(await lines(call, 'orders', '')).toEqual(all);
    expect((await lines(call, 'hours', `start_date=${today}&end_date=${today}`)).reduce((n, h) => n + (h.orders as number), 0)).toBe(3);
  });

  it('discount reports: order discounts and line discounts by name', async () => {
    const { call } = await shopWithOrders();
    expect(await lines(call, 'orderDiscounts')).toEqual([{ name: 'Descompte client', quantity: 1, total: '2.00' }]);
    expect(await lines(call, 'contentsDiscounts')).toEqual([{ name: 'Promo test', quantity: 1, total: '5.00' }]);
  });
});

describe('§4.6 stock figures, from the API stock and product listings', () => {
  it('stocks, inventories, inventoryContents, stockCategories, stockGroups and productList', async () => {
    const { call } = await shopWithOrders();
    const stock = (await call<Page>('GET', `${R}/catalog/stocks?pagination=200`)).body.data;
    const products = (await call<Page>('GET', `${R}/catalog/products?pagination=200`)).body.data;
    const product = (id: unknown) => products.find((p) => p.id === id)!;
    const cents = (decimal: unknown) => Math.round(Number(decimal) * 100);
    const rows = [...stock].sort((a, b) => (a.item_id as number) - (b.item_id as number) || (a.warehouse_id as number) - (b.warehouse_id as number));
    // The invoices took 2 shirts and 0.5 kg of cheese out of warehouse 1.
    expect(rows.find((s) => s.item_id === P.shirt && s.warehouse_id === 1)!.quantity).toBe('8.000');
    expect(rows.find((s) => s.item_id === P.cheese)!.quantity).toBe('4.500');

    expect(await lines(call, 'stocks')).toEqual(
      rows.map((s) => ({ product_id: s.item_id, name: product(s.item_id).name, warehouse_id: s.warehouse_id, quantity: Number(s.quantity), alert: s.alert })),
    );
    const value = (s: Json) => Math.round(Number(s.quantity) * cents(product(s.item_id).costPrice));
    expect(await lines(call, 'inventoryContents')).toEqual(
      rows.map((s) => ({ name: product(s.item_id).name, quantity: Number(s.quantity), total: money(value(s)) })),
    );
    const byWarehouse = (w: number) => rows.filter((s) => s.warehouse_id === w);
    const sum = (list: Json[], f: (s: Json) => number) => list.reduce((a, s) => a + f(s), 0);
    expect(await lines(call, 'inventories')).toEqual([
      { name: 'Tienda', quantity: sum(byWarehouse(1), (s) => Number(s.quantity)), total: money(sum(byWarehouse(1), value)) },
      { name: 'Almacén', quantity: sum(byWarehouse(2), (s) => Number(s.quantity)), total: money(sum(byWarehouse(2), value)) },
    ]);
    // Shirts 8 + 40 at 7.00 = 336.00 (Camisetas); cheese 4.5 at 0.00 (Colmado).
    expect(await lines(call, 'stockCategories')).toEqual([
      { name: 'Camisetas', quantity: 48, total: '336.00' },
      { name: 'Colmado', quantity: 4.5, total: '0.00' },
    ]);
    expect(await lines(call, 'stockGroups')).toEqual([{ name: 'Ropa', quantity: 52.5, total: '336.00' }]);
    const list = await lines(call, 'productList');
    expect(list.map((l) => l.name)).toEqual(products.map((p) => p.name));
    // At sale price: 48 shirts × 19.99 = 959.52; 4.5 kg × 24.00 = 108.00.
    expect(list.find((l) => l.name === product(P.shirt).name)).toEqual({ name: product(P.shirt).name, quantity: 48, total: '959.52' });
    expect(list.find((l) => l.name === product(P.cheese).name)).toEqual({ name: product(P.cheese).name, quantity: 4.5, total: '108.00' });
  });

  it('stockMovements: what the invoices took out of warehouse 1, at cost price', async () => {
    const { call } = await shopWithOrders();
    // Stock-managed products only: 2 shirts at 7.00 and 0.5 kg of cheese (cost 0).
    expect(await lines(call, 'stockMovements')).toEqual([
      { name: 'Camiseta básica', quantity: -2, total: '-14.00' },
      { name: 'Queso curado', quantity: -0.5, total: '0.00' },
    ]);
    expect(await lines(call, 'stockMovements', `${OCTOBER}&warehouse=2`)).toEqual([]);
  });
});

describe('§4.6 filters narrow the lines', () => {
  const ids = async (call: RetailFixture['call'], query: string) => (await lines(call, 'orders', `${OCTOBER}&${query}`)).map((o) => o.id);

  it('dates, times (a window over midnight too), day of the week (Sunday = 1), employee and discount', async () => {
    const { call } = await shopWithOrders();
    expect(await ids(call, '')).toEqual([1, 2, 3]);
    expect(await lines(call, 'orders', 'start_date=2026-10-06&end_date=2026-10-07&dateField=closed_at')).toHaveLength(1);
    expect(await ids(call, 'start_time=12:00&end_time=19:00')).toEqual([2, 3]);
    expect(await ids(call, 'start_time=18:00&end_time=11:00')).toEqual([1, 2]);
    expect(await ids(call, 'start_time=18:40')).toEqual([2]);
    expect(await ids(call, 'dayofweek=7')).toEqual([3]);
    expect(await ids(call, 'dayofweek=2')).toEqual([1]);
    expect(await ids(call, 'dayofweek=1')).toEqual([]);
    expect(await ids(call, 'employee=1')).toEqual([1, 3]);
    expect(await ids(call, 'discount=7')).toEqual([2]);
    // The same filters narrow the sales reports.
    expect(await lines(call, 'categorySales', `${OCTOBER}&dayofweek=7`)).toEqual([{ category_id: 1, name: 'Camisetas', quantity: 3, total: '16.50' }]);
    expect(await lines(call, 'payments', `${OCTOBER}&employee=2`)).toEqual([
      { payment_method_id: 2, name: 'Cash', count: 1, amount: '50.00', change: '20.00' },
    ]);
    // Parameters that do not apply are checked, then ignored.
    expect(await ids(call, 'room=3&cashier=2&priceRate=1')).toEqual([1, 2, 3]);
  });

  it('warehouse narrows the stock reports', async () => {
    const { call } = await shopWithOrders();
    const all = await lines(call, 'stocks');
    const store = await lines(call, 'stocks', 'warehouse=2');
    expect(store.length).toBeGreaterThan(0);
    expect(store).toEqual(all.filter((s) => s.warehouse_id === 2));
    expect(await lines(call, 'inventories', 'warehouse=1')).toEqual([(await lines(call, 'inventories'))[0]]);
  });

  it('pages the lines as §4.1 says', async () => {
    const { call } = await shopWithOrders();
    const page = await report(call, 'productSales', `${OCTOBER}&pagination=3&page=2`);
    expect(page).toMatchObject({ current_page: 2, per_page: 3, total: 4, from: 4, to: 4, last_page: 2, next_page_url: null });
    expect(page.data).toEqual([(await lines(call, 'productSales')).at(-1)]);
  });

  it('refuses malformed filters with a 422 naming them', async () => {
    const { call } = await shopWithOrders();
    const get = (query: string) => call('GET', `${R}/v3/reports/orders?${query}`);
    expectInvalid(await get('start_date=2026-13-01'), /start_date/);
    expectInvalid(await get('end_date=05/10/2026'), /end_date/);
    expectInvalid(await get('start_date=2026-10-08&end_date=2026-10-07'), /before start_date/);
    expectInvalid(await get('start_time=25:00'), /start_time/);
    expectInvalid(await get('dayofweek=8'), /dayofweek/);
    expectInvalid(await get('dateField=deleted_at'), /dateField/);
    expectInvalid(await get('employee=abc'), /employee/);
    expectInvalid(await get('warehouse=-1'), /warehouse/);
    // An empty value is no filter.
    expect((await get('employee=&start_date=')).status).toBe(200);
  });
});

describe('§4.6 errors and the deprecated path (§9)', () => {
  it('an unknown report name is a 404 with the retail error body, on both paths', async () => {
    const { call } = retailFixture();
    expectRetailError(await call('GET', `${R}/v3/reports/sales`), 404, /Report sales not found/);
    expectRetailError(await call('GET', `${R}/reports/constructor`), 404);
    expectRetailError(await call('GET', `${R}/v3/reports/__proto__`), 404);
  });

  it('needs the credentials (401)', async () => {
    const { call } = retailFixture();
    expectRetailError(await call('GET', `${R}/v3/reports/orders`, undefined, {}), 401);
  });

  it('the deprecated unversioned path answers every report byte for byte as v3', async () => {
    const { app } = await shopWithOrders();
    const headers = { username: 'demo-shop', Authorization: 'Bearer demo-token' };
    for (const name of REPORT_NAMES) {
      for (const query of [OCTOBER, `${OCTOBER}&pagination=2&page=2`, 'warehouse=1', 'dayofweek=9']) {
        const v3 = await app.request(`${R}/v3/reports/${name}?${query}`, { headers });
        const old = await app.request(`${R}/reports/${name}?${query}`, { headers });
        expect(old.status, `${name}?${query}`).toBe(v3.status);
        expect(await old.text(), `${name}?${query}`).toBe(await v3.text());
      }
    }
  });
});
