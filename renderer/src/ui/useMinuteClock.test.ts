import { afterEach, describe, expect, it, vi } from 'vitest';
import { minuteClock } from './useMinuteClock';

afterEach(() => vi.useRealTimers());

describe('minuteClock', () => {
  it('reads the time at once when subscribed and each minute after, and stops when unsubscribed', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const clock = minuteClock();
    vi.setSystemTime(new Date('2026-03-01T10:00:30Z'));
    const changed = vi.fn();
    const stop = clock.subscribe(changed);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(clock.get().toISOString()).toBe('2026-03-01T10:00:30.000Z');
    const before = clock.get();
    expect(clock.get()).toBe(before); // the same object until the clock moves
    vi.advanceTimersByTime(60_000);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(clock.get().toISOString()).toBe('2026-03-01T10:01:30.000Z');
    stop();
    vi.advanceTimersByTime(120_000);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
