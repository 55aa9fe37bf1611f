// Issue 10 item 9: when IndexedDB refuses writes (quota), the dispatcher backs off (1 s, 2 s, 4 s …
// up to 30 s) instead of spinning, and the outbox says orders cannot be saved. The clock is fake:
// no real sleeps.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogDb } from './catalogDb';
import { localRetryDelayMs } from './dispatcher';
import { openOutbox } from './outbox';
import { demoCatalogDb, demoLines, scriptedBridge, testOutboxDb } from './outboxTesting';
import { CANNOT_SAVE_MESSAGE, type Outbox } from './outboxTypes';

const opened: Outbox[] = [];
const catalogs: CatalogDb[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const outbox of opened.splice(0)) {
    outbox.close();
    await outbox.db.delete();
  }
  for (const db of catalogs.splice(0)) await db.delete();
});

/**
 * Advances the fake clock in steps, letting fake-indexeddb (which schedules on the real
 * setImmediate) finish the work each step started: step-counted, not timed, so not flaky.
 */
async function advance(ms: number, stepMs = 250) {
  for (let elapsed = 0; elapsed < ms; elapsed += stepMs) {
    await vi.advanceTimersByTimeAsync(stepMs);
    for (let i = 0; i < 30; i++) await new Promise<void>((done) => setImmediate(done));
  }
}

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** An outbox whose database starts refusing every write when `full` is set. */
async function outboxOnFullStorage() {
  const catalog = await demoCatalogDb();
  catalogs.push(catalog);
  const db = testOutboxDb();
  const storage = { full: false, refused: 0 };
  for (const table of [db.entries, db.services] as const) {
    for (const method of ['put', 'add', 'bulkAdd', 'update'] as const) {
      const real = (table[method] as (...args: unknown[]) => Promise<unknown>).bind(table);
      vi.spyOn(table, method).mockImplementation(((...args: unknown[]) => {
        if (!storage.full) return real(...args);
        storage.refused++;
        return Promise.reject(quotaExceeded());
      }) as never);
    }
  }
  const bridge = scriptedBridge();
  const outbox = openOutbox({ accountKey: 'full', db, bridge, catalogDb: () => catalog });
  opened.push(outbox);
  return { outbox, bridge, storage };
}

describe('a failing local write backs off', () => {
  it('the delay doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(localRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('tries a few times in 10 s instead of spinning, says orders cannot be saved, and recovers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { outbox, bridge, storage } = await outboxOnFullStorage();
    const entry = await outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] });
    storage.full = true; // the claim ("sending") is the first write the dispatcher makes
    outbox.kick();
    await vi.waitFor(() => expect(outbox.storage.current()).not.toBeNull());
    expect(outbox.storage.current()).toMatchObject({ message: CANNOT_SAVE_MESSAGE, detail: expect.stringContaining('QuotaExceededError') });

    const before = storage.refused;
    await advance(10_000);
    // Tries at +1 s, +3 s, +7 s (then +15 s): about 1,400 a second before the fix.
    expect(storage.refused - before).toBeGreaterThanOrEqual(2);
    expect(storage.refused - before).toBeLessThanOrEqual(4);
    expect(bridge.calls).toHaveLength(0); // nothing left: "sending" was never committed
    expect(await outbox.db.entries.get(entry.id)).toMatchObject({ state: 'queued', attempts: 0 });

    storage.full = false;
    await advance(30_000, 1_000);
    await bridge.waitForCalls(1);
    expect(outbox.storage.current()).toBeNull();
  });

  it('saving a new order on full storage fails (the screen says it was not saved) and shows the state', async () => {
    const { outbox, storage } = await outboxOnFullStorage();
    storage.full = true;
    await expect(outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] })).rejects.toThrow(/quota/);
    expect(outbox.storage.current()).toMatchObject({ message: CANNOT_SAVE_MESSAGE });
    const changes = vi.fn();
    outbox.storage.subscribe(changes);
    storage.full = false;
    await outbox.sendTakeaway({ name: 'Ona', lines: [demoLines.cana()] });
    expect(outbox.storage.current()).toBeNull();
    expect(changes).toHaveBeenCalled();
  });
});
