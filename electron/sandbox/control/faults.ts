// Fault injection settings of the sandbox (control API: /__sandbox/faults). The controller only
// decides; the HTTP server applies the decisions at the socket level (injectFaults.ts), so
// in-process `app.request()` calls are never faulted.
import { z } from 'zod';
import { mulberry32 } from '../prng';

/** 5xx statuses an injected error may carry (`errorStatus`). */
export const ERROR_STATUSES = [500, 502, 503, 504] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * Recurring bursts of 429 (the chaos test's "bursts of 429", test/chaos). The clock starts when the faults
 * are set; each cycle of `everyMs` starts with `forMs` of burst, then is calm until the next one.
 * So a POST starts a burst at once, and `{ everyMs: 3600000, forMs: 5000 }` is a single 5 s burst.
 */
export interface RateLimitBurst {
  everyMs: number;
  forMs: number;
}

export interface FaultSettings {
  /** Delay before a request is processed, in milliseconds. */
  latencyMs: number;
  /** Share of requests whose socket is destroyed before processing (nothing committed). */
  dropRate: number;
  /** Share of requests answered `errorStatus` without processing. */
  errorRate: number;
  /** Status of an injected error: 500, 502, 503 (with `Retry-After: 1`) or 504. */
  errorStatus: ErrorStatus;
  /** Share of requests processed and committed whose socket is then destroyed instead of answered. */
  loseResponseRate: number;
  /** Every socket is destroyed; every new request (but the control API's) too. */
  offline: boolean;
  /** Recurring periods in which every request is answered 429 without processing; null: none. */
  rateLimitBurst: RateLimitBurst | null;
}

/** Faults injected since the last reset. */
export interface FaultCounters {
  /** Requests that went through fault injection (every request but the control API's). */
  requests: number;
  delayed: number;
  dropped: number;
  errored: number;
  lostResponses: number;
  /** Requests whose socket was destroyed because the sandbox was offline. */
  refusedOffline: number;
  /** Requests answered 429 during a rate-limit burst. */
  rateLimited: number;
  /** Requests being answered when the sandbox went offline: answer lost, maybe committed. */
  cutOffline: number;
}

/**
 * Request families the counters are also kept for: the chaos test compares the terminal's
 * unconfirmed orders with the responses lost on ORDER requests (Flow and loyalty orders), not
 * with those lost on probes or catalog reads.
 */
export const FAULT_FAMILIES = ['flow', 'loyalty', 'other'] as const;
export type FaultFamily = (typeof FAULT_FAMILIES)[number];

export type FaultAction = 'pass' | 'drop' | 'error' | 'loseResponse' | 'rateLimit';

export interface FaultDecision {
  latencyMs: number;
  action: FaultAction;
  /** Status of an 'error' action. */
  errorStatus: ErrorStatus;
  /** Seconds left in the burst (≥ 1) for a 'rateLimit' action; 0 otherwise. */
  retryAfterSeconds: number;
}

export const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  dropRate: 0,
  errorRate: 0,
  errorStatus: 500,
  loseResponseRate: 0,
  offline: false,
  rateLimitBurst: null,
});

/** Seed of the fault PRNG when none is given (runs are reproducible by default). */
export const DEFAULT_FAULT_SEED = 0x5eed;

/** Longest injectable latency: 2 minutes (a typo must not hang a test run for hours). */
export const MAX_LATENCY_MS = 120_000;

/** Longest rate-limit cycle: 1 hour. */
export const MAX_BURST_CYCLE_MS = 3_600_000;

const rate = z.number().min(0).max(1);

const rateLimitBurstSchema = z
  .strictObject({
    everyMs: z.int().min(1).max(MAX_BURST_CYCLE_MS),
    forMs: z.int().min(1).max(MAX_BURST_CYCLE_MS),
  })
  .refine((b) => b.forMs < b.everyMs, { message: 'forMs must be shorter than everyMs (otherwise the burst never ends)' });

/**
 * Body of POST /__sandbox/faults. Every field is optional and a field left out is OFF: each POST
 * describes the whole set of active faults (POST {} clears them). `seed` restarts the PRNG.
 * Unknown fields are refused so that a typo (`droprate`) does not silently inject nothing.
 */
export const faultRequestSchema = z.strictObject({
  latencyMs: z.int().min(0).max(MAX_LATENCY_MS).optional(),
  dropRate: rate.optional(),
  errorRate: rate.optional(),
  errorStatus: z.literal(ERROR_STATUSES).optional(),
  loseResponseRate: rate.optional(),
  offline: z.boolean().optional(),
  rateLimitBurst: rateLimitBurstSchema.nullable().optional(),
  seed: z.int().optional(),
});

export type FaultRequest = z.output<typeof faultRequestSchema>;

type CounterKind = Exclude<keyof FaultCounters, 'requests' | 'delayed'>;

function zeroCounters(): FaultCounters {
  return { requests: 0, delayed: 0, dropped: 0, errored: 0, lostResponses: 0, refusedOffline: 0, rateLimited: 0, cutOffline: 0 };
}

function zeroByFamily(): Record<FaultFamily, FaultCounters> {
  return { flow: zeroCounters(), loyalty: zeroCounters(), other: zeroCounters() };
}

/**
 * The family of a request target, its path normalised as the app's router sees it: `flow` is
 * /apiFlow (spec §4.7), `loyalty` is /api/loyalty/orders (spec §4.8), everything else `other`.
 */
export function faultFamilyOf(target: string | undefined): FaultFamily {
  let pathname: string;
  try {
    pathname = new URL(target ?? '/', 'http://sandbox.invalid').pathname;
  } catch {
    return 'other';
  }
  if (pathname === '/apiFlow' || pathname === '/apiFlow/') return 'flow';
  if (pathname === '/api/loyalty/orders' || pathname === '/api/loyalty/orders/') return 'loyalty';
  return 'other';
}

export interface FaultSnapshot {
  faults: FaultSettings;
  /** All families together. */
  counters: FaultCounters;
  /** The same counters per request family (their sum is `counters`). */
  byFamily: Record<FaultFamily, FaultCounters>;
  seed: number;
}

export class FaultController {
  private settings: FaultSettings = { ...NO_FAULTS };
  private counters: FaultCounters = zeroCounters();
  private byFamily: Record<FaultFamily, FaultCounters> = zeroByFamily();
  private seed: number;
  private random: () => number;
  /** When the current settings were set: the origin of the rate-limit burst cycles. */
  private setAt: number;
  private readonly listeners = new Set<(settings: FaultSettings) => void>();

  constructor(
    private readonly initialSeed: number = DEFAULT_FAULT_SEED,
    /** The clock of the rate-limit bursts (tests inject one). */
    private readonly now: () => number = Date.now,
  ) {
    this.seed = initialSeed;
    this.random = mulberry32(initialSeed);
    this.setAt = now();
  }

  get current(): Readonly<FaultSettings> {
    return this.settings;
  }

  get offline(): boolean {
    return this.settings.offline;
  }

  snapshot(): FaultSnapshot {
    const byFamily = zeroByFamily();
    for (const family of FAULT_FAMILIES) byFamily[family] = { ...this.byFamily[family] };
    const { rateLimitBurst } = this.settings;
    return {
      faults: { ...this.settings, rateLimitBurst: rateLimitBurst && { ...rateLimitBurst } },
      counters: { ...this.counters },
      byFamily,
      seed: this.seed,
    };
  }

  /** Replaces the active faults (fields left out are off); counters are kept. */
  set(request: FaultRequest): FaultSnapshot {
    this.settings = {
      latencyMs: request.latencyMs ?? 0,
      dropRate: request.dropRate ?? 0,
      errorRate: request.errorRate ?? 0,
      errorStatus: request.errorStatus ?? 500,
      loseResponseRate: request.loseResponseRate ?? 0,
      offline: request.offline ?? false,
      rateLimitBurst: request.rateLimitBurst ? { ...request.rateLimitBurst } : null,
    };
    this.setAt = this.now();
    if (request.seed !== undefined) {
      this.seed = request.seed;
      this.random = mulberry32(request.seed);
    }
    this.notify();
    return this.snapshot();
  }

  /** No faults, counters at zero, the PRNG back at the initial seed (POST /__sandbox/reset). */
  clear(): void {
    this.settings = { ...NO_FAULTS };
    this.counters = zeroCounters();
    this.byFamily = zeroByFamily();
    this.seed = this.initialSeed;
    this.random = mulberry32(this.initialSeed);
    this.setAt = this.now();
    this.notify();
  }

  /**
   * Milliseconds left in the current rate-limit burst, or 0 when none is on. Each cycle of
   * `everyMs` (counted from when the faults were set) starts with `forMs` of burst.
   */
  burstRemainingMs(): number {
    const burst = this.settings.rateLimitBurst;
    if (!burst) return 0;
    const intoCycle = Math.max(0, this.now() - this.setAt) % burst.everyMs;
    return intoCycle < burst.forMs ? burst.forMs - intoCycle : 0;
  }

  /**
   * What to do with one request of `family`. During a rate-limit burst the answer is 429 at once
   * (no latency) and nothing is drawn. Otherwise three numbers are drawn per request whenever a
   * rate is set, in a fixed order (drop, error, lose response), so a run with the same seed,
   * settings and request sequence injects the same faults. A drop wins over an error, an error
   * over a lost response.
   */
  decide(family: FaultFamily = 'other'): FaultDecision {
    const s = this.settings;
    this.bump('requests', family);
    const burstMs = this.burstRemainingMs();
    if (burstMs > 0) {
      return { latencyMs: 0, action: 'rateLimit', errorStatus: s.errorStatus, retryAfterSeconds: Math.max(1, Math.ceil(burstMs / 1000)) };
    }
    let action: FaultAction = 'pass';
    if (s.dropRate > 0 || s.errorRate > 0 || s.loseResponseRate > 0) {
      const drop = this.random() < s.dropRate;
      const error = this.random() < s.errorRate;
      const lose = this.random() < s.loseResponseRate;
      action = drop ? 'drop' : error ? 'error' : lose ? 'loseResponse' : 'pass';
    }
    if (s.latencyMs > 0) this.bump('delayed', family);
    return { latencyMs: s.latencyMs, action, errorStatus: s.errorStatus, retryAfterSeconds: 0 };
  }

  /** Counts a fault the server really applied, overall and for the request's family. */
  count(kind: CounterKind, family: FaultFamily = 'other'): void {
    this.bump(kind, family);
  }

  /** Calls `listener` whenever the settings change; returns the unsubscribe function. */
  onChange(listener: (settings: FaultSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private bump(kind: keyof FaultCounters, family: FaultFamily): void {
    this.counters[kind]++;
    this.byFamily[family][kind]++;
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.settings);
  }
}
