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
    expect(() => openQueueDatabase(file)).toThrow(/written by a newer version of Comanda \(schema 2; this version knows up to 1\)/);
    const after = new Database(file);
    expect(schemaVersion(after)).toBe(LATEST_SCHEMA_VERSION + 1);
    after.close();
  });

  // Only version 1 has shipped: a next version is simulated to prove the mechanism the real one will use.
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
});
