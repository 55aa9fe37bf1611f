import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flowEnvelopeWire, flowMessageRequest, flowNewOrderRequest, isTableBusyMessage } from './flow';

const data = {
  customer: null,
  table_id: [3, 4],
  guests: 4,
  contents: [{ item_id: 1, itemPrice: 1.8, quantity: 2, itemName: 'Café' }],
  payments: [{ amount: '3.60', payment_method_id: 2 }],
};

function problem(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return z.prettifyError(result.error);
}

describe('Flow newOrder request (spec 2.9 + clarifications)', () => {
  it('accepts the spec example shape, with customer, contents and payments possibly null', () => {
    expect(flowNewOrderRequest.parse(data)).toEqual(data);
    expect(flowNewOrderRequest.parse({ ...data, contents: null, payments: null, notes: 'Cumpleaños' }).contents).toBeNull();
    expect(
      flowNewOrderRequest.parse({ ...data, customer: { name: 'Ana', email: 'ana@example.com', phone: 600111222, notes: 'terraza' } }).customer?.phone,
    ).toBe(600111222);
  });

  it('is strict: required keys, integers, no unknown keys', () => {
    const { customer: _customer, ...withoutCustomer } = data;
    expect(problem(flowNewOrderRequest, withoutCustomer)).toMatch(/customer/);
    expect(problem(flowNewOrderRequest, { ...data, table_id: [] })).toMatch(/at least one table/);
    expect(problem(flowNewOrderRequest, { ...data, table_id: [3, 3] })).toMatch(/twice/);
    expect(problem(flowNewOrderRequest, { ...data, guests: 2.5 })).toMatch(/guests/);
    expect(problem(flowNewOrderRequest, { ...data, contents: [{ item_id: 1, itemPrice: 0.1 + 0.2, quantity: 1 }] })).toMatch(/itemPrice/);
    expect(problem(flowNewOrderRequest, { ...data, customer: { name: 'Ana', phone: '600 111' } })).toMatch(/phone/);
    expect(problem(flowNewOrderRequest, { ...data, waiter: 'Luis' })).toMatch(/waiter/);
  });

  it('the message carries auth, action newOrder and data', () => {
    const message = { auth: { tenant: 'demo', token: 't' }, action: 'newOrder', data };
    expect(flowMessageRequest.parse(message).action).toBe('newOrder');
    expect(problem(flowMessageRequest, { ...message, action: 'closeOrder' })).toMatch(/action/);
    expect(problem(flowMessageRequest, { ...message, auth: { tenant: 'demo' } })).toMatch(/token/);
  });
});

describe('Flow envelope (spec 4.7)', () => {
  it('success: data.id, errorMessage null; ids and result may come as strings or 0/1', () => {
    expect(flowEnvelopeWire.parse({ result: true, errorMessage: null, data: { id: 12 } })).toEqual({ result: true, errorMessage: null, data: { id: 12 } });
    expect(flowEnvelopeWire.parse({ result: 1, data: { id: '12' }, extra: 'x' })).toEqual({ result: true, errorMessage: null, data: { id: 12 } });
  });

  it('failure: the message, data null', () => {
    expect(flowEnvelopeWire.parse({ result: false, errorMessage: 'Table busy', data: null })).toEqual({
      result: false,
      errorMessage: 'Table busy',
      data: null,
    });
  });

  it('refuses envelopes that break the spec rule', () => {
    expect(problem(flowEnvelopeWire, { result: true, errorMessage: null, data: null })).toMatch(/data\.id is missing/);
    expect(problem(flowEnvelopeWire, { result: true, errorMessage: 'oops', data: { id: 1 } })).toMatch(/errorMessage/);
    expect(problem(flowEnvelopeWire, { result: false, errorMessage: 'x', data: { id: 1 } })).toMatch(/data is set/);
    expect(problem(flowEnvelopeWire, { errorMessage: null, data: { id: 1 } })).toMatch(/result/);
    expect(problem(flowEnvelopeWire, { result: true, data: { id: 'abc' } })).toMatch(/id/);
  });

  it('recognises "table already has an open order" messages', () => {
    expect(isTableBusyMessage('Cannot seat the order: table 3 ("Mesa 3") already has an open order (order 12).')).toBe(true);
    expect(isTableBusyMessage('The table already has an order')).toBe(true);
    expect(isTableBusyMessage('La mesa ya tiene un pedido abierto')).toBe(true);
    expect(isTableBusyMessage('Unknown table 999 in data.table_id.')).toBe(false);
    expect(isTableBusyMessage(null)).toBe(false);
  });
});
