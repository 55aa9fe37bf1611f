import { BridgeError } from '../../../../shared/bridge';
import { aborted, bridgeFailure, inconsistent, storageFailure, SyncFailure, transient } from './syncFailure';

// The sync engine's fetcher (sync/engine.ts), the same for venue and shop; the service's resource
// table says which bridge operation carries the pages (fetchSyncPages, fetchShopPages).

interface PageRequest<Input, Answer> {
  input: Input;
  where: string;
  resolve: (page: Answer) => void;
  reject: (failure: SyncFailure) => void;
}

/**
 * Asks for pages over the bridge, several to a call (docs/decisions.md "Catalog sync store rate"). A bridge call costs every process
 * on its way (renderer, browser, network service, main side) a few milliseconds of CPU whatever it
 * carries — about 7 ms on the bench machine — which the IndexedDB writes need more: 184 calls of
 * one page became about 40 of five. Pages asked for while the calls in flight are busy wait and
 * leave together, up to `perCall` a call and `calls` calls at a time; a partial call leaves at the
 * next task, so the pages asked for by one answer's continuations go together. A call succeeds or
 * fails whole; one that failed transiently is tried again whole after the retry delay.
 */
export class PageFetcher<Input, Answer> {
  private waiting: PageRequest<Input, Answer>[] = [];
  /** Bridge calls answered. */
  calls = 0;
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private cancelled: SyncFailure | null = null;

  constructor(
    /** One bridge call for several pages. */
    private readonly fetchPages: (inputs: Input[]) => Promise<Answer[]>,
    private readonly options: {
      label: string;
      perCall: number;
      calls: number;
      retryDelaysMs: readonly number[];
      sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
      log: (line: string) => void;
      signal: AbortSignal | undefined;
    },
  ) {}

  fetch(input: Input, where: string): Promise<Answer> {
    if (this.cancelled) return Promise.reject(this.cancelled);
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ input, where, resolve, reject });
      this.schedule();
    });
  }

  /** The sync failed: pages not yet asked for fail with it, and none is asked for any more. */
  cancel(failure: unknown): void {
    this.cancelled ??= failure instanceof SyncFailure ? failure : storageFailure(failure);
    for (const request of this.waiting.splice(0)) request.reject(this.cancelled);
  }

  private schedule(): void {
    if (this.waiting.length >= this.options.perCall) this.send();
    else if (this.waiting.length > 0 && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, 0);
    }
  }

  private send(): void {
    while (this.inFlight < this.options.calls && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.perCall);
      this.inFlight++;
      void this.call(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async call(batch: readonly PageRequest<Input, Answer>[]): Promise<void> {
    const { retryDelaysMs, sleep, log, signal, label } = this.options;
    const where = batch.map((request) => request.where).join(', ');
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) return this.fail(batch, aborted());
      if (this.cancelled) return this.fail(batch, this.cancelled);
      let pages: Answer[];
      try {
        pages = await this.fetchPages(batch.map((request) => request.input));
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (error instanceof BridgeError && transient.has(error.kind) && delay !== undefined && !signal?.aborted) {
          log(`${label}: ${where}: ${error.kind} (${error.detail ?? error.message}); trying again in ${delay} ms`);
          await sleep(delay, signal);
          continue;
        }
        return this.fail(batch, bridgeFailure(error, where));
      }
      if (pages.length !== batch.length) return this.fail(batch, inconsistent(`${where}: ${batch.length} pages asked for, ${pages.length} answered`));
      this.calls++;
      batch.forEach((request, i) => request.resolve(pages[i]!));
      return;
    }
  }

  /** A call failed for good: so does the sync, and nothing more is asked for. */
  private fail(batch: readonly PageRequest<Input, Answer>[], failure: SyncFailure): void {
    this.cancel(failure);
    for (const request of batch) request.reject(failure);
  }
}
