// The dispatcher on the real queue store (SQLite files in a temporary folder): the same rules as
// dispatcher.test.ts, through the database that keeps them — and across a restart on one file.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { startQueueDispatcher, type QueueDispatcher } from './dispatcher';
import { fakeConnection, scriptedDelivery } from './dispatcher.testing';
import type { QueueStore } from './store';
import { newService, queueStoreFixture, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

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
});
