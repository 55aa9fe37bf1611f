import { BridgeError, type BridgeClient, type BridgeErrorKind, type DeliveryOutcome } from '../../../shared/bridge';
import type { OutboxDb, OutboxEntry } from './outboxDb';

// The outbox dispatcher (ARCHITECTURE §5, issue 6 items 4 and 6). It sends queued entries while
// the connection is up — per table in commit order, at most `concurrency` at a time; the main
// side's limiter keeps the account inside 120 requests a minute — and records each outcome:
//
//   `sending` is committed BEFORE the request leaves; at start-up an entry still `sending` (the
//   terminal stopped mid-request) becomes `unconfirmed`. Not sent / 429 → stays `queued`
//   (Retry-After honoured); refused → `rejected`; may have been applied → `unconfirmed`, never
//   resent without a person. A Flow "table already has an open order" after an unconfirmed
//   attempt of the same seating confirms that attempt; on a fresh attempt it is a conflict.

/** What the outbox needs of the bridge; without `getConnectionState` it retries after an offline answer blindly. */
export type OutboxBridge = Pick<BridgeClient, 'deliverOrder' | 'onEvent'> & Partial<Pick<BridgeClient, 'getConnectionState'>>;

export interface DispatcherDeps {
  db: OutboxDb;
  bridge: OutboxBridge;
  now?: () => Date;
  log?: (line: string) => void;
  /** Requests in flight at once (different tables). The limiter spaces them; 2 keep the rate. */
  concurrency?: number;
  /** After an offline answer with no `connection` event since, ask the main side again this often. */
  offlineFallbackMs?: number;
  /**
   * The outbox database refused a write (the error), or took one again after refusing (null):
   * the outbox shows "orders cannot be saved" meanwhile (issue 10 item 9).
   */
  onLocalWrite?: (failure: unknown) => void;
}

/** Waits after the n-th local write failure in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function localRetryDelayMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

export interface Dispatcher {
  /** Look for work now (after a write, or when the connection returns). */
  kick(): void;
  /** Forget the account-wide Retry-After pause (the waiter's "Retry now"). */
  retryNow(): void;
  /**
   * Stops sending. Answers of requests still in flight are NOT recorded — as when the terminal
   * stops mid-request — so their entries stay `sending` and become `unconfirmed` at the next start.
   */
  stop(): void;
  /** Resolves once start-up recovery has run. */
  readonly ready: Promise<void>;
  /** How many entries start-up recovery found `sending` and made `unconfirmed`. */
  readonly recovered: Promise<number>;
  /** Resolves when nothing is in flight and no work is sendable right now (tests, bench). */
  idle(): Promise<void>;
}

/** Not-sent reasons without a Retry-After: how long to wait before the next try. */
const NOT_SENT_WAIT_MS: Record<string, number> = { unavailable: 5_000, unauthorised: 30_000, misconfigured: 30_000 };

/**
 * The entries to send now, in commit order: queued, due, not in flight, and not behind an
 * earlier entry of one of their tables that has not left yet. A pending seating (in any state)
 * holds back every later entry of its tables: a round never overtakes its table's seating.
 */
export function sendableEntries(pending: readonly OutboxEntry[], options: { inFlight: ReadonlySet<string>; now: number; capacity: number }): OutboxEntry[] {
  const held = new Set<number>();
  const chosen: OutboxEntry[] = [];
  for (const entry of [...pending].sort((a, b) => a.seq - b.seq)) {
    if (entry.pending !== 1) continue;
    const behind = entry.tableIds.some((id) => held.has(id));
    const due = entry.retryAt === null || Date.parse(entry.retryAt) <= options.now;
    if (entry.state === 'queued' && entry.resolution === null && !behind && due && !options.inFlight.has(entry.id) && chosen.length < options.capacity) {
      chosen.push(entry);
    }
    if (entry.state === 'queued' || entry.state === 'sending' || entry.kind === 'seating') {
      for (const id of entry.tableIds) held.add(id);
    }
  }
  return chosen;
}

/** The entry after an outcome (pure: the dispatcher writes it in a transaction). */
export function applyOutcome(entry: OutboxEntry, outcome: DeliveryOutcome, at: Date): OutboxEntry {
  const base = { ...entry, updatedAt: at.toISOString() };
  const error = (kind: string, message: string, detail?: string) => ({ kind, message, ...(detail ? { detail } : {}), at: at.toISOString() });
  switch (outcome.outcome) {
    case 'accepted':
      return { ...base, state: 'accepted', pending: 0, orderId: outcome.orderId, retryAt: null, lastError: null, acceptedBy: 'server', conflict: false };
    case 'not-sent': {
      const waitMs = outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : (NOT_SENT_WAIT_MS[outcome.reason] ?? 0);
      return {
        ...base,
        state: 'queued',
        retryAt: waitMs > 0 ? new Date(at.getTime() + waitMs).toISOString() : null,
        lastError: error(`not-sent:${outcome.reason}`, outcome.message, outcome.detail),
      };
    }
    case 'rejected':
      return { ...base, state: 'rejected', conflict: false, lastError: error(`rejected:${outcome.code}`, outcome.message, outcome.detail) };
    case 'table-busy':
      if (entry.afterUnconfirmed) {
        // §5: right after an unconfirmed attempt of this seating, the open order is that attempt's.
        return {
          ...base,
          state: 'accepted',
          pending: 0,
          acceptedBy: 'open-order-evidence',
          retryAt: null,
          conflict: false,
          lastError: error('table-busy', `Confirmed: the server already has this table's order (${outcome.message}), so the earlier attempt arrived.`, outcome.detail),
        };
      }
      return { ...base, state: 'rejected', conflict: true, lastError: error('table-busy', outcome.message, outcome.detail) };
    case 'unknown':
      return { ...base, state: 'unconfirmed', afterUnconfirmed: true, lastError: error('unknown', outcome.message, outcome.detail) };
  }
}

/**
 * How long an order that never reached the main side waits before the next try: a local service
 * that is down comes back soon; a stale page or another account needs a reload or the switch to
 * finish (the account scope then starts over and this outbox closes).
 */
const NOT_REACHED_WAIT_SECONDS: Partial<Record<BridgeErrorKind, number>> = { unreachable: 5, forbidden: 30, 'wrong-account': 30 };

/**
 * A bridge call that failed before the main side's answer. Only a failure that could have come
 * after the main side started sending is `unknown` (issue 10 item 8): a call that never reached it
 * (`unreachable`, `forbidden`, `wrong-account`) left nothing behind, so the order stays queued —
 * marking it "unconfirmed" would let a waiter tap "Mark done" on an order that was never sent.
 */
export function outcomeOfBridgeError(error: unknown): DeliveryOutcome {
  if (error instanceof BridgeError) {
    const detail = error.detail ? { detail: error.detail } : {};
    const wait = NOT_REACHED_WAIT_SECONDS[error.kind];
    if (wait !== undefined) {
      return {
        outcome: 'not-sent',
        reason: 'not-reached',
        retryAfterSeconds: wait,
        message: `${error.message} The order did not leave this terminal; it is tried again in ${wait} s.`,
        ...detail,
      };
    }
    if (error.kind === 'invalid-input' || error.kind === 'unknown-operation') {
      return { outcome: 'rejected', code: 'invalid', message: `This terminal could not send this order: ${error.message}`, ...detail };
    }
    // The main side may have sent it before failing: only a person can tell.
    return { outcome: 'unknown', message: error.message, ...detail };
  }
  return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

const RECOVERED_MESSAGE =
  'The terminal stopped while this was being sent, so it is not known whether the POS received it. Check the POS, then resend or mark it done.';

/** Start-up: entries left `sending` by a terminal that stopped mid-request become `unconfirmed`. */
export async function recoverInterrupted(db: OutboxDb, at: Date): Promise<number> {
  return db.transaction('rw', db.entries, async () => {
    const interrupted = await db.entries.where('state').equals('sending').toArray();
    for (const entry of interrupted) {
      await db.entries.put({
        ...entry,
        state: 'unconfirmed',
        afterUnconfirmed: true,
        updatedAt: at.toISOString(),
        lastError: { kind: 'unknown', message: RECOVERED_MESSAGE, detail: 'state "sending" found at start-up', at: at.toISOString() },
      });
    }
    return interrupted.length;
  });
}

export function startDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, bridge } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const capacity = deps.concurrency ?? 2;
  const offlineFallbackMs = deps.offlineFallbackMs ?? 1_000;

  let stopped = false;
  /** null: not known yet (try; an answer tells). */
  let online: boolean | null = null;
  let pausedUntil = 0;
  // A refused local write (quota, blocked database) waits instead of retrying at once: before,
  // the dispatcher spun at about 1,400 attempts a second with nothing on screen.
  let localFailures = 0;
  let localRetryAt = 0;
  const inFlight = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pumping = false;
  let again = false;
  let idleWaiters: Array<() => void> = [];

  const recovered = recoverInterrupted(db, now()).then(
    (count) => {
      if (count > 0) log(`outbox: ${count} entries interrupted mid-send are now unconfirmed`);
      return count;
    },
    (error: unknown) => {
      log(`outbox: start-up recovery failed: ${String(error)}`);
      return 0;
    },
  );
  const ready = recovered.then(() => undefined);

  const unsubscribe = bridge.onEvent((event) => {
    if (event.type !== 'connection') return;
    online = event.state === 'online';
    if (online) kick();
  });
  void bridge
    .getConnectionState?.({})
    .then(({ state }) => {
      if (state !== null && online === null) {
        online = state === 'online';
        if (online) kick();
      }
    })
    .catch(() => {});

  function schedule(atMs: number) {
    if (stopped) return;
    const delay = Math.max(0, atMs - now().getTime());
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      kick();
    }, delay);
  }

  function settleIdle() {
    if (inFlight.size > 0 || pumping) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const done of waiters) done();
  }

  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        await ready;
        if (stopped || online === false) break;
        const at = now().getTime();
        if (at < Math.max(pausedUntil, localRetryAt)) {
          schedule(Math.max(pausedUntil, localRetryAt));
          break;
        }
        const pending = await db.entries.where('pending').equals(1).toArray();
        const chosen = sendableEntries(pending, { inFlight, now: at, capacity: capacity - inFlight.size });
        for (const entry of chosen) void send(entry.id);
        // Wake up for the earliest Retry-After among entries that are waiting only for time.
        const waits = pending.filter((e) => e.state === 'queued' && e.retryAt !== null && Date.parse(e.retryAt) > at).map((e) => Date.parse(e.retryAt!));
        if (waits.length > 0) schedule(Math.min(...waits));
      } while (again && !stopped);
    } catch (error) {
      localWriteFailed(error);
      schedule(localRetryAt);
    } finally {
      pumping = false;
      settleIdle();
    }
  }

  function localWriteFailed(error: unknown) {
    localFailures++;
    localRetryAt = now().getTime() + localRetryDelayMs(localFailures);
    log(`outbox: the local database refused a write (try ${localFailures}, next in ${localRetryDelayMs(localFailures)} ms): ${String(error)}`);
    deps.onLocalWrite?.(error);
  }

  function localWriteWorked() {
    if (localFailures === 0) return;
    localFailures = 0;
    localRetryAt = 0;
    deps.onLocalWrite?.(null);
  }

  async function send(entryId: string): Promise<void> {
    inFlight.add(entryId);
    try {
      const claimed = await db.transaction('rw', db.entries, async () => {
        const current = await db.entries.get(entryId);
        if (!current || current.state !== 'queued' || current.pending !== 1 || current.resolution !== null) return null;
        const at = now().toISOString();
        const sending: OutboxEntry = { ...current, state: 'sending', attempts: current.attempts + 1, lastAttemptAt: at, updatedAt: at };
        await db.entries.put(sending);
        return sending;
      });
      localWriteWorked();
      // Committed: only now may the request leave (§5).
      if (!claimed || stopped) return;
      let outcome: DeliveryOutcome;
      try {
        outcome = await bridge.deliverOrder(claimed.request);
      } catch (error) {
        outcome = outcomeOfBridgeError(error);
      }
      if (stopped) return; // as if the terminal had stopped: start-up recovery decides
      await db.transaction('rw', db.entries, async () => {
        const current = await db.entries.get(entryId);
        if (current) await db.entries.put(applyOutcome(current, outcome, now()));
      });
      if (outcome.outcome === 'not-sent') {
        if (outcome.reason === 'offline') {
          online = false;
          watchForReturn();
        } else if (outcome.reason === 'rate-limited' && outcome.retryAfterSeconds !== undefined) {
          pausedUntil = Math.max(pausedUntil, now().getTime() + outcome.retryAfterSeconds * 1000);
        }
      } else if (outcome.outcome !== 'unknown') {
        online = true; // the server answered
      }
    } catch (error) {
      // "sending" or the outcome could not be written: the entry is where the database kept it.
      localWriteFailed(error);
    } finally {
      inFlight.delete(entryId);
      if (!stopped) kick();
      settleIdle();
    }
  }

  /**
   * After a "not sent: offline" answer: the main side's probe announces the return with a
   * `connection` event; in case none comes (one dropped request while the main side still counts
   * the server as reachable), ask it every `offlineFallbackMs` — a local call, not a request.
   */
  function watchForReturn() {
    setTimeout(() => {
      if (online !== false || stopped) return;
      if (!bridge.getConnectionState) {
        online = null;
        kick();
        return;
      }
      bridge.getConnectionState({}).then(
        ({ state }) => {
          if (online !== false || stopped) return;
          if (state === 'online') {
            online = true;
            kick();
          } else watchForReturn();
        },
        () => watchForReturn(),
      );
    }, offlineFallbackMs);
  }

  function kick() {
    if (!stopped) void pump();
  }

  kick();

  return {
    kick,
    retryNow() {
      pausedUntil = 0;
      if (online === false) online = null;
      kick();
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const done of waiters) done();
    },
    ready,
    recovered,
    idle() {
      if (inFlight.size === 0 && !pumping) return Promise.resolve();
      return new Promise((done) => idleWaiters.push(done));
    },
  };
}
