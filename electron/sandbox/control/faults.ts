// Fault injection settings of the sandbox (control API: /__sandbox/faults). The controller only
// decides; the HTTP server applies the decisions at the socket level (injectFaults.ts), so
// in-process `app.request()` calls are never faulted.
import { z } from 'zod';
import { mulberry32 } from '../prng';

export interface FaultSettings {
  /** Delay before a request is processed, in milliseconds. */
  latencyMs: number;
  /** Share of requests whose socket is destroyed before processing (nothing committed). */
  dropRate: number;
  /** Share of requests answered 500 without processing. */
  errorRate: number;
  /** Share of requests processed and committed whose socket is then destroyed instead of answered. */
  loseResponseRate: number;
  /** Every socket is destroyed; every new request (but the control API's) too. */
  offline: boolean;
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
}

export type FaultAction = 'pass' | 'drop' | 'error' | 'loseResponse';

export interface FaultDecision {
  latencyMs: number;
  action: FaultAction;
}

export const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  dropRate: 0,
  errorRate: 0,
  loseResponseRate: 0,
  offline: false,
});

/** Seed of the fault PRNG when none is given (runs are reproducible by default). */
export const DEFAULT_FAULT_SEED = 0x5eed;

/** Longest injectable latency: 2 minutes (a typo must not hang a test run for hours). */
export const MAX_LATENCY_MS = 120_000;

const rate = z.number().min(0).max(1);

/**
 * Body of POST /__sandbox/faults. Every field is optional and a field left out is OFF: each POST
 * describes the whole set of active faults (POST {} clears them). `seed` restarts the PRNG.
 * Unknown fields are refused so that a typo (`droprate`) does not silently inject nothing.
 */
export const faultRequestSchema = z.strictObject({
  latencyMs: z.int().min(0).max(MAX_LATENCY_MS).optional(),
  dropRate: rate.optional(),
  errorRate: rate.optional(),
  loseResponseRate: rate.optional(),
  offline: z.boolean().optional(),
  seed: z.int().optional(),
});

export type FaultRequest = z.output<typeof faultRequestSchema>;


function zeroCounters(): FaultCounters {
  return { requests: 0, delayed: 0, dropped: 0, errored: 0, lostResponses: 0, refusedOffline: 0 };
}

export interface FaultSnapshot {
  faults: FaultSettings;
  counters: FaultCounters;
  seed: number;
}

export class FaultController {
  private settings: FaultSettings = { ...NO_FAULTS };
  private counters: FaultCounters = zeroCounters();
  private seed: number;
  private random: () => number;
  private readonly listeners = new Set<(settings: FaultSettings) => void>();

  constructor(private readonly initialSeed: number = DEFAULT_FAULT_SEED) {
    this.seed = initialSeed;
    this.random = mulberry32(initialSeed);
  }

  get current(): Readonly<FaultSettings> {
    return this.settings;
  }

  get offline(): boolean {
    return this.settings.offline;
  }

  snapshot(): FaultSnapshot {
    return { faults: { ...this.settings }, counters: { ...this.counters }, seed: this.seed };
  }

  /** Replaces the active faults (fields left out are off); counters are kept. */
  set(request: FaultRequest): FaultSnapshot {
    this.settings = {
      latencyMs: request.latencyMs ?? 0,
      dropRate: request.dropRate ?? 0,
      errorRate: request.errorRate ?? 0,
      loseResponseRate: request.loseResponseRate ?? 0,
      offline: request.offline ?? false,
    };
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
    this.seed = this.initialSeed;
    this.random = mulberry32(this.initialSeed);
    this.notify();
  }

  /**
   * What to do with one request. Three numbers are drawn per request whenever a rate is set, in a
   * fixed order (drop, error, lose response), so a run with the same seed, settings and request
   * sequence injects the same faults. A drop wins over an error, an error over a lost response.
   */
  decide(): FaultDecision {
    const s = this.settings;
    this.counters.requests++;
    let action: FaultAction = 'pass';
    if (s.dropRate > 0 || s.errorRate > 0 || s.loseResponseRate > 0) {
      const drop = this.random() < s.dropRate;
      const error = this.random() < s.errorRate;
      const lose = this.random() < s.loseResponseRate;
      action = drop ? 'drop' : error ? 'error' : lose ? 'loseResponse' : 'pass';
    }
    if (s.latencyMs > 0) this.counters.delayed++;
    return { latencyMs: s.latencyMs, action };
  }

  /** Counts a fault the server really applied. */
  count(kind: 'dropped' | 'errored' | 'lostResponses' | 'refusedOffline'): void {
    this.counters[kind]++;
  }

  /** Calls `listener` whenever the settings change; returns the unsubscribe function. */
  onChange(listener: (settings: FaultSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.settings);
  }
}
