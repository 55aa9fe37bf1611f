import { describe, expect, it } from 'vitest';
import { FaultController, NO_FAULTS, faultFamilyOf, faultRequestSchema } from './faults';

function actions(controller: FaultController, n: number): string[] {
  return Array.from({ length: n }, () => controller.decide().action);
}

describe('FaultController', () => {
  it('injects nothing by default', () => {
    const controller = new FaultController();
    expect(controller.current).toEqual(NO_FAULTS);
    expect(actions(controller, 50).every((a) => a === 'pass')).toBe(true);
  });

  it('rate 1 always injects; a drop wins over an error, an error over a lost response', () => {
    const controller = new FaultController();
    controller.set({ loseResponseRate: 1 });
    expect(actions(controller, 5)).toEqual(Array(5).fill('loseResponse'));
    controller.set({ errorRate: 1, loseResponseRate: 1 });
    expect(actions(controller, 5)).toEqual(Array(5).fill('error'));
    controller.set({ dropRate: 1, errorRate: 1, loseResponseRate: 1 });
    expect(actions(controller, 5)).toEqual(Array(5).fill('drop'));
  });

  it('is reproducible from its seed, and roughly follows the rate', () => {
    const a = new FaultController(123);
    const b = new FaultController(123);
    a.set({ dropRate: 0.3 });
    b.set({ dropRate: 0.3 });
    const first = actions(a, 1000);
    expect(actions(b, 1000)).toEqual(first);
    const drops = first.filter((x) => x === 'drop').length;
    expect(drops).toBeGreaterThan(200);
    expect(drops).toBeLessThan(400);
    const other = new FaultController(124);
    other.set({ dropRate: 0.3 });
    expect(actions(other, 1000)).not.toEqual(first);
  });

  it('set() replaces the whole setting; clear() also zeroes the counters and restarts the PRNG', () => {
    const controller = new FaultController(9);
    controller.set({ dropRate: 0.5, latencyMs: 10 });
    const first = actions(controller, 20);
    controller.count('dropped');
    expect(controller.set({ offline: true }).faults).toEqual({ ...NO_FAULTS, offline: true });
    expect(controller.snapshot().counters).toMatchObject({ requests: 20, delayed: 20, dropped: 1 });
    controller.clear();
    const zero = { requests: 0, delayed: 0, dropped: 0, errored: 0, lostResponses: 0, refusedOffline: 0, rateLimited: 0, cutOffline: 0 };
    expect(controller.snapshot()).toEqual({
      faults: NO_FAULTS,
      counters: zero,
      byFamily: { flow: zero, loyalty: zero, other: zero },
      seed: 9,
    });
    controller.set({ dropRate: 0.5, latencyMs: 10 });
    expect(actions(controller, 20)).toEqual(first);
  });

  it('notifies listeners of every change', () => {
    const controller = new FaultController();
    const seen: boolean[] = [];
    const stop = controller.onChange((s) => seen.push(s.offline));
    controller.set({ offline: true });
    controller.clear();
    stop();
    controller.set({ offline: true });
    expect(seen).toEqual([true, false]);
  });

  it('the request schema refuses unknown fields and out-of-range values', () => {
    expect(faultRequestSchema.safeParse({ dropRate: 0.5, offline: true }).success).toBe(true);
    expect(faultRequestSchema.safeParse({ dropRate: 2 }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ latencyMs: 1.5 }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ latency: 10 }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ errorStatus: 503 }).success).toBe(true);
    expect(faultRequestSchema.safeParse({ errorStatus: 501 }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ errorStatus: '500' }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: { everyMs: 10_000, forMs: 2_000 } }).success).toBe(true);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: null }).success).toBe(true);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: { everyMs: 1000, forMs: 1000 } }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: { everyMs: 1000 } }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: { everyMs: 1000, forMs: 0 } }).success).toBe(false);
    expect(faultRequestSchema.safeParse({ rateLimitBurst: { everyMs: 1000, forMs: 10, extra: 1 } }).success).toBe(false);
  });

  it('errorStatus: 500 by default, the chosen 5xx otherwise; a POST leaving it out puts it back to 500', () => {
    const controller = new FaultController();
    controller.set({ errorRate: 1 });
    expect(controller.decide()).toMatchObject({ action: 'error', errorStatus: 500 });
    controller.set({ errorRate: 1, errorStatus: 503 });
    expect(controller.decide()).toMatchObject({ action: 'error', errorStatus: 503 });
    expect(controller.set({}).faults.errorStatus).toBe(500);
  });

  it('keeps every counter per request family too (their sum is the overall counter)', () => {
    const controller = new FaultController();
    controller.set({ latencyMs: 5 });
    controller.decide('flow');
    controller.decide('loyalty');
    controller.decide('loyalty');
    controller.decide('other');
    controller.count('lostResponses', 'loyalty');
    controller.count('dropped', 'flow');
    controller.count('refusedOffline', 'other');
    controller.count('rateLimited', 'loyalty');
    const { counters, byFamily } = controller.snapshot();
    expect(counters).toEqual({ requests: 4, delayed: 4, dropped: 1, errored: 0, lostResponses: 1, refusedOffline: 1, rateLimited: 1, cutOffline: 0 });
    expect(byFamily.flow).toMatchObject({ requests: 1, delayed: 1, dropped: 1, lostResponses: 0 });
    expect(byFamily.loyalty).toMatchObject({ requests: 2, delayed: 2, lostResponses: 1, rateLimited: 1 });
    expect(byFamily.other).toMatchObject({ requests: 1, refusedOffline: 1 });
    controller.clear();
    expect(controller.snapshot().byFamily.loyalty.requests).toBe(0);
  });

  it('faultFamilyOf: Flow, loyalty orders, everything else; the path normalised as the router sees it', () => {
    expect(faultFamilyOf('/apiFlow?message=%7B%7D')).toBe('flow');
    expect(faultFamilyOf('/apiFlow/')).toBe('flow');
    expect(faultFamilyOf('/api/loyalty/orders')).toBe('loyalty');
    expect(faultFamilyOf('/x/../api/loyalty/orders?a=1')).toBe('loyalty');
    expect(faultFamilyOf('/api/external/v2/rooms')).toBe('other');
    expect(faultFamilyOf('/apiFlowX')).toBe('other');
    expect(faultFamilyOf(undefined)).toBe('other');
  });

  it('rateLimitBurst: each cycle starts with a burst; inside it every request is a 429 with the seconds left, and no number is drawn', () => {
    let clock = 1_000_000;
    const controller = new FaultController(5, () => clock);
    const reference = new FaultController(5, () => clock);
    controller.set({ dropRate: 0.5, rateLimitBurst: { everyMs: 10_000, forMs: 3_000 } });
    reference.set({ dropRate: 0.5 });
    const calm = () => {
      const decision = controller.decide('loyalty');
      expect(decision.action).not.toBe('rateLimit');
      expect(decision.action).toBe(reference.decide().action); // the same draws as without bursts
    };
    // At once: 3 s left.
    expect(controller.decide('loyalty')).toMatchObject({ action: 'rateLimit', retryAfterSeconds: 3, latencyMs: 0 });
    clock += 2_500; // 0.5 s left: still at least 1 s
    expect(controller.decide('flow')).toMatchObject({ action: 'rateLimit', retryAfterSeconds: 1 });
    clock += 500; // 3 000 ms: calm until the next cycle
    calm();
    clock += 6_999;
    calm();
    clock += 1; // 10 000 ms: the next burst
    expect(controller.decide('loyalty').action).toBe('rateLimit');
    clock += 10_000 * 3 + 1_000; // a later cycle's burst, 1 s into it
    expect(controller.burstRemainingMs()).toBe(2_000);
    const { byFamily, counters } = controller.snapshot();
    expect(byFamily.loyalty.requests).toBe(4);
    expect(counters.requests).toBe(5);
    // A POST without it turns the bursts off.
    controller.set({});
    expect(controller.burstRemainingMs()).toBe(0);
    expect(controller.decide().action).toBe('pass');
  });
});
