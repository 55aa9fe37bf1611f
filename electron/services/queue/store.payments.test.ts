import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRequest, OutboxEntry, TableService } from '../../../shared/bridge';
import { billOf } from '../../../shared/domain/bill';
import { applyOutcome, sendableEntries } from './outcomes';
import { QueueInputError, type QueueStore } from './store';
import { startStoreProcess, type StoreProcess } from './store.process.testing';
import { customerDraft, newService, queueStoreFixture, paymentDraft, redeemDraft, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

// Payments in the queue store, on real libsql files: payments checked in the transaction that
// commits them (never more than what is left, the bill's discount carried once), a gift card's
// redeem and the payment that waits for it (`after`), customers created offline.

const fixture = queueStoreFixture();
const processes: StoreProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.kill()));
  fixture.cleanUp();
});

const T = (id: number) => ({ id, name: `T${id}` });
const loyalty = (request: DeliveryRequest) => {
  if (request.kind !== 'order') throw new Error('expected a loyalty order');
  return request.order;
};
const code = (text: string, params?: Record<string, unknown>) => expect.objectContaining({ text: params ? { code: text, params } : { code: text } });

/** A service at `tables` with a seating of 4 Cañas (10,00 €) and a round of 2 (5,00 €): 15,00 € to pay. */
function seated(store: QueueStore, tables = [T(3)]): TableService {
  const service = newService(tables, 4);
  store.seat(service, [seatingDraft(service, 4), roundDraft(service, 2)]);
  return service;
}
const billNow = (store: QueueStore, service: TableService) => {
  const current = store.snapshot().services.find((s) => s.id === service.id) ?? service;
  return billOf(current, store.snapshot().entries);
};

describe('payments', () => {
  it('commits a payment of an open service at its primary table, with its tender; the bill counts it', () => {
    const { store } = fixture.open();
    const service = seated(store, [T(3), T(4)]);
    const payment = store.submit(paymentDraft(service, 700, { tipCents: 50 }));
    expect(payment).toMatchObject({ kind: 'payment', state: 'queued', tableIds: [4], serviceId: service.id, tender: { amountCents: 700, tipCents: 50 } });
    expect(loyalty(payment.request)).toMatchObject({ order: { contents: [], total: 0, table_id: 4, payment: { amount: '7.00', tip: '0.50' } } });
    expect(billNow(store, service)).toMatchObject({ totalCents: 1500, paidCents: 700, tipsCents: 50, leftCents: 800, payableNowCents: 800 });
  });

  it('refuses a payment above what is left, naming what is left; a cleared table; and shapes that are not a payment', () => {
    const { store } = fixture.open();
    const service = seated(store);
    expect(() => store.submit(paymentDraft(service, 1501))).toThrow(code('payment-more-than-left', { leftCents: 1500, left: 15 }));
    store.submit(paymentDraft(service, 1000));
    expect(() => store.submit(paymentDraft(service, 600))).toThrow(code('payment-more-than-left', { leftCents: 500, left: 5 }));
    const round = roundDraft(service);
    expect(() => store.submit({ ...paymentDraft(service, 100), request: round.request })).toThrow(/extraId|no contents/);
    const withLines = paymentDraft(service, 100);
    const order = loyalty(withLines.request);
    expect(() =>
      store.submit({
        ...withLines,
        request: { kind: 'order', order: { ...order, order: { ...order.order, contents: loyalty(round.request).order.contents, total: '2.50' } } },
      }),
    ).toThrow(/no contents/);
    expect(() => store.submit({ ...withLines, serviceId: null })).toThrow(/belongs to a table service/);
    expect(() => store.submit({ ...withLines, tender: { ...withLines.tender!, amountCents: 99 } })).toThrow(/tender/);
    store.submit(paymentDraft(service, 500));
    expect(billNow(store, service)).toMatchObject({ leftCents: 0, paid: true });
    expect(() => store.submit(paymentDraft(service, 1))).toThrow(code('payment-more-than-left', { leftCents: 0, left: 0 }));
    store.clearTable(service.id);
    expect(() => store.submit(paymentDraft(service, 1))).toThrow(code('table-cleared'));
    expect(store.pending().filter((e) => e.kind === 'payment')).toHaveLength(2);
  });

  it('a payment whose request goes to another table of the service is aimed at its primary table', () => {
    const { store } = fixture.open();
    const service = seated(store, [T(5), T(6)]);
    const draft = paymentDraft({ ...service, primaryTableId: 5 }, 300);
    expect(store.submit(draft)).toMatchObject({ tableIds: [6], request: { order: { order: { table_id: 6 } } } });
  });

  it('does not count payments that ended unsent: a rejected payment leaves its amount to pay again', () => {
    const { store } = fixture.open();
    const service = seated(store);
    const first = store.submit(paymentDraft(service, 1500));
    store.record(first.id, (e) => applyOutcome({ ...e, state: 'sending' }, { outcome: 'rejected', reason: 'invalid', code: 'server-rejected' }, new Date()));
    expect(store.submit(paymentDraft(service, 1500))).toMatchObject({ state: 'queued' });
  });

  it('two processes paying what is left at the same moment: one payment is committed, the other refused', async () => {
    const file = join(fixture.folder(), 'pay-race.sqlite');
    const { store } = fixture.open(file);
    const services = Array.from({ length: 8 }, (_, i) => seated(store, [T(200 + i)]));
    const racers = await Promise.all([startStoreProcess(file), startStoreProcess(file)]);
    processes.push(...racers);
    for (const service of services) {
      const answers = await Promise.all(racers.map((racer) => racer.ask({ op: 'pay', serviceId: service.id, tableId: service.primaryTableId, cents: 1000 })));
      const won = answers.filter((a) => 'won' in a && a.won);
      expect(won, JSON.stringify(answers)).toHaveLength(1);
      expect((answers.find((a) => 'won' in a && !a.won) as { message: string }).message).toBe(
        'QueueInputError: payment-more-than-left: 1000 cents asked, 500 left',
      );
      expect(billNow(store, service)).toMatchObject({ paidCents: 1000, leftCents: 500 });
    }
  });
});

describe('the bill discount', () => {
  it('is kept with the service, travels with the next payment only, and leaves the service in the same commit', () => {
    const { store } = fixture.open();
    const service = seated(store);
    const discount = { kind: 'percent' as const, value: 1000, reason: 'Regulars' };
    expect(store.setBillDiscount(service.id, discount)).toMatchObject({ id: service.id, billDiscount: discount });
    expect(billNow(store, service)).toMatchObject({ pendingDiscountCents: 150, dueNowCents: 1350 });
    // Without it, or with another amount: prepared before it changed.
    expect(() => store.submit(paymentDraft(service, 500))).toThrow(code('bill-discount-changed'));
    expect(() => store.submit(paymentDraft(service, 500, { discountCents: 100 }))).toThrow(code('bill-discount-changed'));
    // Never more than what is left once the discount is off.
    expect(() => store.submit(paymentDraft(service, 1351, { discountCents: 150 }))).toThrow(code('payment-more-than-left', { leftCents: 1350, left: 13.5 }));
    const revision = store.revision();
    const payment = store.submit(paymentDraft(service, 675, { discountCents: 150 }));
    expect(store.revision()).toBe(revision + 1);
    expect(loyalty(payment.request).order.orderDiscount).toEqual({ name: 'Bill discount', amount: '-1.50' });
    expect(store.snapshot().services[0]!.billDiscount).toBeNull();
    expect(billNow(store, service)).toMatchObject({ discountCents: 150, totalCents: 1350, paidCents: 675, leftCents: 675, pendingDiscountCents: 0 });
    // The next payment carries none.
    expect(() => store.submit(paymentDraft(service, 675, { discountCents: 150 }))).toThrow(code('bill-discount-changed'));
    expect(store.submit(paymentDraft(service, 675))).toMatchObject({ state: 'queued' });
    expect(billNow(store, service)).toMatchObject({ leftCents: 0, paid: true });
  });

  it('is refused above what the next check has left, on a service not open, and removed with null', () => {
    const { store } = fixture.open();
    const service = seated(store);
    store.submit(paymentDraft(service, 1000));
    expect(() => store.setBillDiscount(service.id, { kind: 'amount', value: 501, reason: 'x' })).toThrow(
      code('discount-more-than-left', { leftCents: 500, left: 5 }),
    );
    expect(store.setBillDiscount(service.id, { kind: 'amount', value: 500, reason: 'Birthday' }).billDiscount).toEqual({
      kind: 'amount',
      value: 500,
      reason: 'Birthday',
    });
    expect(() => store.setBillDiscount(service.id, { kind: 'percent', value: 10_001, reason: 'x' })).toThrow(QueueInputError);
    expect(store.setBillDiscount(service.id, null).billDiscount).toBeNull();
    store.submit(paymentDraft(service, 500));
    expect(() => store.setBillDiscount(service.id, { kind: 'percent', value: 1000, reason: 'x' })).toThrow(
      code('discount-more-than-left', { leftCents: 0, left: 0 }),
    );
    store.clearTable(service.id);
    expect(() => store.setBillDiscount(service.id, null)).toThrow(code('table-cleared'));
    expect(() => store.setBillDiscount(crypto.randomUUID(), null)).toThrow(code('table-cleared'));
  });
});

describe('a gift card’s redeem and the payment that waits for it (`after`)', () => {
  const reject = (store: QueueStore, id: string) =>
    store.record(id, (e) =>
      applyOutcome(
        { ...e, state: 'sending' },
        { outcome: 'rejected', reason: 'invalid', code: 'gift-card-redeem-refused', params: { said: 'Not enough balance' } },
        new Date(),
      ),
    )!;
  const unconfirm = (store: QueueStore, id: string) =>
    store.record(id, (e) => applyOutcome({ ...e, state: 'sending', attempts: 1 }, { outcome: 'unknown', code: 'order-unconfirmed' }, new Date()))!;
  const sendable = (store: QueueStore) => sendableEntries(store.pending(), { inFlight: new Set(), now: Date.now(), capacity: 10 }).map((e) => e.kind);

  function redeemAndPay(store: QueueStore, service: TableService, cents = 600) {
    const redeem = store.submit(redeemDraft(service, cents, 'CARD-9'));
    const payment = store.submit(paymentDraft(service, cents, { after: redeem.id, giftCardUuid: 'CARD-9' }));
    return { redeem, payment };
  }

  it('the redeem goes at the primary table once its payment is committed; the payment goes once the card was charged', () => {
    const { store } = fixture.open();
    const service = seated(store, [T(1), T(2)]);
    for (const e of store.pending()) store.record(e.id, (c) => applyOutcome({ ...c, state: 'sending' }, { outcome: 'accepted', orderId: 5 }, new Date()));
    const redeem = store.submit(redeemDraft(service, 600, 'CARD-9'));
    expect(redeem).toMatchObject({ kind: 'gift-redeem', tableIds: [2], serviceId: service.id });
    expect(sendable(store)).toEqual([]); // its payment is not committed yet
    const payment = store.submit(paymentDraft(service, 600, { after: redeem.id, giftCardUuid: 'CARD-9' }));
    expect(payment.after).toBe(redeem.id);
    expect(sendable(store)).toEqual(['gift-redeem']);
    store.record(redeem.id, (e) => applyOutcome({ ...e, state: 'sending' }, { outcome: 'accepted', orderId: null, balanceCents: 400 }, new Date()));
    expect(store.get(redeem.id)).toMatchObject({ state: 'accepted', pending: 0, answer: { balanceCents: 400 } });
    expect(sendable(store)).toEqual(['payment']);
  });

  it('a refused redeem discards its payment in the same commit, saying the card was not charged', () => {
    const { store } = fixture.open();
    const service = seated(store);
    const { redeem, payment } = redeemAndPay(store, service);
    const revision = store.revision();
    reject(store, redeem.id);
    expect(store.revision()).toBe(revision + 1);
    expect(store.get(payment.id)).toMatchObject({
      pending: 0,
      resolution: 'discarded',
      lastError: { kind: 'discarded-with', code: 'payment-card-not-charged' },
    });
    expect(billNow(store, service)).toMatchObject({ paidCents: 0, leftCents: 1500 });
    // A payment after a refused redeem is refused too.
    expect(() => store.submit(paymentDraft(service, 600, { after: redeem.id, giftCardUuid: 'CARD-9' }))).toThrow(code('payment-card-not-charged'));
  });

  it('an unconfirmed redeem holds its payment for a person: Discard takes the payment, Mark done lets it go, Resend sends the card again', () => {
    const { store } = fixture.open();
    const service = seated(store);
    for (const e of store.pending()) store.record(e.id, (c) => applyOutcome({ ...c, state: 'sending' }, { outcome: 'accepted', orderId: 5 }, new Date()));

    const a = redeemAndPay(store, service, 300);
    unconfirm(store, a.redeem.id);
    expect(sendable(store)).toEqual([]);
    store.discard(a.redeem.id);
    expect(store.get(a.payment.id)).toMatchObject({ pending: 0, resolution: 'discarded', lastError: { code: 'payment-card-not-charged' } });

    const b = redeemAndPay(store, service, 300);
    unconfirm(store, b.redeem.id);
    store.markDone(b.redeem.id);
    expect(store.get(b.payment.id)).toMatchObject({ pending: 1, state: 'queued' });
    expect(sendable(store)).toEqual(['payment']);

    const c = redeemAndPay(store, service, 300);
    unconfirm(store, c.redeem.id);
    store.resend(c.redeem.id);
    expect(sendable(store)).toEqual(['payment']); // b's payment first: the table keeps its order
    store.record(b.payment.id, (e) => applyOutcome({ ...e, state: 'sending' }, { outcome: 'accepted', orderId: 5 }, new Date()));
    expect(sendable(store)).toEqual(['gift-redeem']); // c's card again, after a person checked it
  });

  it('a person discarding a payment’s redeem while it is queued, or a rejected redeem, takes the payment along; an accepted one never', () => {
    const { store } = fixture.open();
    const service = seated(store);
    const a = redeemAndPay(store, service, 200);
    store.discard(a.redeem.id);
    expect(store.get(a.payment.id)).toMatchObject({ resolution: 'discarded' });
    const b = redeemAndPay(store, service, 200);
    store.record(b.redeem.id, (e) => applyOutcome({ ...e, state: 'sending' }, { outcome: 'accepted', orderId: null }, new Date()));
    store.record(b.payment.id, (e) =>
      applyOutcome({ ...e, state: 'sending' }, { outcome: 'rejected', reason: 'invalid', code: 'server-rejected' }, new Date()),
    );
    expect(store.get(b.payment.id)).toMatchObject({ state: 'rejected', pending: 1, resolution: null });
  });

  it('refuses what cannot be: a redeem above what is left, a payment waiting for a round, naming another card or amount', () => {
    const { store } = fixture.open();
    const service = seated(store);
    expect(() => store.submit(redeemDraft(service, 1501))).toThrow(code('payment-more-than-left', { leftCents: 1500, left: 15 }));
    const round = store.pending().find((e) => e.kind === 'round')!;
    expect(() => store.submit(paymentDraft(service, 100, { after: round.id }))).toThrow(/redeem can be waited for/);
    const redeem = store.submit(redeemDraft(service, 600, 'CARD-9'));
    expect(() => store.submit(paymentDraft(service, 600, { after: redeem.id, giftCardUuid: 'CARD-8' }))).toThrow(/another card/);
    expect(() => store.submit(paymentDraft(service, 500, { after: redeem.id, giftCardUuid: 'CARD-9' }))).toThrow(/what its redeem charged/);
    expect(() => store.submit({ ...roundDraft(service), after: redeem.id })).toThrow(/waits for no other entry/);
  });

  it('a takeaway’s card redeem has no table and no service; the takeaway may wait for it', () => {
    const { store } = fixture.open();
    const redeem = store.submit(redeemDraft(null, 250, 'CARD-T'));
    expect(redeem).toMatchObject({ tableIds: [], serviceId: null });
    const takeaway = store.submit({ ...takeawayDraft('Ona'), after: redeem.id });
    expect(sendableEntries(store.pending(), { inFlight: new Set(), now: Date.now(), capacity: 10 }).map((e) => e.id)).toEqual([redeem.id]);
    store.discard(redeem.id);
    expect(store.get(takeaway.id)).toMatchObject({ resolution: 'discarded' });
    expect(() => store.submit({ ...redeemDraft(null, 250), tableIds: [3] })).toThrow(/no table/);
  });
});

describe('customers created offline', () => {
  it('are queued without tables or service; what the server created is kept with the entry', () => {
    const { store } = fixture.open();
    const customer = store.submit(customerDraft('Ana Puig'));
    expect(customer).toMatchObject({ kind: 'customer', tableIds: [], serviceId: null, state: 'queued' });
    const accepted = store.record(customer.id, (e) =>
      applyOutcome({ ...e, state: 'sending' }, { outcome: 'accepted', orderId: null, customer: { id: 41, name: 'Ana Puig' } }, new Date()),
    );
    expect(accepted).toMatchObject({ state: 'accepted', pending: 0, answer: { customer: { id: 41, name: 'Ana Puig' } } } satisfies Partial<OutboxEntry>);
    expect(() => store.submit({ ...customerDraft('Ona'), tableIds: [2] })).toThrow(/no table/);
    expect(() => store.submit({ ...customerDraft('Ona'), request: takeawayDraft('x').request })).toThrow(/must send a customer/);
  });
});
