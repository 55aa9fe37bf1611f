import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogDb } from '../../data/catalog/catalogDb';
import { openOutbox } from '../../data/queue/outboxClient';
import { createQueueStore, queueSelectors } from '../../data/queue/queueStore';
import { demoCatalogDb, demoLines, fakeQueueBridge } from '../../data/queue/queueTesting';
import type { PinGate, PinGuardedAction } from '../../session/lock/pinGate';
import { decide } from './pendingDecisions';

// Discard and Mark done need the terminal PIN. A refused gate leaves the entry
// exactly as it was; an accepted one carries the decision out. The outbox is the real client on an
// in-memory main side (data/queue/queueTesting.ts).

const catalogs: CatalogDb[] = [];
afterEach(async () => {
  for (const db of catalogs.splice(0)) await db.delete();
});

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function gate(answer: boolean): PinGate & { asked: PinGuardedAction[] } {
  const asked: PinGuardedAction[] = [];
  return { asked, confirm: async (action) => (asked.push(action), answer) };
}

async function unconfirmedTakeaway() {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const main = fakeQueueBridge();
  const store = createQueueStore();
  const outbox = openOutbox({ bridge: main, store, catalogDb: () => catalog, newId, now: () => new Date('2026-11-22T12:00:00Z') });
  const entry = await outbox.sendTakeaway({ name: 'Lia', lines: [demoLines.cana()] });
  main.update(entry.id, { state: 'unconfirmed' });
  return { outbox, main, store, entry: main.entries.get(entry.id)! };
}

describe('decide', () => {
  for (const decision of ['mark-done', 'discard'] as const) {
    it(`${decision}: a refused PIN leaves the entry as it was and calls nothing`, async () => {
      const { outbox, main, entry } = await unconfirmedTakeaway();
      const calls = main.calls.length;
      const refusing = gate(false);
      expect(await decide(outbox, refusing, entry.id, decision)).toBe('refused');
      expect(refusing.asked).toEqual([decision]);
      expect(main.calls.length).toBe(calls);
      expect(main.entries.get(entry.id)).toEqual(entry);
    });

    it(`${decision}: the right PIN carries it out`, async () => {
      const { outbox, store, entry } = await unconfirmedTakeaway();
      const accepting = gate(true);
      expect(await decide(outbox, accepting, entry.id, decision)).toBe('done');
      expect(accepting.asked).toEqual([decision]);
      expect(queueSelectors.pendingEntries(store.getState()).map((e) => e.id)).not.toContain(entry.id);
    });
  }

  it('asks no PIN for resend and retry', async () => {
    const { outbox, main, entry } = await unconfirmedTakeaway();
    const refusing = gate(false);
    expect(await decide(outbox, refusing, entry.id, 'resend')).toBe('done');
    expect(await decide(outbox, refusing, entry.id, 'retry-now')).toBe('done');
    expect(refusing.asked).toEqual([]);
    expect(main.calls.slice(-2)).toEqual(['resendEntry', 'retryEntry']);
  });
});
