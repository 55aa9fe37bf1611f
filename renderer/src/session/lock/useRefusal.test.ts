import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdownClock } from './useRefusal';

afterEach(() => vi.useRealTimers());

describe('countdownClock', () => {
  it('ticks each second until the refusal ends, then stops', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = countdownClock(1_002_500);
    const changed = vi.fn();
    clock.subscribe(changed);
    expect(clock.get()).toBe(1_000_000);
    vi.advanceTimersByTime(1000);
    expect(clock.get()).toBe(1_001_000);
    vi.advanceTimersByTime(2000);
    expect(clock.get()).toBe(1_003_000);
    const ticks = changed.mock.calls.length;
    vi.advanceTimersByTime(5000);
    expect(changed.mock.calls.length).toBe(ticks);
  });

  it('does not tick when nothing is refused', () => {
    vi.useFakeTimers({ now: 5000 });
    const clock = countdownClock(0);
    const changed = vi.fn();
    clock.subscribe(changed);
    vi.advanceTimersByTime(10_000);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
