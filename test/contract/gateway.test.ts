// The gateway against the real sandbox: every endpoint of hospitality spec §4
// (images aside) succeeds, refuses wrong credentials (401), surfaces the server's 422 message,
// honours 429 + Retry-After, refuses a body over the limit before sending and never resends a 413,
// turns timeouts into timeout / outcome-unknown, and turns malformed answers into invalid-response.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSeed, RunningSandbox } from '../../electron/sandbox';
import { startSandbox } from '../../electron/sandbox';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { createGateway, createRateLimiter, GatewayError, type Gateway, type GatewayOptions } from '../../electron/services/gateway';
import type { CatalogSegment } from '../../shared/api';
import { call, CUSTOMER, fixtureSeed, ITEM, ledger, MENU_PIVOT, PIVOT, WAREHOUSE } from './orderFixtures';
import { failureOf } from '../../shared/testing/failureOf.testing';

const DEMO = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };
const CHILD = { ...DEMO, tenant: 'demo-child' };
const LIFTED = { requestsPerMinute: 100_000 };

/** The order fixtures plus a modifier group, a purchase order and a vendor (purchasing is read-only). */
function seed(): Partial<AccountSeed> {
  const base = fixtureSeed();
  const catalog = base.catalog as AccountSeed['catalog'];
  const commerce = base.commerce as AccountSeed['commerce'];
  return {
    ...base,
    catalog: { ...catalog, modifierGroups: [{ id: 1, name: 'Carnes', order: 1, dont_show_automatically: 0 }] },
    commerce: {
      ...commerce,
      vendors: [
        {
          id: 1,
          name: 'Distribuciones Norte',
          address: 'Polígono 3',
          nif: 'B11111111',
          city: 'Bilbao',
          state: null,
          country: 'ES',
          postalCode: '48001',
          web: null,
          email: null,
          phone: null,
          notes: null,
          shouldBeNotified: 0,
        },
      ],
      vendorItems: [{ id: 1, vendor_id: 1, item_id: ITEM.cafe, costPrice: '0.40', pack: 12, reference: 'CAF-1', unit_id: null, tax_id: null }],
      purchaseOrders: [
        {
          id: 7,
          vendor_order_id: 'PO-7',
          reference: 'REF-7',
          subtotal: 20,
          tax: 4.2,
          total: 24.2,
          status: 1,
          vendor_id: 1,
          vendorName: 'Distribuciones Norte',
          contentsArray: [
            {
              id: 1,
              status: 1,
              quantity: 10,
              received: 10,
              price: 1,
              subtotal: 10,
              tax: 2.1,
              total: 12.1,
              order_id: 7,
              item_vendor_id: 1,
              itemName: 'Café con leche',
              itemBarcode: null,
              item_id: ITEM.cafe,
            },
            {
              id: 2,
              status: 0,
              quantity: 10,
              received: 0,
              price: 1,
              subtotal: 10,
              tax: 2.1,
              total: 12.1,
              order_id: 7,
              item_vendor_id: null,
              itemName: 'Tostada',
              itemBarcode: '8410000000002',
              item_id: ITEM.tostada,
            },
          ],
        },
      ],
    },
  };
}

/** Our own limiter is lifted like the sandbox's, except in the tests about the rate limit. */
function gatewayFor(url: string, secrets = DEMO, extra: Partial<GatewayOptions> = {}): Gateway {
  return createGateway({ baseUrl: url, secrets: async () => secrets, timeoutMs: 5_000, requestsPerMinute: 100_000, ...extra });
}

/** Requests the sandbox saw (fault-injection counter: every request but the control API's). */
async function requestsSeen(sandbox: RunningSandbox): Promise<number> {
  const answer = await controlRequest<{ counters: { requests: number } }>(sandbox.url, '/__sandbox/faults');
  return answer.body.counters.requests;
}

const flowOrder = (tables: number[]) => ({
  customer: { name: 'Ana García', email: 'ana@example.com', phone: 600111222 },
  notes: 'Reserva',
  table_id: tables,
  guests: 2,
  contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2 }],
  payments: null,
});

const loyaltyOrder = (total: number | string = 5.6) => ({
  order: {
    total,
    table_id: 6,
    extraId: 'outbox-1',
    contents: [
      { item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2, modifiers: [{ id: 72, name: 'Extra de queso', price: 0.5 }] },
      { item_id: ITEM.cerveza, itemPrice: 0, modifiers: [{ id: PIVOT.cana, price: 1 }] },
    ],
  },
  skipMerge: true,
});

let sandbox: RunningSandbox;
let gateway: Gateway;
let intruder: Gateway;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: LIFTED, seed: seed() });
  gateway = gatewayFor(sandbox.url);
  intruder = gatewayFor(sandbox.url, { ...DEMO, accessToken: 'stolen' });
});
afterAll(async () => {
  await sandbox.close();
});

describe('spec 4.2: payment methods, rooms, gift cards, customers, chain sync', () => {
  it('reads payment methods and every room with its tables', async () => {
    expect((await gateway.listPaymentMethods()).map((m) => m.name)).toEqual(expect.arrayContaining(['Card', 'Cash']));
    const rooms = await gateway.listRooms();
    expect(rooms[0]?.tables?.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(typeof rooms[0]?.tables?.[0]?.x).toBe('number');
    expect((await gateway.roomsPage(1)).total).toBe(1);
  });

  it('creates a gift card (201) and redeems from it; a duplicate uuid or an overdraft is a 422 with the server message', async () => {
    expect(await gateway.createGiftCard({ balance: '25.00', uuid: 'gc-contract-1', campaign_id: 'navidad' })).toEqual({
      balance: 25,
      uuid: 'gc-contract-1',
      campaign_id: 'navidad',
    });
    expect(await gateway.redeemGiftCard('gc-contract-1', { amount: 10.5 })).toEqual({ balance: 14.5, customer_id: null });
    const duplicate = await failureOf(gateway.createGiftCard({ balance: 5, uuid: 'gc-contract-1' }), GatewayError);
    expect(duplicate).toMatchObject({ kind: 'invalid', status: 422 });
    expect(duplicate.text.params?.said).toContain('has already been taken');
    const overdraft = await failureOf(gateway.redeemGiftCard('gc-contract-1', { amount: 100 }), GatewayError);
    expect(overdraft).toMatchObject({ kind: 'invalid', status: 422 });
    expect(overdraft.text.params?.said).toContain('above the card');
  });

  it('lists, reads, creates and deletes customers', async () => {
    const created = await gateway.createCustomers([{ name: 'Luis Pérez', active: true, email: 'luis@example.com', phone: '611222333' }]);
    const id = created?.[0]?.id as number;
    expect(created?.[0]).toMatchObject({ name: 'Luis Pérez', active: true });
    expect((await gateway.listCustomers()).map((c) => c.name)).toEqual([CUSTOMER.name, 'Luis Pérez']);
    expect((await gateway.customersPage(1, { perPage: 1 })).total).toBe(2);
    expect(await gateway.getCustomer(id)).toMatchObject({ id, email: 'luis@example.com', phone: '611222333' });
    await gateway.deleteCustomer(id);
    const gone = await failureOf(gateway.getCustomer(id), GatewayError);
    expect(gone).toMatchObject({ kind: 'not-found', status: 404 });
    expect(gone.text.params?.said).toContain(`No customer with id ${id}`);
  });

  it('syncs the chain from the master; a child account is refused with the reason', async () => {
    expect(await gateway.syncChain()).toEqual({ data: { message: 'Synced' } });
    const child = gatewayFor(sandbox.url, CHILD);
    expect((await child.catalog.items.list()).map((i) => i.id)).toContain(ITEM.menu);
    const refused = await failureOf(child.syncChain(), GatewayError);
    expect(refused.kind).toBe('unauthorised');
    expect(refused.text.params?.said).toContain('only the master account can sync');
  });
});

/** A valid record to create per resource (fixture ids), and a field to update. */
const CATALOG_CASES: { [S in CatalogSegment]: { create: Record<string, unknown>; update: Record<string, unknown> } } = {
  groups: { create: { name: 'Postres' }, update: { name: 'Postres caseros' } },
  categories: { create: { name: 'Tartas', group_id: 1 }, update: { active: false } },
  items: { create: { name: 'Tarta de queso', price: 4.5, costPrice: '1.20', type: 0, category_id: 1, allergies: '1;13' }, update: { price: 5 } },
  sellingFormats: { create: { name: 'Botella' }, update: { order: 4 } },
  sellingFormatPivots: { create: { quantity: 0.75, price: 14, format_id: 3, item_id: ITEM.vino }, update: { price: 15 } },
  modifiers: { create: { name: 'Sin hielo', price: 0, category_id: 1 }, update: { price: 0.2 } },
  modifierCategories: { create: { name: 'Punto de la carne', isChoice: false }, update: { isOptional: false } },
  modifierGroups: { create: { name: 'Bebidas' }, update: { dont_show_automatically: true } },
  modifierPivots: { create: { group_id: 1, category_id: 1 }, update: { order: 2 } },
  menuMenuCategories: { create: { name: 'Postres', item_id: ITEM.menu, isMultipleChoice: 2 }, update: { max: 2 } },
  menuMenuItemCategoryPivots: { create: { price: 0, item_id: ITEM.tostada, category_id: 51 }, update: { price: 1.5 } },
};

describe('spec 4.3: catalog, every resource', () => {
  for (const segment of Object.keys(CATALOG_CASES) as CatalogSegment[]) {
    it(`${segment}: create, read, update, write many, list, page, delete`, async () => {
      const calls = gateway.catalog[segment] as unknown as Gateway['catalog']['groups'];
      const { create, update } = CATALOG_CASES[segment];
      const created = (await calls.create(create as never)) as { id: number } | null;
      expect(created).toMatchObject({ id: expect.any(Number) });
      const id = (created as { id: number }).id;
      expect((await calls.get(id)).id).toBe(id);
      const updated = await calls.update({ id, ...update } as never);
      expect(updated).toMatchObject({ id });
      const many = (await calls.writeMany([create as never, { id, ...update } as never])) as { id: number }[];
      expect(many).toHaveLength(2);
      const secondId = (many[0] as { id: number }).id;
      expect(many[1]?.id).toBe(id);
      expect((await calls.list()).map((r) => r.id)).toEqual(expect.arrayContaining([id, secondId]));
      const page = await calls.page(1, { perPage: 1 });
      expect(page.data).toHaveLength(1);
      expect(page.total).toBeGreaterThanOrEqual(2);
      await calls.delete(secondId);
      await calls.delete(id);
      expect(await failureOf(calls.get(id), GatewayError)).toMatchObject({ kind: 'not-found', status: 404 });
    });
  }

  it('nested lists: categories of a group, items of a category', async () => {
    expect((await gateway.listCategoriesOfGroup(1)).map((c) => c.id)).toEqual([1]);
    expect((await gateway.listItemsOfCategory(1)).map((i) => i.id)).toEqual(expect.arrayContaining([ITEM.cafe, ITEM.menu, ITEM.cerveza]));
    expect(await failureOf(gateway.listItemsOfCategory(999), GatewayError)).toMatchObject({ kind: 'not-found' });
  });

  it('surfaces the server 422 message of a write it cannot check itself', async () => {
    const unknownCategory = await failureOf(
      gateway.catalog.items.create({ name: 'Huérfano', price: 1, costPrice: 0.5, type: 0, category_id: 999 }),
      GatewayError,
    );
    expect(unknownCategory).toMatchObject({ kind: 'invalid', status: 422 });
    expect(unknownCategory.text.params?.said).toContain('category_id: unknown category 999');
    const stillUsed = await failureOf(gateway.catalog.groups.delete(1), GatewayError);
    expect(stillUsed.text.params?.said).toContain('Cannot delete group 1');
    const batch = await failureOf(gateway.catalog.items.writeMany([{ id: 99_999, price: 2 }]), GatewayError);
    expect(batch.text.params?.said).toContain('items[0]');
  });

  it('an item without costPrice is refused before sending, naming the field (the server would answer 422 too)', async () => {
    const before = await requestsSeen(sandbox);
    const failure = await failureOf(gateway.catalog.items.create({ name: 'Sin coste', price: 2, type: 0, category_id: 1 } as never), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'request-invalid' });
    expect(failure.text).toEqual({ code: 'request-invalid' });
    expect(failure.body).toContain('costPrice: is required');
    expect(await requestsSeen(sandbox)).toBe(before);
    // The same body sent by hand: the server's own 422 says the same.
    const raw = await call(sandbox.url, 'POST', '/api/external/v2/catalog/items', { name: 'Sin coste', price: 2, type: 0, category_id: 1 });
    expect(raw.status).toBe(422);
    expect(JSON.stringify(raw.body)).toContain('costPrice');
  });
});

describe('spec 4.4: warehouses and stock', () => {
  it('reads warehouses and stocks; adds and sets stock', async () => {
    expect((await gateway.listWarehouses()).map((w) => w.id)).toEqual([WAREHOUSE]);
    expect(await gateway.listStocks(WAREHOUSE)).toEqual([expect.objectContaining({ item_id: ITEM.cafe, quantity: 100 })]);
    expect(await gateway.addStock(WAREHOUSE, { item_id: ITEM.cafe, quantity: 5 })).toMatchObject({ quantity: 105 });
    expect(await gateway.setStock(WAREHOUSE, { item_id: ITEM.tostada, quantity: 8 })).toMatchObject({ item_id: ITEM.tostada, quantity: 8 });
    expect(
      await gateway.setStock(WAREHOUSE, {
        stocks: [
          { item_id: ITEM.cafe, quantity: 50 },
          { item_id: ITEM.tostada, quantity: 0 },
        ],
      }),
    ).toHaveLength(2);
    expect((await gateway.stocksPage(WAREHOUSE, 1)).total).toBe(2);
  });

  it('422 with the server message for an unknown item; 404 for an unknown warehouse', async () => {
    const unknown = await failureOf(gateway.addStock(WAREHOUSE, { item_id: ITEM.unknown, quantity: 1 }), GatewayError);
    expect(unknown).toMatchObject({ kind: 'invalid', status: 422 });
    expect(unknown.text.params?.said).toContain(`No item with id ${ITEM.unknown}`);
    expect(await failureOf(gateway.listStocks(99), GatewayError)).toMatchObject({ kind: 'not-found', status: 404 });
  });
});

describe('spec 4.5 and 4.6: purchase orders, vendors, vendor items', () => {
  it('reads purchase orders and the lines of one', async () => {
    const [order] = await gateway.listPurchaseOrders();
    expect(order).toMatchObject({ id: 7, total: 24.2, vendorName: 'Distribuciones Norte' });
    expect(order?.contentsArray).toHaveLength(2);
    expect((await gateway.listPurchaseOrderLines(7)).map((l) => l.itemBarcode)).toEqual([null, '8410000000002']);
    expect((await gateway.purchaseOrdersPage(1)).total).toBe(1);
  });

  it('creates, reads, updates and deletes a vendor; a duplicate NIF is a 422 with the server message', async () => {
    const vendor = await gateway.createVendor({ name: 'Bodegas Sur', address: 'Camino 2', nif: 'B22222222', shouldBeNotified: true });
    const id = vendor?.id as number;
    expect(vendor).toMatchObject({ name: 'Bodegas Sur', shouldBeNotified: true });
    expect(await gateway.getVendor(id)).toMatchObject({ nif: 'B22222222' });
    expect(await gateway.updateVendor(id, { city: 'Jerez' })).toMatchObject({ city: 'Jerez', name: 'Bodegas Sur' });
    expect((await gateway.listVendors()).map((v) => v.id)).toEqual([1, id]);
    const duplicate = await failureOf(gateway.createVendor({ name: 'Copia', address: 'x', nif: ' b11111111 ' }), GatewayError);
    expect(duplicate).toMatchObject({ kind: 'invalid', status: 422 });
    expect(duplicate.text.params?.said).toContain('has already been taken');
    await gateway.deleteVendor(id);
    expect(await failureOf(gateway.getVendor(id), GatewayError)).toMatchObject({ kind: 'not-found' });
  });

  it('saves, lists and removes vendor items; removing an item the vendor lacks is a 422', async () => {
    expect(await gateway.saveVendorItems(1, [{ item_id: ITEM.tostada, costPrice: '0.60', pack: 24 }])).toEqual([
      expect.objectContaining({ item_id: ITEM.tostada, costPrice: 0.6, pack: 24 }),
    ]);
    expect((await gateway.listVendorItems(1)).map((i) => i.item_id)).toEqual([ITEM.cafe, ITEM.tostada]);
    await gateway.removeVendorItems(1, [ITEM.tostada]);
    expect((await gateway.listVendorItems(1)).map((i) => i.item_id)).toEqual([ITEM.cafe]);
    const missing = await failureOf(gateway.removeVendorItems(1, [ITEM.menu]), GatewayError);
    expect(missing).toMatchObject({ kind: 'invalid', status: 422 });
    expect(missing.text.params?.said).toContain('Nothing was removed');
  });
});

describe('spec 4.7 and 4.8: orders', () => {
  it('Flow newOrder seats a table; the same table again is refused as table-has-open-order', async () => {
    const { id } = await gateway.flowNewOrder(flowOrder([1, 2]));
    expect(id).toBeGreaterThan(0);
    expect((await ledger(sandbox.url)).some((e) => e.kind === 'flow' && e.orderId === id)).toBe(true);
    const busy = await failureOf(gateway.flowNewOrder(flowOrder([2])), GatewayError);
    expect(busy).toMatchObject({ kind: 'invalid', code: 'table-has-open-order' });
    expect(busy.text.params?.said).toContain('already has an open order');
    const unknown = await failureOf(gateway.flowNewOrder(flowOrder([999])), GatewayError);
    expect(unknown.kind).toBe('invalid');
    expect(unknown.code).toBeUndefined();
  });

  it('a loyalty order returns its order_id; a total that does not match is a 422 with the server message', async () => {
    const { order_id } = await gateway.placeLoyaltyOrder(loyaltyOrder());
    expect((await ledger(sandbox.url)).some((e) => e.kind === 'loyalty' && e.orderId === order_id)).toBe(true);
    const mismatch = await failureOf(gateway.placeLoyaltyOrder(loyaltyOrder(5.5)), GatewayError);
    expect(mismatch).toMatchObject({ kind: 'invalid', status: 422 });
    expect(mismatch.text.params?.said).toContain('does not match the contents');
  });

  it('a menu line with its dishes is accepted', async () => {
    const order = {
      order: {
        total: 15,
        contents: [
          {
            item_id: ITEM.menu,
            itemPrice: 12,
            menuContents: [
              { item_id: ITEM.ensalada, name: 'Ensalada', price: 0, dishOrder: MENU_PIVOT.ensalada },
              { item_id: ITEM.entrecot, name: 'Entrecot', price: 3, dishOrder: MENU_PIVOT.entrecot },
            ],
          },
        ],
      },
    };
    expect((await gateway.placeLoyaltyOrder(order)).order_id).toBeGreaterThan(0);
  });
});

describe('401: wrong credentials on every endpoint', () => {
  const calls: Record<string, (g: Gateway) => Promise<unknown>> = {
    'GET paymentMethods': (g) => g.listPaymentMethods(),
    'GET rooms': (g) => g.listRooms(),
    'POST giftCards': (g) => g.createGiftCard({ balance: 1, uuid: 'gc-401' }),
    'POST giftCards/{uuid}': (g) => g.redeemGiftCard('gc-401', { amount: 1 }),
    'GET customers': (g) => g.listCustomers(),
    'GET customers/{id}': (g) => g.getCustomer(CUSTOMER.id),
    'POST customers': (g) => g.createCustomers([{ name: 'X' }]),
    'DELETE customers/{id}': (g) => g.deleteCustomer(CUSTOMER.id),
    'POST chains/sync': (g) => g.syncChain(),
    'GET catalog/groups/{id}/categories': (g) => g.listCategoriesOfGroup(1),
    'GET catalog/categories/{id}/items': (g) => g.listItemsOfCategory(1),
    'GET warehouses': (g) => g.listWarehouses(),
    'GET warehouses/{id}': (g) => g.listStocks(WAREHOUSE),
    'POST addStock': (g) => g.addStock(WAREHOUSE, { item_id: ITEM.cafe, quantity: 1 }),
    'POST setStock': (g) => g.setStock(WAREHOUSE, { item_id: ITEM.cafe, quantity: 1 }),
    'GET purchaseOrders': (g) => g.listPurchaseOrders(),
    'GET purchaseOrders/{id}': (g) => g.listPurchaseOrderLines(7),
    'GET vendors': (g) => g.listVendors(),
    'GET vendors/{id}': (g) => g.getVendor(1),
    'POST vendors': (g) => g.createVendor({ name: 'X', address: 'Y', nif: 'Z401' }),
    'PUT vendors/{id}': (g) => g.updateVendor(1, { city: 'X' }),
    'DELETE vendors/{id}': (g) => g.deleteVendor(1),
    'GET vendors/{id}/items': (g) => g.listVendorItems(1),
    'POST vendors/{id}/items': (g) => g.saveVendorItems(1, [{ item_id: ITEM.cafe, costPrice: '1', pack: 1 }]),
    'DELETE vendors/{id}/items': (g) => g.removeVendorItems(1, [ITEM.cafe]),
    'POST apiFlow newOrder': (g) => g.flowNewOrder(flowOrder([5])),
    'POST loyalty/orders': (g) => g.placeLoyaltyOrder(loyaltyOrder()),
    'fetchSyncPage stocks': (g) => g.fetchSyncPage({ resource: 'stocks', page: 1, warehouseId: WAREHOUSE }),
  };
  for (const segment of Object.keys(CATALOG_CASES) as CatalogSegment[]) {
    const c = (g: Gateway) => g.catalog[segment] as unknown as Gateway['catalog']['groups'];
    calls[`GET catalog/${segment}`] = (g) => c(g).list();
    calls[`GET catalog/${segment}/{id}`] = (g) => c(g).get(1);
    calls[`POST catalog/${segment}`] = (g) => c(g).create(CATALOG_CASES[segment].create as never);
    calls[`POST catalog/${segment} (update)`] = (g) => c(g).update({ id: 1, ...CATALOG_CASES[segment].update } as never);
    calls[`POST catalog/${segment} (many)`] = (g) => c(g).writeMany([CATALOG_CASES[segment].create as never]);
    calls[`DELETE catalog/${segment}/{id}`] = (g) => c(g).delete(1);
  }

  it.each(Object.keys(calls))('%s', async (name) => {
    const failure = await failureOf((calls[name] as (g: Gateway) => Promise<unknown>)(intruder), GatewayError);
    expect(failure.kind).toBe('unauthorised');
    expect(failure.text.code).toBe('credentials-refused');
  });

  it('nothing was written by the refused calls', async () => {
    expect(await gateway.getCustomer(CUSTOMER.id)).toMatchObject({ name: CUSTOMER.name });
    expect((await gateway.getVendor(1)).city).toBe('Bilbao');
    expect((await ledger(sandbox.url)).filter((e) => (e.payload as { table_id?: number[] }).table_id?.includes(5))).toEqual([]);
  });
});

describe('fetchSyncPage against the sandbox', () => {
  it('pages a catalog resource at 200 a page with exact totals', async () => {
    const page = await gateway.fetchSyncPage({ resource: 'items', page: 1 });
    expect(page).toMatchObject({ page: 1, lastPage: 1, total: 7 });
    expect(page.records.find((r) => r.id === ITEM.cafe)).toMatchObject({ price: 1.8, active: true, type: 0 });
    expect((await gateway.fetchSyncPage({ resource: 'rooms', page: 1 })).records[0]).toMatchObject({ id: 1, tables: expect.any(Array) });
    expect((await gateway.fetchSyncPage({ resource: 'paymentMethods', page: 1 })).lastPage).toBe(1);
    expect((await gateway.fetchSyncPage({ resource: 'customers', page: 1 })).total).toBeGreaterThanOrEqual(1);
    expect((await gateway.fetchSyncPage({ resource: 'warehouses', page: 1 })).records).toEqual([{ id: WAREHOUSE, name: 'Almacén', order: 1 }]);
  });
});

describe('limits (spec §8, clarifications "Limits")', () => {
  const running: RunningSandbox[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  const start = async (options: Parameters<typeof startSandbox>[0]) => {
    const started = await startSandbox({ port: 0, seed: seed(), ...options });
    running.push(started);
    return started;
  };

  it('honours the server 429 Retry-After: pauses, then the call succeeds', async () => {
    // The sandbox's window is a real minute. Its clock (Date) is moved 58 s ahead after the
    // budget is spent, so its Retry-After is about 2 s instead of 60 s; time then runs normally.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const tight = await start({ limits: { requestsPerMinute: 3 } });
    const answers: { status: number; retryAfter: string | null; at: number }[] = [];
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), at: performance.now() });
      return response;
    };
    const loose = gatewayFor(tight.url, DEMO, { fetch: watching, limiter: createRateLimiter({ requestsPerMinute: 120 }) });
    for (let i = 0; i < 3; i++) await loose.listPaymentMethods();
    vi.setSystemTime(Date.now() + 58_000);
    const methods = await loose.listPaymentMethods();
    expect(methods.length).toBeGreaterThan(0);
    const refused = answers.findIndex((a) => a.status === 429);
    expect(refused).toBe(3);
    const retryAfter = Number(answers[refused]?.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(answers[refused + 1]?.status).toBe(200);
    // Generous lower bound only: the resend waited (most of) the Retry-After.
    expect((answers[refused + 1]?.at as number) - (answers[refused]?.at as number)).toBeGreaterThanOrEqual(retryAfter * 1000 * 0.8);
  }, 30_000);

  it('our own limiter keeps concurrent callers inside the budget: the server never says 429', async () => {
    const counted = await start({ limits: { requestsPerMinute: 6 } });
    const statuses: number[] = [];
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    // Six go at once (the budget); the other three wait for the window to roll, a minute away.
    const limiter = createRateLimiter({ requestsPerMinute: 6 });
    const g = gatewayFor(counted.url, DEMO, { fetch: watching, limiter });
    const calls = Array.from({ length: 9 }, (_, i) => g.fetchSyncPage({ resource: i % 2 ? 'items' : 'groups', page: 1 }));
    const settled = await Promise.race([Promise.allSettled(calls), new Promise((resolve) => setTimeout(() => resolve('waiting'), 1_000))]);
    expect(settled).toBe('waiting');
    expect(statuses).toHaveLength(6);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(limiter.stats()).toMatchObject({ queued: 3, inWindow: 6 });
  });

  it('refuses a body over 2 MB before sending: the sandbox receives nothing', async () => {
    const server = await start({ limits: LIFTED });
    const g = gatewayFor(server.url);
    const before = await requestsSeen(server);
    const huge = Array.from({ length: 20 }, (_, i) => ({ name: `Cliente ${i}`, notes: 'x'.repeat(110_000) }));
    const failure = await failureOf(g.createCustomers(huge), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'body-too-large' });
    expect(failure.text).toMatchObject({ code: 'request-too-large', params: { limitKb: 2_000 } });
    expect(await requestsSeen(server)).toBe(before);
  });

  it('never resends after the server answers 413', async () => {
    const server = await start({ limits: { ...LIFTED, maxBodyBytes: 1_000 } });
    const g = gatewayFor(server.url);
    const before = await requestsSeen(server);
    const failure = await failureOf(g.createCustomers([{ name: 'Ana', notes: 'x'.repeat(2_000) }]), GatewayError);
    expect(failure).toMatchObject({ kind: 'invalid', code: 'body-too-large', status: 413 });
    expect(await requestsSeen(server)).toBe(before + 1);
    expect((await g.listCustomers()).map((c) => c.name)).toEqual([CUSTOMER.name]);
  });
});

describe('timeouts and broken answers', () => {
  const running: RunningSandbox[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });

  it('a slow server: a read times out, a write is outcome-unknown', async () => {
    const slow = await startSandbox({ port: 0, limits: LIFTED, seed: seed() });
    running.push(slow);
    await controlRequest(slow.url, '/__sandbox/faults', { body: { latencyMs: 1_000 } });
    const g = gatewayFor(slow.url, DEMO, { timeoutMs: 200 });
    expect(await failureOf(g.listCustomers(), GatewayError)).toMatchObject({ kind: 'timeout' });
    expect(await failureOf(g.catalog.items.page(1), GatewayError)).toMatchObject({ kind: 'timeout' });
    const flow = await failureOf(g.flowNewOrder(flowOrder([3])), GatewayError);
    expect(flow.kind).toBe('outcome-unknown');
    const loyalty = await failureOf(g.placeLoyaltyOrder(loyaltyOrder()), GatewayError);
    expect(loyalty.kind).toBe('outcome-unknown');
    expect(loyalty.text.code).toBe('timeout-write');
  });

  it('a lost answer after the server committed a write is outcome-unknown', async () => {
    const lossy = await startSandbox({ port: 0, limits: LIFTED, seed: seed() });
    running.push(lossy);
    await controlRequest(lossy.url, '/__sandbox/faults', { body: { loseResponseRate: 1 } });
    const failure = await failureOf(gatewayFor(lossy.url).placeLoyaltyOrder(loyaltyOrder()), GatewayError);
    expect(failure.kind).toBe('outcome-unknown');
    expect((await ledger(lossy.url)).filter((e) => e.kind === 'loyalty')).toHaveLength(1);
  });

  it('malformed answers are invalid-response, never another kind of crash', async () => {
    const bodies: Record<string, string> = {
      '/api/external/v2/customers': JSON.stringify({ current_page: 1, data: [{ name: 'no id' }] }),
      '/api/external/v2/catalog/items/1': JSON.stringify({ id: 1, name: 'x', price: 'free', costPrice: 1, type: 0, category_id: 1 }),
      '/apiFlow': JSON.stringify({ result: 'maybe' }),
      '/api/loyalty/orders': '<html>502 Bad Gateway</html>',
      '/api/external/v2/paymentMethods': '',
    };
    const server: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(bodies[new URL(req.url ?? '/', 'http://x').pathname] ?? '{}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const g = gatewayFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      // One call at a time: a call started early could fail before anyone awaits it.
      const calls = [
        () => g.listCustomers(),
        () => g.catalog.items.get(1),
        () => g.flowNewOrder(flowOrder([1])),
        () => g.placeLoyaltyOrder(loyaltyOrder()),
        () => g.listPaymentMethods(),
      ];
      for (const call of calls) {
        const failure = await failureOf(call(), GatewayError);
        expect(failure.kind).toBe('invalid-response');
        expect(failure.toBridgeError().detail).toBeTruthy();
      }
    } finally {
      server.close();
    }
  });
});
