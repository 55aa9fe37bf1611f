import { BridgeError, coded, type BridgeClient, type BridgeErrorKind } from '../../../../shared/bridge';
import { openGenerationDb, type CatalogDb } from '../catalog/catalogDb';
import {
  catalogStore as defaultStore,
  initialCatalogState,
  type CatalogConnection,
  type CatalogState,
  type CatalogStoreApi,
  type SyncFailureInfo,
} from '../catalog/catalogStore';
import { openAccountDb, type ComandaDb } from '../db';
import { readFloorSavedAt } from '../floor/floorRepository';
import { cleanUpGenerations, deleteGeneration, openCurrentGeneration, type OpenGeneration } from '../catalog/generations';
import { SyncFailure, syncCatalog, type SyncCatalogOptions } from './sync';

// When the catalog syncs: at start-up, every `syncEveryMinutes` (settings,
// default 15), on demand, sooner after a failure, and at once when the connection comes back.
// One sync at a time. One service per account: switching account stops it (aborting a sync under
// way, whose half-built generation is deleted) and starts another.

export const DEFAULT_SYNC_EVERY_MINUTES = 15;
/** Offline or timed out: try again this soon (the floor plan's old refresh rhythm). */
export const RETRY_OFFLINE_EVERY_MS = 30_000;
/** The catalog changed upstream while we paged: try again soon, it usually settles. */
export const RETRY_INCONSISTENT_AFTER_MS = 60_000;
/** A retired generation is deleted this long after the switch, once screens read the new one. */
export const RETIRE_AFTER_MS = 5_000;

export interface CatalogSyncOptions {
  store?: CatalogStoreApi;
  openAccount?: (accountKey: string) => ComandaDb;
  openGeneration?: (accountKey: string, n: number, options?: { chromeTransactionDurability?: 'relaxed' | 'strict' }) => CatalogDb;
  now?: () => Date;
  log?: (line: string) => void;
  retryOfflineEveryMs?: number;
  retryInconsistentAfterMs?: number;
  retireAfterMs?: number;
  /** Injected in tests to see what is scheduled when; defaults to setTimeout / clearTimeout. */
  timers?: Timers;
  /** Passed to the engine (sync.ts). */
  engine?: Pick<SyncCatalogOptions, 'concurrency' | 'retryDelaysMs' | 'sleep'>;
}

export interface CatalogSync {
  /** Settles when the account's saved data is shown (before any sync finishes). */
  readonly opened: Promise<void>;
  /** Settles when the first sync attempt has finished, successfully or not. */
  readonly firstRun: Promise<void>;
  /** Sync now; joins a sync under way. Never rejects (the outcome is in the store). */
  syncNow(): Promise<void>;
  /** Stop syncing, stop listening, close the databases. */
  stop(): void;
}

/** Failures after which we know the vendor's server answered: the connection itself is up. */
const serverAnswered: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>([
  'unauthorised',
  'not-found',
  'invalid',
  'rate-limited',
  'server-error',
  'invalid-response',
  'outcome-unknown',
]);

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface OpenAccount {
  key: string;
  db: ComandaDb;
}

export function startCatalogSync(bridge: BridgeClient, options: CatalogSyncOptions = {}): CatalogSync {
  const { store, openAccount, openGeneration, now, log, retryOfflineEveryMs, retryInconsistentAfterMs, retireAfterMs, timers } = withDefaults(options);

  let stopped = false;
  let account: OpenAccount | null = null;
  let opening: Promise<OpenAccount | null> | null = null;
  let running: Promise<void> | null = null;
  let abort: AbortController | null = null;
  let timer: unknown = null;
  /** The generation database this service published (the store may belong to a newer one). */
  let shown: CatalogDb | null = null;
  const retireTimers = new Set<unknown>();

  const set = store.setState;
  const get = store.getState;
  /** The store is this service's until the next one starts (a remount may overlap a stop). */
  const ownsStore = () => get().syncNow === syncNow;

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) timers.clear(timer);
    timer = timers.set(() => {
      timer = null;
      void syncNow();
    }, ms);
  }

  /** Which account, its saved generation (shown at once) and a clean-up of abandoned builds. */
  function openVenue(): Promise<OpenAccount | null> {
    opening ??= (async () => {
      try {
        const appInfo = await bridge.getAppInfo({});
        if (stopped) return null;
        const { opened, current, legacyFloor } = await loadSavedVenue(appInfo.accountKey, openAccount, openGeneration, log);
        if (stopped) {
          current?.db.close();
          opened.db.close();
          return null;
        }
        account = opened;
        shown = current?.db ?? null;
        set({ appInfo, accountKey: opened.key, current, legacyFloor });
        return opened;
      } catch (error) {
        if (stopped) return null;
        // The local service or this terminal's storage: nothing is shown yet; Retry starts over.
        fail(error instanceof SyncFailure ? error : localFailure(error));
        return null;
      } finally {
        opening = null;
      }
    })();
    return opening;
  }

  function syncNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  async function run(): Promise<void> {
    if (timer !== null) timers.clear(timer);
    timer = null;
    const venue = account ?? (await openVenue());
    if (venue === null || stopped) {
      if (!stopped) schedule(retryOfflineEveryMs);
      return;
    }
    const controller = new AbortController();
    abort = controller;
    set({ syncing: true, progress: null });
    try {
      const result = await syncCatalog({
        bridge,
        accountKey: venue.key,
        accountDb: venue.db,
        openGeneration,
        now,
        log,
        signal: controller.signal,
        onProgress: (progress) => {
          if (stopped || account !== venue) return;
          set(progress.requests > 0 ? { progress, connection: 'online' } : { progress });
        },
        ...options.engine,
      });
      if (stopped || account !== venue) {
        result.db.close();
        return;
      }
      const previous = shown;
      const legacy = get().legacyFloor;
      shown = result.db;
      set({
        current: { n: result.n, db: result.db, syncedAt: result.syncedAt, counts: result.counts, requests: result.requests },
        legacyFloor: null,
        syncing: false,
        progress: null,
        lastFailure: null,
        connection: 'online',
      });
      if (legacy !== null) await emptyLegacyFloor(venue.db, log);
      retireLater({ timers, retireTimers, retireAfterMs, log }, venue, previous, result.retired);
      schedule(await syncEveryMs(bridge));
    } catch (error) {
      if (stopped || account !== venue) return;
      const failure = error instanceof SyncFailure ? error : localFailure(error);
      fail(failure);
      if (failure.kind === 'aborted') return;
      if (failure.kind === 'connection' || failure.bridgeKind === 'internal') schedule(retryOfflineEveryMs);
      else if (failure.kind === 'inconsistent') schedule(retryInconsistentAfterMs);
      else schedule(await syncEveryMs(bridge));
    } finally {
      if (abort === controller) abort = null;
    }
  }

  function fail(failure: SyncFailure): void {
    set({ syncing: false, progress: null, lastFailure: failureInfo(failure, now()), connection: connectionAfter(failure, get().connection) });
  }

  const unsubscribe = bridge.onEvent((event) => {
    if (stopped) return;
    if (event.type === 'connection') {
      const before = get().connection;
      set({ connection: event.state });
      // Back online after a failed attempt: sync now rather than at the next tick.
      if (event.state === 'online' && before === 'offline' && get().lastFailure !== null) void syncNow();
    }
    // `account-changed` is the app's to handle: it stops this service and starts one on the new
    // account with a fresh bridge scope (features/settings/accountScope.ts), so the two never mix.
  });

  set({ ...initialCatalogState(), syncNow });
  const opened = openVenue().then(() => undefined);
  const firstRun = syncNow();

  return {
    opened,
    firstRun,
    syncNow,
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (timer !== null) timers.clear(timer);
      timer = null;
      abort?.abort();
      // Pending retirements: their databases are deleted at the next start instead.
      for (const handle of retireTimers) timers.clear(handle);
      retireTimers.clear();
      if (ownsStore()) set({ ...initialCatalogState(), syncNow: () => Promise.resolve() });
      const venue = account;
      const current = shown;
      account = null;
      shown = null;
      // The engine deletes a build it was stopped in; the databases close after it.
      void (running ?? Promise.resolve()).finally(() => {
        current?.close();
        venue?.db.close();
      });
    },
  };
}

/** The settings' rhythm between two syncs. */
async function syncEveryMs(bridge: Pick<BridgeClient, 'getSettings'>): Promise<number> {
  try {
    const { settings } = await bridge.getSettings({});
    return settings.syncEveryMinutes * 60_000;
  } catch {
    // Settings unavailable (older main side, or its store failed): the default rhythm.
    return DEFAULT_SYNC_EVERY_MINUTES * 60_000;
  }
}

function withDefaults(options: CatalogSyncOptions) {
  return {
    store: options.store ?? defaultStore,
    openAccount: options.openAccount ?? ((accountKey: string) => openAccountDb(accountKey)),
    openGeneration: options.openGeneration ?? openGenerationDb,
    now: options.now ?? (() => new Date()),
    log: options.log ?? ((line: string) => console.warn(line)),
    retryOfflineEveryMs: options.retryOfflineEveryMs ?? RETRY_OFFLINE_EVERY_MS,
    retryInconsistentAfterMs: options.retryInconsistentAfterMs ?? RETRY_INCONSISTENT_AFTER_MS,
    retireAfterMs: options.retireAfterMs ?? RETIRE_AFTER_MS,
    timers: options.timers ?? realTimers,
  };
}

/** The account's database, its saved generation and a clean-up of abandoned builds. */
async function loadSavedVenue(
  accountKey: string,
  openAccount: (accountKey: string) => ComandaDb,
  openGeneration: (accountKey: string, n: number) => CatalogDb,
  log: (line: string) => void,
): Promise<{ opened: OpenAccount; current: OpenGeneration | null; legacyFloor: CatalogState['legacyFloor'] }> {
  const db = openAccount(accountKey);
  const opened: OpenAccount = { key: accountKey, db };
  await cleanUpGenerations(db, opened.key, log);
  const current = await openCurrentGeneration(db, opened.key, (key, n) => openGeneration(key, n));
  const legacyFloor = current === null && (await db.rooms.count()) > 0 ? { db, savedAt: await readFloorSavedAt(db) } : null;
  return { opened, current, legacyFloor };
}

/** The version 1 floor is superseded for good once a generation exists. */
async function emptyLegacyFloor(db: ComandaDb, log: (line: string) => void): Promise<void> {
  await db
    .transaction('rw', db.rooms, db.floorTables, db.meta, async () => {
      await db.rooms.clear();
      await db.floorTables.clear();
      await db.meta.delete('floorSavedAt');
    })
    .catch((error: unknown) => log(`sync: could not empty the version 1 floor: ${String(error)}`));
}

/** Screens switch to the new generation at once; the old database goes once they have. */
function retireLater(
  { timers, retireTimers, retireAfterMs, log }: { timers: Timers; retireTimers: Set<unknown>; retireAfterMs: number; log: (line: string) => void },
  venue: OpenAccount,
  oldDb: CatalogDb | null,
  retired: readonly number[],
): void {
  if (oldDb === null && retired.length === 0) return;
  const retire = async () => {
    oldDb?.close();
    for (const n of retired) {
      await deleteGeneration(venue.db, venue.key, n).catch((error: unknown) => log(`sync: could not delete generation ${n}: ${String(error)}`));
    }
  };
  if (retireAfterMs <= 0) {
    void retire();
    return;
  }
  const handle = timers.set(() => {
    retireTimers.delete(handle);
    void retire();
  }, retireAfterMs);
  retireTimers.add(handle);
}

function failureInfo(failure: SyncFailure, at: Date): SyncFailureInfo {
  return {
    kind: failure.kind,
    bridgeKind: failure.bridgeKind,
    code: failure.code,
    ...(failure.params ? { params: failure.params } : {}),
    detail: failure.detail,
    at: at.toISOString(),
  };
}

function connectionAfter(failure: SyncFailure, before: CatalogConnection): CatalogConnection {
  if (failure.kind === 'connection') return 'offline';
  if (failure.bridgeKind !== null) return serverAnswered.has(failure.bridgeKind) ? 'online' : 'offline';
  // The server answered with data we refused, or the count did not add up: it is reachable.
  if (failure.kind === 'invalid-data' || failure.kind === 'inconsistent') return 'online';
  return before; // storage, aborted: says nothing about the network
}

function localFailure(error: unknown): SyncFailure {
  if (error instanceof BridgeError) {
    const connection = error.kind === 'offline' || error.kind === 'timeout';
    return new SyncFailure(
      connection ? 'connection' : 'server',
      coded(error.code, error.params),
      `${error.kind}${error.detail ? `: ${error.detail}` : ''}`,
      error.kind,
    );
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new SyncFailure('storage', coded('sync-local-read-failed'), detail);
}
