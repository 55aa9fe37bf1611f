import { afterEach, describe, expect, it } from 'vitest';
import type { EntryDraft, OutboxLine } from '../../../shared/bridge/queue';
import { openQueueDatabase } from './database';
import { createMostSoldReader } from './mostSold';
import { openQueueService } from './service';
import { canaLine, newService, queueStoreFixture, roundDraft, seatingDraft, takeawayDraft } from './store.testing';

// "Most sold" read from a real queue database (libsql, a file in a temporary folder): the store
// commits entries as the app does, the dispatcher's outcomes are recorded, then the reader counts.

const fixture = queueStoreFixture();
afterEach(() => fixture.cleanUp());

const START = Date.parse('2026-11-23T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const line = (itemId: number, quantity: number): OutboxLine => ({ ...canaLine(quantity), name: `Item ${itemId}`, choice: { itemId, quantity } });
const withLines = (draft: EntryDraft, lines: OutboxLine[]): EntryDraft => ({ ...draft, lines });

describe('most sold', () => {
  it('sums the quantities per item of entries that reached the POS in the last 14 days, most first', () => {
    const { store, file } = fixture.open();
    const accept = (id: string) => store.record(id, (e) => ({ ...e, state: 'accepted', pending: 0, orderId: 1, acceptedBy: 'server' }));

    // 15 days before "now": too old to count, however much was sent.
    const old = store.submit(withLines(takeawayDraft('Old'), [line(60, 100)]));
    accept(old.id);
    fixture.tick(15 * DAY);

    const service = newService([{ id: 5, name: 'T5' }]);
    const seated = store.seat(service, [seatingDraft(service, 2)]); // 2 × item 10 in the seating
    accept(seated.entries[0]!.id);
    accept(store.submit(withLines(roundDraft(service), [line(20, 5), line(10, 1)])).id);
    accept(store.submit(withLines(takeawayDraft('Ana'), [line(20, 1), line(30, 2)])).id);
    // Rejected, then marked done after the waiter checked the POS: it counts.
    const done = store.submit(withLines(takeawayDraft('Eva'), [line(40, 2)]));
    store.record(done.id, (e) => ({ ...e, state: 'rejected' }));
    store.markDone(done.id);
    // Never reached the POS: queued, unconfirmed, rejected, discarded.
    store.submit(withLines(takeawayDraft('Queued'), [line(70, 9)]));
    const unconfirmed = store.submit(withLines(takeawayDraft('Lost'), [line(71, 9)]));
    store.record(unconfirmed.id, (e) => ({ ...e, state: 'unconfirmed' }));
    const rejected = store.submit(withLines(takeawayDraft('No'), [line(72, 9)]));
    store.record(rejected.id, (e) => ({ ...e, state: 'rejected' }));
    const discarded = store.submit(withLines(takeawayDraft('Gone'), [line(73, 9)]));
    store.discard(discarded.id);

    // A second connection on the same file, as the service opens it.
    const db = openQueueDatabase(file);
    try {
      const now = new Date(START + 15 * DAY + 60_000);
      const result = createMostSoldReader(db).read({ now, limit: 10 });
      expect(result.since).toBe(new Date(now.getTime() - 14 * DAY).toISOString());
      expect(result.items).toEqual([
        { itemId: 20, quantity: 6 },
        { itemId: 10, quantity: 3 },
        // Equal quantities: the one sent last first.
        { itemId: 40, quantity: 2 },
        { itemId: 30, quantity: 2 },
      ]);
      expect(
        createMostSoldReader(db)
          .read({ now, limit: 2 })
          .items.map((i) => i.itemId),
      ).toEqual([20, 10]);
      // 30 days on, nothing of it is recent any more.
      expect(createMostSoldReader(db).read({ now: new Date(now.getTime() + 30 * DAY), limit: 10 }).items).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('is empty on a new terminal, and skips a line that names no item', () => {
    const { store, file } = fixture.open();
    const db = openQueueDatabase(file);
    try {
      const now = new Date(START + 60_000);
      expect(createMostSoldReader(db).read({ now, limit: 10 }).items).toEqual([]);
      const entry = store.submit(withLines(takeawayDraft('Ana'), [line(10, 1)]));
      store.record(entry.id, (e) => ({ ...e, state: 'accepted', pending: 0 }));
      // A damaged row (written behind the store's back): its line without an item id is left out.
      db.prepare(`UPDATE entries SET data = json_remove(data, '$.lines[0].choice.itemId') WHERE id = ?`).run(entry.id);
      const logged: string[] = [];
      expect(createMostSoldReader(db, (l) => logged.push(l)).read({ now, limit: 10 }).items).toEqual([]);
      expect(logged.join('\n')).toMatch(/skipped 1 line/);
    } finally {
      db.close();
    }
  });

  it('answers over the queue service’s bridge operation, for this account’s database only', async () => {
    const dataDir = fixture.folder();
    const open = (accountKey: string) =>
      openQueueService({
        dataDir,
        accountKey,
        deliver: async () => ({ outcome: 'unconfirmed', reason: 'test', detail: '' }) as never,
        connection: { state: () => 'offline', onChange: () => () => {} },
        now: () => START,
      });
    const demo = open('demo');
    const other = open('other');
    try {
      const entry = demo.store!.submit(withLines(takeawayDraft('Ana'), [line(10, 4)]));
      demo.store!.record(entry.id, (e) => ({ ...e, state: 'accepted', pending: 0 }));
      expect(await demo.handlers.getMostSold({ limit: 5 })).toMatchObject({ items: [{ itemId: 10, quantity: 4 }] });
      expect(await other.handlers.getMostSold({ limit: 5 })).toMatchObject({ items: [] });
    } finally {
      await demo.close();
      await other.close();
    }
  });
});
