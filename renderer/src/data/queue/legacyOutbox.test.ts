import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError, type OutboxEntry, type TableService } from '../../../../shared/bridge';
import type { CatalogDb } from '../catalog/catalogDb';
import { handOverLegacyOutbox, legacyOutboxDbName } from './legacyOutbox';
import { openOutbox } from './outboxClient';
import { createQueueStore } from './queueStore';
import { demoCatalogDb, demoLines, fakeQueueBridge } from './queueTesting';

// Upgrade: an outbox the previous version wrote in IndexedDB is handed to the
// main side once, then deleted; a failed hand-off keeps it for the next start.

const catalogs: CatalogDb[] = [];
afterEach(async () => {
  for (const db of catalogs.splice(0)) await db.delete();
});

let accounts = 0;
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/**
 * What the previous version left behind: its database (same name, same v1 schema, strict
 * durability, as `openOutboxDb` in the previous renderer/src/data/outboxDb.ts) holding a seated
 * table with a seating and a round, a takeaway already accepted, and a cleared service — written
 * in one transaction per seating as its outbox.ts did. The records are built by the same request
 * code the previous version used (orderRequests.ts through the client).
 */
async function previousVersionOutbox(accountKey: string): Promise<{ entries: OutboxEntry[]; services: TableService[] }> {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const builder = fakeQueueBridge();
  const outbox = openOutbox({ bridge: builder, store: createQueueStore(), catalogDb: () => catalog, newId });
  const seated = await outbox.seat({
    tables: [{ id: 5, name: 'T5' }],
    guests: 2,
    customer: { name: 'Ana' },
    notes: 'Window',
    lines: [demoLines.cana(2), demoLines.entrecot()],
  });
  const takeaway = await outbox.sendTakeaway({ name: 'Marta', lines: [demoLines.cana()] });
  const cleared = await outbox.seat({ tables: [{ id: 9, name: 'T9' }], guests: 1, customer: null, notes: '' });
  const services = [seated.service, { ...cleared.service, open: 0 as const, closedAt: '2026-11-22T13:00:00.000Z' }];
  const entries = [...builder.entries.values()].map((e) =>
    e.id === takeaway.id ? { ...e, state: 'accepted' as const, pending: 0 as const, attempts: 1, orderId: 77, acceptedBy: 'server' as const } : e,
  );

  const db = new Dexie(legacyOutboxDbName(accountKey), { chromeTransactionDurability: 'strict' });
  db.version(1).stores({ entries: 'id, &seq, state, pending, serviceId, *tableIds', services: 'id, open, *tableIds' });
  await db.transaction('rw', db.table('entries'), db.table('services'), async () => {
    await db.table('services').bulkAdd(services);
    await db.table('entries').bulkAdd(entries.map(asPreviousVersion));
  });
  db.close();
  return { entries, services };
}

/** An entry as the previous version stored it: its place in English words (`label`). */
function asPreviousVersion(entry: OutboxEntry): Record<string, unknown> {
  const { place, ...rest } = entry;
  const label =
    place.kind === 'tables'
      ? `${place.names.length === 1 ? 'Table' : 'Tables'} ${place.names.join(' + ')}`
      : place.kind === 'takeaway'
        ? `Takeaway · ${place.customer}`
        : place.kind === 'delivery'
          ? `Delivery · ${place.customer}`
          : place.kind === 'legacy'
            ? place.text
            : '';
  return { ...rest, label };
}

describe('hand-off of the previous version’s outbox', () => {
  it('imports every entry and table service once, then deletes the old database', async () => {
    const accountKey = `account-${++accounts}`;
    const written = await previousVersionOutbox(accountKey);
    const main = fakeQueueBridge();

    const result = await handOverLegacyOutbox({ accountKey, bridge: main });
    expect(result).toEqual({ found: true, entries: written.entries.length, services: 2, skipped: 0, unreadable: 0, deleted: true });
    // Each entry as this version stores it: the old English words read back as its place.
    expect([...main.entries.values()].sort((a, b) => a.seq - b.seq)).toEqual([...written.entries].sort((a, b) => a.seq - b.seq));
    expect(written.entries.map((e) => e.place)).toEqual([
      { kind: 'tables', names: ['T5'] },
      { kind: 'tables', names: ['T5'] },
      { kind: 'takeaway', customer: 'Marta' },
      { kind: 'tables', names: ['T9'] },
    ]);
    expect([...main.services.values()]).toEqual(written.services);
    expect(await Dexie.exists(legacyOutboxDbName(accountKey))).toBe(false);
    // The seated table shows seated from the main side's snapshot.
    expect(main.snapshot().services.map((s) => s.tableIds)).toEqual([[5]]);

    // Every later start: nothing to hand over; the main side is told the hand-off is over.
    expect(await handOverLegacyOutbox({ accountKey, bridge: main })).toMatchObject({ found: false, deleted: false });
    expect(main.calls.filter((c) => c === 'importQueue')).toHaveLength(3);
    expect(main.imports.map((call) => call.last)).toEqual([undefined, true, true]);
  });

  it('hands over an entry whose last error the previous version stored in English words as `legacy` with those words', async () => {
    const accountKey = `account-${++accounts}`;
    const written = await previousVersionOutbox(accountKey);
    const waiting = written.entries.find((e) => e.state === 'queued')!;
    const oldError = {
      kind: 'not-sent:offline',
      message: 'No connection to the server: it will be sent when the connection returns.',
      at: '2026-11-22T12:01:00.000Z',
    };
    const db = new Dexie(legacyOutboxDbName(accountKey));
    db.version(1).stores({ entries: 'id, &seq, state, pending, serviceId, *tableIds', services: 'id, open, *tableIds' });
    await db.table('entries').update(waiting.id, { attempts: 1, lastError: oldError });
    db.close();
    const main = fakeQueueBridge();

    const result = await handOverLegacyOutbox({ accountKey, bridge: main });
    expect(result).toMatchObject({ entries: written.entries.length, unreadable: 0, deleted: true });
    expect(main.entries.get(waiting.id)?.lastError).toEqual({
      kind: 'not-sent:offline',
      code: 'legacy',
      params: { text: 'No connection to the server: it will be sent when the connection returns.' },
      at: '2026-11-22T12:01:00.000Z',
    });
  });

  it('hands over an entry whose old words do not read back as a `legacy` place with those words', async () => {
    const accountKey = `account-${++accounts}`;
    const written = await previousVersionOutbox(accountKey);
    const waiting = written.entries.find((e) => e.state === 'queued' && e.kind === 'seating')!;
    const db = new Dexie(legacyOutboxDbName(accountKey));
    db.version(1).stores({ entries: 'id, &seq, state, pending, serviceId, *tableIds', services: 'id, open, *tableIds' });
    await db.table('entries').update(waiting.id, { label: 'Tables T5 + T6' });
    db.close();
    const main = fakeQueueBridge();

    expect(await handOverLegacyOutbox({ accountKey, bridge: main })).toMatchObject({ unreadable: 0, deleted: true });
    // A seating of one table cannot be for two.
    expect(main.entries.get(waiting.id)?.place).toEqual({ kind: 'legacy', text: 'Tables T5 + T6' });
  });

  it('keeps the old database when an import fails; the next start imports without duplicates', async () => {
    const accountKey = `account-${++accounts}`;
    const written = await previousVersionOutbox(accountKey);
    const main = fakeQueueBridge();
    // The services went over, then the entries' call failed (the main side stopped).
    const importQueue = main.importQueue;
    let calls = 0;
    const failing = {
      importQueue: (input: Parameters<typeof importQueue>[0]) =>
        ++calls === 2 ? Promise.reject(new BridgeError({ kind: 'unreachable', code: 'local-service-not-answering' })) : importQueue(input),
    };
    await expect(handOverLegacyOutbox({ accountKey, bridge: failing })).rejects.toThrow(/local-service-not-answering/);
    expect(await Dexie.exists(legacyOutboxDbName(accountKey))).toBe(true);
    expect(main.entries.size).toBe(0);

    const again = await handOverLegacyOutbox({ accountKey, bridge: main });
    expect(again).toMatchObject({ entries: written.entries.length, services: 0, skipped: 2, deleted: true });
    expect(main.entries.size).toBe(written.entries.length);
    expect(main.services.size).toBe(2);
    expect(await Dexie.exists(legacyOutboxDbName(accountKey))).toBe(false);
  });

  it('keeps the old database when a record does not fit the queue, and hands over the rest', async () => {
    const accountKey = `account-${++accounts}`;
    const written = await previousVersionOutbox(accountKey);
    const db = new Dexie(legacyOutboxDbName(accountKey));
    db.version(1).stores({ entries: 'id, &seq, state, pending, serviceId, *tableIds', services: 'id, open, *tableIds' });
    await db.table('entries').update(written.entries[0]!.id, { state: 'lost-in-space' });
    db.close();
    const main = fakeQueueBridge();
    const lines: string[] = [];
    const result = await handOverLegacyOutbox({ accountKey, bridge: main, log: (line) => lines.push(line) });
    expect(result).toMatchObject({ unreadable: 1, entries: written.entries.length - 1, deleted: false });
    expect(lines[0]).toMatch(/does not fit the queue \(state\); the old database is kept/);
    expect(await Dexie.exists(legacyOutboxDbName(accountKey))).toBe(true);
  });
});
