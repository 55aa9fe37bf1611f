import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fakeClock.testing';
import { createAccountLimiters, createRateLimiter, type RateSlot, type RequestPriority } from './limiter';

/** Most grants inside any window of `windowMs` (grant times sorted). */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while ((times[to] as number) - (times[from] as number) >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

describe('rate limiter (spec §8: 120 requests per minute per account)', () => {
  it('defaults to the spec budget: 120 requests, then waits for the window to roll', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, maxConcurrent: 1000 });
    expect(limiter.requestsPerMinute).toBe(120);
    const grants: number[] = [];
    const all = Array.from({ length: 130 }, () =>
      limiter.acquire('sync').then((slot) => {
        grants.push(clock.now());
        slot.done();
      }),
    );
    await clock.settle();
    expect(grants).toHaveLength(120);
    await clock.advance(59_999);
    expect(grants).toHaveLength(120);
    await clock.advance(1);
    await Promise.all(all);
    expect(grants).toHaveLength(130);
    expect(busiestWindow(grants, 60_000)).toBe(120);
  });

  it('never exceeds its budget with many concurrent callers of random durations', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, requestsPerMinute: 5, windowMs: 1_000, maxConcurrent: 3 });
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const grants: number[] = [];
    const priorities: RequestPriority[] = ['order', 'interactive', 'sync'];
    const caller = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const slot = await limiter.acquire(priorities[Math.floor(random() * 3)] as RequestPriority);
        grants.push(clock.now());
        const duration = Math.floor(random() * 400);
        clock.setTimer(() => slot.done(), duration);
      }
    };
    const callers = Promise.all([caller(12), caller(9), caller(15), caller(4)]);
    for (let t = 0; t < 60 && grants.length < 40; t++) await clock.advance(250);
    await callers;
    expect(grants).toHaveLength(40);
    expect(busiestWindow(grants, 1_000)).toBeLessThanOrEqual(5);
    expect(limiter.stats().inFlight).toBeLessThanOrEqual(3);
  });

  it('counts a request in flight until it finishes, then for a whole window after', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, requestsPerMinute: 2, windowMs: 1_000 });
    const first = await limiter.acquire('sync');
    await limiter.acquire('sync'); // never finishes
    let third = false;
    void limiter.acquire('sync').then(() => (third = true));
    await clock.advance(5_000); // both are still on the wire: their slots are still taken
    expect(third).toBe(false);
    first.done();
    await clock.advance(999);
    expect(third).toBe(false);
    await clock.advance(1);
    expect(third).toBe(true);
  });

  it('grants orders before queued sync requests, first come first served within a priority', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, requestsPerMinute: 1, windowMs: 1_000 });
    const order: string[] = [];
    const take = (name: string, priority: RequestPriority) =>
      limiter.acquire(priority).then((slot: RateSlot) => {
        order.push(name);
        slot.done();
      });
    const all = [take('sync-1', 'sync'), take('sync-2', 'sync'), take('sync-3', 'sync')];
    await clock.settle();
    all.push(take('interactive', 'interactive'), take('order-1', 'order'), take('order-2', 'order'));
    for (let i = 0; i < 6; i++) await clock.advance(1_000);
    await Promise.all(all);
    expect(order).toEqual(['sync-1', 'order-1', 'order-2', 'interactive', 'sync-2', 'sync-3']);
  });

  it('keeps at most maxConcurrent requests in flight', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, maxConcurrent: 2 });
    const slots: RateSlot[] = [];
    for (let i = 0; i < 4; i++) void limiter.acquire('sync').then((slot) => slots.push(slot));
    await clock.settle();
    expect(slots).toHaveLength(2);
    slots[0]?.done();
    await clock.settle();
    expect(slots).toHaveLength(3);
    expect(limiter.stats()).toMatchObject({ inFlight: 2, queued: 1 });
  });

  it('pauses every caller of the account for a Retry-After, whatever their priority', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock });
    limiter.pause(5_000);
    let granted = 0;
    void limiter.acquire('order').then(() => granted++);
    void limiter.acquire('sync').then(() => granted++);
    await clock.advance(1_000);
    limiter.pause(1_000); // a pause ending sooner does not cut the longer one
    await clock.advance(3_999);
    expect(granted).toBe(0);
    expect(limiter.stats().pausedUntil).toBeGreaterThan(0);
    await clock.advance(1);
    expect(granted).toBe(2);
  });

  it('drops a waiter whose signal aborts, and the next one gets the turn', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock, requestsPerMinute: 1, windowMs: 1_000 });
    (await limiter.acquire('sync')).done();
    const controller = new AbortController();
    const aborted = limiter.acquire('order', controller.signal);
    let next = false;
    void limiter.acquire('sync').then(() => (next = true));
    controller.abort(new Error('account switched'));
    await expect(aborted).rejects.toThrow('account switched');
    await clock.advance(1_000);
    expect(next).toBe(true);
    expect(limiter.stats().queued).toBe(0);
  });

  it('keeps one limiter per account key', () => {
    const limiters = createAccountLimiters();
    expect(limiters.forAccount('demo')).toBe(limiters.forAccount('demo'));
    expect(limiters.forAccount('demo')).not.toBe(limiters.forAccount('bar@example.com'));
  });

  it('refuses a nonsense budget', () => {
    expect(() => createRateLimiter({ requestsPerMinute: 0 })).toThrow(RangeError);
    expect(() => createRateLimiter({ maxConcurrent: 0 })).toThrow(RangeError);
  });
});
