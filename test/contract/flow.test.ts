// Contract tests of the Flow order intake (spec: hospitality §2.9, §4.7, §5 "Flow calls", §7 row
// "Flow newOrder"; clarifications "Flow"), written from the spec's tables. Plain HTTP to a real
// sandbox serving the fixture venue (orderFixtures.ts); the ledger and open orders are read back
// through the control API.
import { describe, expect, it } from 'vitest';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { ITEM, UNKNOWN_TABLE, call, flowMessage, ledger, newOrderData, openOrders, postFlow, fixtureSandboxPerFile, type FlowEnvelope } from './orderFixtures';

const sandbox = fixtureSandboxPerFile();

/** A failure envelope (spec §4.7): result false, a message, data null — always HTTP 200. */
async function expectFailure(message: unknown, pattern: RegExp): Promise<void> {
  const answer = await postFlow(sandbox.url, message);
  expect(answer.status).toBe(200);
  expect(answer.body.result).toBe(false);
  expect(answer.body.data).toBeNull();
  expect(answer.body.errorMessage).toEqual(expect.any(String));
  expect(answer.body.errorMessage).toMatch(pattern);
}

describe('Flow newOrder (spec §4.7, §2.9)', () => {
  it('§4.7 rule: success → result true, errorMessage null, data.id the order id (clarifications "Flow")', async () => {
    const answer = await postFlow(sandbox.url, flowMessage(newOrderData([1])));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: true, errorMessage: null, data: { id: expect.any(Number) } });
    const open = await openOrders(sandbox.url);
    expect(open.tables).toEqual([expect.objectContaining({ table_id: 1, order_id: answer.body.data?.id })]);
  });

  it('§4.7 / §5: Flow needs no credential headers; the message is the query parameter "message"', async () => {
    const message = encodeURIComponent(JSON.stringify(flowMessage(newOrderData([2]))));
    const response = await fetch(`${sandbox.url}/apiFlow?message=${message}`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as FlowEnvelope).result).toBe(true);
  });

  it('§2.9: newOrder stores tables, guests, customer, notes, contents (itemName kept) and payments', async () => {
    const data = newOrderData([3], {
      guests: 4,
      notes: 'Cumpleaños',
      customer: { name: 'Luis Pérez', email: 'luis@example.com', phone: 600222333, notes: 'Trona' },
      contents: [
        { item_id: ITEM.cafe, itemPrice: 1.8, quantity: 2, itemName: 'Café' },
        { item_id: ITEM.tostada, itemPrice: '2.50', quantity: 1 },
      ],
      payments: [{ amount: 3.6, payment_method_id: 1 }, { amount: 2.5 }],
    });
    const answer = await postFlow(sandbox.url, flowMessage(data));
    expect(answer.body.result).toBe(true);
    const order = (await openOrders(sandbox.url)).orders.find((o) => o.id === answer.body.data?.id);
    expect(order).toMatchObject({
      tableIds: [3],
      tableName: 'Mesa 3',
      guests: 4,
      notes: 'Cumpleaños',
      customer: { name: 'Luis Pérez', email: 'luis@example.com', phone: 600222333, notes: 'Trona' },
      contents: [
        { item_id: ITEM.cafe, itemName: 'Café', itemPrice: '1.80', quantity: 2 },
        { item_id: ITEM.tostada, itemPrice: '2.50', quantity: 1 },
      ],
      payments: [
        { amount: '3.60', payment_method_id: 1 },
        { amount: '2.50', payment_method_id: null },
      ],
      total: '6.10',
    });
  });

  it('§2.9: contents null and payments null seat the table without items or payment', async () => {
    const answer = await postFlow(sandbox.url, flowMessage(newOrderData([4], { contents: null, payments: null })));
    expect(answer.body.result).toBe(true);
    const order = (await openOrders(sandbox.url)).orders.find((o) => o.id === answer.body.data?.id);
    expect(order).toMatchObject({ contents: [], payments: [], total: '0.00' });
  });

  it('§4.7 rule / §7 row: a requested table that already has an open order → result false, errorMessage, data null', async () => {
    const first = await postFlow(sandbox.url, flowMessage(newOrderData([1])));
    expect(first.body.result).toBe(true);
    await expectFailure(flowMessage(newOrderData([1])), /table 1\b.*open order/i);
    // Nothing of the refused order was committed.
    expect(await ledger(sandbox.url)).toHaveLength(1);
    expect((await openOrders(sandbox.url)).orders).toHaveLength(1);
  });

  it('§2.9 merged tables: several table ids seat one order on all of them, the last one primary', async () => {
    const answer = await postFlow(sandbox.url, flowMessage(newOrderData([2, 5])));
    expect(answer.body.result).toBe(true);
    const id = answer.body.data?.id;
    const { tables } = await openOrders(sandbox.url);
    expect(tables).toEqual([
      expect.objectContaining({ table_id: 2, order_id: id, primary: false }),
      expect.objectContaining({ table_id: 5, order_id: id, primary: true }),
    ]);
    const order = (await openOrders(sandbox.url)).orders.find((o) => o.id === id);
    expect(order).toMatchObject({ tableIds: [2, 5], tableName: 'Mesa 5' });
    // Both tables are now occupied (spec §4.7 rule), whichever is asked for.
    await expectFailure(flowMessage(newOrderData([2])), /table 2\b.*open order/i);
    await expectFailure(flowMessage(newOrderData([6, 5])), /table 5\b.*open order/i);
  });

  it('§5: a wrong token in message.auth → result false with a message (HTTP 200), nothing committed', async () => {
    await expectFailure(flowMessage(newOrderData([1]), { auth: { tenant: 'demo', token: 'wrong' } }), /token/i);
    expect(await ledger(sandbox.url)).toEqual([]);
  });

  it('§5: an unknown tenant in message.auth → result false', async () => {
    await expectFailure(flowMessage(newOrderData([1]), { auth: { tenant: 'nobody', token: 'demo-token' } }), /tenant/i);
  });

  it('§5: a message without auth → result false naming auth', async () => {
    const { auth: _auth, ...withoutAuth } = flowMessage(newOrderData([1]));
    await expectFailure(withoutAuth, /auth/);
  });

  it('§5: header credentials do not replace message.auth', async () => {
    const { auth: _auth, ...withoutAuth } = flowMessage(newOrderData([1]));
    const answer = await call<FlowEnvelope>(sandbox.url, 'POST', `/apiFlow?message=${encodeURIComponent(JSON.stringify(withoutAuth))}`, undefined, {
      tenant: 'demo',
      Authorization: 'Bearer demo-token',
      'client-token': 'demo-client',
    });
    expect(answer.body).toMatchObject({ result: false, data: null });
  });

  it('§4.7: an unknown action → result false naming the action', async () => {
    await expectFailure(flowMessage(newOrderData([1]), { action: 'cancelOrder' }), /cancelOrder/);
    expect(await ledger(sandbox.url)).toEqual([]);
  });

  it('§4.7: a message that is not JSON → result false with a clear message', async () => {
    await expectFailure('{"auth": {', /not valid JSON/i);
  });

  it('§4.7: a missing message → result false', async () => {
    const answer = await call<FlowEnvelope>(sandbox.url, 'POST', '/apiFlow', undefined, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result: false, data: null, errorMessage: expect.stringMatching(/message/i) });
  });

  it('§4.7: a message that is not an object (a JSON array) → result false', async () => {
    await expectFailure([1, 2], /object/i);
  });

  it('§2.9: newOrder data with a wrong type → result false naming the field', async () => {
    await expectFailure(flowMessage(newOrderData([1], { guests: 'two' })), /data\.guests/);
    await expectFailure(flowMessage(newOrderData([1], { table_id: 1 })), /data\.table_id/);
    await expectFailure(flowMessage(newOrderData([1], { table_id: [] })), /data\.table_id/);
    await expectFailure(
      flowMessage(newOrderData([1], { contents: [{ item_id: ITEM.cafe, itemPrice: 'cheap', quantity: 1 }] })),
      /data\.contents\[0\]\.itemPrice/,
    );
    await expectFailure(flowMessage(newOrderData([1], { customer: { email: 'x@example.com' } })), /data\.customer\.name/);
    await expectFailure(flowMessage(newOrderData([1], { customer: { name: 'Ana', phone: '600 11' } })), /data\.customer\.phone/);
  });

  it('§2.9: newOrder data missing a required key (guests, contents) → result false naming it', async () => {
    const { guests: _guests, ...noGuests } = newOrderData([1]);
    await expectFailure(flowMessage(noGuests), /data\.guests.*required/);
    const { contents: _contents, ...noContents } = newOrderData([1]);
    await expectFailure(flowMessage(noContents), /data\.contents.*required/);
    await expectFailure(flowMessage(null), /data/);
    expect(await ledger(sandbox.url)).toEqual([]);
  });

  it('§2.9: a contents item_id that does not exist → result false naming the item', async () => {
    await expectFailure(
      flowMessage(newOrderData([1], { contents: [{ item_id: ITEM.unknown, itemPrice: 1, quantity: 1 }] })),
      new RegExp(`item ${ITEM.unknown}`),
    );
    expect((await openOrders(sandbox.url)).tables).toEqual([]);
  });

  it('§2.9: a table id that does not exist → result false naming the table; the other tables stay free', async () => {
    await expectFailure(flowMessage(newOrderData([1, UNKNOWN_TABLE])), new RegExp(`${UNKNOWN_TABLE}`));
    expect((await openOrders(sandbox.url)).tables).toEqual([]);
  });

  it('clarifications "Flow": payments may carry payment_method_id; an unknown one → result false', async () => {
    await expectFailure(flowMessage(newOrderData([1], { payments: [{ amount: 1, payment_method_id: 99 }] })), /payment_method_id/);
  });

  it('clarifications "Flow": no idempotency key — the same message twice for a free table is refused only by the open-order rule', async () => {
    const message = flowMessage(newOrderData([6]));
    expect((await postFlow(sandbox.url, message)).body.result).toBe(true);
    expect((await postFlow(sandbox.url, message)).body.result).toBe(false);
    // Once the venue closes the order (control API), the same message seats the table again.
    const [entry] = await ledger(sandbox.url);
    await controlRequest(sandbox.url, `/__sandbox/orders/${entry?.orderId}/close`, { method: 'POST' });
    expect((await postFlow(sandbox.url, message)).body.result).toBe(true);
  });

  it('ledger: a committed Flow order is recorded as { service: "hospitality", kind: "flow", tenant, receivedAt, orderId, payload }', async () => {
    const data = newOrderData([1]);
    const answer = await postFlow(sandbox.url, flowMessage(data));
    expect(await ledger(sandbox.url)).toEqual([
      { service: 'hospitality', kind: 'flow', tenant: 'demo', receivedAt: expect.any(String), orderId: answer.body.data?.id, payload: data },
    ]);
  });

  it('sandbox extension: the message is also read from a form or JSON body field "message"', async () => {
    const form = await fetch(`${sandbox.url}/apiFlow`, {
      method: 'POST',
      body: new URLSearchParams({ message: JSON.stringify(flowMessage(newOrderData([1]))) }),
    });
    expect(((await form.json()) as FlowEnvelope).result).toBe(true);
    const json = await call<FlowEnvelope>(
      sandbox.url,
      'POST',
      '/apiFlow',
      { message: JSON.stringify(flowMessage(newOrderData([2]))) },
      {
        'Content-Type': 'application/json',
      },
    );
    expect(json.body.result).toBe(true);
  });
});
