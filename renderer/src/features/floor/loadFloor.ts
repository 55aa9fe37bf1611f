import { BridgeError, type BridgeClient, type BridgeErrorKind } from '../../../../shared/bridge';
import { openAccountDb, type ComandaDb } from '../../data/db';
import { readFloorSavedAt, saveFloor } from '../../data/floorRepository';
import { useFloorStore, type FloorStoreApi } from './floorStore';

export const FLOOR_RETRY_EVERY_MS = 30_000;

export interface FloorLoaderOptions {
  store?: FloorStoreApi;
  openDb?: (accountKey: string) => ComandaDb;
  retryEveryMs?: number;
  now?: () => Date;
  /** Where the engineer's detail of a failure goes. */
  log?: (line: string) => void;
}

export interface FloorLoader {
  /** Settles when the first attempt has finished (successfully or not). */
  readonly ready: Promise<void>;
  /** Try again now (the Retry button); joins an attempt already under way. */
  retry(): Promise<void>;
  /** Stop retrying, stop listening, close the database. */
  stop(): void;
}

/** Failures after which we know the vendor's server answered: the connection itself is up. */
const serverAnswered: ReadonlySet<BridgeErrorKind> = new Set<BridgeErrorKind>([
  'unauthorised',
  'invalid',
  'rate-limited',
  'server-error',
  'invalid-response',
  'outcome-unknown',
]);

/**
 * Loads the floor plan: which account (getAppInfo) → its local database (shown at once, so a
 * terminal that starts offline still has its saved plan) → the server's rooms, saved locally.
 * Offline or timed out: keep the local plan and retry every 30 s, and at once when the main side
 * reports the connection back. Any other failure: keep the local plan and say what went wrong.
 */
export function startFloorLoader(bridge: BridgeClient, options: FloorLoaderOptions = {}): FloorLoader {
  const store = options.store ?? useFloorStore;
  const openDb = options.openDb ?? ((accountKey: string) => openAccountDb(accountKey));
  const retryEveryMs = options.retryEveryMs ?? FLOOR_RETRY_EVERY_MS;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));

  let stopped = false;
  let db: ComandaDb | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;

  const actions = () => store.getState();

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };
  const scheduleRetry = () => {
    if (stopped || retryTimer !== null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void attempt();
    }, retryEveryMs);
  };

  const unsubscribe = bridge.onEvent((event) => {
    if (stopped || event.type !== 'connection') return;
    const before = actions().connection;
    if (event.state === 'offline') {
      actions().setConnection('offline');
      scheduleRetry();
    } else {
      actions().setConnection('online');
      // Back online: refresh now rather than at the next 30 s tick.
      if (before === 'offline') void attempt();
    }
  });

  async function openVenue(): Promise<ComandaDb | null> {
    const appInfo = await bridge.getAppInfo({});
    if (stopped) return null;
    const opened = openDb(appInfo.accountKey);
    const savedAt = await readFloorSavedAt(opened);
    if (stopped) {
      opened.close();
      return null;
    }
    db = opened;
    actions().setVenue(appInfo, opened);
    actions().setFloorSavedAt(savedAt);
    return opened;
  }

  async function run(): Promise<void> {
    clearRetry();
    try {
      const venueDb = db ?? (await openVenue());
      if (venueDb === null) return;
      const { rooms } = await bridge.listRooms({});
      if (stopped) return;
      actions().setConnection('online');
      try {
        const savedAt = await saveFloor(venueDb, rooms, now());
        if (stopped) return;
        actions().setFloorSavedAt(savedAt);
        actions().setLoadError(null);
      } catch (error) {
        if (stopped) return;
        log(`floor: saving ${rooms.length} rooms failed: ${describe(error)}`);
        actions().setLoadError('The floor plan could not be saved on this terminal; the previous copy is still shown.');
      }
    } catch (error) {
      if (stopped) return;
      onFailure(error);
    }
  }

  function onFailure(error: unknown): void {
    if (error instanceof BridgeError) {
      log(`floor: ${error.kind}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`);
      if (error.kind === 'offline' || error.kind === 'timeout') {
        actions().setLoadError(null); // the indicator says "Offline"; nothing more to explain
        actions().setConnection('offline');
      } else {
        actions().setLoadError(error.message);
        actions().setConnection(serverAnswered.has(error.kind) ? 'online' : 'offline');
      }
    } else {
      // Not the bridge: the local database (e.g. storage full or blocked by another window).
      log(`floor: ${describe(error)}`);
      actions().setLoadError(`This terminal could not read its saved floor plan (${describe(error)}).`);
      actions().setConnection('offline');
    }
    if (actions().connection === 'offline') scheduleRetry();
  }

  function attempt(): Promise<void> {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  actions().setConnection('connecting');
  const ready = attempt();

  return {
    ready,
    retry: () => (stopped ? Promise.resolve() : attempt()),
    stop() {
      if (stopped) return;
      stopped = true;
      clearRetry();
      unsubscribe();
      if (db !== null) {
        if (actions().db === db) actions().clearVenue();
        db.close();
        db = null;
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
