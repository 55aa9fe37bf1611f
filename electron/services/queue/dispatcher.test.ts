// The queue's dispatcher against an in-memory queue (dispatcher.testing.ts) and a fake clock: no
// real sleeps; every wait is for a condition or a step of the fake clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DeliveryRequest, type OutboxEntry } from '../../../shared/bridge';
import { createFakeClock, type FakeClock } from '../gateway/fakeClock.testing';
import { startQueueDispatcher, type QueueDispatcher } from './dispatcher';
import { fakeConnection, memoryQueue, roundDraft, scriptedDelivery, seatingDraft, type MemoryQueue } from './dispatcher.testing';
import { RECOVERED } from './outcomes';

const START = Date.parse('2026-11-22T12:00:00Z');
const running: Array<{ dispatcher: QueueDispatcher; delivery: ReturnType<typeof scriptedDelivery> }> = [];
afterEach(async () => {
  // stop() waits for the requests in flight: answer them.
  const stopped = running.map(({ dispatcher }) => dispatcher.stop());
  for (const { delivery } of running.splice(0)) delivery.answerOpen({ outcome: 'unknown', code: 'order-unconfirmed' });
  await Promise.all(stopped);
});

function setup(options: { connection?: ReturnType<typeof fakeConnection>; prepare?: (queue: MemoryQueue) => void } = {}) {
  const clock: FakeClock = createFakeClock(START);
  const queue = memoryQueue(clock.now);
  options.prepare?.(queue);
  const delivery = scriptedDelivery();
  const connection = options.connection ?? fakeConnection('online');
  const log: string[] = [];
  const start = () => {
    const dispatcher = startQueueDispatcher({
      store: queue,
      deliver: delivery.deliver,
      connection,
      now: clock.now,
      setTimer: clock.setTimer,
      log: (line) => log.push(line),
    });
    running.push({ dispatcher, delivery });
    return dispatcher;
  };
  return { clock, queue, delivery, connection, log, start };
}

const sentIds = (calls: Array<{ request: DeliveryRequest }>) =>
  calls.map(({ request }) => {
    switch (request.kind) {
      case 'order':
        return request.order.order.extraId;
      case 'seating':
        return `seating ${request.data.table_id.join('+')}`;
      case 'gift-redeem':
        return `redeem ${request.uuid} ${request.redeem.amount}`;
      case 'customer':
        return `customer ${request.customer.name}`;
    }
  });

describe('the queue dispatcher', () => {
  it('commits "sending" before the request leaves, then the outcome; a table’s round waits for its seating', async () => {
    const { clock, queue, delivery, start } = setup();
    const seating = queue.submit(seatingDraft([1]));
    const round = queue.submit(roundDraft(1));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    expect(delivery.calls[0]!.request).toEqual(seating.request);
    expect(queue.get(seating.id)).toMatchObject({ state: 'sending', attempts: 1 });
    await clock.settle();
    expect(delivery.calls).toHaveLength(1); // the round waits
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 100 });
    await delivery.waitForCalls(2);
    expect(delivery.calls[1]!.request).toEqual(round.request);
    expect(queue.get(seating.id)).toMatchObject({ state: 'accepted', orderId: 100, pending: 0 });
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 100 });
    await dispatcher.idle();
    expect(queue.get(round.id)).toMatchObject({ state: 'accepted', pending: 0 });
  });

  it('sends an entry submitted while it runs: the store’s change wakes it', async () => {
    const { queue, delivery, start } = setup();
    start();
    const takeaway = queue.submit(roundDraft(null));
    await delivery.waitForCalls(1);
    expect(delivery.calls[0]!.request).toEqual(takeaway.request);
  });

  it('keeps an entry queued while offline and sends it when the connection returns', async () => {
    const { clock, queue, delivery, connection, start } = setup();
    const takeaway = queue.submit(roundDraft(null));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    // The gateway tells the connectivity monitor what it saw, then the outcome comes back.
    connection.set('offline');
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' });
    await dispatcher.idle();
    expect(queue.get(takeaway.id)).toMatchObject({ state: 'queued', attempts: 1, lastError: { kind: 'not-sent:offline' } });
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(1); // not retried while offline
    connection.set('online');
    await delivery.waitForCalls(2);
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 7 });
    await dispatcher.idle();
    expect(queue.get(takeaway.id)).toMatchObject({ state: 'accepted', attempts: 2, orderId: 7 });
  });

  it('after an offline answer while the connection still says online, tries again 1 s later, not at once', async () => {
    const { clock, queue, delivery, start } = setup();
    queue.submit(roundDraft(null));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' });
    await dispatcher.idle();
    await clock.advance(999);
    expect(delivery.calls).toHaveLength(1);
    await clock.advance(1);
    await delivery.waitForCalls(2);
  });

  it('"Retry now" tries once while the connection says offline; its offline answer makes it wait again', async () => {
    const { clock, queue, delivery, start } = setup({ connection: fakeConnection('offline') });
    queue.submit(roundDraft(null));
    const dispatcher = start();
    await clock.advance(10_000);
    expect(delivery.calls).toHaveLength(0);
    dispatcher.retryNow();
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' });
    await dispatcher.idle();
    await clock.advance(10_000);
    expect(delivery.calls).toHaveLength(1);
  });

  it('does not wait for the connection when it is not known yet', async () => {
    const { queue, delivery, start } = setup({ connection: fakeConnection(null) });
    queue.submit(roundDraft(null));
    start();
    await delivery.waitForCalls(1);
  });

  it('makes an entry found "sending" at start unconfirmed, and never resends an unconfirmed entry by itself', async () => {
    const { clock, queue, delivery, start, log } = setup();
    const interrupted = queue.submit(roundDraft(null));
    queue.claim(interrupted.id); // an earlier process stopped mid-request
    const dispatcher = start();
    await dispatcher.idle();
    expect(queue.get(interrupted.id)).toMatchObject({ state: 'unconfirmed', pending: 1, afterUnconfirmed: true, lastError: { ...RECOVERED } });
    expect(log).toContain('queue: 1 entries interrupted mid-send are now unconfirmed');

    const next = queue.submit(roundDraft(null));
    await delivery.waitForCalls(1);
    expect(delivery.calls[0]!.request).toEqual(next.request);
    delivery.calls[0]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    await dispatcher.idle();
    expect(queue.get(next.id)).toMatchObject({ state: 'unconfirmed' });
    dispatcher.kick();
    await clock.advance(600_000);
    await dispatcher.idle();
    expect(delivery.calls).toHaveLength(1);
  });

  it('takes an exception from the delivery itself as unconfirmed (it may have left) and does not resend it', async () => {
    const { clock, queue, delivery, start, log } = setup();
    const takeaway = queue.submit(roundDraft(null));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    delivery.calls[0]!.fail(new Error('a bug of ours'));
    await dispatcher.idle();
    expect(queue.get(takeaway.id)).toMatchObject({ state: 'unconfirmed', lastError: { kind: 'unknown', detail: expect.stringContaining('Error') } });
    expect(queue.get(takeaway.id)!.lastError).toMatchObject({ code: 'order-delivery-crashed' });
    expect(JSON.stringify(queue.get(takeaway.id)!.lastError)).not.toContain('a bug of ours');
    expect(log.some((line) => line.includes('a bug of ours'))).toBe(true);
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(1);
  });

  it('holds every entry of the account until a 429’s Retry-After, then sends them', async () => {
    const { clock, queue, delivery, start } = setup();
    const [a, b, c] = [queue.submit(roundDraft(1)), queue.submit(roundDraft(2)), queue.submit(roundDraft(3))];
    const dispatcher = start();
    await delivery.waitForCalls(2);
    expect(sentIds(delivery.calls)).toEqual([a.id, b.id]);
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 7, code: 'order-slow-down' });
    await clock.settle();
    expect(delivery.calls).toHaveLength(2); // c waits too, though its table is free
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 2 });
    await dispatcher.idle();
    await clock.advance(6_999);
    expect(delivery.calls).toHaveLength(2);
    expect(queue.get(a.id)).toMatchObject({ state: 'queued', retryAt: new Date(START + 7_000).toISOString() });
    await clock.advance(1);
    await delivery.waitForCalls(4);
    expect(sentIds(delivery.calls.slice(2))).toEqual([a.id, c.id]);
  });

  it('"Retry now" forgets the account’s Retry-After pause', async () => {
    const { queue, delivery, start } = setup();
    queue.submit(roundDraft(1));
    const second = queue.submit(roundDraft(2));
    const dispatcher = start();
    await delivery.waitForCalls(2);
    delivery.calls[0]!.answer({ outcome: 'not-sent', reason: 'rate-limited', retryAfterSeconds: 60, code: 'order-slow-down' });
    delivery.calls[1]!.answer({ outcome: 'not-sent', reason: 'offline', code: 'order-offline' });
    await dispatcher.idle();
    queue.record(second.id, (entry) => ({ ...entry, retryAt: null }));
    dispatcher.retryNow();
    await delivery.waitForCalls(3);
    expect(delivery.calls[2]!.request).toEqual(second.request); // the first keeps its own retryAt
  });

  it('holds a table’s rounds while its seating is not settled, and lets them go once a person resolves it', async () => {
    const { queue, delivery, start } = setup();
    const seating = queue.submit(seatingDraft([4, 5]));
    const round = queue.submit(roundDraft(5));
    const elsewhere = queue.submit(roundDraft(6));
    const dispatcher = start();
    await delivery.waitForCalls(2);
    expect(sentIds(delivery.calls)).toEqual(['seating 4+5', elsewhere.id]);
    delivery.calls[0]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    delivery.calls[1]!.answer({ outcome: 'accepted', orderId: 9 });
    await dispatcher.idle();
    expect(queue.get(seating.id)).toMatchObject({ state: 'unconfirmed' });
    expect(queue.get(round.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(delivery.calls).toHaveLength(2);
    // The waiter checked the POS: marked done (the store's markDone).
    queue.record(seating.id, (entry) => ({ ...entry, pending: 0, resolution: 'marked-done' }));
    await delivery.waitForCalls(3);
    expect(delivery.calls[2]!.request).toEqual(round.request);
  });

  it('takes "table already has an open order" after a resend of an unconfirmed seating as its confirmation', async () => {
    const { queue, delivery, start } = setup();
    const seating = queue.submit(seatingDraft([8]));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    delivery.calls[0]!.answer({ outcome: 'unknown', code: 'order-unconfirmed' });
    await dispatcher.idle();
    // "Resend…" (the store's resend): queued again, the next attempt follows an unconfirmed one.
    queue.record(seating.id, (entry) => ({ ...entry, state: 'queued', retryAt: null }));
    await delivery.waitForCalls(2);
    delivery.calls[1]!.answer({ outcome: 'table-busy', code: 'order-table-busy', params: { said: 'Table 8 already has an open order' } });
    await dispatcher.idle();
    expect(queue.get(seating.id)).toMatchObject({ state: 'accepted', pending: 0, acceptedBy: 'open-order-evidence', attempts: 2 });
  });

  it('has two requests in flight at most', async () => {
    const { clock, queue, delivery, start } = setup();
    const entries = Array.from({ length: 7 }, () => queue.submit(roundDraft(null)));
    const dispatcher = start();
    let most = 0;
    for (let answered = 0; answered < entries.length; answered++) {
      await delivery.waitForCalls(answered + 1);
      await clock.settle();
      most = Math.max(most, delivery.open());
      delivery.calls[answered]!.answer({ outcome: 'accepted', orderId: answered + 1 });
    }
    await dispatcher.idle();
    expect(most).toBe(2);
    expect(sentIds(delivery.calls)).toEqual(entries.map((e) => e.id)); // in commit order, once each
    expect(queue.pending()).toEqual([]);
  });

  it('after stop() no request leaves; stop waits for the one in flight and records its outcome', async () => {
    const { clock, queue, delivery, connection, start } = setup();
    const first = queue.submit(roundDraft(1));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    let stopped = false;
    const stopping = dispatcher.stop().then(() => (stopped = true));
    const later = queue.submit(roundDraft(2));
    dispatcher.kick();
    dispatcher.retryNow();
    connection.set('offline');
    connection.set('online');
    await clock.advance(60_000);
    expect(stopped).toBe(false); // still waiting for the answer
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 1 });
    await stopping;
    expect(queue.get(first.id)).toMatchObject({ state: 'accepted', orderId: 1 });
    await clock.advance(60_000);
    expect(delivery.calls).toHaveLength(1);
    expect(queue.get(later.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('when the queue database refuses writes', () => {
  it('backs off 1 s, 2 s, 4 s … instead of spinning, says orders cannot be saved, and recovers', async () => {
    const { clock, queue, delivery, start } = setup();
    const entry = queue.submit(roundDraft(null));
    queue.full = true; // the claim ("sending") is the first write the dispatcher makes
    const dispatcher = start();
    const problems = vi.fn();
    dispatcher.onStorageProblem(problems);
    await dispatcher.idle();
    expect(dispatcher.storageProblem()).toMatchObject({ code: 'queue-cannot-save', detail: expect.stringContaining('database or disk is full') });

    const before = queue.refused;
    await clock.advance(10_000);
    // Tries at +1 s, +3 s, +7 s (then +15 s).
    expect(queue.refused - before).toBe(3);
    expect(delivery.calls).toHaveLength(0); // nothing left: "sending" was never committed
    expect(queue.get(entry.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(problems).toHaveBeenCalledTimes(1); // one problem, not one per try

    queue.full = false;
    await clock.advance(8_000);
    await delivery.waitForCalls(1);
    expect(dispatcher.storageProblem()).toBeNull();
    expect(problems).toHaveBeenLastCalledWith(null);
  });

  it('a write of someone else that commits (a person’s submit) clears the problem and the waiting entry leaves at once, not after the back-off', async () => {
    const { queue, delivery, start } = setup();
    const waiting = queue.submit(roundDraft(null));
    queue.full = true;
    const dispatcher = start();
    await dispatcher.idle();
    expect(dispatcher.storageProblem()).not.toBeNull();

    queue.full = false;
    queue.submit(roundDraft(null)); // no clock advance: the 1 s back-off has not passed
    expect(dispatcher.storageProblem()).toBeNull();
    await delivery.waitForCalls(2);
    expect(sentIds(delivery.calls)[0]).toBe(waiting.id);
  });

  it('keeps an outcome it could not record and records it once the disk takes writes, without sending again', async () => {
    const { clock, queue, delivery, start } = setup();
    const entry = queue.submit(roundDraft(null));
    const dispatcher = start();
    await delivery.waitForCalls(1);
    queue.full = true;
    delivery.calls[0]!.answer({ outcome: 'accepted', orderId: 5 });
    await dispatcher.idle();
    expect(queue.get(entry.id)).toMatchObject({ state: 'sending' });
    expect(dispatcher.storageProblem()).not.toBeNull();
    queue.full = false;
    await clock.advance(1_000);
    await dispatcher.idle();
    expect(queue.get(entry.id)).toMatchObject({ state: 'accepted', orderId: 5, attempts: 1 });
    expect(dispatcher.storageProblem()).toBeNull();
    expect(delivery.calls).toHaveLength(1);
  });

  it('retries a start-up recovery that failed before sending anything', async () => {
    const { clock, queue, delivery, start } = setup({
      prepare: (q) => {
        const interrupted = q.submit(roundDraft(3));
        q.claim(interrupted.id);
        q.submit(roundDraft(4));
      },
    });
    queue.full = true;
    const dispatcher = start();
    await dispatcher.idle();
    expect(dispatcher.storageProblem()).not.toBeNull();
    queue.full = false;
    await clock.advance(1_000);
    await delivery.waitForCalls(1);
    expect(queue.pending().map((e: OutboxEntry) => e.state)).toEqual(['unconfirmed', 'sending']);
  });
});
