import { beforeEach, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { demoHeaders } from '../testing';
import type { OrderRecord } from './model';

// The bill discount (docs/decisions.md "Bill discount and settled checks"): a payment of a
// table's open order carrying the bill's discount, and table orders closing once paid in full.
// In-process requests to the sandbox with the demo venue.

type Json = Record<string, unknown>;
let app: ReturnType<typeof createSandboxApp>;
let table: number;
let otherTable: number;
let item: { id: number; cents: number };

beforeEach(() => {
  app = createSandboxApp();
  const account = app.state.account('demo')!;
  [table, otherTable] = account.tables.map((t) => t.id) as [number, number];
  const found = account.catalog.items.find((i) => i.type === 0 && i.active === 1 && Number(i.price) > 0)!;
  item = { id: found.id, cents: Math.round(Number(found.price) * 100) };
});

const decimal = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

async function post(body: unknown): Promise<{ status: number; body: Json }> {
  const res = await app.request('/api/loyalty/orders', {
    method: 'POST',
    headers: { ...demoHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function placed(body: unknown): Promise<number> {
  const answer = await post(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.order_id as number;
}

async function refused(body: unknown, pattern: RegExp): Promise<void> {
  const ledger = app.state.ledger.length;
  const answer = await post(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error).toMatch(pattern);
  expect(app.state.ledger).toHaveLength(ledger);
}

/** A round of `quantity` of the item on `tableId` (its total in cents: quantity × price). */
const round = (tableId: number, quantity: number, extra: Json = {}, top: Json = {}) => ({
  order: { total: decimal(item.cents * quantity), contents: [{ item_id: item.id, itemPrice: decimal(item.cents), quantity }], table_id: tableId, ...extra },
  ...top,
});

/** A payment of `tableId`'s open order, maybe carrying a discount of `discountCents`. */
const pay = (tableId: number, amountCents: number, discountCents = 0, payment: Json = {}) => ({
  order: {
    total: decimal(-discountCents),
    contents: [],
    table_id: tableId,
    payment: { amount: decimal(amountCents), payment_method_id: 1, ...payment },
    ...(discountCents > 0 ? { orderDiscount: { name: 'Regulars', amount: decimal(-discountCents) } } : {}),
  },
});

function order(id: number): OrderRecord {
  const found = app.state.account('demo')!.orders.orders.find((o) => o.id === id);
  expect(found, `order ${id}`).toBeDefined();
  return found!;
}

async function seat(tableId: number): Promise<{ status: number; result: boolean; id: number | null }> {
  const message = {
    auth: { tenant: 'demo', token: 'demo-token' },
    action: 'newOrder',
    data: { table_id: [tableId], guests: 2, customer: null, contents: null, payments: null },
  };
  const res = await app.request(`/apiFlow?message=${encodeURIComponent(JSON.stringify(message))}`, { method: 'POST' });
  const body = (await res.json()) as { result: boolean; data: { id: number } | null };
  return { status: res.status, result: body.result, id: body.data?.id ?? null };
}

describe('a payment carrying the bill discount', () => {
  it('contents [], a payment and an orderDiscount: total = the discount amount; the discount lands on the open order', async () => {
    const open = await placed(round(table, 4)); // 4 × price
    const contents = item.cents * 4;
    const discount = Math.round(contents / 10);
    const half = Math.floor((contents - discount) / 2);
    expect(await placed(pay(table, half, discount, { tip: '1.00' }))).toBe(open);
    expect(order(open)).toMatchObject({
      status: 'open',
      total: decimal(contents - discount),
      discounts: [{ name: 'Regulars', amount: decimal(-discount) }],
      payments: [{ amount: decimal(half), payment_method_id: 1, payment_reference: null, tip: '1.00' }],
    });
    // The rest, without a discount, settles it.
    expect(await placed(pay(table, contents - discount - half))).toBe(open);
    expect(order(open).status).toBe('closed');
    expect(app.state.ledger.map((e) => e.orderId)).toEqual([open, open, open]);
  });

  it('the discount may take the whole of what the merged order holds, never more → 422', async () => {
    await placed(round(table, 2, { orderDiscount: { amount: decimal(-100) }, total: decimal(item.cents * 2 - 100) }));
    const total = item.cents * 2 - 100;
    // Larger than the merged order's contents (its total so far): 422 naming both figures.
    await refused(
      pay(table, 1, total + 1),
      new RegExp(`orderDiscount\\.amount ${decimal(-(total + 1)).replace('.', '\\.')}.*open order \\d+.*${decimal(total).replace('.', '\\.')}`),
    );
    // Equal to them: nothing is left, so no payment can go with it.
    await refused(pay(table, 1, total), /payment\.amount 0\.01.*0\.00/);
  });

  it("the payment cap: the open order's total + this order's total (the discount) − paid → 422 above it", async () => {
    const open = await placed(round(table, 3, {}, {}));
    await placed(pay(table, 100));
    const left = item.cents * 3 - 100 - 50;
    await refused(pay(table, left + 1, 50), new RegExp(`payment\\.amount ${decimal(left + 1).replace('.', '\\.')}.*${decimal(left).replace('.', '\\.')}`));
    expect(order(open).payments).toHaveLength(1);
    expect(order(open).discounts).toEqual([]);
    expect(await placed(pay(table, left, 50))).toBe(open);
    expect(order(open).status).toBe('closed');
  });

  it('a total that is not the discount amount, or a negative total with lines → 422', async () => {
    await placed(round(table, 2));
    const body = pay(table, 100, 50);
    await refused({ order: { ...body.order, total: '-0.49' } }, /order\.total -0\.49 does not match.*-0\.50/);
    await refused({ order: { ...body.order, total: '-0.50', orderDiscount: undefined } }, /order\.total -0\.50 does not match.*0\.00/);
    // A round may not use the merged order to go below 0 itself.
    await refused(
      round(table, 1, { total: decimal(item.cents - item.cents - 1), orderDiscount: { amount: decimal(-(item.cents + 1)) } }),
      /order\.total.*must not be negative/,
    );
    // Without an open order there is nothing to merge with: the discount is larger than no contents.
    await refused(pay(otherTable, 100, 50), /order\.contents.*empty.*has no open order/);
  });
});

describe('a table order paid in full closes', () => {
  it('the table can be seated again through Flow, and its next order opens a new order', async () => {
    const first = await placed(round(table, 2));
    expect((await seat(table)).result).toBe(false);
    await placed(pay(table, item.cents * 2));
    expect(order(first).status).toBe('closed');
    const seated = await seat(table);
    expect(seated).toMatchObject({ status: 200, result: true });
    expect(seated.id).not.toBe(first);
    expect(await placed(round(table, 1))).toBe(seated.id);
  });

  it('a separate check: the next payment of the table goes to its next open order', async () => {
    const first = await placed(round(table, 2));
    const second = await placed(round(table, 1, {}, { skipMerge: true }));
    expect(second).not.toBe(first);
    // More than the first order's left → 422 even though the second order has room.
    await refused(pay(table, item.cents * 2 + 1), /payment\.amount/);
    expect(await placed(pay(table, item.cents * 2))).toBe(first);
    expect(order(first).status).toBe('closed');
    expect(await placed(pay(table, item.cents))).toBe(second);
    expect(order(second).status).toBe('closed');
    // Both settled: a payment has nothing to pay, a round opens a third order.
    await refused(pay(table, 1), /has no open order/);
    const third = await placed(round(table, 1));
    expect([first, second]).not.toContain(third);
  });

  it('a partly paid order stays open; a round with a payment covering it closes at once', async () => {
    const open = await placed(round(table, 2));
    await placed(pay(table, item.cents));
    expect(order(open).status).toBe('open');
    const paidAtOnce = await placed(round(otherTable, 1, { payment: { amount: decimal(item.cents) } }));
    expect(order(paidAtOnce).status).toBe('closed');
  });

  it('deliveries and takeaways (no table) stay open when paid in full', async () => {
    const takeaway = await placed({ order: { ...round(table, 1).order, table_id: undefined, tableName: 'Ana', payment: { amount: decimal(item.cents) } } });
    expect(order(takeaway).status).toBe('open');
  });

  it('a Flow seating prepaid in full stays open (the guests have just sat down)', async () => {
    const message = {
      auth: { tenant: 'demo', token: 'demo-token' },
      action: 'newOrder',
      data: {
        table_id: [table],
        guests: 2,
        customer: null,
        contents: [{ item_id: item.id, itemPrice: decimal(item.cents), quantity: 1 }],
        payments: [{ amount: decimal(item.cents) }],
      },
    };
    const res = await app.request(`/apiFlow?message=${encodeURIComponent(JSON.stringify(message))}`, { method: 'POST' });
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    expect(order(id).status).toBe('open');
    // A round joins it; paying the round settles and closes it.
    expect(await placed(round(table, 1))).toBe(id);
    await placed(pay(table, item.cents));
    expect(order(id).status).toBe('closed');
  });

  it('GET /__sandbox/orders lists closed orders too', async () => {
    const open = await placed(round(table, 1));
    await placed(pay(table, item.cents));
    const all = (await (await app.request('/__sandbox/orders')).json()) as { orders: OrderRecord[] };
    expect(all.orders.map((o) => [o.id, o.status])).toEqual([[open, 'closed']]);
    const closed = (await (await app.request('/__sandbox/orders?status=open')).json()) as { orders: OrderRecord[] };
    expect(closed.orders).toEqual([]);
    expect((await app.request('/__sandbox/orders?status=paid')).status).toBe(422);
    const openOrders = (await (await app.request('/__sandbox/open-orders')).json()) as { tables: unknown[] };
    expect(openOrders.tables).toEqual([]);
  });
});
