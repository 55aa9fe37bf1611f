import { describe, expect, it } from 'vitest';
import { giftRedeemRequest, paymentRequest } from './orderRequests';
import { OutboxInputError } from './outboxTypes';

const ID = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';

describe('paymentRequest', () => {
  it('pays the table open order: contents [], total 0, the table, the payment; never skipMerge', () => {
    const { request, totalCents } = paymentRequest({ entryId: ID, tableId: 4, amountCents: 1250, tipCents: 150, methodId: 1 });
    expect(totalCents).toBe(0);
    expect(request).toEqual({
      kind: 'order',
      order: { order: { total: '0.00', contents: [], table_id: 4, extraId: ID, payment: { amount: '12.50', payment_method_id: 1, tip: '1.50' } } },
    });
  });
  it('carries the bill discount as orderDiscount with a negative amount; its total is that amount', () => {
    const { request, totalCents } = paymentRequest({
      entryId: ID,
      tableId: 4,
      amountCents: 900,
      tipCents: 0,
      methodId: 2,
      discount: { cents: 100, reason: 'Regulars' },
    });
    expect(totalCents).toBe(-100);
    expect(request.kind === 'order' && request.order.order.orderDiscount).toEqual({ name: 'Regulars', amount: '-1.00' });
    expect(request.kind === 'order' && request.order.order.total).toBe('-1.00');
  });
  it('a gift card: no method when the venue has none, the uuid as reference', () => {
    const { request } = paymentRequest({ entryId: ID, tableId: 4, amountCents: 500, tipCents: 0, methodId: null, reference: 'GC-1' });
    expect(request.kind === 'order' && request.order.order.payment).toEqual({ amount: '5.00', payment_reference: 'GC-1' });
  });
  it('refuses a zero amount and a negative tip', () => {
    expect(() => paymentRequest({ entryId: ID, tableId: 4, amountCents: 0, tipCents: 0, methodId: 1 })).toThrow(OutboxInputError);
    expect(() => paymentRequest({ entryId: ID, tableId: 4, amountCents: 100, tipCents: -1, methodId: 1 })).toThrow(OutboxInputError);
  });
});

describe('giftRedeemRequest', () => {
  it('the card uuid and the amount taken off', () => {
    expect(giftRedeemRequest(' GC-1 ', 500)).toEqual({ kind: 'gift-redeem', uuid: 'GC-1', redeem: { amount: '5.00' } });
    expect(() => giftRedeemRequest('GC-1', 0)).toThrow(OutboxInputError);
  });
});
