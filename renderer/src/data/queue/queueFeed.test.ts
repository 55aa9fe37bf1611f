import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot } from '../../../../shared/bridge';
import { startQueueFeed, type QueueFeed } from './queueFeed';
import { createQueueStore, queueSelectors } from './queueStore';
import { fakeQueueBridge, queuedEntry } from './queueTesting';

// The store follows the main side: a read at start, one per newer `queue-changed`, one per
// connection event and per reconnect; a snapshot older than the one held never replaces it.

const AT = '2026-11-22T12:00:00.000Z';
const feeds: QueueFeed[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const feed of feeds.splice(0)) feed.stop();
});

const serviceId = '00000000-0000-4000-8000-000000000001';
const service = {
  id: serviceId,
  tableIds: [5],
  primaryTableId: 5,
  tableNames: ['5'],
  guests: 2,
  customer: null,
  notes: '',
  seatedAt: AT,
  open: 1 as const,
  closedAt: null,
};
const draft = (n: number, fields: { serviceId?: string | null; tableIds?: number[] } = {}) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  kind: 'round' as const,
  tableIds: fields.tableIds ?? [5],
  place: { kind: 'tables' as const, names: ['5'] },
  serviceId: fields.serviceId === undefined ? serviceId : fields.serviceId,
  request: { kind: 'seating' as const, data: { customer: null, table_id: [5], guests: 2, contents: null, payments: null } },
  lines: [],
  summary: 'Round',
  totalCents: 0,
});

/** Lets the feed's awaited reads finish (the fake answers on the next microtasks). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('queue store', () => {
  it('derives what the screens read, once per snapshot, and ignores a snapshot older than the one held', () => {
    const store = createQueueStore();
    const sent = { ...queuedEntry(draft(2), 2, AT), state: 'accepted' as const, pending: 0 as const, lines: [] };
    const snapshot: QueueSnapshot = { revision: 4, services: [service], entries: [queuedEntry(draft(1), 1, AT), sent], storageProblem: null };
    expect(store.getState().applySnapshot(snapshot)).toBe(true);
    const state = store.getState();
    expect(queueSelectors.pendingCount(state)).toBe(1);
    expect(queueSelectors.waitingCount(state)).toBe(1);
    expect(
      queueSelectors
        .entriesOfService(serviceId)(state)
        .map((e) => e.seq),
    ).toEqual([1, 2]);
    expect(queueSelectors.tableStatuses(state).get(5)).toMatchObject({ kind: 'sending', guests: 2, waiting: 1 });
    // Same references on every read: selectors never make a component re-render by themselves.
    expect(queueSelectors.pendingEntries(state)).toBe(queueSelectors.pendingEntries(store.getState()));

    expect(store.getState().applySnapshot({ revision: 3, services: [], entries: [], storageProblem: null })).toBe(false);
    expect(store.getState().applySnapshot({ revision: 4, services: [], entries: [], storageProblem: null })).toBe(false);
    expect(queueSelectors.pendingCount(store.getState())).toBe(1);
    // After a reconnect the main side may have restarted: its snapshot is the truth.
    expect(store.getState().applySnapshot({ revision: 1, services: [], entries: [], storageProblem: null }, { force: true })).toBe(true);
    expect(queueSelectors.openServices(store.getState())).toEqual([]);
  });
});

describe('queue feed', () => {
  it('reads at start, on every newer queue-changed, on connection events and on reconnects', async () => {
    const main = fakeQueueBridge(AT);
    const store = createQueueStore();
    // The browser shell's event stream reopening (bridge/reopened.ts), as a plain listener here.
    let reopened = () => {};
    const reopen = { notify: () => reopened(), subscribe: (listener: () => void) => ((reopened = listener), () => (reopened = () => {})) };
    main.services.set(serviceId, service);
    main.revision = 7;
    feeds.push(startQueueFeed({ bridge: main, store, onReopen: reopen.subscribe }));
    await settle();
    // A window that starts late shows what the main side holds, without waiting for an event.
    expect(store.getState().queue?.revision).toBe(7);
    expect(queueSelectors.serviceById(serviceId)(store.getState())).toEqual(service);

    main.emit({ type: 'queue-changed', revision: 7, storageProblem: null }); // already held: not read again
    await settle();
    expect(main.calls.filter((c) => c === 'getQueue')).toHaveLength(1);

    main.entries.set(draft(1).id, queuedEntry(draft(1), 1, AT));
    main.revision = 8;
    main.emit({ type: 'queue-changed', revision: 8, storageProblem: null });
    await settle();
    expect(queueSelectors.pendingCount(store.getState())).toBe(1);

    main.emit({ type: 'connection', state: 'online', at: AT });
    await settle();
    expect(main.calls.filter((c) => c === 'getQueue')).toHaveLength(3);

    // The event stream dropped and came back; the main side restarted and counts from 2 now.
    main.entries.clear();
    main.revision = 2;
    reopen.notify();
    await settle();
    expect(store.getState().queue?.revision).toBe(2);
    expect(queueSelectors.pendingCount(store.getState())).toBe(0);
  });

  it('does not let a read that started before this window’s write hide it', async () => {
    const main = fakeQueueBridge(AT);
    const store = createQueueStore();
    let answer: (snapshot: QueueSnapshot) => void = () => {};
    const slow = { ...main, getQueue: () => new Promise<QueueSnapshot>((resolve) => (answer = resolve)) };
    feeds.push(startQueueFeed({ bridge: slow, store }));
    const before = main.snapshot(); // revision 0: read before the seating committed
    store.getState().applyWrite({ services: [service], entries: [queuedEntry(draft(1), 1, AT)] });
    main.services.set(serviceId, service);
    main.revision = 1;
    answer(before);
    await settle();
    expect(queueSelectors.serviceById(serviceId)(store.getState())).toEqual(service); // not replaced by the older read
    answer(main.snapshot()); // the read made again after the write
    await settle();
    expect(store.getState().queue?.revision).toBe(1);
    expect(queueSelectors.serviceById(serviceId)(store.getState())).toEqual(service);
  });

  it('reads again after a failed read, on a timer, and stops with the account', async () => {
    vi.useFakeTimers();
    const main = fakeQueueBridge(AT);
    const store = createQueueStore();
    let failures = 1;
    const flaky = {
      ...main,
      getQueue: async () => {
        if (failures-- > 0) throw new Error('The terminal’s local service is not answering.');
        return main.getQueue({});
      },
    };
    const lines: string[] = [];
    const feed = startQueueFeed({ bridge: flaky, store, retryAfterMs: 1_000, log: (line) => lines.push(line) });
    feeds.push(feed);
    await settle();
    expect(store.getState().queue).toBeNull();
    expect(lines[0]).toMatch(/reading the queue failed/);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().queue?.revision).toBe(0);
    feed.stop();
    main.emit({ type: 'queue-changed', revision: 5, storageProblem: null });
    await settle();
    expect(main.calls.filter((c) => c === 'getQueue')).toHaveLength(1);
  });

  it('shows "cannot save orders" from the event that carries it, though no revision changed, and clears it the same way', async () => {
    const main = fakeQueueBridge(AT);
    const store = createQueueStore();
    feeds.push(startQueueFeed({ bridge: main, store }));
    await settle();
    const held = store.getState().queue!.revision;
    const problem = { code: 'queue-cannot-save' as const, detail: 'submitEntry: SQLITE_FULL: database or disk is full', since: AT };
    main.emit({ type: 'queue-changed', revision: held, storageProblem: problem });
    expect(queueSelectors.storageProblem(store.getState())).toEqual(problem);
    const shown = queueSelectors.storageProblem(store.getState());
    main.emit({ type: 'queue-changed', revision: held, storageProblem: { ...problem } });
    expect(queueSelectors.storageProblem(store.getState())).toBe(shown); // the same problem: no re-render
    main.emit({ type: 'queue-changed', revision: held, storageProblem: null });
    expect(queueSelectors.storageProblem(store.getState())).toBeNull();
  });

  it('a window that starts while the database refuses writes shows it from its first read; a read older than the last event does not undo it', async () => {
    const main = fakeQueueBridge(AT);
    const problem = { code: 'queue-cannot-save' as const, detail: 'SQLITE_FULL', since: AT };
    main.storageProblem = problem;
    const store = createQueueStore();
    feeds.push(startQueueFeed({ bridge: main, store }));
    await settle();
    expect(queueSelectors.storageProblem(store.getState())).toEqual(problem);

    let answer!: (snapshot: QueueSnapshot) => void;
    const slow = { ...main, getQueue: () => new Promise<QueueSnapshot>((resolve) => (answer = resolve)) };
    const other = createQueueStore();
    feeds.push(startQueueFeed({ bridge: slow, store: other }));
    const stale = main.snapshot(); // read while the problem was there…
    main.storageProblem = null;
    main.emit({ type: 'queue-changed', revision: stale.revision, storageProblem: null }); // …then cleared
    answer(stale);
    await settle();
    expect(queueSelectors.storageProblem(other.getState())).toBeNull();
  });
});
