import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { openQueueDatabase, queueDatabaseFile } from './database';
import { LATEST_SCHEMA_VERSION, migrate, migrations, pragmaValue, QueueSchemaTooNewError, schemaVersion, type Migration } from './migrations';
import { createQueueStore } from './store';
import { newService, queueStoreFixture, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

const fixture = queueStoreFixture();
afterEach(() => fixture.cleanUp());

const tablesOf = (db: Database.Database) =>
  (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((row) => row.name);

describe('the queue database file', () => {
  it('lives at <dataDir>/queue/<account folder>.sqlite, the image cache’s account naming', () => {
    expect(queueDatabaseFile('/data', 'demo')).toBe('/data/queue/demo.sqlite');
    expect(queueDatabaseFile('/data', 'bar@api.example.com:8443')).toBe('/data/queue/bar@api.example.com~3a8443.sqlite');
  });

  it('opens with WAL, synchronous FULL, foreign keys and a busy timeout; only its owner can read it', () => {
    const file = join(fixture.folder(), 'queue', 'demo.sqlite');
    const db = openQueueDatabase(file);
    try {
      expect(pragmaValue(db, 'journal_mode')).toBe('wal');
      expect(pragmaValue(db, 'synchronous')).toBe(2); // FULL
      expect(pragmaValue(db, 'foreign_keys')).toBe(1);
      expect(pragmaValue(db, 'busy_timeout')).toBeGreaterThanOrEqual(1_000);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('migrations', () => {
  it('are numbered 1, 2, … with a description each', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    for (const migration of migrations) expect(migration.description).toMatch(/^\d{4}-\d{2}-\d{2}, issue \d+: /);
  });

  it('take an empty file to the latest version', () => {
    const file = join(fixture.folder(), 'empty.sqlite');
    const db = openQueueDatabase(file);
    try {
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      expect(tablesOf(db)).toEqual(['entries', 'entry_tables', 'meta', 'service_tables', 'services']);
    } finally {
      db.close();
    }
  });

  it('leave an up-to-date file as it is when it is opened again (data, revision and version)', () => {
    const { store, file } = fixture.open();
    const service = newService([{ id: 5, name: '5' }]);
    store.seat(service, [seatingDraft(service), roundDraft(service)]);
    store.submit(takeawayDraft('Ana'));
    const before = store.snapshot();
    store.close();

    const db = new Database(file);
    expect(migrate(db)).toEqual({ from: LATEST_SCHEMA_VERSION, to: LATEST_SCHEMA_VERSION });
    db.close();
    const { store: reopened } = fixture.open(file);
    expect(reopened.snapshot()).toEqual(before);
  });

  it('refuse a file from a newer version and leave it untouched', () => {
    const file = join(fixture.folder(), 'future.sqlite');
    openQueueDatabase(file).close();
    const raw = new Database(file);
    raw.exec(`PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    raw.close();

    expect(() => openQueueDatabase(file)).toThrow(QueueSchemaTooNewError);
    expect(() => openQueueDatabase(file)).toThrow(
      `written by a newer version of Comanda (schema ${LATEST_SCHEMA_VERSION + 1}; this version knows up to ${LATEST_SCHEMA_VERSION})`,
    );
    const after = new Database(file);
    expect(schemaVersion(after)).toBe(LATEST_SCHEMA_VERSION + 1);
    after.close();
  });

  // A next version is simulated to prove the mechanism the real ones use.
  const nextVersion: Migration = {
    version: LATEST_SCHEMA_VERSION + 1,
    description: '2026-11-23, issue 11: test only — an index on entries.retry_at',
    up: (db) => db.exec('CREATE INDEX entries_retry_at ON entries (retry_at)'),
  };

  it('take a file of the previous version to the next with its data intact', () => {
    const { store, file } = fixture.open();
    const service = newService([{ id: 3, name: '3' }, { id: 4, name: '4' }]);
    store.seat(service, [seatingDraft(service, 2)]);
    const takeaway = store.submit(takeawayDraft('Lia'));
    const before = store.snapshot();
    store.close();

    const db = new Database(file);
    expect(migrate(db, [...migrations, nextVersion])).toEqual({ from: LATEST_SCHEMA_VERSION, to: LATEST_SCHEMA_VERSION + 1 });
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'entries_retry_at'`).get()).toBeDefined();
    const upgraded = createQueueStore(db, { now: () => new Date('2026-11-23T13:00:00Z') });
    expect(upgraded.snapshot()).toEqual(before);
    expect(upgraded.get(takeaway.id)).toEqual(takeaway);
    upgraded.close();
  });

  it('roll a failing migration back whole: the file stays at the version before', () => {
    const { store, file } = fixture.open();
    store.submit(takeawayDraft('Pau'));
    store.close();
    const failing: Migration = {
      ...nextVersion,
      up(db) {
        db.exec('CREATE INDEX entries_retry_at ON entries (retry_at)');
        throw new Error('disk said no');
      },
    };
    const db = new Database(file);
    expect(() => migrate(db, [...migrations, failing])).toThrow('disk said no');
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'entries_retry_at'`).get()).toBeUndefined();
    db.close();
    expect(fixture.open(file).store.pending()).toHaveLength(1);
  });

  describe('version 2 (issue 12 item 6): errors are codes', () => {
    /** A file at version 1 holding `entry` as version 1 wrote it (its lastError with English `message`). */
    function versionOneFile(entry: Record<string, unknown>): string {
      const file = join(fixture.folder(), 'v1.sqlite');
      const db = new Database(file);
      migrate(db, migrations.slice(0, 1));
      db.prepare(`INSERT INTO entries (id, seq, kind, state, pending, service_id, retry_at, data) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)`).run(
        entry.id,
        entry.seq,
        entry.kind,
        entry.state,
        entry.pending,
        entry.retryAt,
        JSON.stringify(entry),
      );
      db.close();
      return file;
    }

    it('reads an entry stored with an English message as `legacy`, the old words as its text', () => {
      const { store } = fixture.open();
      const takeaway = store.submit(takeawayDraft('Ona'));
      const { lastError: _none, ...fields } = takeaway;
      const oldError = { kind: 'not-sent:offline', message: 'No connection to the server: it will be sent when the connection returns.', detail: 'POST loyalty/orders', at: '2026-11-23T12:00:05.000Z' };
      const file = versionOneFile({ ...fields, attempts: 1, retryAt: '2026-11-23T12:00:35.000Z', lastError: oldError });

      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(takeaway.id)?.lastError).toEqual({
        kind: 'not-sent:offline',
        code: 'legacy',
        params: { text: 'No connection to the server: it will be sent when the connection returns.' },
        detail: 'POST loyalty/orders',
        at: '2026-11-23T12:00:05.000Z',
      });
      expect(upgraded.pending().map((e) => e.id)).toEqual([takeaway.id]);
      const raw = new Database(file);
      expect(schemaVersion(raw)).toBe(LATEST_SCHEMA_VERSION);
      raw.close();
    });

    it('leaves entries without an error, and errors already coded, as they were', () => {
      const { store } = fixture.open();
      const plain = store.submit(takeawayDraft('Mar'));
      const file = versionOneFile({ ...plain, lastError: null });
      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(plain.id)).toEqual(plain);
    });
  });
});
