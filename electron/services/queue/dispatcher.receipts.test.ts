// The dispatcher delivers a purchase order's receipt lines (`stock-receipt`) like
// a gift card's redeem — each addStock sent once, an unknown outcome left to a person, a line that
// never left sent again. In-memory queue and a fake clock (dispatcher.testing.ts): no real sleeps.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRequest } from '../../../shared/bridge';
import { receiptDrafts } from '../backoffice/purchaseReceipt';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { startQueueDispatcher, type QueueDispatcher } from './dispatcher';
import { fakeConnection, memoryQueue, scriptedDelivery } from './dispatcher.testing';

const running: Array<{ dispatcher: QueueDispatcher; delivery: ReturnType<typeof scriptedDelivery> }> = [];
afterEach(async () => {
  const stopped = running.map(({ dispatcher }) => dispatcher.stop());
  for (const { delivery } of running.splice(0)) delivery.answerOpen({ outcome: 'unknown', code: 'order-unconfirmed' });
  await Promise.all(stopped);
});

function setup() {
  const clock = createFakeClock(Date.parse('2026-11-27T10:00:00Z'));
  const queue = memoryQueue(clock.now);
  const delivery = scriptedDelivery();
  const connection = fakeConnection('online');
  const start = () => {
    const dispatcher = startQueueDispatcher({ store: queue, deliver: delivery.deliver, connection, now: clock.now, setTimer: clock.setTimer, log: () => {} });
    running.push({ dispatcher, delivery });
    return dispatcher;
  };
  const [first, second] = receiptDrafts({
    purchaseOrderId: 5,
    reference: 'OC-2024-0005',
    warehouseId: 1,
    warehouseName: 'Almacén principal',
    lines: [
      { entryId: randomUUID(), lineId: 21, itemId: 3, itemName: 'Agua', quantity: 12_000 },
      { entryId: randomUUID(), lineId: 22, itemId: 4, itemName: 'Harina', quantity: 2_500 },
    ],
  });
  return { clock, queue, delivery, connection, start, first: queue.submit(first!), second: queue.submit(second!) };
}

const adds = (calls: Array<{ request: DeliveryRequest }>) =>
  calls.map(({ request }) => (request.kind === 'stock-add' ? `${request.warehouseId}:${request.item_id}+${request.quantity}` : request.kind));

describe('the dispatcher and stock receipts', () => {
  it('sends each line once; an unknown outcome waits for a person and is never resent by itself', async () => {
    const { clock, queue, delivery, start, first, second } = setup();
    const dispatcher = start();
    await delivery.waitForCalls(2); // no table: both may leave at once
    expect(adds(delivery.calls)).toEqual(['1:3+12', '1:4+2.5']);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: null });
    delivery.calls[1]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    await dispatcher.idle();
    expect(queue.get(first.id)).toMatchObject({ state: 'accepted', pending: 0, attempts: 1 });
    expect(queue.get(second.id)).toMatchObject({ state: 'unconfirmed', pending: 1, attempts: 1, afterUnconfirmed: true });
    await clock.advance(3_600_000);
    dispatcher.retryNow();
    await clock.settle();
    expect(delivery.calls).toHaveLength(2);
  });

  it('a line that never left (offline, 429) stays queued and is sent when it can be; refused lines stop', async () => {
    const { clock, queue, delivery, connection, start, first, second } = setup();
    const dispatcher = start();
    await delivery.waitForCalls(2);
    connection.set('offline');
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' });
    delivery.calls[1]!.answer({ outcome: 'rejected', reason: 'invalid', code: 'server-rejected', params: { said: 'No item with id 4 in the catalog.' } });
    await dispatcher.idle();
    expect(queue.get(first.id)).toMatchObject({ state: 'queued', pending: 1, lastError: { kind: 'not-sent:offline' } });
    expect(queue.get(second.id)).toMatchObject({ state: 'rejected', pending: 1, lastError: { kind: 'rejected:invalid' } });
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(2);
    connection.set('online');
    await delivery.waitForCalls(3);
    expect(adds(delivery.calls.slice(2))).toEqual(['1:3+12']);
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: null });
    await dispatcher.idle();
    expect(queue.get(first.id)).toMatchObject({ state: 'accepted', attempts: 2 });
    await clock.advance(600_000);
    expect(delivery.calls).toHaveLength(3);
  });

  it('a person’s resend after checking the POS sends it once more, flagged as after an unconfirmed attempt', async () => {
    const { queue, delivery, start, second } = setup();
    const dispatcher = start();
    await delivery.waitForCalls(2);
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: null });
    delivery.calls[1]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    await dispatcher.idle();
    // Pending orders' Resend (store.resend): queued again, after an unconfirmed attempt.
    queue.record(second.id, (e) => ({ ...e, state: 'queued', retryAt: null, afterUnconfirmed: true }));
    dispatcher.kick();
    await delivery.waitForCalls(3);
    expect(adds(delivery.calls.slice(2))).toEqual(['1:4+2.5']);
    delivery.calls[2]!.answer({ outcome: 'accepted', orderId: null });
    await dispatcher.idle();
    expect(queue.get(second.id)).toMatchObject({ state: 'accepted', attempts: 2 });
  });
});
