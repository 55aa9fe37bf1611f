// The request budget of one account (spec: hospitality §8 — 120 requests per minute; clarifications
// "Limits": per account). Every caller of the account (sync engine, outbox, settings screen) takes
// its turn here, so together they never exceed the budget.
//
// - Sliding window: at most `requestsPerMinute` requests in any `windowMs`. A request holds its
//   slot from the moment it is granted until `windowMs` after it FINISHED: the server counts
//   requests when they arrive, somewhere between our send and its answer, so counting from the
//   answer can only be more careful than the server, never less.
// - At most `maxConcurrent` requests in flight, so a burst cannot spend the whole budget at once
//   and an order never waits behind dozens of page fetches already on the wire.
// - Priorities: `order` (Flow, loyalty) before `interactive` (settings, tests of the connection)
//   before `sync` (page fetches); first come, first served within a priority.
// - `pause(ms)`: a 429 with Retry-After stops the whole account's traffic for that long.

export type RequestPriority = 'order' | 'interactive' | 'sync';

const RANK: Record<RequestPriority, number> = { order: 0, interactive: 1, sync: 2 };

/** Time as the limiter sees it; injectable so tests run on a fake clock. */
export interface LimiterClock {
  now(): number;
  /** Calls `callback` after `ms`; returns a function that cancels the timer. */
  setTimer(callback: () => void, ms: number): () => void;
}

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

export interface RateLimiterOptions {
  /** spec §8: 120. */
  requestsPerMinute?: number;
  /** Length of the rolling window; 60 000 ms unless a test shortens it. */
  windowMs?: number;
  /** Requests in flight at once. Default 4. */
  maxConcurrent?: number;
  clock?: LimiterClock;
}

/** A granted turn: call `done()` when the answer (or the failure) has come back. */
export interface RateSlot {
  done(): void;
}

export interface RateLimiterStats {
  /** Slots counted in the current window (in flight included). */
  inWindow: number;
  inFlight: number;
  queued: number;
  /** Epoch ms until which the account is paused (429), or 0. */
  pausedUntil: number;
  /** Requests granted since the limiter was created. */
  granted: number;
}

export interface RateLimiter {
  /** Waits for a turn. Rejects with the signal's reason when `signal` aborts while waiting. */
  acquire(priority: RequestPriority, signal?: AbortSignal): Promise<RateSlot>;
  /** Stops granting turns for `ms` (a 429's Retry-After); a longer pause already set wins. */
  pause(ms: number): void;
  stats(): RateLimiterStats;
  readonly requestsPerMinute: number;
  readonly windowMs: number;
}

interface Waiter {
  rank: number;
  grant: (slot: RateSlot) => void;
  reject: (reason: unknown) => void;
  cleanup: () => void;
}

export const SPEC_REQUESTS_PER_MINUTE = 120;

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.requestsPerMinute ?? SPEC_REQUESTS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const clock = options.clock ?? systemClock;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`requestsPerMinute must be a positive integer, got ${limit}`);
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${windowMs}`);
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
    throw new RangeError(`maxConcurrent must be a positive integer, got ${maxConcurrent}`);
  }

  /** End times of finished requests still inside the window, in order. */
  const finished: number[] = [];
  let inFlight = 0;
  let pausedUntil = 0;
  let granted = 0;
  const queue: Waiter[] = [];
  let cancelTimer: (() => void) | null = null;
  let timerAt = Infinity;

  function prune(now: number): void {
    let expired = 0;
    while (expired < finished.length && (finished[expired] as number) + windowMs <= now) expired++;
    if (expired > 0) finished.splice(0, expired);
  }

  function makeSlot(): RateSlot {
    let released = false;
    return {
      done() {
        if (released) return;
        released = true;
        inFlight--;
        // Finish times are appended in order: the clock never runs backwards for one limiter.
        finished.push(Math.max(clock.now(), finished[finished.length - 1] ?? -Infinity));
        pump();
      },
    };
  }

  /** When the next turn could be granted, if the queue is blocked by time (not by concurrency). */
  function nextOpening(now: number): number | null {
    if (pausedUntil > now) return pausedUntil;
    if (inFlight + finished.length >= limit && finished.length > 0) return (finished[0] as number) + windowMs;
    return null;
  }

  function schedule(at: number): void {
    if (at >= timerAt) return;
    cancelTimer?.();
    timerAt = at;
    cancelTimer = clock.setTimer(
      () => {
        cancelTimer = null;
        timerAt = Infinity;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
  }

  function pump(): void {
    for (;;) {
      if (queue.length === 0) return;
      const now = clock.now();
      prune(now);
      if (inFlight >= maxConcurrent) return; // a done() pumps again
      const opening = nextOpening(now);
      if (opening !== null) {
        schedule(opening);
        return;
      }
      if (inFlight + finished.length >= limit) return; // all slots in flight: a done() pumps again
      const waiter = queue.shift() as Waiter;
      waiter.cleanup();
      inFlight++;
      granted++;
      waiter.grant(makeSlot());
    }
  }

  function insert(waiter: Waiter): void {
    // Stable: after every waiter of the same or a higher priority.
    let index = queue.length;
    while (index > 0 && (queue[index - 1] as Waiter).rank > waiter.rank) index--;
    queue.splice(index, 0, waiter);
  }

  return {
    requestsPerMinute: limit,
    windowMs,
    acquire(priority, signal) {
      return new Promise<RateSlot>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          rank: RANK[priority],
          grant: resolve,
          reject,
          cleanup: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        insert(waiter);
        pump();
      });
    },
    pause(ms) {
      if (!(ms > 0)) return;
      const until = clock.now() + ms;
      if (until > pausedUntil) pausedUntil = until;
      pump();
    },
    stats() {
      const now = clock.now();
      prune(now);
      return {
        inWindow: inFlight + finished.length,
        inFlight,
        queued: queue.length,
        pausedUntil: pausedUntil > now ? pausedUntil : 0,
        granted,
      };
    },
  };
}

/**
 * One limiter per account key, kept for the life of the process: switching accounts and back
 * finds the same budget (and its history) again, and every gateway of an account shares it.
 */
export interface AccountLimiters {
  forAccount(accountKey: string): RateLimiter;
}

export function createAccountLimiters(options: RateLimiterOptions = {}): AccountLimiters {
  const limiters = new Map<string, RateLimiter>();
  return {
    forAccount(accountKey) {
      let limiter = limiters.get(accountKey);
      if (!limiter) {
        limiter = createRateLimiter(options);
        limiters.set(accountKey, limiter);
      }
      return limiter;
    },
  };
}
