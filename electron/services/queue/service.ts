import {
  coded,
  queueOperations,
  type BridgeInput,
  type BridgeOutput,
  type DeliveryContext,
  type DeliveryOutcome,
  type DeliveryRequest,
  type EntryDraft,
  type OutboxEntry,
  type OutboxKind,
  type QueueStorageProblem,
} from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { openQueueDatabase, queueDatabaseFile } from './database';
import { startQueueDispatcher, type QueueConnection, type QueueDispatcher } from './dispatcher';
import type { QueueDb } from './migrations';
import { storageProblemOf } from './outcomes';
import { createMostSoldReader, type MostSoldReader } from './mostSold';
import { createQueueStore, QueueConflictError, QueueInputError, type QueueStore } from './store';

// One account's order queue on the main side: its SQLite database, its store and its
// dispatcher, from the moment the account opens until it closes — whether or not a window is open.
// Windows reach it through the bridge handlers below; every committed change, and every change of
// its storage problem, is announced through `onChange` (coalesced), which the core turns into
// `queue-changed` events for the current account.

/** What `onChange` announces: the latest revision and whether the database takes writes. */
export interface QueueChange {
  revision: number;
  storageProblem: QueueStorageProblem | null;
}

export type QueueOperationName = keyof typeof queueOperations;
export type QueueHandlers = {
  [K in QueueOperationName]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

/**
 * What the main side's own services ask of the queue, never a window (a purchase
 * order's receipt is several entries committed in one transaction, and the purchase order screen
 * adds what this terminal received). Refused like the bridge's writes when the queue is closed or
 * its database refuses writes.
 */
export interface QueueReceipts {
  submitAll(drafts: EntryDraft[]): Promise<OutboxEntry[]>;
  entriesOfKind(kind: OutboxKind): Promise<OutboxEntry[]>;
}

export interface QueueServiceOptions {
  dataDir: string;
  /** The account the queue belongs to: names its database file and its exports. */
  accountKey: string;
  /** Sends one request once (delivery.ts bound to the account's gateway; a shop's: retail/delivery.ts). */
  deliver: (request: DeliveryRequest, context: DeliveryContext) => Promise<DeliveryOutcome>;
  /** The account's connection (connectivity.ts, fanned out by the core). */
  connection: QueueConnection;
  log?: (line: string) => void;
  /** Committed changes and storage problems, at most one call per `changeIntervalMs`, the latest state always last. */
  onChange?: (change: QueueChange) => void;
  changeIntervalMs?: number;
  /** Epoch ms; injected in tests. */
  now?: () => number;
  /** Opens the file (default openQueueDatabase); tests wrap it to make the disk "full". */
  openDatabase?: (file: string) => QueueDb;
}

export interface QueueService {
  /** The database file (`<dataDir>/queue/<account folder>.sqlite`). */
  readonly file: string;
  readonly handlers: QueueHandlers;
  /** The main side's own calls (QueueReceipts). */
  readonly receipts: QueueReceipts;
  /** null when the database could not be opened (`handlers` then answer `storage`). */
  readonly store: QueueStore | null;
  /** Non-null while the database refuses writes (the dispatcher's or a person's), as getQueue says it. */
  storageProblem(): QueueStorageProblem | null;
  /** True once close() was called. */
  readonly closed: boolean;
  /** Resolves when the dispatcher has nothing it can send right now. */
  idle(): Promise<void>;
  /** Stops the dispatcher (waiting for requests in flight to record their outcome), then closes the database. */
  close(): Promise<void>;
}

/** Announced changes: at most one per 50 ms, so a burst of writes costs the windows one read. */
export const QUEUE_CHANGE_INTERVAL_MS = 50;

/** Never throws: a database that cannot be opened leaves a service whose operations say why. */
export function openQueueService(options: QueueServiceOptions): QueueService {
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const file = queueDatabaseFile(options.dataDir, options.accountKey);
  let store: QueueStore;
  let mostSold: MostSoldReader;
  // The revision last committed: a change of the storage problem is announced with it (a
  // database that refuses writes may refuse to be read as well).
  let revision: number;
  try {
    const db = (options.openDatabase ?? openQueueDatabase)(file);
    store = createQueueStore(db, { now: () => new Date(now()), log });
    mostSold = createMostSoldReader(db, log);
    revision = store.revision();
  } catch (error) {
    log(`queue: cannot open ${file}: ${errorText(error)}`);
    return unavailableQueue(file, error, new Date(now()));
  }

  let storageProblem: QueueStorageProblem | null = null;
  const onChange = options.onChange ?? (() => {});
  const announce = coalesce((latest) => onChange({ revision: latest, storageProblem }), options.changeIntervalMs ?? QUEUE_CHANGE_INTERVAL_MS);
  const setStorageProblem = (next: QueueStorageProblem | null) => {
    if (next === storageProblem || (next !== null && storageProblem !== null)) return; // the first one says since when
    storageProblem = next;
    announce.push(revision);
  };
  const stopListening = store.onChange((committed) => {
    revision = committed;
    // A committed write: the database takes writes again.
    storageProblem = null;
    announce.push(committed);
  });
  const dispatcher: QueueDispatcher = startQueueDispatcher({
    store,
    deliver: options.deliver,
    connection: options.connection,
    log,
    now,
  });
  const stopProblems = dispatcher.onStorageProblem(setStorageProblem);
  let closed = false;

  /** Runs a store write for a person's action; the dispatcher looks at the queue right after. */
  const write = <T>(operation: string, work: (open: QueueStore) => T, after: (d: QueueDispatcher) => void = (d) => d.kick()): Promise<T> =>
    guarded(operation, () => {
      if (closed)
        throw new ServiceError({ kind: 'wrong-account', ...coded('queue-closed'), detail: `${operation}: the queue of ${options.accountKey} is closed` });
      const value = work(store);
      after(dispatcher);
      return value;
    }).catch((error: unknown) => {
      // "Cannot save orders" shows in every window until a write works again.
      if (error instanceof ServiceError && error.info.kind === 'storage')
        setStorageProblem(storageProblemOf(error.info.detail ?? error.info.code, new Date(now())));
      throw error;
    });

  const handlers: QueueHandlers = {
    getQueue: () =>
      write(
        'getQueue',
        (s) => ({ ...s.snapshot(), storageProblem }),
        () => {},
      ),
    seatService: ({ service, drafts }) => write('seatService', (s) => s.seat(service, drafts)),
    getEntries: ({ ids }) =>
      write(
        'getEntries',
        (s) => ({ entries: ids.flatMap((id) => s.get(id) ?? []) }),
        () => {},
      ),
    submitEntry: ({ draft }) => write('submitEntry', (s) => ({ entry: s.submit(draft) })),
    submitSale: ({ sale, invoice }) => write('submitSale', (s) => s.submitSale(sale, invoice)),
    // The waiter's "Retry now" also lifts the account-wide Retry-After pause, as before.
    retryEntry: ({ entryId }) =>
      write(
        'retryEntry',
        (s) => ({ entry: s.retry(entryId) }),
        (d) => d.retryNow(),
      ),
    resendEntry: ({ entryId }) => write('resendEntry', (s) => ({ entry: s.resend(entryId) })),
    markEntryDone: ({ entryId }) => write('markEntryDone', (s) => ({ entry: s.markDone(entryId) })),
    discardEntry: ({ entryId }) => write('discardEntry', (s) => ({ entry: s.discard(entryId) })),
    sendSeatingAsRound: ({ entryId, round }) => write('sendSeatingAsRound', (s) => ({ entry: s.sendSeatingAsRound(entryId, round) })),
    moveSeating: ({ entryId, tables, seating }) => write('moveSeating', (s) => ({ entry: s.moveSeating(entryId, tables, seating) })),
    setBillDiscount: ({ serviceId, discount }) => write('setBillDiscount', (s) => ({ service: s.setBillDiscount(serviceId, discount) })),
    clearTable: ({ serviceId }) => write('clearTable', (s) => ({ cleared: s.clearTable(serviceId) })),
    exportPending: () =>
      write(
        'exportPending',
        (s) => ({ json: s.exportPending(options.accountKey) }),
        () => {},
      ),
    getMostSold: ({ limit }) =>
      write(
        'getMostSold',
        () => mostSold.read({ now: new Date(now()), limit }),
        () => {},
      ),
    importQueue: ({ entries, services, last }) => write('importQueue', (s) => s.importEntries(entries, services, last)),
  };

  const receipts: QueueReceipts = {
    submitAll: (drafts) => write('submitAll', (s) => s.submitAll(drafts)),
    entriesOfKind: (kind) =>
      write(
        'entriesOfKind',
        (s) => s.entriesOfKind(kind),
        () => {},
      ),
  };

  return {
    file,
    handlers,
    receipts,
    store,
    storageProblem: () => storageProblem,
    get closed() {
      return closed;
    },
    idle: () => dispatcher.idle(),
    async close() {
      if (closed) return;
      closed = true;
      await dispatcher.stop();
      stopProblems();
      stopListening();
      // The account is closing: its windows reopen on another account and read that one's queue.
      announce.cancel();
      store.close();
    },
  };
}

/**
 * A queue whose database cannot be opened: getQueue answers an empty queue that says orders cannot
 * be saved (the header shows it), every other operation answers `storage` with the reason.
 */
function unavailableQueue(file: string, error: unknown, at: Date): QueueService {
  const detail = `${file}: ${errorText(error)}`;
  const refuse = async (): Promise<never> => {
    throw new ServiceError({ kind: 'storage', ...coded('queue-open-failed'), detail });
  };
  const problem: QueueStorageProblem = { ...coded('queue-cannot-save'), detail: detail.slice(0, 2_000), since: at.toISOString() };
  const handlers = {
    ...Object.fromEntries(queueOperationNames.map((name) => [name, refuse])),
    getQueue: async () => ({ revision: 0, services: [], entries: [], storageProblem: problem }),
  } as unknown as QueueHandlers;
  let closed = false;
  return {
    file,
    handlers,
    receipts: { submitAll: refuse, entriesOfKind: refuse },
    store: null,
    storageProblem: () => problem,
    get closed() {
      return closed;
    },
    idle: async () => {},
    close: async () => void (closed = true),
  };
}

const queueOperationNames = Object.keys(queueOperations) as QueueOperationName[];

/** Handlers that answer from whichever service `current()` returns (the core may reopen it). */
export function delegatingQueueHandlers(current: () => QueueService): QueueHandlers {
  return Object.fromEntries(
    queueOperationNames.map((name) => [name, (input: unknown) => (current().handlers[name] as (input: unknown) => Promise<unknown>)(input)]),
  ) as unknown as QueueHandlers;
}

/** The main side's calls on whichever service `current()` returns. */
export function delegatingQueueReceipts(current: () => QueueService): QueueReceipts {
  return {
    submitAll: (drafts) => current().receipts.submitAll(drafts),
    entriesOfKind: (kind) => current().receipts.entriesOfKind(kind),
  };
}

/** The store's refusals become errors a waiter can read; a database that refuses writes says so. */
async function guarded<T>(operation: string, work: () => T): Promise<T> {
  try {
    return work();
  } catch (error) {
    throw explainQueueError(operation, error);
  }
}

/** What a queue operation's failure tells the window: a ServiceError when we can explain it, else the error as it is (internal). */
export function explainQueueError(operation: string, error: unknown): unknown {
  if (error instanceof ServiceError) return error;
  if (error instanceof QueueConflictError) return new ServiceError({ kind: 'conflict', ...error.text, detail: operation });
  if (error instanceof QueueInputError)
    return new ServiceError({ kind: 'invalid-input', ...error.text, detail: error.detail ? `${operation}: ${error.detail}` : operation });
  const code = sqliteCode(error);
  if (code !== null && STORAGE_CODES.test(code)) {
    return new ServiceError({ kind: 'storage', ...coded('queue-storage'), detail: `${operation}: ${code}: ${errorText(error)}` });
  }
  return error;
}

/** SQLite result codes that mean "the database cannot take writes", not "our SQL is wrong". */
const STORAGE_CODES = /^SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CORRUPT|NOTADB|CANTOPEN|PERM)/;

function sqliteCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : null;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Calls `emit` with the latest revision at most once per `intervalMs`: the first change of a
 * quiet period goes on the next turn, later ones wait for the interval and go as one (the last revision).
 */
export function coalesce(emit: (revision: number) => void, intervalMs: number) {
  let lastEmitAt = -Infinity;
  let latest: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (latest === null) return;
    const revision = latest;
    latest = null;
    lastEmitAt = Date.now();
    emit(revision);
  };
  return {
    push(revision: number) {
      latest = revision;
      if (timer !== null) return;
      // Never from inside the store's write: the caller finishes first, then the listener runs.
      const wait = lastEmitAt + intervalMs - Date.now();
      timer = setTimeout(flush, Math.max(0, wait));
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      latest = null;
    },
  };
}
