import type { SyncResource } from '../../../../shared/bridge';

/** How far one resource is: records and requests done, out of what the server announced. */
export interface ResourceProgress<R extends string = SyncResource> {
  resource: R;
  /** Records read, validated and stored. */
  records: number;
  /** The server's `total` once known (stocks: once every warehouse's first page answered). */
  total: number | null;
  /** Pages fetched and stored. */
  requests: number;
  /** Pages the resource takes (Σ lastPage), once known. */
  requestsTotal: number | null;
  done: boolean;
}

export interface SyncProgress<R extends string = SyncResource> {
  generation: number;
  startedAt: string;
  resources: ResourceProgress<R>[];
  /** Pages fetched and stored so far, every resource together. */
  requests: number;
  /** Pages still to fetch: exact where the server told, else the last sync's count (or 1). */
  requestsLeft: number;
  /** From the recent request rate (see RATE_WINDOW); null until a request has completed. */
  secondsLeft: number | null;
}

/**
 * The estimate uses the rate of the last 30 requests, not the average since the start: the main
 * side's rate limiter lets a burst through, then paces at 120 a minute, and the estimate should
 * follow that change within a few seconds.
 */
export const RATE_WINDOW = 30;

interface StreamInfo {
  total: number;
  lastPage: number;
}

interface ResourceState {
  records: number;
  requests: number;
  /** Streams the resource has: 1, or for stocks one per warehouse once warehouses are read. */
  streamsExpected: number | null;
  streams: Map<string, StreamInfo>;
}

/**
 * Keeps the counts of a sync under way and derives its snapshot. The clock is injected, so the
 * estimate of time left is a pure function of what happened (tests measure nothing by timing).
 * `R` is the venue's resources by default; the shop's sync (renderer/src/data/shop) uses its own.
 */
export class SyncProgressTracker<R extends string = SyncResource> {
  private readonly states = new Map<R, ResourceState>();
  private readonly startedAtMs: number;
  /** Completion times of the last RATE_WINDOW requests. */
  private readonly recent: number[] = [];

  constructor(
    private readonly generation: number,
    resources: readonly R[],
    /** Pages each resource took in the last successful sync: the estimate until the server tells. */
    private readonly previousRequests: Partial<Record<R, number>>,
    private readonly now: () => Date,
    /** Resources of several streams, their count told later by expectStreams (the venue: stocks, one per warehouse). */
    multiStream: readonly R[] = ['stocks' as R],
  ) {
    this.startedAtMs = now().getTime();
    for (const resource of resources) {
      this.states.set(resource, { records: 0, requests: 0, streamsExpected: multiStream.includes(resource) ? null : 1, streams: new Map() });
    }
  }

  /** The first page of a stream answered: the server's total and last page are now known. */
  streamStarted(resource: R, streamKey: string, info: StreamInfo): void {
    this.state(resource).streams.set(streamKey, info);
  }

  /** How many streams the resource has (stocks: the number of warehouses). */
  expectStreams(resource: R, count: number): void {
    this.state(resource).streamsExpected = count;
  }

  pageStored(resource: R, records: number): void {
    const state = this.state(resource);
    state.records += records;
    state.requests += 1;
    this.recent.push(this.now().getTime());
    if (this.recent.length > RATE_WINDOW) this.recent.shift();
  }

  snapshot(): SyncProgress<R> {
    const resources: ResourceProgress<R>[] = [];
    let requests = 0;
    let requestsLeft = 0;
    for (const [resource, state] of this.states) {
      const known = state.streamsExpected !== null && state.streams.size === state.streamsExpected;
      const streams = [...state.streams.values()];
      const total = known ? streams.reduce((sum, s) => sum + s.total, 0) : null;
      const requestsTotal = known ? streams.reduce((sum, s) => sum + s.lastPage, 0) : null;
      const done = requestsTotal !== null && state.requests >= requestsTotal;
      resources.push({ resource, records: state.records, total, requests: state.requests, requestsTotal, done });
      requests += state.requests;
      requestsLeft +=
        requestsTotal !== null ? Math.max(0, requestsTotal - state.requests) : Math.max(1, (this.previousRequests[resource] ?? 1) - state.requests);
    }
    const secondsLeft = requestsLeft === 0 ? 0 : this.secondsFor(requestsLeft);
    return {
      generation: this.generation,
      startedAt: new Date(this.startedAtMs).toISOString(),
      resources,
      requests,
      requestsLeft,
      secondsLeft,
    };
  }

  /** Requests in the window over the time they took (from the start while the window fills). */
  private secondsFor(requestsLeft: number): number | null {
    if (this.recent.length === 0) return null;
    const windowFull = this.recent.length === RATE_WINDOW;
    const fromMs = windowFull ? this.recent[0]! : this.startedAtMs;
    const count = windowFull ? RATE_WINDOW - 1 : this.recent.length;
    const seconds = (this.now().getTime() - fromMs) / 1000;
    if (count === 0 || seconds <= 0) return null;
    return requestsLeft / (count / seconds);
  }

  private state(resource: R): ResourceState {
    const state = this.states.get(resource);
    if (!state) throw new Error(`${resource} is not part of this sync`);
    return state;
  }
}
