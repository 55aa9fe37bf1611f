import type Database from 'libsql';
import { upgradeLegacyLabel } from '../../../shared/bridge/queue';

// The queue database's schema, versioned in code: `PRAGMA user_version` says
// which migrations a file has had. A shipped migration is never edited; a change adds the next
// version with its date and why. Each migration runs in its own transaction together with the
// version bump, so a file is always at exactly one version, never half-way.

export type QueueDb = Database.Database;

/**
 * Runs `work` in one transaction. Not libsql's `db.transaction()`: when SQLite has already rolled
 * the transaction back itself (SQLITE_FULL, SQLITE_IOERR…), its ROLLBACK throws "no transaction is
 * active" in place of the error that says why — and a full disk must reach the waiter as one.
 */
export function inTransaction<T>(db: QueueDb, mode: 'DEFERRED' | 'IMMEDIATE', work: () => T): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // The first error says why; this one would only hide it.
      }
    }
    throw error;
  }
}

export interface Migration {
  version: number;
  description: string;
  up(db: QueueDb): void;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: '2026-11-23: entries and table services, their tables, the revision counter',
    up(db) {
      // Columns: what the dispatcher and the screens query; `data`: the whole entry or service as
      // JSON (the bridge's schema), the one source of truth for everything else.
      db.exec(`
        CREATE TABLE meta (
          key TEXT PRIMARY KEY,
          value INTEGER NOT NULL
        ) STRICT;
        INSERT INTO meta (key, value) VALUES ('revision', 0);

        CREATE TABLE services (
          id TEXT PRIMARY KEY,
          open INTEGER NOT NULL CHECK (open IN (0, 1)),
          primary_table_id INTEGER NOT NULL,
          seated_at TEXT NOT NULL,
          closed_at TEXT,
          data TEXT NOT NULL
        ) STRICT;
        CREATE INDEX services_open ON services (open);

        -- One row per table of a service. The partial unique index is the floor's rule in the
        -- database itself: a table has at most one open service, whatever the code above does.
        CREATE TABLE service_tables (
          service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
          table_id INTEGER NOT NULL,
          open INTEGER NOT NULL CHECK (open IN (0, 1)),
          PRIMARY KEY (service_id, table_id)
        ) STRICT, WITHOUT ROWID;
        CREATE UNIQUE INDEX service_tables_one_open_per_table ON service_tables (table_id) WHERE open = 1;

        -- service_id has no foreign key: entries handed over from an old outbox may name a
        -- service that did not come with them, and must still be kept.
        CREATE TABLE entries (
          id TEXT PRIMARY KEY,
          seq INTEGER NOT NULL UNIQUE,
          kind TEXT NOT NULL,
          state TEXT NOT NULL,
          pending INTEGER NOT NULL CHECK (pending IN (0, 1)),
          service_id TEXT,
          retry_at TEXT,
          data TEXT NOT NULL
        ) STRICT;
        CREATE INDEX entries_pending ON entries (pending, seq);
        CREATE INDEX entries_state ON entries (state);
        CREATE INDEX entries_service ON entries (service_id);

        CREATE TABLE entry_tables (
          entry_id TEXT NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
          table_id INTEGER NOT NULL,
          PRIMARY KEY (entry_id, table_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX entry_tables_table ON entry_tables (table_id);
      `);
    },
  },
  {
    version: 2,
    description: "2026-11-24: an entry's lastError says a code, not English words; stored words become `legacy`",
    up(db) {
      // { kind, message, detail?, at } → { kind, code: 'legacy', params: { text: message }, detail?, at }:
      // the waiter still reads what the terminal said then, as it said it (shared/bridge/errorCodes.ts).
      db.exec(`
        UPDATE entries
        SET data = json_set(
          json_remove(data, '$.lastError.message'),
          '$.lastError.code', 'legacy',
          '$.lastError.params', json_object('text', substr(json_extract(data, '$.lastError.message'), 1, 2000))
        )
        WHERE json_type(data, '$.lastError.message') = 'text';
      `);
    },
  },
  {
    version: 3,
    description: '2026-11-23: an entry names its place (tables, takeaway, delivery) for the renderer to word, not English `label` words',
    up(db) {
      // { label: 'Tables 3 + 4', … } → { place: { kind: 'tables', names: ['3', '4'] }, … }; words
      // that do not read back stay as a `legacy` place (shared/bridge/queue.ts upgradeLegacyLabel).
      // In pages by seq, so a terminal's long history never sits in memory at once.
      const page = db.prepare(`SELECT id, seq, data FROM entries WHERE seq > ? AND json_type(data, '$.label') IS NOT NULL ORDER BY seq LIMIT 500`).raw();
      const serviceNames = db.prepare(`SELECT json_extract(data, '$.tableNames') FROM services WHERE id = ?`).raw();
      const update = db.prepare(`UPDATE entries SET data = ? WHERE id = ?`);
      const namesOf = (serviceId: string): string[] | undefined => {
        const names: unknown = JSON.parse(String((serviceNames.get(serviceId) as unknown[] | undefined)?.[0] ?? 'null'));
        return Array.isArray(names) && names.every((name) => typeof name === 'string') ? names : undefined;
      };
      let after = 0;
      for (;;) {
        const rows = page.all(after) as [string, number, string][];
        for (const [id, , data] of rows) update.run(JSON.stringify(upgradeLegacyLabel(JSON.parse(data), namesOf)), id);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]![1];
      }
    },
  },
];

export const LATEST_SCHEMA_VERSION = migrations[migrations.length - 1]!.version;

/** A file from a newer Comanda: this version does not know its schema and must not touch it. */
export class QueueSchemaTooNewError extends Error {
  constructor(
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `This order database was written by a newer version of Comanda (schema ${fileVersion}; this version knows up to ${knownVersion}). ` +
        'Start the newer version again: this one leaves the file untouched so no order is lost.',
    );
    this.name = 'QueueSchemaTooNewError';
  }
}

/** A pragma's value (libsql's `pragma(…, { simple: true })` and `pluck()` return the whole row). */
export function pragmaValue(db: QueueDb, pragma: string): unknown {
  const row = db.prepare(`PRAGMA ${pragma}`).raw().get();
  return Array.isArray(row) ? row[0] : undefined;
}

export function schemaVersion(db: QueueDb): number {
  const version = pragmaValue(db, 'user_version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) throw new Error(`unexpected user_version ${String(version)}`);
  return version;
}

/**
 * Brings the file to the latest version, one migration per transaction; refuses a file from a
 * newer version (never downgrades). Returns the versions before and after.
 */
export function migrate(db: QueueDb, list: readonly Migration[] = migrations): { from: number; to: number } {
  const known = list[list.length - 1]?.version ?? 0;
  const from = schemaVersion(db);
  if (from > known) throw new QueueSchemaTooNewError(from, known);
  let current = from;
  for (const migration of list) {
    if (migration.version <= current) continue;
    if (migration.version !== current + 1) throw new Error(`queue migrations skip from ${current} to ${migration.version}`);
    // IMMEDIATE: a second process opening the same file waits instead of migrating it twice.
    inTransaction(db, 'IMMEDIATE', () => {
      const seen = schemaVersion(db);
      if (seen >= migration.version) return;
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
    current = migration.version;
  }
  return { from, to: current };
}
