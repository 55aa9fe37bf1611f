// Every vendor request asks the vault for the account's secrets: a catalog sync asks ~180 times in
// a few seconds. Reading the file each time (a stat, and in the Electron shell a read and a
// decryption) cost the browser shell about 0.1 s of CPU per sync. An answer is reused
// for `recheckMs`; a save or clear by this process forgets it at once, and a change made by another
// process (the other shell on the same data folder) is seen within `recheckMs`.

export interface RecentReadOptions {
  /** How long an answer is reused before the file is looked at again. Default 1 000 ms. */
  recheckMs?: number;
  /** Injectable clock for tests. */
  now?: () => number;
}

const DEFAULT_RECHECK_MS = 1_000;

export interface RecentRead<T> {
  read(): Promise<T>;
  /** The next read looks at the file again (after this process wrote or removed it). */
  forget(): void;
}

/**
 * `read`, answered from its last result while that is younger than `recheckMs`. Reads that
 * overlap share one look at the file; a failure is never kept (the next read tries again).
 */
export function recentRead<T>(read: () => Promise<T>, options: RecentReadOptions = {}): RecentRead<T> {
  const recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
  const now = options.now ?? (() => performance.now());
  let kept: { at: number; value: T } | null = null;
  let pending: Promise<T> | null = null;
  // Bumped by forget(): a read that started before it must not keep its (older) answer.
  let version = 0;

  return {
    read() {
      if (kept !== null && now() - kept.at < recheckMs) return Promise.resolve(kept.value);
      if (pending !== null) return pending;
      const started = now();
      const startedVersion = version;
      const reading = read().then((value) => {
        if (version === startedVersion) kept = { at: started, value };
        return value;
      });
      pending = reading;
      const clear = () => {
        if (pending === reading) pending = null;
      };
      reading.then(clear, clear);
      return reading;
    },
    forget() {
      version++;
      kept = null;
      pending = null;
    },
  };
}
