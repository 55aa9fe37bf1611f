// retail-api.md §2.5 / §4.2 orders and invoices, with the clarifications "Prices, taxes and
// orders" (the arithmetic, checked to the cent) and "Promotions" (one worked example per type,
// computed by hand here: the server does not recompute promotions, it checks the order's
// arithmetic, and a promotion's discount travels as the line's discount and discountObject).
import { describe, expect, it } from 'vitest';
import { expectInvalid, expectRetailError, MINIMAL, R, retailFixture, type Json, type RetailFixture } from './fixtures';

const P = MINIMAL.product;

/** A line of a plain product: price × quantity, no discount; tax and subtotal left to the server. */
function line(productId: number, price: number, quantity: number, taxPercentage: number, extra: Json = {}): Json {
  return { product_id: productId, quantity, price, total: Math.round(price * quantity * 100) / 100, taxPercentage, ...extra };
}

async function invoice(call: RetailFixture['call'], orderId: number, payments: Json[]) {
  return call('POST', `${R}/orders/${orderId}/invoices`, { payments });
}

describe('§4.2 POST orders', () => {
  it('creates the order: 201 with id and status 0 (open), its lines and every §2.5 field', async () => {
    const { call } = retailFixture();
    const body = {
      notes: 'Regalo',
      shippingAmount: 0,
      sum: 45.48,
      subtotal: 38.04,
      discount: 0,
      orderDiscount: 0,
      tax: 7.44,
      total: 45.48,
      discountObject: {},
      customer_id: MINIMAL.customer.ana,
      shipping_id: null,
      employee_id: 3,
      closed_at: null,
      order_contents: [
        {
          name: 'Camiseta básica',
          quantity: 2,
          weight: null,
          price: 19.99,
          sum: 39.98,
          discount: 0,
          subtotal: 33.04,
          tax: 6.94,
          total: 39.98,
          taxPercentage: 21,
          margin: 25.98,
          discountObject: {},
          notes: '',
          product_id: P.shirt,
        },
        {
          name: 'Calcetines',
          quantity: 1,
          weight: null,
          price: 5.5,
          sum: 5.5,
          discount: 0,
          subtotal: 5,
          tax: 0.5,
          total: 5.5,
          taxPercentage: 10,
          margin: 2,
          discountObject: {},
          notes: 'talla 42',
          product_id: P.socks,
        },
      ],
    };
    const answer = await call('POST', `${R}/orders`, body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: 1, status: 0, total: 45.48, tax: 7.44, subtotal: 38.04, customer_id: 1, employee_id: 3, notes: 'Regalo' });
    expect((answer.body.order_contents as Json[])[1]).toMatchObject({ id: 2, order_id: 1, product_id: P.socks, total: 5.5, tax: 0.5, notes: 'talla 42' });
    expect((await call('POST', `${R}/orders`, { total: 5.5, order_contents: [line(P.socks, 5.5, 1, 10)] })).body).toMatchObject({ id: 2, status: 0 });
  });

  it('fills tax and subtotal by the rule when the client leaves them out', async () => {
    const { call } = retailFixture();
    const answer = await call('POST', `${R}/orders`, { total: 39.98, order_contents: [line(P.shirt, 19.99, 2, 21)] });
    // 39.98 × 21 / 121 = 6.938… → 6.94; subtotal 33.04.
    expect(answer.body).toMatchObject({ sum: 39.98, tax: 6.94, subtotal: 33.04 });
  });

  it('an order discount and shipping: total = sum − orderDiscount + shippingAmount, tax on the lines with the discount spread', async () => {
    const { call } = retailFixture();
    // Lines 39.98 (21%) and 5.50 (10%) = 45.48; 5.00 off; 3.95 shipping → 44.43.
    // Spread: 5.00 × 39.98/45.48 = 4.395… → 4.40 and 0.60. Taxes: 35.58 × 21/121 = 6.175… → 6.18;
    // 4.90 × 10/110 = 0.445… → 0.45. Tax 6.63; subtotal 45.48 − 5.00 − 6.63 = 33.85.
    const body = {
      sum: 45.48,
      orderDiscount: 5,
      shippingAmount: 3.95,
      total: 44.43,
      tax: 6.63,
      subtotal: 33.85,
      order_contents: [line(P.shirt, 19.99, 2, 21), line(P.socks, 5.5, 1, 10)],
    };
    expect((await call('POST', `${R}/orders`, body)).status).toBe(201);
    expectInvalid(await call('POST', `${R}/orders`, { ...body, total: 40.48 }), /total: 40\.48 .*expected 44\.43/); // shipping forgotten
    expectInvalid(await call('POST', `${R}/orders`, { ...body, tax: 7.44 }), /^tax/); // tax without the discount spread
  });

  it('a total one cent per line away from the rule is accepted; two cents on one line are refused', async () => {
    const { call } = retailFixture();
    expect((await call('POST', `${R}/orders`, { total: 39.99, order_contents: [line(P.shirt, 19.99, 2, 21, { total: 39.99 })] })).status).toBe(201);
    expectInvalid(await call('POST', `${R}/orders`, { total: 40, order_contents: [line(P.shirt, 19.99, 2, 21, { total: 40 })] }), /order_contents\[0\]\.total/);
    expectInvalid(await call('POST', `${R}/orders`, { total: 40, order_contents: [line(P.shirt, 19.99, 2, 21)] }), /^total/);
  });

  it('a tax one cent off is accepted, two cents off refused', async () => {
    const { call } = retailFixture();
    expect((await call('POST', `${R}/orders`, { total: 19.99, order_contents: [line(P.shirt, 19.99, 1, 21, { tax: 3.48 })] })).status).toBe(201);
    expectInvalid(await call('POST', `${R}/orders`, { total: 19.99, order_contents: [line(P.shirt, 19.99, 1, 21, { tax: 3.49 })] }), /\.tax/);
  });

  it('a product sold by weight: sum = price × weight; the weight is required', async () => {
    const { call } = retailFixture();
    // 24.00 €/kg × 0.350 kg = 8.40.
    const ok = await call('POST', `${R}/orders`, {
      total: 8.4,
      order_contents: [{ product_id: P.cheese, quantity: 1, weight: 0.35, price: 24, total: 8.4, taxPercentage: 10 }],
    });
    expect(ok.status).toBe(201);
    expectInvalid(
      await call('POST', `${R}/orders`, { total: 24, order_contents: [{ product_id: P.cheese, quantity: 1, price: 24, total: 24, taxPercentage: 10 }] }),
      /weight/,
    );
  });

  it.each([
    [{ total: 0, order_contents: [] }, /at least one line/],
    [{ total: 1 }, /order_contents/],
    [{ order_contents: [line(P.shirt, 19.99, 1, 21)] }, /^total: is required|total/],
    [{ total: 10, order_contents: [line(9999, 10, 1, 21)] }, /no product 9999/],
    [{ total: 25, order_contents: [line(P.master, 25, 1, 21)] }, /variant master/],
    [{ total: 19.99, customer_id: 99, order_contents: [line(P.shirt, 19.99, 1, 21)] }, /no customer 99/],
    [{ total: 19.99, order_contents: [line(P.shirt, 19.99, 1, 21, { quantity: 0, total: 0 })] }, /quantity/],
    [{ total: 0, order_contents: [line(P.shirt, 19.99, 1, 21, { discount: 25, total: -5.01 })] }, /discount/],
    [{ total: 19.99, closed_at: '2026-11-23T10:00:00Z', order_contents: [line(P.shirt, 19.99, 1, 21)] }, /closed_at/],
    [{ total: 19.99, order_contents: [line(P.shirt, 19.99, 1, 21, { price: '19.999' })] }, /2 decimals/],
  ])('refuses %j (422), nothing stored', async (body, reason) => {
    const { call, app } = retailFixture();
    expectInvalid(await call('POST', `${R}/orders`, body), reason);
    expect(app.state.account('demo-shop')!.orders).toEqual([]);
    expect(app.state.ledger).toEqual([]);
  });

  it('a variant (type 6) can be sold', async () => {
    const { call } = retailFixture();
    expect((await call('POST', `${R}/orders`, { total: 25, order_contents: [line(P.variantRedM, 25, 1, 21)] })).status).toBe(201);
  });
});

describe('§4.2 POST orders/{order_id}/invoices', () => {
  async function openOrder(fixture: RetailFixture, contents: Json[] = [line(P.shirt, 19.99, 2, 21)], extra: Json = {}) {
    const total = contents.reduce((sum, l) => sum + (l.total as number), 0);
    const answer = await fixture.call('POST', `${R}/orders`, { total: Math.round(total * 100) / 100, order_contents: contents, ...extra });
    expect(answer.status).toBe(201);
    return answer.body.id as number;
  }

  it('payments adding up to the total: 201 { id, number "E-<n>" }, the order closes (status 1), events order.closed and payment.updated', async () => {
    const fixture = retailFixture();
    const orderId = await openOrder(fixture);
    const answer = await invoice(fixture.call, orderId, [
      { amount: 20, change: 0, extra: 0, payment_method_id: MINIMAL.payment.card },
      { amount: 50, change: 30.02, extra: 0, payment_method_id: MINIMAL.payment.cash },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: 1, number: 'E-1', order_id: orderId, total: 39.98 });
    const order = fixture.app.store.orders('demo-shop')[0]!;
    expect(order.status).toBe(1);
    expect(order.closed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fixture.events.map((e) => e.event)).toEqual(['order.closed', 'payment.updated', 'payment.updated']);
    const closed = fixture.events[0]!.payload;
    expect(closed).toMatchObject({ id: orderId, status: 1, invoice: { number: 'E-1' } });
    expect((closed.order_contents as Json[])[0]).toMatchObject({ product_id: P.shirt, quantity: 2 });
    expect(fixture.events[2]!.payload).toMatchObject({ amount: 50, change: 30.02, payment_method_id: 2, order_id: orderId, invoice_id: 1 });
    // Numbers count up per account.
    const second = await openOrder(fixture);
    expect((await invoice(fixture.call, second, [{ amount: 39.98, payment_method_id: 1 }])).body).toMatchObject({ number: 'E-2' });
  });

  it('a second invoice for the same order → 422 "already invoiced" (evidence the first arrived)', async () => {
    const fixture = retailFixture();
    const orderId = await openOrder(fixture);
    expect((await invoice(fixture.call, orderId, [{ amount: 39.98, payment_method_id: 1 }])).status).toBe(201);
    expectRetailError(await invoice(fixture.call, orderId, [{ amount: 39.98, payment_method_id: 1 }]), 422, /already invoiced/);
    expect(fixture.app.store.invoices('demo-shop')).toHaveLength(1);
  });

  it.each([
    [[{ amount: 39.97, payment_method_id: 1 }], /add up to 39\.97/],
    [[{ amount: 40, change: 0.02, payment_method_id: 1 }], /only a cash payment gives change/],
    [
      [
        { amount: 5, change: 6, payment_method_id: 2 },
        { amount: 40.98, payment_method_id: 1 },
      ],
      /more than the payment's amount/,
    ],
    [[{ amount: 39.98, payment_method_id: 9 }], /no payment method 9/],
    [[], /at least one payment/],
    [[{ amount: 0, payment_method_id: 1 }], /more than 0/],
  ])('refuses payments %j (422), the order stays open', async (payments, reason) => {
    const fixture = retailFixture();
    const orderId = await openOrder(fixture);
    expectInvalid(await invoice(fixture.call, orderId, payments), reason);
    expect(fixture.app.store.orders('demo-shop')[0]!.status).toBe(0);
    expect(fixture.events).toEqual([]);
  });

  it('an unknown order → 404', async () => {
    const { call } = retailFixture();
    expectRetailError(await invoice(call, 42, [{ amount: 1, payment_method_id: 1 }]), 404);
  });

  it('moves stock out of warehouse 1 for products with stock management (the weight for one sold by weight), not others', async () => {
    const fixture = retailFixture();
    const orderId = await openOrder(fixture, [
      line(P.shirt, 19.99, 3, 21),
      line(P.socks, 5.5, 2, 10),
      { product_id: P.cheese, quantity: 1, weight: 0.25, price: 24, total: 6, taxPercentage: 10 },
    ]);
    await invoice(fixture.call, orderId, [{ amount: 76.97, payment_method_id: 1 }]);
    const stocks = fixture.app.store.stocks('demo-shop');
    expect(stocks.find((s) => s.item_id === P.shirt && s.warehouse_id === 1)!.quantity).toBe(7_000);
    expect(stocks.find((s) => s.item_id === P.shirt && s.warehouse_id === 2)!.quantity).toBe(40_000);
    expect(stocks.find((s) => s.item_id === P.cheese)!.quantity).toBe(4_750);
    expect(stocks.some((s) => s.item_id === P.socks)).toBe(false);
  });
});

describe('clarifications "Promotions": one worked example per type, as the client sends it', () => {
  async function promotion(call: RetailFixture['call'], body: Json, products: number[] = []) {
    const created = await call('POST', `${R}/promotions/promotions`, body);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    if (products.length)
      expect((await call('POST', `${R}/promotions/promotions/${id}/categories`, { categories: [MINIMAL.category.shirts] })).status).toBe(200);
    for (const product of products) await call('POST', `${R}/catalog/products/${product}/promotions`, { promotions: [id] });
    return { id, name: body.name as string };
  }

  it('type 1 (pairs, 2x1): of two 19.99 shirts the cheaper is free', async () => {
    const { call } = retailFixture();
    const promo = await promotion(call, { name: '2x1 camisetas', type: 1, apply_to: 1, apply_type: 2, group_by: 2 }, [P.shirt]);
    // sum 39.98, discount 19.99, total 19.99; tax 19.99 × 21/121 = 3.469… → 3.47; subtotal 16.52.
    const discountObject = { id: promo.id, name: promo.name, amount: 19.99, isPercentage: false };
    const body = {
      sum: 19.99,
      total: 19.99,
      tax: 3.47,
      subtotal: 16.52,
      order_contents: [
        {
          product_id: P.shirt,
          quantity: 2,
          price: 19.99,
          sum: 39.98,
          discount: 19.99,
          total: 19.99,
          tax: 3.47,
          subtotal: 16.52,
          taxPercentage: 21,
          discountObject,
        },
      ],
    };
    const answer = await call('POST', `${R}/orders`, body);
    expect(answer.status).toBe(201);
    expect((answer.body.order_contents as Json[])[0]!.discountObject).toEqual(discountObject);
    expectInvalid(await call('POST', `${R}/orders`, { ...body, total: 39.98, order_contents: [{ ...body.order_contents[0], total: 39.98 }] }), /total/); // the free unit charged
  });

  it('type 2 (price rate): a 15 %-off rate rounded to the nearest .99 prices the shirt at 16.99', async () => {
    const { call } = retailFixture();
    const rate = await call('POST', `${R}/promotions/priceRates`, { name: 'Rebajas', type: 1, amount: -15, rounding: 3 });
    const promo = await promotion(call, { name: 'Rebajas de invierno', type: 2, apply_to: 3, price_rate_id: rate.body.id }, []);
    // 19.99 × 0.85 = 16.9915 → nearest .99 = 16.99 (the API says so too); discount 3.00.
    const rates = await call<Json[]>('GET', `${R}/catalog/products/${P.shirt}/priceRates`);
    expect(rates.body).toEqual([{ price_rate_id: rate.body.id, price: null, rate_price: '16.99' }]);
    // tax 16.99 × 21/121 = 2.948… → 2.95.
    const body = {
      total: 16.99,
      tax: 2.95,
      order_contents: [
        {
          product_id: P.shirt,
          quantity: 1,
          price: 19.99,
          discount: 3,
          total: 16.99,
          tax: 2.95,
          taxPercentage: 21,
          discountObject: { id: promo.id, name: promo.name, amount: 3, isPercentage: false },
        },
      ],
    };
    expect((await call('POST', `${R}/orders`, body)).status).toBe(201);
    expectInvalid(await call('POST', `${R}/orders`, { ...body, total: 16.49, order_contents: [{ ...body.order_contents[0], total: 16.49 }] }), /total/);
  });

  it('type 3 (combo): shirt + socks for 20.00, the 5.49 off spread by price', async () => {
    const { call } = retailFixture();
    const promo = await promotion(call, { name: 'Combo camiseta + calcetines', type: 3, apply_to: 1, combo_price: 20 }, [P.shirt, P.socks]);
    // Set 19.99 + 5.50 = 25.49 → 20.00: 5.49 off. Shirt 5.49 × 19.99/25.49 = 4.305… → 4.31, socks 1.18.
    // Shirt 15.68 (tax 15.68 × 21/121 = 2.721… → 2.72), socks 4.32 (tax 4.32 × 10/110 = 0.392… → 0.39).
    const discountObject = (amount: number) => ({ id: promo.id, name: promo.name, amount, isPercentage: false });
    const body = {
      sum: 20,
      total: 20,
      tax: 3.11,
      order_contents: [
        { product_id: P.shirt, quantity: 1, price: 19.99, discount: 4.31, total: 15.68, tax: 2.72, taxPercentage: 21, discountObject: discountObject(4.31) },
        { product_id: P.socks, quantity: 1, price: 5.5, discount: 1.18, total: 4.32, tax: 0.39, taxPercentage: 10, discountObject: discountObject(1.18) },
      ],
    };
    expect((await call('POST', `${R}/orders`, body)).status).toBe(201);
  });

  it('type 4 (conditional): 3 or more units of socks get 10 % off', async () => {
    const { call } = retailFixture();
    const promo = await promotion(call, { name: '3 pares −10 %', type: 4, apply_to: 1, condition: 1, quantity: 3, action: 1, discount: 10 }, [P.socks]);
    // 3 × 5.50 = 16.50; 10 % = 1.65 off → 14.85; tax 14.85 × 10/110 = 1.35.
    const body = {
      total: 14.85,
      tax: 1.35,
      subtotal: 13.5,
      order_contents: [
        {
          product_id: P.socks,
          quantity: 3,
          price: 5.5,
          sum: 16.5,
          discount: 1.65,
          total: 14.85,
          tax: 1.35,
          subtotal: 13.5,
          taxPercentage: 10,
          discountObject: { id: promo.id, name: promo.name, amount: 10, isPercentage: true },
        },
      ],
    };
    expect((await call('POST', `${R}/orders`, body)).status).toBe(201);
    // The server does not recompute promotions: the same order without the discount is valid arithmetic too.
    expect((await call('POST', `${R}/orders`, { total: 16.5, order_contents: [line(P.socks, 5.5, 3, 10)] })).status).toBe(201);
  });
});
