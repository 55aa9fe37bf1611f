import { describe, expect, it } from 'vitest';
import { FaultController, NO_FAULTS, faultRequestSchema } from './faults';

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
    expect(controller.snapshot()).toEqual({
      faults: NO_FAULTS,
      counters: { requests: 0, delayed: 0, dropped: 0, errored: 0, lostResponses: 0, refusedOffline: 0 },
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
  });
});
