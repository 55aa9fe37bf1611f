import { describe, expect, it } from 'vitest';
import { RATE_WINDOW, SyncProgressTracker } from './syncProgress';

describe('SyncProgressTracker', () => {
  it('knows a resource’s totals once the server told, stocks once every warehouse did', () => {
    const tracker = new SyncProgressTracker(1, ['items', 'stocks'], {}, () => new Date(0));
    const of = (resource: string) => tracker.snapshot().resources.find((r) => r.resource === resource)!;
    expect(of('items')).toMatchObject({ total: null, requestsTotal: null, done: false });

    tracker.streamStarted('items', 'items', { total: 250, lastPage: 2 });
    tracker.pageStored('items', 200);
    expect(of('items')).toEqual({ resource: 'items', records: 200, total: 250, requests: 1, requestsTotal: 2, done: false });
    tracker.pageStored('items', 50);
    expect(of('items').done).toBe(true);

    tracker.expectStreams('stocks', 2);
    tracker.streamStarted('stocks', 'stocks:1', { total: 3, lastPage: 1 });
    expect(of('stocks').total).toBeNull();
    tracker.streamStarted('stocks', 'stocks:2', { total: 401, lastPage: 3 });
    expect(of('stocks')).toMatchObject({ total: 404, requestsTotal: 4, done: false });
  });

  it('estimates time left from the rate of the recent requests, so it follows the rate limiter', () => {
    let clock = 0;
    const tracker = new SyncProgressTracker(1, ['items', 'stocks'], {}, () => new Date(clock));
    expect(tracker.snapshot()).toMatchObject({ requests: 0, requestsLeft: 2, secondsLeft: null });
    tracker.streamStarted('items', 'items', { total: 10_000, lastPage: 50 });

    // A burst: 30 requests, one a second.
    for (let i = 0; i < RATE_WINDOW; i++) {
      clock += 1000;
      tracker.pageStored('items', 200);
    }
    // 20 pages of items and 1 of stocks (unknown yet) left, at 1 a second.
    expect(tracker.snapshot().requestsLeft).toBe(21);
    expect(tracker.snapshot().secondsLeft).toBeCloseTo(21);

    // Then the limiter paces: one every 4 s.
    for (let i = 0; i < 10; i++) {
      clock += 4000;
      tracker.pageStored('items', 200);
    }
    // The window holds completions at 11…30 s and 34…70 s: 29 intervals over 59 s.
    expect(tracker.snapshot().secondsLeft).toBeCloseTo((11 * 59) / 29);
  });
});
