import { create } from 'zustand';
import type { OutboxEntry, QueueSnapshot, QueueStorageProblem, TableService } from '../../../../shared/bridge';
import { tableStatuses, type TableStatus } from '../floor/tableStatus';

// The order queue as this window last saw it: the main side owns it; this store holds
// its latest snapshot (getQueue at start, on every `queue-changed`, on reconnect — queueFeed.ts)
// and everything the screens derive from it, computed once per snapshot so selectors return
// stable references (a selector that built a new array on every call would re-render forever).

/** A snapshot and what the screens read from it. */
export interface QueueView {
  /** The main side's revision; -1 while only this window's own writes are known. */
  revision: number;
  /** Entries that need the main side's dispatcher or a person, oldest first (seq: the order they leave in). */
  pending: readonly OutboxEntry[];
  /** Pending entries queued or sending: the two states the dispatcher still owns. */
  waitingCount: number;
  openServices: readonly TableService[];
  serviceById: ReadonlyMap<string, TableService>;
  /** Every entry of each open service, by seq. */
  entriesByService: ReadonlyMap<string, readonly OutboxEntry[]>;
  /** Every table that is not free (a free table is absent). */
  tableStatuses: ReadonlyMap<number, TableStatus>;
  /** The raw lists, for merging this window's own writes. */
  services: readonly TableService[];
  entries: readonly OutboxEntry[];
}

export interface QueueState {
  /** null until the first snapshot (or write) of this account arrived. */
  queue: QueueView | null;
  /** The main side's queue database refuses writes; null while it takes them. queueFeed.ts keeps it. */
  storageProblem: QueueStorageProblem | null;
  /**
   * Counts this window's writes merged into `queue`: a snapshot read that started before one
   * may not contain it, so the feed reads again instead of applying it.
   */
  localWrites: number;
  /** Applies a snapshot newer than the one held; `force` (a reconnect) applies it whatever its revision. Returns whether it was applied. */
  applySnapshot: (snapshot: QueueSnapshot, options?: { force?: boolean }) => boolean;
  /** A write this window made (committed on the main side): shown at once, until the next snapshot. */
  applyWrite: (write: { services?: readonly TableService[]; entries?: readonly OutboxEntry[]; closedServiceIds?: readonly string[] }) => void;
  setStorageProblem: (problem: QueueStorageProblem | null) => void;
  /** Another account (or none): nothing of the previous one stays. */
  reset: () => void;
}

const NO_ENTRIES: readonly OutboxEntry[] = [];
const NO_SERVICES: readonly TableService[] = [];
const NO_STATUSES: ReadonlyMap<number, TableStatus> = new Map();

/** Derives what the screens read; pure. */
export function queueView(revision: number, services: readonly TableService[], entries: readonly OutboxEntry[]): QueueView {
  const bySeq = [...entries].sort((a, b) => a.seq - b.seq);
  const pending = bySeq.filter((entry) => entry.pending === 1);
  const openServices = services.filter((service) => service.open === 1);
  const serviceById = new Map(openServices.map((service) => [service.id, service]));
  const entriesByService = new Map<string, OutboxEntry[]>();
  const servicesWithOrder = new Set<string>();
  for (const entry of bySeq) {
    if (entry.serviceId === null || !serviceById.has(entry.serviceId)) continue;
    const list = entriesByService.get(entry.serviceId) ?? [];
    list.push(entry);
    entriesByService.set(entry.serviceId, list);
    if (entry.state === 'accepted' && entry.lines.length > 0) servicesWithOrder.add(entry.serviceId);
  }
  return {
    revision,
    pending,
    waitingCount: pending.filter((entry) => entry.state === 'queued' || entry.state === 'sending').length,
    openServices,
    serviceById,
    entriesByService,
    tableStatuses: tableStatuses({ openServices, pendingEntries: pending, servicesWithOrder }),
    services,
    entries,
  };
}

function sameProblem(a: QueueStorageProblem | null, b: QueueStorageProblem | null): boolean {
  return a === b || (a !== null && b !== null && a.since === b.since && a.detail === b.detail && a.code === b.code);
}

/** Replaces items with the same id, appends the others. */
function upsert<T extends { id: string }>(list: readonly T[], changed: readonly T[]): T[] {
  const byId = new Map(changed.map((item) => [item.id, item]));
  const merged = list.map((item) => byId.get(item.id) ?? item);
  const known = new Set(list.map((item) => item.id));
  return [...merged, ...changed.filter((item) => !known.has(item.id))];
}

export const createQueueStore = () =>
  create<QueueState>()((set, get) => ({
    queue: null,
    storageProblem: null,
    localWrites: 0,
    applySnapshot: (snapshot, options = {}) => {
      const held = get().queue;
      if (held !== null && !options.force && snapshot.revision <= held.revision) return false;
      set({ queue: queueView(snapshot.revision, snapshot.services, snapshot.entries) });
      return true;
    },
    applyWrite: ({ services = [], entries = [], closedServiceIds = [] }) => {
      const held = get().queue;
      const closed = new Set(closedServiceIds);
      const nextServices = upsert(held?.services ?? NO_SERVICES, services).filter((service) => !closed.has(service.id));
      const nextEntries = upsert(held?.entries ?? NO_ENTRIES, entries);
      set((state) => ({ queue: queueView(held?.revision ?? -1, nextServices, nextEntries), localWrites: state.localWrites + 1 }));
    },
    // The same problem again (every event and snapshot carries it) keeps its object: no re-render.
    setStorageProblem: (storageProblem) => set((state) => (sameProblem(state.storageProblem, storageProblem) ? state : { storageProblem })),
    reset: () => set((state) => ({ queue: null, storageProblem: null, localWrites: state.localWrites + 1 })),
  }));

export type QueueStoreApi = ReturnType<typeof createQueueStore>;

/** The app's queue store (tests make their own with createQueueStore). */
export const useQueueStore: QueueStoreApi = createQueueStore();

/** Components select the smallest piece they need; selectors with an argument are curried. */
export const queueSelectors = {
  loaded: (state: QueueState) => state.queue !== null,
  pendingEntries: (state: QueueState) => state.queue?.pending ?? NO_ENTRIES,
  pendingCount: (state: QueueState) => state.queue?.pending.length ?? 0,
  waitingCount: (state: QueueState) => state.queue?.waitingCount ?? 0,
  openServices: (state: QueueState) => state.queue?.openServices ?? NO_SERVICES,
  tableStatuses: (state: QueueState) => state.queue?.tableStatuses ?? NO_STATUSES,
  storageProblem: (state: QueueState) => state.storageProblem,
  /** An open service, or null (not seated, cleared, or not known yet). */
  serviceById: (serviceId: string) => (state: QueueState) => state.queue?.serviceById.get(serviceId) ?? null,
  /** Every entry of an open service, by seq. */
  entriesOfService: (serviceId: string) => (state: QueueState) => state.queue?.entriesByService.get(serviceId) ?? NO_ENTRIES,
  entryById: (entryId: string) => (state: QueueState) => state.queue?.entries.find((entry) => entry.id === entryId) ?? null,
} as const;
