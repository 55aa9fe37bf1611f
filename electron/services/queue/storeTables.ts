import { z } from 'zod';
import { outboxEntrySchema, queuedEntry, tableServiceSchema, type EntryDraft, type OutboxEntry, type TableService } from '../../../shared/bridge/queue';
import type Database from 'libsql';
import { inTransaction, type QueueDb } from './migrations';
import { sameNumbers } from './storeDrafts';

// The queue store's tables: prepared statements, rows read through their schemas, and the writes
// (only inside `write`, one IMMEDIATE transaction that bumps the revision).

// Rows are read through these (libsql adds a `_metadata` key to every row).
const dataRow = z.object({ data: z.string() });
const seqRow = z.object({ seq: z.number().int().nullable() });
const valueRow = z.object({ value: z.number().int() });

/** Every statement the store runs, prepared once per database. */
const SQL = {
  revision: `SELECT value FROM meta WHERE key = 'revision'`,
  // The hand-off of an old outbox (importEntries): no row while it may still come, 0 once it ended.
  importsClosed: `SELECT value FROM meta WHERE key = 'imports-closed'`,
  closeImports: `INSERT INTO meta (key, value) VALUES ('imports-closed', 1) ON CONFLICT (key) DO UPDATE SET value = 1`,
  bump: `UPDATE meta SET value = value + 1 WHERE key = 'revision' RETURNING value`,
  entry: `SELECT data FROM entries WHERE id = ?`,
  entriesPending: `SELECT data FROM entries WHERE pending = 1 ORDER BY seq`,
  entriesInState: `SELECT data FROM entries WHERE state = ? ORDER BY seq`,
  entriesOfService: `SELECT data FROM entries WHERE service_id = ? ORDER BY seq`,
  entriesOfKind: `SELECT data FROM entries WHERE kind = ? ORDER BY seq`,
  snapshotEntries: `SELECT data FROM entries WHERE pending = 1 OR service_id IN (SELECT id FROM services WHERE open = 1) ORDER BY seq`,
  maxSeq: `SELECT max(seq) AS seq FROM entries`,
  insertEntry: `INSERT INTO entries (id, seq, kind, state, pending, service_id, retry_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  updateEntry: `UPDATE entries SET kind = ?, state = ?, pending = ?, service_id = ?, retry_at = ?, data = ? WHERE id = ?`,
  deleteEntryTables: `DELETE FROM entry_tables WHERE entry_id = ?`,
  insertEntryTable: `INSERT INTO entry_tables (entry_id, table_id) VALUES (?, ?)`,
  service: `SELECT data FROM services WHERE id = ?`,
  openServices: `SELECT data FROM services WHERE open = 1 ORDER BY seated_at, id`,
  openServiceAt: `SELECT s.data FROM service_tables t JOIN services s ON s.id = t.service_id WHERE t.open = 1 AND t.table_id = ?`,
  insertService: `INSERT INTO services (id, open, primary_table_id, seated_at, closed_at, data) VALUES (?, ?, ?, ?, ?, ?)`,
  updateService: `UPDATE services SET open = ?, primary_table_id = ?, seated_at = ?, closed_at = ?, data = ? WHERE id = ?`,
  deleteServiceTables: `DELETE FROM service_tables WHERE service_id = ?`,
  insertServiceTable: `INSERT INTO service_tables (service_id, table_id, open) VALUES (?, ?, ?)`,
};
type Statement = Database.Statement<unknown[]>;
type Statements = { readonly [K in keyof typeof SQL]: Statement };

function prepareStatements(db: QueueDb): Statements {
  return Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as unknown as Statements;
}

function createRows(statements: Statements) {
  // Every row is checked against its schema, but only once per distinct text: the dispatcher reads
  // the pending entries on every pass and each window re-reads the snapshot on every change, and a
  // zod parse of hundreds of entries each time cost ~28 ms a read (the chaos run). A row whose
  // text changed (a write, or a damaged file) is parsed and checked again. Cached values are
  // frozen: a caller cannot change what the next reader gets.
  const checkedRows = <T>(schema: { parse(value: unknown): T }) => {
    const cache = new Map<string, T>();
    return (row: unknown): T => {
      const text = dataRow.parse(row).data;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      const value = deepFreeze(schema.parse(JSON.parse(text)));
      if (cache.size >= ROW_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(text, value);
      return value;
    };
  };
  const parseEntry = checkedRows<OutboxEntry>(outboxEntrySchema);
  const parseService = checkedRows<TableService>(tableServiceSchema);
  const readEntry = (entryId: string): OutboxEntry | null => {
    const row = statements.entry.get(entryId);
    return row === undefined ? null : parseEntry(row);
  };
  const readService = (serviceId: string): TableService | null => {
    const row = statements.service.get(serviceId);
    return row === undefined ? null : parseService(row);
  };
  const readRevision = () => valueRow.parse(statements.revision.get()).value;

  /** The open service holding one of these tables (other than `except`), if any. */
  function openServiceAt(tableIds: readonly number[], except: string | null = null): TableService | null {
    for (const tableId of tableIds) {
      const row = statements.openServiceAt.get(tableId);
      if (row === undefined) continue;
      const service = parseService(row);
      if (service.id !== except) return service;
    }
    return null;
  }
  return { parseEntry, parseService, readEntry, readService, readRevision, openServiceAt };
}

function createWrites(db: QueueDb, statements: Statements, now: () => Date, log: (line: string) => void) {
  const listeners = new Set<(revision: number) => void>();

  let changed = false;

  function insertEntry(entry: OutboxEntry) {
    const valid = outboxEntrySchema.parse(entry);
    statements.insertEntry.run(valid.id, valid.seq, valid.kind, valid.state, valid.pending, valid.serviceId, valid.retryAt, JSON.stringify(valid));
    for (const tableId of new Set(valid.tableIds)) statements.insertEntryTable.run(valid.id, tableId);
    changed = true;
  }

  function updateEntry(previous: OutboxEntry, next: OutboxEntry): OutboxEntry {
    const valid = outboxEntrySchema.parse(next);
    // An update never changes which entry it is or its place in the queue.
    if (valid.id !== previous.id || valid.seq !== previous.seq) throw new Error(`queue: an update changed entry ${previous.id}'s id or seq`);
    statements.updateEntry.run(valid.kind, valid.state, valid.pending, valid.serviceId, valid.retryAt, JSON.stringify(valid), valid.id);
    if (!sameNumbers(previous.tableIds, valid.tableIds)) {
      statements.deleteEntryTables.run(valid.id);
      for (const tableId of new Set(valid.tableIds)) statements.insertEntryTable.run(valid.id, tableId);
    }
    changed = true;
    return valid;
  }

  function writeServiceTables(service: TableService) {
    statements.deleteServiceTables.run(service.id);
    for (const tableId of new Set(service.tableIds)) statements.insertServiceTable.run(service.id, tableId, service.open);
  }

  function insertService(service: TableService) {
    const valid = tableServiceSchema.parse(service);
    statements.insertService.run(valid.id, valid.open, valid.primaryTableId, valid.seatedAt, valid.closedAt, JSON.stringify(valid));
    writeServiceTables(valid);
    changed = true;
  }

  function updateService(service: TableService) {
    const valid = tableServiceSchema.parse(service);
    statements.updateService.run(valid.open, valid.primaryTableId, valid.seatedAt, valid.closedAt, JSON.stringify(valid), valid.id);
    writeServiceTables(valid);
    changed = true;
  }

  /** Drafts become queued entries with the next sequence numbers. */
  function addEntries(drafts: readonly EntryDraft[]): OutboxEntry[] {
    let seq = seqRow.parse(statements.maxSeq.get()).seq ?? 0;
    const at = now().toISOString();
    return drafts.map((draft) => {
      const entry = queuedEntry(draft, ++seq, at);
      insertEntry(entry);
      return entry;
    });
  }

  /**
   * Runs `work` in one IMMEDIATE transaction (the write lock is taken at BEGIN, so a check and the
   * write that depends on it cannot be split by another connection), bumps the revision when it
   * changed something, and tells the listeners once it is committed.
   */
  function write<T>(work: () => T): T {
    let revision: number | null = null;
    const result = inTransaction(db, 'IMMEDIATE', () => {
      changed = false;
      const value = work();
      if (changed) revision = valueRow.parse(statements.bump.get()).value;
      return value;
    });
    changed = false;
    if (revision !== null) notify(revision);
    return result;
  }

  function notify(revision: number) {
    for (const listener of [...listeners]) {
      try {
        listener(revision);
      } catch (error) {
        log(`queue: a change listener failed: ${error instanceof Error ? error.name : typeof error}`);
      }
    }
  }
  return {
    insertEntry,
    updateEntry,
    insertService,
    updateService,
    addEntries,
    write,
    onChange(listener: (revision: number) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearListeners: () => listeners.clear(),
  };
}

/** The store's tables over one database: what the rules, the seating and the hand-off read and write. */
export function openStoreTables(db: QueueDb, now: () => Date, log: (line: string) => void) {
  const statements = prepareStatements(db);
  return { now, log, statements, ...createRows(statements), ...createWrites(db, statements, now, log) };
}
export type StoreTables = ReturnType<typeof openStoreTables>;

/** Rows kept parsed (entries and services each): more than a busy day's pending entries. */
const ROW_CACHE_LIMIT = 20_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}
