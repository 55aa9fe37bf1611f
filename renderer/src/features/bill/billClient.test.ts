import { describe, expect, it } from 'vitest';
import { billLine, entriesOf, tableService } from '../../../../shared/domain/bill.testing';
import { OutboxInputError } from '../../data/queue/outboxTypes';
import { paymentDrafts, type PayInput } from './billClient';

const ids = { payment: '6f9619ff-8b86-4d11-b42d-00c04fc96401', redeem: '6f9619ff-8b86-4d11-b42d-00c04fc96402' };
const pay = (fields: Partial<PayInput>): PayInput => ({ serviceId: 's', ids, amountCents: 500, tipCents: 0, methodId: 1, methodName: 'Card', ...fields });

describe('paymentDrafts', () => {
  const service = tableService({ tableIds: [5], primaryTableId: 5, tableNames: ['5'] });
  const make = entriesOf(service);
  const entries = [make.seating(), make.round([billLine(1, 250, 4)])];

  it('one payment entry: contents [], the tender as the waiter saw it', () => {
    const [draft, ...rest] = paymentDrafts(
      service,
      entries,
      pay({ amountCents: 400, tipCents: 100, methodId: 2, methodName: 'Cash', tenderedCents: 1000, changeCents: 500 }),
    );
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({ id: ids.payment, kind: 'payment', tableIds: [5], serviceId: service.id, lines: [], totalCents: 0 });
    expect(draft!.tender).toEqual({ methodId: 2, methodName: 'Cash', amountCents: 400, tipCents: 100, tenderedCents: 1000, changeCents: 500 });
    expect(draft!.request).toMatchObject({
      kind: 'order',
      order: { order: { contents: [], total: '0.00', table_id: 5, payment: { amount: '4.00', tip: '1.00', payment_method_id: 2 } } },
    });
  });

  it('never more than is due now', () => {
    expect(() => paymentDrafts(service, entries, pay({ amountCents: 1001 }))).toThrow(OutboxInputError);
  });

  it('carries the pending bill discount: 10 % of 10,00 → total −1,00, at most 9,00 due', () => {
    const discounted = { ...service, billDiscount: { kind: 'percent' as const, value: 1000, reason: 'Regulars' } };
    expect(() => paymentDrafts(discounted, entries, pay({ amountCents: 901 }))).toThrow(OutboxInputError);
    const [draft] = paymentDrafts(discounted, entries, pay({ amountCents: 900 }));
    expect(draft!.totalCents).toBe(-100);
    expect(draft!.tender).toMatchObject({ discountCents: 100, discountReason: 'Regulars' });
    expect(draft!.request).toMatchObject({ order: { order: { total: '-1.00', orderDiscount: { name: 'Regulars', amount: '-1.00' } } } });
  });

  it('a gift card: the redeem first, then the payment after it, referenced by the uuid', () => {
    const [redeem, payment] = paymentDrafts(service, entries, pay({ amountCents: 300, methodId: null, methodName: 'Gift card', giftCardUuid: 'GC-9' }));
    expect(redeem).toMatchObject({ id: ids.redeem, kind: 'gift-redeem', request: { kind: 'gift-redeem', uuid: 'GC-9', redeem: { amount: '3.00' } } });
    expect(payment).toMatchObject({ id: ids.payment, kind: 'payment', after: ids.redeem, tender: { giftCardUuid: 'GC-9', methodId: null } });
    expect(payment!.request).toMatchObject({ order: { order: { payment: { amount: '3.00', payment_reference: 'GC-9' } } } });
  });
});
