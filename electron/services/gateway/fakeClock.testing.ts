import type { LimiterClock } from './limiter';

/** A clock for tests: time moves only when the test advances it, so limiter tests are instant. */
export interface FakeClock extends LimiterClock {
  /** Moves time forward, firing due timers in order (and letting promise callbacks run). */
  advance(ms: number): Promise<void>;
  /** Lets pending promise callbacks run without moving time. */
  settle(): Promise<void>;
  pendingTimers(): number;
}

export function createFakeClock(start = 1_000_000): FakeClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    now: () => now,
    setTimer(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => timers.delete(id);
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await settle();
        let due: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = until;
      await settle();
    },
    settle,
    pendingTimers: () => timers.size,
  };
}
