import {
  BridgeError,
  outboxEntrySchema,
  queuedEntry,
  queueSnapshotSchema,
  type BridgeClient,
  type BridgeEvent,
  type EntryDraft,
  type OutboxEntry,
  type QueueSnapshot,
  type QueueStorageProblem,
  type TableService,
} from '../../../../shared/bridge';
import { demoRecords } from '../../../../shared/domain/testing';
import { openGenerationDb, type CatalogDb } from '../catalog/catalogDb';
import type { TicketLineInput } from './outboxTypes';
import type { QueueBridge } from './outboxClient';

// Test helpers of the queue's renderer side (not used by the app): the domain's demo catalog in a
// generation database, ticket lines, and a main side in memory that answers the queue's bridge
// operations the way the real one promises (one decision per call, conflicts, revisions, events).

let counter = 0;

export async function demoCatalogDb(): Promise<CatalogDb> {
  const db = openGenerationDb(`queue-test-${++counter}`, 1);
  const r = demoRecords();
  await db.transaction('rw', db.tables, async () => {
    await db.categories.bulkPut([...r.categories]);
    await db.items.bulkPut([...r.items]);
    await db.sellingFormats.bulkPut([...r.sellingFormats]);
    await db.sellingFormatPivots.bulkPut([...r.sellingFormatPivots]);
    await db.modifiers.bulkPut([...r.modifiers]);
    await db.modifierCategories.bulkPut([...r.modifierCategories]);
    await db.modifierGroups.bulkPut([...r.modifierGroups]);
    await db.modifierPivots.bulkPut([...r.modifierPivots]);
    await db.menuMenuCategories.bulkPut([...r.menuMenuCategories]);
    await db.menuMenuItemCategoryPivots.bulkPut([...r.menuMenuItemCategoryPivots]);
  });
  return db;
}

/** Ticket lines of the demo catalog (shared/domain/testing.ts demoRecords). */
export const demoLines = {
  cana: (quantity = 1, note = ''): TicketLineInput => ({ choice: { itemId: 10, quantity: 1 }, name: 'Caña', details: [], quantity, note, unitCents: 250 }),
  entrecot: (quantity = 1): TicketLineInput => ({
    choice: { itemId: 11, quantity: 1, modifierIds: [2, 3] },
    name: 'Entrecot',
    details: ['Al punto', 'Huevo'],
    quantity,
    note: '',
    unitCents: 2010,
  }),
  jamon: (): TicketLineInput => ({
    choice: { itemId: 20, quantity: 1, formatPivotId: 1 },
    name: 'Jamón',
    details: ['½ ración'],
    quantity: 1,
    note: '',
    unitCents: 1350,
  }),
};

export type QueueBridgeFake = QueueBridge &
  Pick<BridgeClient, 'getQueue' | 'getEntries' | 'importQueue' | 'onEvent'> & {
    services: Map<string, TableService>;
    entries: Map<string, OutboxEntry>;
    revision: number;
    /** Every operation called, in order. */
    calls: string[];
    /** Each importQueue's `last`, in order. */
    imports: Array<{ last: boolean | undefined }>;
    /** The next write fails with this (then works again); a `storage` failure sets `storageProblem` as the main side does. */
    failNextWith: BridgeError | null;
    /** What getQueue and queue-changed say about the database; a committed write clears it. */
    storageProblem: QueueStorageProblem | null;
    /** Changes an entry as the dispatcher would, commits a revision and tells the listeners. */
    update(entryId: string, fields: Partial<OutboxEntry>): void;
    emit(event: BridgeEvent): void;
    snapshot(): QueueSnapshot;
  };

/** An in-memory main side: enough of the queue's rules for the renderer's tests. */
export function fakeQueueBridge(at = '2026-11-22T12:00:00.000Z'): QueueBridgeFake {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const fake = {
    services: new Map<string, TableService>(),
    entries: new Map<string, OutboxEntry>(),
    revision: 0,
    calls: [] as string[],
    imports: [] as Array<{ last: boolean | undefined }>,
    failNextWith: null as BridgeError | null,
    storageProblem: null as QueueStorageProblem | null,
  };
  let seq = 0;
  const emit = (event: BridgeEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const commit = () => {
    fake.storageProblem = null;
    emit({ type: 'queue-changed', revision: ++fake.revision, storageProblem: null });
  };
  const write = async <T>(name: string, work: () => T): Promise<T> => {
    fake.calls.push(name);
    await Promise.resolve();
    const failure = fake.failNextWith;
    if (failure) {
      fake.failNextWith = null;
      if (failure.kind === 'storage' && fake.storageProblem === null) {
        fake.storageProblem = { code: 'queue-cannot-save', detail: failure.detail ?? failure.message, since: at };
        emit({ type: 'queue-changed', revision: fake.revision, storageProblem: fake.storageProblem });
      }
      throw failure;
    }
    const result = work();
    commit();
    return structuredClone(result);
  };
  const add = (draft: EntryDraft) => {
    const entry = outboxEntrySchema.parse(queuedEntry(draft, ++seq, at));
    fake.entries.set(entry.id, entry);
    return entry;
  };
  const entry = (entryId: string) => {
    const found = fake.entries.get(entryId);
    if (!found) throw new BridgeError({ kind: 'not-found', code: 'entry-not-in-queue' });
    return found;
  };
  const change = (entryId: string, fields: Partial<OutboxEntry>) => {
    const next = { ...entry(entryId), ...fields, updatedAt: at };
    fake.entries.set(entryId, next);
    return { entry: next };
  };
  const snapshot = (): QueueSnapshot => {
    const open = [...fake.services.values()].filter((s) => s.open === 1);
    const openIds = new Set(open.map((s) => s.id));
    const entries = [...fake.entries.values()].filter((e) => e.pending === 1 || (e.serviceId !== null && openIds.has(e.serviceId)));
    return queueSnapshotSchema.parse(structuredClone({ revision: fake.revision, services: open, entries, storageProblem: fake.storageProblem }));
  };
  return Object.assign(fake, {
    emit,
    snapshot,
    update(entryId: string, fields: Partial<OutboxEntry>) {
      change(entryId, fields);
      commit();
    },
    getQueue: async () => {
      fake.calls.push('getQueue');
      await Promise.resolve();
      return snapshot();
    },
    seatService: ({ service, drafts }: { service: TableService; drafts: EntryDraft[] }) =>
      write('seatService', () => {
        // The same seating again (its answer was lost): what was stored, as the main side does.
        const stored = fake.services.get(service.id);
        if (stored) return { service: stored, entries: drafts.map((d) => entry(d.id)) };
        const busy = [...fake.services.values()].find((s) => s.open === 1 && s.tableIds.some((id) => service.tableIds.includes(id)));
        if (busy)
          throw new BridgeError({
            kind: 'conflict',
            code: 'tables-just-seated',
            params: { count: busy.tableNames.length, tables: busy.tableNames.join(' + ') },
          });
        fake.services.set(service.id, service);
        return { service, entries: drafts.map(add) };
      }),
    getEntries: async ({ ids }: { ids: string[] }) => {
      fake.calls.push('getEntries');
      await Promise.resolve();
      return { entries: structuredClone(ids.flatMap((id) => fake.entries.get(id) ?? [])) };
    },
    submitEntry: ({ draft }: { draft: EntryDraft }) => write('submitEntry', () => ({ entry: fake.entries.get(draft.id) ?? add(draft) })),
    retryEntry: ({ entryId }: { entryId: string }) => write('retryEntry', () => change(entryId, { retryAt: null })),
    resendEntry: ({ entryId }: { entryId: string }) => write('resendEntry', () => change(entryId, { state: 'queued', afterUnconfirmed: true })),
    markEntryDone: ({ entryId }: { entryId: string }) => write('markEntryDone', () => change(entryId, { pending: 0, resolution: 'marked-done' })),
    discardEntry: ({ entryId }: { entryId: string }) => write('discardEntry', () => change(entryId, { pending: 0, resolution: 'discarded' })),
    sendSeatingAsRound: ({ entryId, round }: { entryId: string; round: EntryDraft | null }) =>
      write('sendSeatingAsRound', () => {
        if (round) add(round);
        return change(entryId, { pending: 0, resolution: 'sent-as-round' });
      }),
    moveSeating: ({ entryId, tables, seating }: { entryId: string; tables: { id: number; name: string }[]; seating: EntryDraft }) =>
      write('moveSeating', () => {
        const service = fake.services.get(entry(entryId).serviceId!)!;
        fake.services.set(service.id, {
          ...service,
          tableIds: tables.map((t) => t.id),
          primaryTableId: tables.at(-1)!.id,
          tableNames: tables.map((t) => t.name),
        });
        add(seating);
        return change(entryId, { pending: 0, resolution: 'moved' });
      }),
    clearTable: ({ serviceId }: { serviceId: string }) =>
      write('clearTable', () => {
        const service = fake.services.get(serviceId);
        if (!service || service.open !== 1) return { cleared: false };
        fake.services.set(serviceId, { ...service, open: 0 as const, closedAt: at });
        return { cleared: true };
      }),
    exportPending: async () => ({ json: JSON.stringify({ entries: [...fake.entries.values()].filter((e) => e.pending === 1) }) }),
    importQueue: ({ entries, services, last }: { entries: OutboxEntry[]; services: TableService[]; last?: boolean }) =>
      write('importQueue', () => {
        fake.imports.push({ last });
        let skipped = 0;
        let importedEntries = 0;
        let importedServices = 0;
        for (const service of services) {
          if (fake.services.has(service.id)) {
            skipped += 1;
            continue;
          }
          fake.services.set(service.id, service);
          importedServices += 1;
        }
        for (const imported of entries) {
          if (fake.entries.has(imported.id)) {
            skipped += 1;
            continue;
          }
          fake.entries.set(imported.id, imported);
          importedEntries += 1;
          seq = Math.max(seq, imported.seq);
        }
        return { entries: importedEntries, services: importedServices, skipped };
      }),
    onEvent(listener: (event: BridgeEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }) as QueueBridgeFake;
}

export { queuedEntry };
