import {
  deliveryOutcomeSchema,
  type ConnectionState,
  type DeliveryContext,
  type DeliveryOutcome,
  type DeliveryRequest,
  type ErrorText,
  type OutboxEntry,
  type QueueStorageProblem,
} from '../../../shared/bridge';
import { systemClock, type LimiterClock } from '../gateway';
import { applyOutcome, localRetryDelayMs, nextRetryAt, outcomeOfDeliveryFailure, RECOVERED, sendableEntries, storageProblemOf } from './outcomes';

// The queue's dispatcher on the main side (ARCHITECTURE §5). It drains the
// account's queue whether or not a window is open: queued entries leave per table in commit order,
// at most `concurrency` at a time (the gateway's limiter keeps the account inside its request
// budget), and each outcome is recorded as outcomes.ts says.
//
//   `sending` is committed (store.claim) BEFORE the request leaves; at start an entry still
//   `sending` (the process stopped mid-request) becomes `unconfirmed`. Not sent / 429 → stays
//   `queued` (Retry-After honoured, a 429 pauses the whole account); refused → `rejected`; may have
//   been applied → `unconfirmed`, never resent without a person.
//
// The store's calls are synchronous (libsql): each pass reads the pending entries once, and a pass
// runs only when something may have changed (a kick, a store change, a finished request, a timer).
// No transaction is held across an await: claim and record are each one short transaction.

/** What the dispatcher needs of the queue database (store.ts's QueueStore has all of it). */
export interface DispatcherStore {
  /** Every pending entry, by seq. */
  pending(): OutboxEntry[];
  /** queued & pending & unresolved → sending, attempts + 1 (committed); else null. */
  claim(entryId: string): OutboxEntry | null;
  record(entryId: string, update: (current: OutboxEntry) => OutboxEntry): OutboxEntry | null;
  /** Every `sending` entry → unconfirmed with this error; how many. */
  recoverInterrupted(text: ErrorText): number;
  onChange(listener: (revision: number) => void): () => void;
  /** One entry, pending or not: the entry an entry waited for (`after`), for its order id. */
  get?(entryId: string): OutboxEntry | null;
}

/** The account's connection as connectivity.ts sees it. */
export interface QueueConnection {
  /** null: not known yet (the dispatcher tries; an answer tells). */
  state(): ConnectionState | null;
  onChange(listener: (state: ConnectionState) => void): () => void;
}

export interface QueueDispatcherDeps {
  store: DispatcherStore;
  /**
   * Sends one request once and says what is known (delivery.ts `deliver` bound to the account's
   * gateway; a shop's: retail/delivery.ts `deliverRetail`). `context` says what the entry's
   * `after` was accepted with and whether an unconfirmed attempt came before.
   */
  deliver: (request: DeliveryRequest, context: DeliveryContext) => Promise<DeliveryOutcome>;
  connection: QueueConnection;
  /** Epoch ms. */
  now?: () => number;
  setTimer?: LimiterClock['setTimer'];
  log?: (line: string) => void;
  /** Requests in flight at once (different tables). The limiter spaces them; 2 keep the rate. */
  concurrency?: number;
  /**
   * After a "not sent: offline" answer, the next try waits for the connection's return — or this
   * long when the connection still says online (one request dropped while the probe saw the server).
   */
  offlineRetryMs?: number;
}

export interface QueueDispatcher {
  /** Look for work now (after a submit, a person's decision, …). */
  kick(): void;
  /** Forget the account-wide Retry-After pause and the offline wait (the waiter's "Retry now"). */
  retryNow(): void;
  /**
   * No request leaves after this call; resolves once the requests in flight have come back and
   * their outcomes are recorded (or could not be: then start-up recovery makes them unconfirmed).
   */
  stop(): Promise<void>;
  /** Resolves when nothing is in flight and nothing is sendable right now (tests, bench). */
  idle(): Promise<void>;
  /** Non-null while the queue database refuses writes; cleared by the next write that works. */
  storageProblem(): QueueStorageProblem | null;
  onStorageProblem(listener: (problem: QueueStorageProblem | null) => void): () => void;
}

export function startQueueDispatcher(deps: QueueDispatcherDeps): QueueDispatcher {
  const { store, connection } = deps;
  const { now, setTimer, log, concurrency, offlineRetryMs } = withDefaults(deps);

  let stopped = false;
  let stopping: Promise<void> | null = null;
  let recovered = false;
  /** A 429's Retry-After: every entry of the account waits (spec §8). */
  let pausedUntil = 0;
  let offlineUntil = 0;
  /** "Retry now" tries once even while the connection says offline (its answer tells). */
  let ignoreOffline = false;
  const storage = storageWrites(now, log);
  const { write, writeWorked, writeFailed } = storage;
  /** Requests that left and have not come back: entry id → the send, for stop(). */
  const inFlight = new Map<string, Promise<void>>();
  /** Outcomes the database refused to record: tried again before anything else is sent. */
  const unrecorded = new Map<string, DeliveryOutcome>();
  let cancelWake: (() => void) | null = null;
  let passQueued = false;
  let idleWaiters: Array<() => void> = [];

  /** One pass: record what is owed, then claim and send what may leave; synchronous. */
  function pass() {
    passQueued = false;
    if (stopped) return;
    const at = now();
    let wakeAt: number | null = null;
    const wakeBy = (time: number) => {
      if (time > at && (wakeAt === null || time < wakeAt)) wakeAt = time;
    };
    try {
      if (at < storage.retryAt()) wakeBy(storage.retryAt());
      else sendWhatMayLeave(at, wakeBy);
    } catch (error) {
      writeFailed(error);
      wakeBy(storage.retryAt());
    } finally {
      setWake(wakeAt);
      settleIdle();
    }
  }

  function sendWhatMayLeave(at: number, wakeBy: (time: number) => void) {
    if (!recovered) {
      const count = write(() => store.recoverInterrupted(RECOVERED));
      recovered = true;
      if (count > 0) log(`queue: ${count} entries interrupted mid-send are now unconfirmed`);
    }
    for (const [entryId, outcome] of unrecorded) {
      write(() => store.record(entryId, (current) => applyOutcome(current, outcome, new Date(now()))));
      unrecorded.delete(entryId);
    }
    if (at < pausedUntil) return wakeBy(pausedUntil);
    if (at < offlineUntil) return wakeBy(offlineUntil);
    if (connection.state() === 'offline' && !ignoreOffline) return; // its return kicks
    const capacity = concurrency - inFlight.size;
    if (capacity <= 0) return; // a request coming back kicks
    ignoreOffline = false; // "Retry now" is this one pass
    const pending = store.pending();
    for (const entry of sendableEntries(pending, { inFlight: new Set(inFlight.keys()), now: at, capacity })) {
      // Read before the claim: a database that refuses the read leaves the entry queued.
      const afterOrderId = entry.after ? (store.get?.(entry.after)?.orderId ?? null) : null;
      const claimed = write(() => store.claim(entry.id));
      // Committed: only now may the request leave (§5).
      if (claimed) start(claimed, { afterOrderId, afterUnconfirmed: claimed.afterUnconfirmed });
    }
    const retryAt = nextRetryAt(pending, at);
    if (retryAt !== null) wakeBy(retryAt);
  }

  function start(claimed: OutboxEntry, context: DeliveryContext) {
    // In flight before `deliver` is called: an answer that comes back at once still finds it there.
    let settled!: () => void;
    inFlight.set(claimed.id, new Promise<void>((done) => (settled = done)));
    void send(claimed, context).finally(settled);
  }

  /** Never rejects: every failure becomes an outcome or a storage problem. */
  async function send(claimed: OutboxEntry, context: DeliveryContext): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = deliveryOutcomeSchema.parse(await deps.deliver(claimed.request, context));
    } catch (error) {
      log(`queue: delivering ${claimed.id} failed inside the terminal: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      outcome = outcomeOfDeliveryFailure(error);
    }
    if (outcome.outcome === 'not-sent') {
      if (outcome.reason === 'offline') {
        offlineUntil = now() + offlineRetryMs;
        ignoreOffline = false;
      } else if (outcome.reason === 'rate-limited' && outcome.retryAfterSeconds !== undefined) {
        pausedUntil = Math.max(pausedUntil, now() + outcome.retryAfterSeconds * 1000);
      }
    }
    try {
      write(() => store.record(claimed.id, (current) => applyOutcome(current, outcome, new Date(now()))));
    } catch (error) {
      // The entry stays `sending` in the database: recorded at the next pass that can write, or
      // made unconfirmed at the next start if the process stops first.
      unrecorded.set(claimed.id, outcome);
      writeFailed(error);
    }
    inFlight.delete(claimed.id);
    kick();
    settleIdle();
  }

  function setWake(at: number | null) {
    cancelWake?.();
    cancelWake = null;
    if (at === null || stopped) return;
    cancelWake = setTimer(() => {
      cancelWake = null;
      kick();
    }, at - now());
  }

  function settleIdle() {
    if (!stopped && (inFlight.size > 0 || passQueued)) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const done of waiters) done();
  }

  function kick() {
    if (stopped || passQueued) return;
    passQueued = true;
    // Kicks in one turn (a submit, its store event, a request coming back) make one pass.
    queueMicrotask(pass);
  }

  const unsubscribeStore = store.onChange(() => {
    if (storage.writing()) return;
    // Someone else's write (a person's submit) committed: the database takes writes again, so the
    // refused ones are tried now rather than after the rest of the back-off (up to 30 s).
    writeWorked();
    kick();
  });
  const unsubscribeConnection = connection.onChange((state) => {
    ignoreOffline = false;
    if (state === 'online') {
      offlineUntil = 0;
      kick();
    }
  });

  kick();

  return {
    kick,
    retryNow() {
      pausedUntil = 0;
      offlineUntil = 0;
      ignoreOffline = true;
      kick();
    },
    stop() {
      if (stopping) return stopping;
      stopped = true;
      unsubscribeStore();
      unsubscribeConnection();
      setWake(null);
      stopping = Promise.all(inFlight.values()).then(() => settleIdle());
      return stopping;
    },
    idle() {
      if (stopped || (inFlight.size === 0 && !passQueued)) return Promise.resolve();
      return new Promise((done) => idleWaiters.push(done));
    },
    storageProblem: storage.problem,
    onStorageProblem: storage.onProblem,
  };
}

function withDefaults(deps: QueueDispatcherDeps) {
  return {
    now: deps.now ?? Date.now,
    setTimer: deps.setTimer ?? systemClock.setTimer,
    log: deps.log ?? (() => {}),
    concurrency: deps.concurrency ?? 2,
    offlineRetryMs: deps.offlineRetryMs ?? 1_000,
  };
}

/**
 * The dispatcher's own writes and what the database said to them. A refused write (disk full,
 * database locked) waits 1 s, 2 s … 30 s instead of retrying at once: the renderer's dispatcher
 * once spun at about 1,400 attempts a second. While one is refused the queue has a storage problem.
 */
function storageWrites(now: () => number, log: (line: string) => void) {
  let localFailures = 0;
  let localRetryAt = 0;
  let problem: QueueStorageProblem | null = null;
  const problemListeners = new Set<(problem: QueueStorageProblem | null) => void>();
  /** Set while the dispatcher itself writes: its own changes need no extra pass. */
  let writing = false;

  function setProblem(next: QueueStorageProblem | null) {
    problem = next;
    for (const listener of problemListeners) listener(next);
  }

  function writeWorked() {
    if (localFailures === 0) return;
    localFailures = 0;
    localRetryAt = 0;
    setProblem(null);
  }

  return {
    writeWorked,
    write<T>(change: () => T): T {
      writing = true;
      try {
        const result = change();
        writeWorked();
        return result;
      } finally {
        writing = false;
      }
    },
    writeFailed(error: unknown) {
      localFailures++;
      const waitMs = localRetryDelayMs(localFailures);
      localRetryAt = now() + waitMs;
      log(
        `queue: the database refused a write or read (try ${localFailures}, next in ${waitMs} ms): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
      if (problem === null) setProblem(storageProblemOf(error, new Date(now())));
    },
    /** When a refused write may be tried again (epoch ms; 0: now). */
    retryAt: () => localRetryAt,
    writing: () => writing,
    problem: () => problem,
    onProblem(listener: (problem: QueueStorageProblem | null) => void) {
      problemListeners.add(listener);
      return () => problemListeners.delete(listener);
    },
  };
}
