// The dispatcher on the real queue store (SQLite files in a temporary folder): the same rules as
// dispatcher.test.ts, through the database that keeps them — and across a restart on one file.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { startQueueDispatcher, type QueueDispatcher } from './dispatcher';
import { fakeConnection, scriptedDelivery } from './dispatcher.testing';
import type { QueueStore } from './store';
import { customerDraft, newService, paymentDraft, queueStoreFixture, redeemDraft, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

const clock = createFakeClock(Date.parse('2026-11-23T12:00:00Z'));
const fixture = queueStoreFixture({ now: () => new Date(clock.now()) });
const running: Array<{ dispatcher: QueueDispatcher; delivery: ReturnType<typeof scriptedDelivery> }> = [];
afterEach(async () => {
  const stopped = running.map(({ dispatcher }) => dispatcher.stop());
  for (const { delivery } of running.splice(0)) delivery.answerOpen({ outcome: 'unknown', code: 'order-unconfirmed' });
  await Promise.all(stopped);
  fixture.cleanUp();
});

function run(store: QueueStore) {
  const delivery = scriptedDelivery();
  const dispatcher = startQueueDispatcher({ store, deliver: delivery.deliver, connection: fakeConnection('online'), now: clock.now, setTimer: clock.setTimer });
  running.push({ dispatcher, delivery });
  return { dispatcher, delivery };
}

describe('the dispatcher on the SQLite queue', () => {
  it('sends a seating before its first round, a takeaway alongside, and records every outcome', async () => {
    const { store } = fixture.open();
    const service = newService([{ id: 5, name: 'T5' }]);
    const { entries } = store.seat(service, [seatingDraft(service, 2), roundDraft(service)]);
    const [seating, round] = entries;
    const takeaway = store.submit(takeawayDraft('Ona'));
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(2);
    expect(delivery.calls.map((c) => c.request)).toEqual([seating!.request, takeaway.request]);
    expect(store.get(seating!.id)).toMatchObject({ state: 'sending', attempts: 1 });
    const before = store.revision();
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 2 });
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 1 });
    await delivery.waitForCalls(3);
    expect(store.revision()).toBeGreaterThan(before);
    expect(delivery.calls[2]!.request).toEqual(round!.request);
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: 1 });
    await dispatcher.idle();
    expect(store.pending()).toEqual([]);
    expect([seating, round, takeaway].map((e) => store.get(e!.id)?.state)).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('after a restart mid-request: unconfirmed, never resent alone; after "Resend…" an open-order answer confirms it', async () => {
    const first = fixture.open();
    const service = newService([{ id: 9, name: 'T9' }]);
    const [seating] = first.store.seat(service, [seatingDraft(service)]).entries;
    const before = run(first.store);
    await before.delivery.waitForCalls(1);
    // The process dies here: the answer never comes, the file keeps "sending".
    void before.dispatcher.stop(); // no more passes; its request never comes back
    running.splice(0);
    first.store.close();

    const { store } = fixture.open(first.file);
    expect(store.get(seating!.id)).toMatchObject({ state: 'sending' });
    const { dispatcher, delivery } = run(store);
    await dispatcher.idle();
    expect(store.get(seating!.id)).toMatchObject({ state: 'unconfirmed', pending: 1, afterUnconfirmed: true });
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(0);

    store.resend(seating!.id); // the store's change wakes the dispatcher
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'table-busy', code: 'order-table-busy', params: { said: 'Table T9 already has an open order' } });
    await dispatcher.idle();
    expect(store.get(seating!.id)).toMatchObject({ state: 'accepted', pending: 0, acceptedBy: 'open-order-evidence', attempts: 2 });
  });

  it('a gift card paying a bill: the card is charged first, committed "sending" before it leaves; then its payment; a customer alongside', async () => {
    const { store } = fixture.open();
    const service = newService([{ id: 4, name: 'T4' }]);
    const [seating] = store.seat(service, [seatingDraft(service, 4)]).entries;
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 31 });
    await dispatcher.idle();
    expect(store.get(seating!.id)).toMatchObject({ state: 'accepted' });

    const redeem = store.submit(redeemDraft(service, 600, 'CARD-4'));
    const customer = store.submit(customerDraft('Ana'));
    await delivery.waitForCalls(2);
    expect(delivery.calls[1]!.request).toEqual(customer.request); // the card waits for its payment
    const payment = store.submit(paymentDraft(service, 600, { after: redeem.id, giftCardUuid: 'CARD-4' }));
    await delivery.waitForCalls(3);
    expect(delivery.calls[2]!.request).toEqual(redeem.request);
    expect(store.get(redeem.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(store.get(payment.id)).toMatchObject({ state: 'queued', attempts: 0 });
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: null, balanceCents: 400 });
    await delivery.waitForCalls(4);
    expect(delivery.calls[3]!.request).toEqual(payment.request);
    delivery.calls[3]!.answer({ outcome: 'accepted', orderId: 31 });
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: null, customer: { id: 8, name: 'Ana' } });
    await dispatcher.idle();
    expect(store.pending()).toEqual([]);
    expect(store.get(redeem.id)).toMatchObject({ state: 'accepted', answer: { balanceCents: 400 } });
    expect(store.get(customer.id)).toMatchObject({ state: 'accepted', answer: { customer: { id: 8, name: 'Ana' } } });
  });

  it('a card’s redeem interrupted mid-request is unconfirmed after a restart: never resent alone, its payment held until a person decides', async () => {
    const first = fixture.open();
    const service = newService([{ id: 6, name: 'T6' }]);
    first.store.seat(service, [seatingDraft(service, 4)]);
    const redeem = first.store.submit(redeemDraft(service, 500, 'CARD-6'));
    const payment = first.store.submit(paymentDraft(service, 500, { after: redeem.id, giftCardUuid: 'CARD-6' }));
    const before = run(first.store);
    await before.delivery.waitForCalls(1);
    before.delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 60 });
    await before.delivery.waitForCalls(2);
    expect(first.store.get(redeem.id)).toMatchObject({ state: 'sending' });
    // The process dies with the card's request in flight.
    void before.dispatcher.stop();
    running.splice(0);
    first.store.close();

    const { store } = fixture.open(first.file);
    const { dispatcher, delivery } = run(store);
    await dispatcher.idle();
    expect(store.get(redeem.id)).toMatchObject({ state: 'unconfirmed', pending: 1 });
    await clock.advance(600_000);
    expect(delivery.calls).toHaveLength(0); // neither the card nor its payment
    expect(store.get(payment.id)).toMatchObject({ state: 'queued', attempts: 0 });

    // A person checked the card's balance at the POS: it was charged.
    store.markDone(redeem.id);
    await delivery.waitForCalls(1);
    expect(delivery.calls[0]!.request).toEqual(payment.request);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 60 });
    await dispatcher.idle();
    expect(store.pending()).toEqual([]);
  });

  it('a refused redeem: its payment never leaves', async () => {
    const { store } = fixture.open();
    const service = newService([{ id: 7, name: 'T7' }]);
    store.seat(service, [seatingDraft(service, 4)]);
    const redeem = store.submit(redeemDraft(service, 500, 'CARD-7'));
    const payment = store.submit(paymentDraft(service, 500, { after: redeem.id, giftCardUuid: 'CARD-7' }));
    const { dispatcher, delivery } = run(store);
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 70 });
    await delivery.waitForCalls(2);
    delivery.calls[1]!.answer({
      outcome: 'rejected',
      reason: 'invalid',
      code: 'gift-card-redeem-refused',
      params: { said: 'No gift card with uuid "CARD-7".' },
    });
    await dispatcher.idle();
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(2);
    expect(store.get(redeem.id)).toMatchObject({ state: 'rejected', pending: 1 });
    expect(store.get(payment.id)).toMatchObject({ pending: 0, resolution: 'discarded', attempts: 0, lastError: { code: 'payment-card-not-charged' } });
  });
});
