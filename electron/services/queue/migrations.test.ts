import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { openQueueDatabase, queueDatabaseFile } from './database';
import { LATEST_SCHEMA_VERSION, migrate, migrations, pragmaValue, QueueSchemaTooNewError, schemaVersion, type Migration } from './migrations';
import { createQueueStore } from './store';
import { deliveryDraft, newService, queueStoreFixture, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

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
    for (const migration of migrations) expect(migration.description).toMatch(/^\d{4}-\d{2}-\d{2}: /);
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
    description: '2026-11-23: test only — an index on entries.retry_at',
    up: (db) => db.exec('CREATE INDEX entries_retry_at ON entries (retry_at)'),
  };

  it('take a file of the previous version to the next with its data intact', () => {
    const { store, file } = fixture.open();
    const service = newService([
      { id: 3, name: '3' },
      { id: 4, name: '4' },
    ]);
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

  describe('version 2: errors are codes', () => {
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
      // As version 1 wrote it: English words for its place, English words for its error.
      const { lastError: _none, place: _place, ...fields } = takeaway;
      const oldError = {
        kind: 'not-sent:offline',
        message: 'No connection to the server: it will be sent when the connection returns.',
        detail: 'POST loyalty/orders',
        at: '2026-11-23T12:00:05.000Z',
      };
      const file = versionOneFile({ ...fields, label: 'Takeaway · Ona', attempts: 1, retryAt: '2026-11-23T12:00:35.000Z', lastError: oldError });

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
      const { place: _place, ...fields } = plain;
      const file = versionOneFile({ ...fields, label: 'Takeaway · Mar', lastError: null });
      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(plain.id)).toEqual(plain);
    });
  });

  describe('version 3: an entry names its place, not English words', () => {
    /**
     * Takes a file written by this version back to version 2 as version 2 wrote it: each entry's
     * `place` replaced by its English `label` (given per entry id; the previous version's words).
     */
    function asVersionTwo(file: string, labels: ReadonlyMap<string, string>) {
      const db = new Database(file);
      const rows = db.prepare(`SELECT id, data FROM entries`).raw().all() as [string, string][];
      const update = db.prepare(`UPDATE entries SET data = ? WHERE id = ?`);
      for (const [id, data] of rows) {
        const { place: _place, ...entry } = JSON.parse(data) as Record<string, unknown>;
        const label = labels.get(id);
        if (label === undefined) throw new Error(`no label for ${id}`);
        update.run(JSON.stringify({ ...entry, label }), id);
      }
      db.exec('PRAGMA user_version = 2');
      db.close();
    }

    it('reads tables, takeaways and deliveries out of the old words, checked against the entry', () => {
      const { store, file } = fixture.open();
      const pair = newService([
        { id: 3, name: '3' },
        { id: 4, name: '4' },
      ]);
      const {
        entries: [pairSeating, pairRound],
      } = store.seat(pair, [seatingDraft(pair), roundDraft(pair)]);
      // A table named with " + " in it: its service says where the names part.
      const terrace = newService([
        { id: 7, name: 'Terraza + 1' },
        { id: 8, name: '9' },
      ]);
      const {
        entries: [terraceSeating],
      } = store.seat(terrace, [seatingDraft(terrace)]);
      const takeaway = store.submit(takeawayDraft('Ana'));
      const delivery = store.submit(deliveryDraft('600 123 456'));
      const before = new Map([pairSeating!, pairRound!, terraceSeating!, takeaway, delivery].map((e) => [e.id, e]));
      store.close();
      asVersionTwo(
        file,
        new Map([
          [pairSeating!.id, 'Tables 3 + 4'],
          [pairRound!.id, 'Tables 3 + 4'],
          [terraceSeating!.id, 'Tables Terraza + 1 + 9'],
          [takeaway.id, 'Takeaway · Ana'],
          [delivery.id, 'Delivery · 600 123 456'],
        ]),
      );

      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(pairSeating!.id)?.place).toEqual({ kind: 'tables', names: ['3', '4'] });
      expect(upgraded.get(pairRound!.id)?.place).toEqual({ kind: 'tables', names: ['3', '4'] });
      expect(upgraded.get(terraceSeating!.id)?.place).toEqual({ kind: 'tables', names: ['Terraza + 1', '9'] });
      expect(upgraded.get(takeaway.id)?.place).toEqual({ kind: 'takeaway', customer: 'Ana' });
      expect(upgraded.get(delivery.id)?.place).toEqual({ kind: 'delivery', customer: '600 123 456' });
      // Nothing else changed: each entry is what this version would have stored.
      for (const [id, entry] of before) expect(upgraded.get(id)).toEqual(entry);
      const raw = new Database(file);
      expect(schemaVersion(raw)).toBe(LATEST_SCHEMA_VERSION);
      expect(raw.prepare(`SELECT count(*) FROM entries WHERE json_type(data, '$.label') IS NOT NULL`).raw().get()).toEqual([0]);
      raw.close();
    });

    it('names a moved seating by the tables it was for, not where its service went', () => {
      const { store, file } = fixture.open();
      const service = newService([{ id: 7, name: 'T7' }]);
      const {
        entries: [seating],
      } = store.seat(service, [seatingDraft(service)]);
      store.close();
      // Version 2 moved the service to T8 after the seating was refused; the old seating still says T7.
      const db = new Database(file);
      db.prepare(
        `UPDATE services SET data = json_set(data, '$.tableNames', json_array('T8'), '$.tableIds', json_array(8), '$.primaryTableId', 8) WHERE id = ?`,
      ).run(service.id);
      db.close();
      asVersionTwo(file, new Map([[seating!.id, 'Table T7']]));

      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(seating!.id)?.place).toEqual({ kind: 'tables', names: ['T7'] });
    });

    it('keeps words that do not read back as a `legacy` place with those words', () => {
      const { store, file } = fixture.open();
      const pair = newService([
        { id: 5, name: '5' },
        { id: 6, name: '6' },
      ]);
      const {
        entries: [seating],
      } = store.seat(pair, [seatingDraft(pair)]);
      const single = newService([{ id: 9, name: '9' }]);
      const {
        entries: [alone],
      } = store.seat(single, [seatingDraft(single)]);
      const takeaway = store.submit(takeawayDraft('Pau'));
      const delivery = store.submit(deliveryDraft('600 000 000'));
      store.close();
      asVersionTwo(
        file,
        new Map([
          // A seating of two tables that names one: the words disagree with the entry.
          [seating!.id, 'Table 5'],
          // Words the previous version never wrote.
          [alone!.id, 'Mesa 9'],
          [takeaway.id, 'Delivery · Pau'],
          [delivery.id, 'Delivery · '],
        ]),
      );

      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(seating!.id)?.place).toEqual({ kind: 'legacy', text: 'Table 5' });
      expect(upgraded.get(alone!.id)?.place).toEqual({ kind: 'legacy', text: 'Mesa 9' });
      expect(upgraded.get(takeaway.id)?.place).toEqual({ kind: 'legacy', text: 'Delivery · Pau' });
      expect(upgraded.get(delivery.id)?.place).toEqual({ kind: 'legacy', text: 'Delivery · ' });
      expect(upgraded.pending()).toHaveLength(4);
    });

    it('upgrades every entry of a long history (read in pages)', () => {
      const { store, file } = fixture.open();
      const first = store.submit(takeawayDraft('Ona'));
      store.close();
      // 1,200 more takeaways of version 2, accepted long ago, written at once.
      const db = new Database(file);
      const { place: _place, ...old } = first;
      const insert = db.prepare(
        `INSERT INTO entries (id, seq, kind, state, pending, service_id, retry_at, data) VALUES (?, ?, 'takeaway', 'accepted', 0, NULL, NULL, ?)`,
      );
      db.exec('BEGIN');
      for (let seq = 2; seq <= 1_201; seq++) {
        const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
        insert.run(id, seq, JSON.stringify({ ...old, id, seq, state: 'accepted', pending: 0, label: `Takeaway · Guest ${seq}` }));
      }
      db.exec('COMMIT');
      db.close();
      asVersionTwo(
        file,
        new Map([
          [first.id, 'Takeaway · Ona'],
          ...Array.from({ length: 1_200 }, (_, i) => [`00000000-0000-4000-8000-${String(i + 2).padStart(12, '0')}`, `Takeaway · Guest ${i + 2}`] as const),
        ]),
      );

      const { store: upgraded } = fixture.open(file);
      expect(upgraded.get(first.id)?.place).toEqual({ kind: 'takeaway', customer: 'Ona' });
      expect(upgraded.get('00000000-0000-4000-8000-000000001201')?.place).toEqual({ kind: 'takeaway', customer: 'Guest 1201' });
      const raw = new Database(file);
      expect(raw.prepare(`SELECT count(*) FROM entries WHERE json_type(data, '$.place') = 'object'`).raw().get()).toEqual([1_201]);
      raw.close();
    });
  });
});
