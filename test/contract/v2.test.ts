// Contract tests of the non-catalog v2 endpoints and chain sync, written from the hospitality
// spec (§2.3, §2.4, §2.8, §4.2, §4.4–§4.6, §5, §7) and the clarifications ("Hospitality v2").
// Where the spec shows no response body, only the status family and the effect are checked
// through the API; where it names a status (§7: gift card 201 / 422), the exact status is checked.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type AccountSeed, type RunningSandbox } from '../../electron/sandbox';
import { giftCardCode } from '../../shared/api';

const V2 = '/api/external/v2';
const DEMO = { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' };
const CHILD = { ...DEMO, tenant: 'demo-child' };
const DEMO_SPEC = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
  type: string | null;
}

/** A catalog with a few items (stocks and vendor items must name catalog items). */
function catalog(items: number[]): AccountSeed['catalog'] {
  return {
    groups: [{ id: 1, name: 'Bebidas', active: 1 }],
    categories: [{ id: 1, name: 'Refrescos', active: 1, group_id: 1 }],
    items: items.map((id) => ({ id, name: `Item ${id}`, price: 2.5, costPrice: 1, type: 0, category_id: 1, active: 1 })),
    sellingFormats: [],
    sellingFormatPivots: [],
    modifiers: [],
    modifierCategories: [],
    modifierGroups: [],
    modifierPivots: [],
    menuMenuCategories: [],
    menuMenuItemCategoryPivots: [],
  };
}

const COMMERCE: AccountSeed['commerce'] = {
  giftCards: [],
  customers: [],
  warehouses: [
    { id: 1, name: 'Almacén central', order: 1 },
    { id: 2, name: 'Barra', order: 2 },
  ],
  stocks: [
    { id: 1, quantity: 10, defaultQuantity: 5, alert: 2, warehouse_id: 1, item_id: 101, unit_id: null },
    { id: 2, quantity: 3, defaultQuantity: 0, alert: 0, warehouse_id: 2, item_id: 101, unit_id: null },
  ],
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
          item_vendor_id: null,
          itemName: 'Item 101',
          itemBarcode: null,
          item_id: 101,
        },
        {
          id: 2,
          status: 1,
          quantity: 10,
          received: 5,
          price: 1,
          subtotal: 10,
          tax: 2.1,
          total: 12.1,
          order_id: 7,
          item_vendor_id: null,
          itemName: 'Item 102',
          itemBarcode: '8410000000002',
          item_id: 102,
        },
      ],
    },
  ],
  vendors: [],
  vendorItems: [],
};

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    limits: { requestsPerMinute: 100000 },
    seed: { catalog: catalog([101, 102, 103]), commerce: COMMERCE },
  });
});
afterAll(async () => {
  await sandbox.close();
});

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; base?: RunningSandbox } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? DEMO) };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${(options.base ?? sandbox).url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text, the assertion will say so
  }
  return { status: res.status, body: parsed, type: res.headers.get('content-type') };
}

/** A failure the spec's clarifications describe: the status and the JSON error body. */
function expectError(answer: Answer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.type).toMatch(/application\/json/);
  expect(answer.body).toEqual({ error: expect.any(String), code: status, data: [] });
}

let uuidCounter = 0;
const freshUuid = () => `card-${Date.now().toString(36)}-${++uuidCounter}`;

describe('§5 authentication of every endpoint of §4.2, §4.4–§4.6 and chain sync', () => {
  const endpoints: Array<[string, string]> = [
    ['POST', `${V2}/giftCards?balance=10&uuid=auth-check`],
    ['POST', `${V2}/giftCards/auth-check`],
    ['GET', `${V2}/customers`],
    ['GET', `${V2}/customers/1`],
    ['POST', `${V2}/customers`],
    ['DELETE', `${V2}/customers/1`],
    ['GET', `${V2}/warehouses`],
    ['GET', `${V2}/warehouses/1`],
    ['POST', `${V2}/warehouses/1/addStock`],
    ['POST', `${V2}/warehouses/1/setStock`],
    ['GET', `${V2}/purchaseOrders`],
    ['GET', `${V2}/purchaseOrders/7`],
    ['GET', `${V2}/vendors`],
    ['GET', `${V2}/vendors/1`],
    ['POST', `${V2}/vendors`],
    ['PUT', `${V2}/vendors/1`],
    ['DELETE', `${V2}/vendors/1`],
    ['GET', `${V2}/vendors/1/items`],
    ['POST', `${V2}/vendors/1/items`],
    ['DELETE', `${V2}/vendors/1/items`],
    ['POST', '/api/external/chains/sync'],
  ];
  const bad: Array<[string, Record<string, string>]> = [
    ['no credentials', {}],
    ['an unknown tenant', { ...DEMO, tenant: 'nobody' }],
    ['a wrong access token', { ...DEMO, Authorization: 'Bearer wrong' }],
    ['no client-token', { tenant: DEMO.tenant, Authorization: DEMO.Authorization }],
  ];
  for (const [method, path] of endpoints) {
    it.each(bad)(`§5: ${method} ${path.split('?')[0]} with %s → 401`, async (_name, headers) => {
      expectError(await call(method, path, { headers, body: method === 'GET' ? undefined : {} }), 401);
    });
  }

  it('§5: nothing is written by a request refused with 401', async () => {
    const uuid = freshUuid();
    expect((await call('POST', `${V2}/giftCards?balance=5&uuid=${uuid}`, { headers: {} })).status).toBe(401);
    expect((await call('POST', `${V2}/giftCards?balance=5&uuid=${uuid}`)).status).toBe(201);
  });
});

describe('§2.3 / §4.2 / §7 gift cards', () => {
  it('§7 row "POST V2/giftCards success": create from query parameters → 201 with balance, uuid, campaign_id', async () => {
    const uuid = freshUuid();
    const answer = await call('POST', `${V2}/giftCards?balance=25.50&uuid=${uuid}&campaign_id=77`);
    expect(answer.status).toBe(201);
    const body = answer.body as Json;
    expect(Number(body.balance)).toBe(25.5);
    expect(body.uuid).toBe(uuid);
    expect(String(body.campaign_id)).toBe('77');
  });

  it('§4.2: campaign_id is optional', async () => {
    const uuid = freshUuid();
    const answer = await call('POST', `${V2}/giftCards?balance=10&uuid=${uuid}`);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ uuid });
    expect(Number((answer.body as Json).balance)).toBe(10);
  });

  it('§4.2: a standard RFC 4122 uuid is accepted', async () => {
    const uuid = crypto.randomUUID();
    expect((await call('POST', `${V2}/giftCards?balance=1&uuid=${uuid}`)).status).toBe(201);
  });

  it.each([
    ['balance missing', (u: string) => `uuid=${u}`],
    ['balance empty', (u: string) => `balance=&uuid=${u}`],
    ['balance not a decimal', (u: string) => `balance=ten&uuid=${u}`],
    ['balance negative', (u: string) => `balance=-5&uuid=${u}`],
    ['balance with more than 2 decimals', (u: string) => `balance=1.234&uuid=${u}`],
    ['uuid missing', () => 'balance=10'],
    ['uuid empty', () => 'balance=10&uuid='],
    ['uuid with invalid characters', () => `balance=10&uuid=${encodeURIComponent('no spaces/slashes')}`],
    ['uuid longer than 64 characters', () => `balance=10&uuid=${'a'.repeat(65)}`],
  ])('§7 row "POST V2/giftCards failure": %s → 422', async (_name, query) => {
    const uuid = freshUuid();
    expectError(await call('POST', `${V2}/giftCards?${query(uuid)}`), 422);
    // nothing was created under that uuid: it can still be created
    expect((await call('POST', `${V2}/giftCards?balance=1&uuid=${uuid}`)).status).toBe(201);
  });

  it("one rule for gift-card codes: the sandbox accepts exactly the codes the terminal's schema accepts", async () => {
    // docs/decisions.md "Catalog batches and gift-card codes": shared/api/v2.ts giftCardCode.
    const samples = fc.sample(
      fc.oneof(
        fc.string({ unit: fc.constantFrom(...'aZ09-_ ./?#%+:ñ'.split('')), minLength: 0, maxLength: 8 }),
        fc.integer({ min: 60, max: 70 }).map((n) => 'c'.repeat(n)),
      ),
      { numRuns: 80 },
    );
    for (const [index, sample] of samples.entries()) {
      const code = sample === '' ? sample : `${index}${sample}`; // unique per sample, empty kept
      const answer = await call('POST', `${V2}/giftCards?balance=1&uuid=${encodeURIComponent(code)}`);
      expect(answer.status === 201, JSON.stringify({ code, body: answer.body })).toBe(giftCardCode.safeParse(code).success);
    }
  });

  it('§4.2 / §7: gift card parameters in a JSON body instead of the query → 422 (they are query parameters)', async () => {
    expectError(await call('POST', `${V2}/giftCards`, { body: { balance: 10, uuid: freshUuid() } }), 422);
  });

  it('§7 row "POST V2/giftCards failure": a duplicate uuid → 422 and the first card keeps its balance', async () => {
    const uuid = freshUuid();
    expect((await call('POST', `${V2}/giftCards?balance=30&uuid=${uuid}`)).status).toBe(201);
    expectError(await call('POST', `${V2}/giftCards?balance=99&uuid=${uuid}`), 422);
    const redeemed = await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 30 } });
    expect(redeemed.status).toBe(200);
    expect(Number((redeemed.body as Json).balance)).toBe(0);
  });

  it('§4.2: redeem POST giftCards/{uuid} with amount → the new balance (exact cents) and customer_id', async () => {
    const uuid = freshUuid();
    await call('POST', `${V2}/giftCards?balance=100.10&uuid=${uuid}`);
    const first = await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 33.37 } });
    expect(first.status).toBe(200);
    expect(first.body).toHaveProperty('customer_id');
    expect(Number((first.body as Json).balance)).toBe(66.73);
    const second = await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 0.1 } });
    expect(Number((second.body as Json).balance)).toBe(66.63);
    const all = await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 66.63 } });
    expect(all.status).toBe(200);
    expect(Number((all.body as Json).balance)).toBe(0);
  });

  it('§4.2: an amount above the balance → 422 and the balance is unchanged', async () => {
    const uuid = freshUuid();
    await call('POST', `${V2}/giftCards?balance=20&uuid=${uuid}`);
    expectError(await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 20.01 } }), 422);
    const ok = await call('POST', `${V2}/giftCards/${uuid}`, { body: { amount: 20 } });
    expect(ok.status).toBe(200);
    expect(Number((ok.body as Json).balance)).toBe(0);
  });

  it('§4.2: redeeming an unknown card → 422', async () => {
    expectError(await call('POST', `${V2}/giftCards/${freshUuid()}`, { body: { amount: 1 } }), 422);
  });

  it.each([
    ['amount missing', {}],
    ['amount zero', { amount: 0 }],
    ['amount negative', { amount: -5 }],
    ['amount not a number', { amount: 'five' }],
  ])('§4.2: redeem with %s → 422', async (_name, body) => {
    const uuid = freshUuid();
    await call('POST', `${V2}/giftCards?balance=20&uuid=${uuid}`);
    expectError(await call('POST', `${V2}/giftCards/${uuid}`, { body }), 422);
  });
});

describe('§2.4 / §4.2 customers', () => {
  const LISTING = ['id', 'name', 'active', 'tax_id', 'photo', 'super_group_id', 'printer_id', 'printer_group_id'];

  async function allCustomers(): Promise<Json[]> {
    const answer = await call('GET', `${V2}/customers?pagination=200`);
    return (answer.body as { data: Json[] }).data;
  }

  it('§4.2: POST customers with an array creates each; GET customers lists them, paginated, with the listing fields of §2.4', async () => {
    const before = (await call('GET', `${V2}/customers`)).body as Json;
    const created = await call('POST', `${V2}/customers`, {
      body: [
        { name: 'Lucía Fernández', active: 1 },
        { name: 'Javier Ortega', active: 0, email: 'javier@example.com' },
      ],
    });
    expect(created.status).toBeGreaterThanOrEqual(200);
    expect(created.status).toBeLessThan(300);

    const page = (await call('GET', `${V2}/customers`)).body as Json;
    expect(page.current_page).toBe(1);
    expect(page.total).toBe((before.total as number) + 2);
    const rows = await allCustomers();
    const lucia = rows.find((r) => r.name === 'Lucía Fernández');
    const javier = rows.find((r) => r.name === 'Javier Ortega');
    expect(lucia).toBeDefined();
    for (const row of [lucia, javier]) expect(Object.keys(row as Json).sort()).toEqual([...LISTING].sort());
    expect(lucia).toMatchObject({ active: 1 });
    expect(javier).toMatchObject({ active: 0 });
  });

  it('§4.2: GET customers/<id> → that customer', async () => {
    await call('POST', `${V2}/customers`, { body: [{ name: 'Marta Ruiz', active: 1 }] });
    const marta = (await allCustomers()).find((r) => r.name === 'Marta Ruiz') as Json;
    const one = await call('GET', `${V2}/customers/${marta.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: marta.id, name: 'Marta Ruiz', active: 1 });
  });

  it('§4.2: GET customers/<id> of an unknown customer → 404', async () => {
    expectError(await call('GET', `${V2}/customers/999999`), 404);
    expectError(await call('GET', `${V2}/customers/not-a-number`), 404);
  });

  it('§2.4: a customer without a name → 422 and none of the array is created (all-or-nothing)', async () => {
    const before = ((await call('GET', `${V2}/customers`)).body as Json).total;
    expectError(await call('POST', `${V2}/customers`, { body: [{ name: 'Válido', active: 1 }, { active: 1 }] }), 422);
    expectError(await call('POST', `${V2}/customers`, { body: [{ name: '   ' }] }), 422);
    expect(((await call('GET', `${V2}/customers`)).body as Json).total).toBe(before);
  });

  it.each([
    ['a single object instead of an array', { name: 'Sin array', active: 1 }],
    ['an empty array', []],
    ['active other than 0/1', [{ name: 'Activo raro', active: 7 }]],
    ['malformed JSON', '[{"name": '],
  ])('§4.2: POST customers with %s → 422', async (_name, body) => {
    expectError(await call('POST', `${V2}/customers`, { body }), 422);
  });

  it('§4.2: DELETE customers/<id> removes the customer; afterwards GET → 404', async () => {
    await call('POST', `${V2}/customers`, { body: [{ name: 'Para borrar', active: 1 }] });
    const target = (await allCustomers()).find((r) => r.name === 'Para borrar') as Json;
    const deleted = await call('DELETE', `${V2}/customers/${target.id}`);
    expect(deleted.status).toBe(200);
    expectError(await call('GET', `${V2}/customers/${target.id}`), 404);
    expect((await allCustomers()).some((r) => r.id === target.id)).toBe(false);
  });

  it('§4.2: DELETE customers/<id> of an unknown customer → 404', async () => {
    expectError(await call('DELETE', `${V2}/customers/999999`), 404);
  });
});

describe('§2.8 / §4.4 warehouses and stocks', () => {
  async function stocksOf(warehouse: number): Promise<Json[]> {
    return ((await call('GET', `${V2}/warehouses/${warehouse}?pagination=200`)).body as { data: Json[] }).data;
  }
  const quantityOf = async (warehouse: number, item: number) => (await stocksOf(warehouse)).find((s) => s.item_id === item)?.quantity as number | undefined;

  it('§4.4: GET warehouses → paginated warehouses with id, name, order', async () => {
    const answer = await call('GET', `${V2}/warehouses`);
    expect(answer.status).toBe(200);
    const page = answer.body as { current_page: number; total: number; data: Json[] };
    expect(page.current_page).toBe(1);
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({ id: 1, name: 'Almacén central' });
    expect(Object.keys(page.data[0] as Json).sort()).toEqual(['id', 'name', 'order']);
  });

  it('§4.4: GET warehouses/<id> → paginated stocks of that warehouse only, with the stock fields of §2.8', async () => {
    const answer = await call('GET', `${V2}/warehouses/2`);
    expect(answer.status).toBe(200);
    const page = answer.body as { current_page: number; data: Json[] };
    expect(page.current_page).toBe(1);
    expect(page.data.length).toBeGreaterThan(0);
    for (const stock of page.data) {
      expect(stock.warehouse_id).toBe(2);
      expect(Object.keys(stock).sort()).toEqual(['id', 'quantity', 'defaultQuantity', 'alert', 'warehouse_id', 'item_id', 'unit_id'].sort());
    }
  });

  it('§4.4: GET warehouses/<id> of an unknown warehouse → 404', async () => {
    expectError(await call('GET', `${V2}/warehouses/999`), 404);
  });

  it('§4.4: addStock adds the quantity to the item’s stock (and only in that warehouse)', async () => {
    const before = (await quantityOf(1, 101)) as number;
    const other = await quantityOf(2, 101);
    const answer = await call('POST', `${V2}/warehouses/1/addStock`, { body: { item_id: 101, quantity: 4 } });
    expect(answer.status).toBe(200);
    expect(await quantityOf(1, 101)).toBe(before + 4);
    expect(await quantityOf(2, 101)).toBe(other);
  });

  it('§4.4: addStock for an item with no stock row yet creates it', async () => {
    expect(await quantityOf(2, 103)).toBeUndefined();
    expect((await call('POST', `${V2}/warehouses/2/addStock`, { body: { item_id: 103, quantity: 6 } })).status).toBe(200);
    expect(await quantityOf(2, 103)).toBe(6);
  });

  it.each([
    ['item_id missing', { quantity: 1 }],
    ['quantity missing', { item_id: 101 }],
    ['an item that is not in the catalog', { item_id: 99999, quantity: 1 }],
    ['quantity not a number', { item_id: 101, quantity: 'many' }],
    ['quantity zero', { item_id: 101, quantity: 0 }],
  ])('§4.4: addStock with %s → 422 and the stock is unchanged', async (_name, body) => {
    const before = await quantityOf(1, 101);
    expectError(await call('POST', `${V2}/warehouses/1/addStock`, { body }), 422);
    expect(await quantityOf(1, 101)).toBe(before);
  });

  it('§4.4: addStock / setStock on an unknown warehouse → 404', async () => {
    expectError(await call('POST', `${V2}/warehouses/999/addStock`, { body: { item_id: 101, quantity: 1 } }), 404);
    expectError(await call('POST', `${V2}/warehouses/999/setStock`, { body: { item_id: 101, quantity: 1 } }), 404);
  });

  it('§4.4: setStock with item_id and quantity sets the quantity', async () => {
    expect((await call('POST', `${V2}/warehouses/1/setStock`, { body: { item_id: 101, quantity: 42 } })).status).toBe(200);
    expect(await quantityOf(1, 101)).toBe(42);
    expect((await call('POST', `${V2}/warehouses/1/setStock`, { body: { item_id: 101, quantity: 0 } })).status).toBe(200);
    expect(await quantityOf(1, 101)).toBe(0);
  });

  it('§4.4: setStock with `stocks` sets every pair', async () => {
    const answer = await call('POST', `${V2}/warehouses/2/setStock`, {
      body: {
        stocks: [
          { item_id: 101, quantity: 11 },
          { item_id: 102, quantity: 12 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(await quantityOf(2, 101)).toBe(11);
    expect(await quantityOf(2, 102)).toBe(12);
  });

  it('§4.4: setStock `stocks` with one bad pair → 422 and no pair is applied', async () => {
    await call('POST', `${V2}/warehouses/2/setStock`, {
      body: {
        stocks: [
          { item_id: 101, quantity: 1 },
          { item_id: 102, quantity: 2 },
        ],
      },
    });
    expectError(
      await call('POST', `${V2}/warehouses/2/setStock`, {
        body: {
          stocks: [
            { item_id: 101, quantity: 50 },
            { item_id: 99999, quantity: 50 },
          ],
        },
      }),
      422,
    );
    expectError(
      await call('POST', `${V2}/warehouses/2/setStock`, {
        body: { stocks: [{ item_id: 101, quantity: 50 }, { item_id: 102 }] },
      }),
      422,
    );
    expect(await quantityOf(2, 101)).toBe(1);
    expect(await quantityOf(2, 102)).toBe(2);
  });

  it.each([
    ['an empty body object', {}],
    ['an empty stocks array', { stocks: [] }],
    ['a negative quantity', { item_id: 101, quantity: -1 }],
    ['an unknown item', { item_id: 99999, quantity: 1 }],
  ])('§4.4: setStock with %s → 422', async (_name, body) => {
    expectError(await call('POST', `${V2}/warehouses/1/setStock`, { body }), 422);
  });
});

describe('§2.8 / §4.5 purchase orders', () => {
  it('§4.5: GET purchaseOrders → paginated purchase orders with the fields of §2.8', async () => {
    const answer = await call('GET', `${V2}/purchaseOrders`);
    expect(answer.status).toBe(200);
    const page = answer.body as { current_page: number; total: number; data: Json[] };
    expect(page.current_page).toBe(1);
    expect(page.total).toBe(1);
    expect(Object.keys(page.data[0] as Json).sort()).toEqual(
      ['id', 'vendor_order_id', 'reference', 'subtotal', 'tax', 'total', 'status', 'vendor_id', 'vendorName', 'contentsArray'].sort(),
    );
  });

  it('§4.5: GET purchaseOrders/<id> → paginated content lines of that order with the fields of §2.8', async () => {
    const answer = await call('GET', `${V2}/purchaseOrders/7`);
    expect(answer.status).toBe(200);
    const page = answer.body as { current_page: number; total: number; data: Json[] };
    expect(page.current_page).toBe(1);
    expect(page.total).toBe(2);
    for (const line of page.data) {
      expect(line.order_id).toBe(7);
      expect(Object.keys(line).sort()).toEqual(
        [
          'id',
          'status',
          'quantity',
          'received',
          'price',
          'subtotal',
          'tax',
          'total',
          'order_id',
          'item_vendor_id',
          'itemName',
          'itemBarcode',
          'item_id',
        ].sort(),
      );
    }
    const second = await call('GET', `${V2}/purchaseOrders/7?pagination=1&page=2`);
    expect((second.body as { data: Json[] }).data.map((l) => l.id)).toEqual([2]);
  });

  it('§4.5: GET purchaseOrders/<id> of an unknown order → 404', async () => {
    expectError(await call('GET', `${V2}/purchaseOrders/999`), 404);
  });
});

describe('§2.8 / §4.6 vendors', () => {
  let nifCounter = 0;
  const freshNif = () => `B${String(Date.now() % 1e7).padStart(7, '0')}${++nifCounter}`;
  async function createVendor(fields: Json = {}): Promise<Json> {
    const answer = await call('POST', `${V2}/vendors`, {
      body: { name: 'Distribuciones Norte', address: 'Calle Mayor 1, Bilbao', nif: freshNif(), ...fields },
    });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    const vendors = ((await call('GET', `${V2}/vendors?pagination=200`)).body as { data: Json[] }).data;
    return vendors[vendors.length - 1] as Json;
  }

  it('§4.6: POST vendors creates a vendor; GET vendors (paginated) and GET vendors/<id> return it with the fields of §2.8', async () => {
    const nif = freshNif();
    await call('POST', `${V2}/vendors`, {
      body: { name: 'Bodegas Rioja', address: 'Av. de la Paz 3', nif, city: 'Logroño', email: 'pedidos@bodegas.example', shouldBeNotified: 1 },
    });
    const list = (await call('GET', `${V2}/vendors?pagination=200`)).body as { current_page: number; data: Json[] };
    expect(list.current_page).toBe(1);
    const vendor = list.data.find((v) => v.nif === nif) as Json;
    expect(vendor).toMatchObject({ name: 'Bodegas Rioja', address: 'Av. de la Paz 3', city: 'Logroño', shouldBeNotified: 1 });
    for (const field of ['id', 'name', 'address', 'nif', 'city', 'state', 'country', 'postalCode', 'web', 'email', 'phone', 'notes', 'shouldBeNotified']) {
      expect(vendor).toHaveProperty(field);
    }
    const one = await call('GET', `${V2}/vendors/${vendor.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: vendor.id, nif });
  });

  it.each([['name'], ['address'], ['nif']])('§2.8 / §4.6: creating a vendor without %s → 422', async (field) => {
    const body: Json = { name: 'Sin campo', address: 'Calle 1', nif: freshNif() };
    delete body[field];
    const before = ((await call('GET', `${V2}/vendors`)).body as Json).total;
    expectError(await call('POST', `${V2}/vendors`, { body }), 422);
    expect(((await call('GET', `${V2}/vendors`)).body as Json).total).toBe(before);
  });

  it('§4.6: creating a vendor with a nif already taken → 422', async () => {
    const taken = await createVendor();
    expectError(await call('POST', `${V2}/vendors`, { body: { name: 'Otro', address: 'Calle 2', nif: taken.nif } }), 422);
  });

  it('§4.6: PUT vendors/<id> updates the vendor', async () => {
    const vendor = await createVendor();
    const answer = await call('PUT', `${V2}/vendors/${vendor.id}`, { body: { name: 'Norte Renombrado', phone: '944000000' } });
    expect(answer.status).toBe(200);
    expect((await call('GET', `${V2}/vendors/${vendor.id}`)).body).toMatchObject({
      name: 'Norte Renombrado',
      phone: '944000000',
      nif: vendor.nif,
    });
  });

  it('§4.6: PUT vendors/<id> keeping its own nif is allowed', async () => {
    const vendor = await createVendor();
    expect((await call('PUT', `${V2}/vendors/${vendor.id}`, { body: { nif: vendor.nif, address: 'Nueva 5' } })).status).toBe(200);
  });

  it('§4.6: PUT vendors/<id> with the nif of another vendor → 422 and nothing changes', async () => {
    const a = await createVendor();
    const b = await createVendor();
    expectError(await call('PUT', `${V2}/vendors/${b.id}`, { body: { nif: a.nif, name: 'Cambiado' } }), 422);
    expect((await call('GET', `${V2}/vendors/${b.id}`)).body).toMatchObject({ nif: b.nif, name: b.name });
  });

  it('§4.6: GET / PUT / DELETE vendors/<id> of an unknown vendor → 404', async () => {
    expectError(await call('GET', `${V2}/vendors/999999`), 404);
    expectError(await call('PUT', `${V2}/vendors/999999`, { body: { name: 'X' } }), 404);
    expectError(await call('DELETE', `${V2}/vendors/999999`), 404);
  });

  it('§4.6: DELETE vendors/<id> deletes the vendor', async () => {
    const vendor = await createVendor();
    expect((await call('DELETE', `${V2}/vendors/${vendor.id}`)).status).toBe(200);
    expectError(await call('GET', `${V2}/vendors/${vendor.id}`), 404);
  });

  it('§4.6: POST vendors/<id>/items creates each relation; GET vendors/<id>/items pages them', async () => {
    const vendor = await createVendor();
    const answer = await call('POST', `${V2}/vendors/${vendor.id}/items`, {
      body: {
        items: [
          { item_id: 101, costPrice: '1.20', pack: 6, reference: 'REF-101' },
          { item_id: 102, costPrice: '0.80', pack: 24 },
        ],
      },
    });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    const page = (await call('GET', `${V2}/vendors/${vendor.id}/items`)).body as { current_page: number; total: number; data: Json[] };
    expect(page.current_page).toBe(1);
    expect(page.total).toBe(2);
    expect(page.data.find((r) => r.item_id === 101)).toMatchObject({ costPrice: '1.20', pack: 6, reference: 'REF-101' });
  });

  it('§4.6: POST vendors/<id>/items for an item already related updates the relation (no duplicate)', async () => {
    const vendor = await createVendor();
    await call('POST', `${V2}/vendors/${vendor.id}/items`, { body: { items: [{ item_id: 101, costPrice: '1.20', pack: 6 }] } });
    await call('POST', `${V2}/vendors/${vendor.id}/items`, { body: { items: [{ item_id: 101, costPrice: '1.35', pack: 12 }] } });
    const page = (await call('GET', `${V2}/vendors/${vendor.id}/items`)).body as { total: number; data: Json[] };
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ item_id: 101, costPrice: '1.35', pack: 12 });
  });

  it.each([
    ['item_id missing', { costPrice: '1.00', pack: 1 }],
    ['costPrice missing', { item_id: 101, pack: 1 }],
    ['pack missing', { item_id: 101, costPrice: '1.00' }],
    ['costPrice not a decimal string', { item_id: 101, costPrice: 'cheap', pack: 1 }],
    ['an item that is not in the catalog', { item_id: 99999, costPrice: '1.00', pack: 1 }],
  ])('§2.8: POST vendors/<id>/items with %s → 422 and nothing is written', async (_name, bad) => {
    const vendor = await createVendor();
    expectError(await call('POST', `${V2}/vendors/${vendor.id}/items`, { body: { items: [{ item_id: 102, costPrice: '2.00', pack: 1 }, bad] } }), 422);
    expect(((await call('GET', `${V2}/vendors/${vendor.id}/items`)).body as Json).total).toBe(0);
  });

  it('§4.6: DELETE vendors/<id>/items removes the relation of each listed item', async () => {
    const vendor = await createVendor();
    await call('POST', `${V2}/vendors/${vendor.id}/items`, {
      body: { items: [101, 102, 103].map((item_id) => ({ item_id, costPrice: '1.00', pack: 1 })) },
    });
    expect((await call('DELETE', `${V2}/vendors/${vendor.id}/items`, { body: { items: [101, 103] } })).status).toBe(200);
    const page = (await call('GET', `${V2}/vendors/${vendor.id}/items`)).body as { data: Json[] };
    expect(page.data.map((r) => r.item_id)).toEqual([102]);
  });

  it('§4.6: DELETE vendors/<id>/items where one listed id does not exist → 422 and nothing is removed', async () => {
    const vendor = await createVendor();
    await call('POST', `${V2}/vendors/${vendor.id}/items`, {
      body: { items: [101, 102].map((item_id) => ({ item_id, costPrice: '1.00', pack: 1 })) },
    });
    // 103 exists in the catalog but is not an item of this vendor; 99999 exists nowhere
    expectError(await call('DELETE', `${V2}/vendors/${vendor.id}/items`, { body: { items: [101, 103] } }), 422);
    expectError(await call('DELETE', `${V2}/vendors/${vendor.id}/items`, { body: { items: [102, 99999] } }), 422);
    expect(((await call('GET', `${V2}/vendors/${vendor.id}/items`)).body as Json).total).toBe(2);
  });

  it('§4.6: vendor item calls on an unknown vendor → 404', async () => {
    expectError(await call('GET', `${V2}/vendors/999999/items`), 404);
    expectError(await call('POST', `${V2}/vendors/999999/items`, { body: { items: [{ item_id: 101, costPrice: '1', pack: 1 }] } }), 404);
    expectError(await call('DELETE', `${V2}/vendors/999999/items`, { body: { items: [101] } }), 404);
  });
});

describe('§4.2 / §5 chain sync (POST /api/external/chains/sync)', () => {
  const SYNC = '/api/external/chains/sync';
  let chain: RunningSandbox;

  beforeAll(async () => {
    // The master holds item 900, the child does not; both have warehouse 1. Whether an item
    // exists in an account is observable through addStock (§4.4: the item must exist).
    chain = await startSandbox({
      port: 0,
      limits: { requestsPerMinute: 100000 },
      accounts: [
        { ...DEMO_SPEC, master: null, seed: { catalog: catalog([101, 900]), commerce: COMMERCE } },
        { ...DEMO_SPEC, tenant: 'demo-child', master: 'demo', seed: { catalog: catalog([101, 555]), commerce: COMMERCE } },
        { ...DEMO_SPEC, tenant: 'solo', master: null, seed: { catalog: catalog([101]), commerce: COMMERCE } },
        // a child that has children of its own is still not the master
        { ...DEMO_SPEC, tenant: 'grandchild', master: 'demo-child', seed: { catalog: catalog([101]), commerce: COMMERCE } },
      ],
    });
  });
  afterAll(async () => {
    await chain.close();
  });

  const addStock = (headers: Record<string, string>, item: number) =>
    call('POST', `${V2}/warehouses/1/addStock`, { base: chain, headers, body: { item_id: item, quantity: 1 } });

  it('§4.2: the master account syncs → the master’s catalog resources are copied into the child (same ids), replacing the child’s', async () => {
    expect((await addStock(CHILD, 900)).status).toBe(422);
    expect((await addStock(CHILD, 555)).status).toBe(200);

    const answer = await call('POST', SYNC, { base: chain });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: 'Synced' } });

    expect((await addStock(CHILD, 900)).status).toBe(200);
    expect((await addStock(CHILD, 555)).status).toBe(422);
  });

  it('§4.2 / §5: a child account cannot sync (its tenant is not the master) → 403', async () => {
    expectError(await call('POST', SYNC, { base: chain, headers: CHILD }), 403);
  });

  it('§4.2 / §5: an account with no child accounts is not a master → 403', async () => {
    expectError(await call('POST', SYNC, { base: chain, headers: { ...DEMO, tenant: 'solo' } }), 403);
  });
});
