import { describe, expect, it, vi } from 'vitest';
import { centsToWire, thousandthsToWire, type RetailOrderRequest, type RetailProductWire } from '../../../shared/api/retail';
import { priceOrder, type OrderLineInput } from '../../../shared/domain/retail/order';
import { DEMO_SHOP } from '../../sandbox/retail';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { GatewayError } from '../gateway/errors';
import { createRetailGateway, RETAIL_LIST_RESOURCES, type RetailGateway, type RetailListRecords } from './gateway';
import { createRetailLimiter, type RetailLimiter } from './limiter';
import { failureOf } from '../../../shared/testing/failureOf.testing';
import { useDemoShopSandbox } from '../../sandbox/retail/demoShop.testing';

// The retail gateway against the real retail sandbox serving the demo shop:
// every resource read and coerced, an order priced by shared/domain/retail/order.ts and its
// invoice accepted to the cent, the 422s typed, the budgets kept.

const sandbox = useDemoShopSandbox();

/** Counts the requests that reach the network. */
function countingFetch() {
  let count = 0;
  const counted = (async (input: string | URL | Request, init?: RequestInit) => {
    count++;
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: counted, count: () => count };
}

function gatewayFor(options: { limiter?: RetailLimiter; fetch?: typeof fetch; token?: string } = {}): RetailGateway {
  return createRetailGateway({
    baseUrl: sandbox().url,
    username: DEMO_SHOP.username,
    token: async () => options.token ?? DEMO_SHOP.accessToken,
    limiter: options.limiter ?? createRetailLimiter(),
    timeoutMs: 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

async function resetSandbox(): Promise<void> {
  const answer = await fetch(`${sandbox().url}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(answer.ok).toBe(true);
}

const account = () => sandbox().app.state.account(DEMO_SHOP.username)!;

describe('retail gateway against the sandbox', () => {
  let lists: { [R in keyof RetailListRecords]: RetailListRecords[R][] };

  it('reads every resource, all pages, within the catalog budget', async () => {
    const limiter = createRetailLimiter();
    const gateway = gatewayFor({ limiter });
    const read = {} as Record<string, unknown[]>;
    for (const resource of RETAIL_LIST_RESOURCES) read[resource] = await gateway.listAll(resource);
    lists = read as typeof lists;
    const shop = account();
    for (const resource of RETAIL_LIST_RESOURCES) expect(lists[resource], resource).toHaveLength(shop[resource].length);

    // Products come with their stocks and variant info, prices in cents.
    const variant = lists.products.find((p) => p.type === 6 && p.usesStockManagement)!;
    expect(variant.variant_info).toMatchObject({ product_id: variant.id });
    expect(variant.stocks?.length).toBeGreaterThan(0);
    const seeded = shop.products.find((p) => p.id === variant.id)!;
    expect(variant.price).toBe(seeded.price);
    expect(variant.tax?.percentage).toBe(shop.taxes.find((t) => t.id === seeded.tax_id)?.percentage);
    expect(lists.taxes.map((t) => t.taxPercentage).sort((a, b) => a - b)).toEqual([400, 1000, 2100]);
    expect(lists.stocks.every((s) => Number.isInteger(s.quantity))).toBe(true);
    expect(lists.priceRates.length).toBe(3);
    expect(lists.promotions.length).toBe(shop.promotions.length);

    // Links: a rate's products (not catalog), a promotion's categories (not catalog), and one
    // product's and one category's links (catalog).
    const rateProducts = await Promise.all(lists.priceRates.map((r) => gateway.listRateProducts(r.id)));
    expect(rateProducts.flat()).toHaveLength(shop.priceRateLinks.length);
    const promotionCategories = await Promise.all(lists.promotions.map((p) => gateway.listPromotionCategories(p.id)));
    expect(promotionCategories.flat()).toHaveLength(shop.promotionCategories.length);
    const linked = shop.promotionProducts[0]!;
    expect((await gateway.listProductPromotions(linked.target_id)).map((p) => p.id)).toContain(linked.promotion_id);
    const rateLink = shop.priceRateLinks[0]!;
    expect((await gateway.listProductRates(rateLink.product_id)).find((r) => r.price_rate_id === rateLink.price_rate_id)?.price).toBe(rateLink.price);
    const linkedCategory = shop.promotionCategories[0]!;
    expect((await gateway.listCategoryPromotions(linkedCategory.target_id)).map((p) => p.id)).toContain(linkedCategory.promotion_id);

    // 200 a page: the fewest catalog requests, and never more than 40 of them.
    const expectedCatalog = 3 + Math.ceil(shop.stocks.length / 200) + 2 + Math.ceil(shop.products.length / 200) + 3;
    expect(limiter.catalog.stats().inWindow).toBe(expectedCatalog);
    expect(expectedCatalog).toBeLessThanOrEqual(40);
  }, 60_000);

  it('creates an order priced by the domain code, then its invoice: split card and cash with change', async () => {
    const gateway = gatewayFor();
    const taxOf = (p: RetailProductWire) => p.tax?.percentage ?? lists.taxes.find((t) => t.id === p.tax_id)!.taxPercentage;
    const sellable = lists.products.filter((p) => p.type !== 5 && !p.usesWeight && p.price > 0 && p.active);
    const [a, b] = [sellable[0]!, sellable.find((p) => taxOf(p) !== taxOf(sellable[0]!)) ?? sellable[1]!];
    const inputs: OrderLineInput[] = [
      { priceCents: a.price, measureThousandths: 2000, taxPercentHundredths: taxOf(a) },
      { priceCents: b.price, measureThousandths: 1000, taxPercentHundredths: taxOf(b), manual: { kind: 'percent', hundredths: 1000, name: '10 %' } },
    ];
    const priced = priceOrder(inputs, { kind: 'amount', cents: 105 });
    const products = [a, b];
    const order: RetailOrderRequest = {
      notes: 'gateway test',
      shippingAmount: 0,
      sum: centsToWire(priced.sum),
      discount: centsToWire(priced.discount),
      orderDiscount: centsToWire(priced.orderDiscount),
      subtotal: centsToWire(priced.subtotal),
      tax: centsToWire(priced.tax),
      total: centsToWire(priced.total),
      discountObject: {},
      customer_id: null,
      closed_at: '2026-11-23 12:00:00',
      order_contents: priced.lines.map((line, i) => {
        const product = products[i]!;
        const input = inputs[i]!;
        const discountObject = 'id' in line.discountObject ? { ...line.discountObject, amount: centsToWire(line.discountObject.amount) } : {};
        return {
          name: product.name,
          quantity: thousandthsToWire(input.measureThousandths),
          weight: null,
          price: centsToWire(product.price),
          sum: centsToWire(line.sum),
          discount: centsToWire(line.discount),
          subtotal: centsToWire(line.subtotal),
          tax: centsToWire(line.tax),
          total: centsToWire(line.total),
          taxPercentage: input.taxPercentHundredths / 100,
          margin: 0,
          discountObject,
          notes: '',
          product_id: product.id,
        };
      }),
    };
    const created = await gateway.createOrder(order);
    expect(created).toEqual({ id: expect.any(Number), status: 0 });

    const card = Math.floor(priced.total / 2);
    const cashDue = priced.total - card;
    const tendered = Math.ceil((cashDue + 1) / 500) * 500;
    const payments = [
      { amount: centsToWire(card), change: 0, extra: 0, payment_method_id: 1 },
      { amount: centsToWire(tendered), change: centsToWire(tendered - cashDue), extra: 0, payment_method_id: 2 },
    ];
    const invoice = await gateway.createInvoice(created.id, payments);
    expect(invoice.number).toMatch(/^E-\d+$/);
    const stored = account().orders.find((o) => o.id === created.id)!;
    expect(stored).toMatchObject({ status: 1, total: priced.total, tax: priced.tax, invoice_id: invoice.id });
    expect(
      sandbox()
        .app.state.ledger.filter((e) => e.orderId === created.id)
        .map((e) => e.kind),
    ).toEqual(['order', 'invoice']);

    // A second invoice: typed, with the vendor's words.
    const again = await failureOf(gateway.createInvoice(created.id, payments), GatewayError);
    expect(again).toMatchObject({ kind: 'invalid', code: 'already-invoiced', status: 422 });
    expect(again.text.params?.said).toMatch(/already invoiced/);
  }, 30_000);

  it('sets a stock, creates and changes a customer, syncs the chain', async () => {
    const gateway = gatewayFor();
    const product = lists.products.find((p) => p.usesStockManagement && p.type !== 5)!;
    expect(await gateway.addStock({ product_id: product.id, warehouse_id: 1, quantity: 12.5 })).toEqual({ quantity: 12_500 });
    const customer = await gateway.createCustomer({ name: 'Laia Puig', address: 'C/ Mar 3', maxCredit: '150.00', email: 'laia@example.com' });
    expect(customer).toMatchObject({ name: 'Laia Puig', address: 'C/ Mar 3', maxCredit: 15_000 });
    expect(await gateway.patchCustomer(customer.id, { phone: '600123123' })).toMatchObject({ id: customer.id, phone: '600123123', address: 'C/ Mar 3' });
    expect(await gateway.chainSync()).toEqual({ data: { message: 'Synced' } });
  });

  it("a customer without address: refused before sending; the server's 422 shows its words as said", async () => {
    const network = countingFetch();
    const gateway = gatewayFor({ fetch: network.fetch });
    const before = await failureOf(gateway.createCustomer({ name: 'No Address' } as never), GatewayError);
    expect(before).toMatchObject({ kind: 'invalid', code: 'request-invalid', fields: ['address'] });
    expect(network.count()).toBe(0);

    // What the server says when a customer passes our check but not its own (an e-mail it refuses).
    const refused = await failureOf(gateway.createCustomer({ name: 'Bad Mail', address: 'C/ Mar 4', email: 'not-an-address' }), GatewayError);
    expect(refused).toMatchObject({
      kind: 'invalid',
      status: 422,
      text: { code: 'server-rejected', params: { status: 422, said: 'The given data was invalid.' } },
    });
    expect(network.count()).toBe(1);
  });

  it('wrong credentials are unauthorised; the token appears nowhere in the failure', async () => {
    const failure = await failureOf(gatewayFor({ token: 'wrong-token-xyz' }).listPage('taxes', 1), GatewayError);
    expect(failure).toMatchObject({ kind: 'unauthorised', status: 401 });
    expect(JSON.stringify({ m: failure.message, b: failure.body, t: failure.text })).not.toContain('wrong-token-xyz');
  });

  it('a 101-object write is refused before sending', async () => {
    // The first test spent the account's 40 catalog requests of this (real) minute.
    await resetSandbox();
    const network = countingFetch();
    const gateway = gatewayFor({ fetch: network.fetch });
    const category = lists.categories[0]!;
    const products = Array.from({ length: 101 }, (_, i) => ({ name: `Bulk ${i}`, category_id: category.id, price: '1.00' }));
    const failure = await failureOf(gateway.createCatalogRecords('products', products), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'too-many-objects' });
    expect(network.count()).toBe(0);
    const before = account().products.length;
    const created = await gateway.createCatalogRecords('products', products.slice(0, 100));
    expect(created).toHaveLength(100);
    expect(account().products.length).toBe(before + 100);
  });

  it('keeps 40 catalog calls a minute (fake clock): the 41st waits for the window, the sandbox never says 429', async () => {
    await resetSandbox();
    const clock = createFakeClock();
    const network = countingFetch();
    const limiter = createRetailLimiter({ clock });
    const gateway = gatewayFor({ limiter, fetch: network.fetch });
    const calls = Array.from({ length: 41 }, () => gateway.listPage('variantSets', 1));
    await vi.waitFor(() => expect(limiter.catalog.stats()).toMatchObject({ inWindow: 40, inFlight: 0, queued: 1 }), { timeout: 20_000 });
    expect(network.count()).toBe(40);
    const answered = await Promise.all(calls.slice(0, 40));
    expect(answered.every((page) => page.data.length > 0)).toBe(true);
    // Other calls still go: their budget is the account's 120.
    await gateway.listPage('paymentMethods', 1);
    expect(network.count()).toBe(41);
    await clock.advance(59_000);
    expect(network.count()).toBe(41);
    // A minute on (the sandbox's own window is real time: start it afresh), the 41st goes.
    await resetSandbox();
    await clock.advance(1_100);
    expect((await calls[40])!.data.length).toBeGreaterThan(0);
    expect(network.count()).toBe(42);
  }, 30_000);
});
