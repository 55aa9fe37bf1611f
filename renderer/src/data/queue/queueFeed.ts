import type { BridgeClient } from '../../../../shared/bridge';
import type { QueueStoreApi } from './queueStore';

// Keeps the queue store on the main side's truth: one getQueue when the window
// starts, another on every `queue-changed` newer than the snapshot held, on every connection
// event, and when the event stream reconnects — so a window that starts late, or missed events
// while its stream was down, shows what the main side holds without waiting for the next change.
//
// "Cannot save orders" has no revision: a database that refuses writes commits
// nothing to count. So every `queue-changed` carries the main side's storage problem as it is at
// that moment and the feed shows it at once, whatever the revision; a snapshot's problem is shown
// only when no event told a newer one while the read was under way (events arrive in order).

export interface QueueFeedDeps {
  bridge: Pick<BridgeClient, 'getQueue' | 'onEvent'>;
  store: QueueStoreApi;
  /** The event stream reconnected (browser shell): events may have been missed. */
  onReopen?: (listener: () => void) => () => void;
  /** Wait before reading again after a failed read (the main side restarting). */
  retryAfterMs?: number;
  log?: (line: string) => void;
}

export interface QueueFeed {
  /** Reads the snapshot now; `force` applies it whatever its revision (after a reconnect). */
  refresh(options?: { force?: boolean }): Promise<void>;
  stop(): void;
}

export function startQueueFeed(deps: QueueFeedDeps): QueueFeed {
  const { bridge, store } = deps;
  const retryAfterMs = deps.retryAfterMs ?? 1_000;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let again = false;
  let forceNext = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** `queue-changed` events seen: a read that overlapped one holds an older storage problem. */
  let problemEvents = 0;

  async function readLoop(): Promise<void> {
    do {
      again = false;
      const force = forceNext;
      forceNext = false;
      const writesBefore = store.getState().localWrites;
      const problemEventsBefore = problemEvents;
      let snapshot;
      try {
        snapshot = await bridge.getQueue({});
      } catch (error) {
        if (stopped) return;
        deps.log?.(`queue: reading the queue failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
        forceNext ||= force;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void refresh(), retryAfterMs);
        return;
      }
      if (stopped) return;
      if (problemEvents === problemEventsBefore) store.getState().setStorageProblem(snapshot.storageProblem);
      // A write of this window landed while the read was under way: the snapshot may predate it.
      if (store.getState().localWrites !== writesBefore) {
        again = true;
        forceNext ||= force;
        continue;
      }
      store.getState().applySnapshot(snapshot, { force });
    } while (again && !stopped);
  }

  function refresh(options: { force?: boolean } = {}): Promise<void> {
    if (stopped) return Promise.resolve();
    if (options.force) forceNext = true;
    if (reading) {
      // One more read after the one under way: it started before what prompted this one.
      again = true;
      return reading;
    }
    reading = readLoop().finally(() => (reading = null));
    return reading;
  }

  const unsubscribe = bridge.onEvent((event) => {
    if (event.type === 'queue-changed') {
      problemEvents += 1;
      store.getState().setStorageProblem(event.storageProblem);
      const held = store.getState().queue;
      if (held === null || event.revision > held.revision) void refresh();
    } else if (event.type === 'connection') {
      void refresh();
    }
  });
  // A main side that restarted may count revisions from where its database says: applied as is.
  const unsubscribeReopen = deps.onReopen?.(() => void refresh({ force: true })) ?? (() => {});
  void refresh();

  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      unsubscribe();
      unsubscribeReopen();
    },
  };
}
