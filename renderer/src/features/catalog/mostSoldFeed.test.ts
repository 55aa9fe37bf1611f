import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MostSold } from '../../../../shared/bridge';
import { openGenerationDb, type StoredItem } from '../../data/catalog/catalogDb';
import { createQueueStore } from '../../data/queue/queueStore';
import { createI18n } from '../../i18n/i18n';
import { createMostSoldStore, MOST_SOLD_LIMIT, mostSoldItems, mostSoldTab, startMostSoldFeed, type MostSoldFeed } from './mostSoldFeed';

const feeds: MostSoldFeed[] = [];
afterEach(() => {
  feeds.splice(0).forEach((feed) => feed.stop());
  vi.useRealTimers();
});

const answer = (items: MostSold['items']): MostSold => ({ since: '2026-11-09T12:00:00.000Z', items });
const snapshot = (revision: number) => ({ revision, services: [], entries: [], storageProblem: null });

describe('the most-sold feed', () => {
  it('reads the list when it starts, and again (at most once per interval) after the queue changes', async () => {
    vi.useFakeTimers();
    const queue = createQueueStore();
    const store = createMostSoldStore();
    const answers = [
      answer([{ itemId: 10, quantity: 3 }]),
      answer([
        { itemId: 20, quantity: 5 },
        { itemId: 10, quantity: 3 },
      ]),
    ];
    const getMostSold = vi.fn(async (input: { limit: number }) => {
      expect(input.limit).toBe(MOST_SOLD_LIMIT);
      return answers[Math.min(getMostSold.mock.calls.length - 1, answers.length - 1)]!;
    });
    feeds.push(startMostSoldFeed({ bridge: { getMostSold }, queue, store, intervalMs: 1_000 }));
    expect(store.getState().items).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().items).toEqual([{ itemId: 10, quantity: 3 }]);

    // Three changes in a burst: one more read, after the interval.
    queue.getState().applySnapshot(snapshot(1));
    queue.getState().applySnapshot(snapshot(2));
    queue.getState().applySnapshot(snapshot(3));
    await vi.advanceTimersByTimeAsync(999);
    expect(getMostSold).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getMostSold).toHaveBeenCalledTimes(2);
    expect(store.getState().items?.map((i) => i.itemId)).toEqual([20, 10]);
  });

  it('keeps the last list when a read fails, says "none" when none ever came, and stops listening when stopped', async () => {
    const queue = createQueueStore();
    const store = createMostSoldStore();
    const getMostSold = vi.fn(async (): Promise<MostSold> => {
      throw new Error('offline');
    });
    const lines: string[] = [];
    const feed = startMostSoldFeed({ bridge: { getMostSold }, queue, store, intervalMs: 0, log: (l) => lines.push(l) });
    await vi.waitFor(() => expect(store.getState().items).toEqual([]));
    expect(lines.join('\n')).toMatch(/offline/);
    feed.stop();
    queue.getState().applySnapshot(snapshot(1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(getMostSold).toHaveBeenCalledTimes(1);
  });
});

describe('the "Most sold" tab', () => {
  const item = (id: number, fields: Partial<StoredItem> = {}) =>
    ({ id, name: `Item ${id}`, price: 2, type: 0, category_id: 1, active: true, allergies: '', ...fields }) as StoredItem;

  it('lists the records still on sale in the feed’s order, dropping unknown and inactive ones', async () => {
    const db = openGenerationDb(`most-sold-${Math.random().toString(36).slice(2)}`, 1);
    try {
      await db.items.bulkPut([item(10), item(20), item(30, { active: false }), item(40)]);
      expect((await mostSoldItems(db, [40, 99, 30, 10])).map((i) => i.id)).toEqual([40, 10]);
    } finally {
      await db.delete();
    }
  });

  it('is reading until both the list and its records are there, empty when nothing was sent, else the items with the hidden ones counted', () => {
    expect(mostSoldTab(null, [item(1)], new Set())).toEqual({ kind: 'reading' });
    expect(mostSoldTab([{ itemId: 1, quantity: 2 }], undefined, new Set())).toEqual({ kind: 'reading' });
    expect(mostSoldTab([], [], new Set())).toEqual({ kind: 'empty' });
    const tab = mostSoldTab([], [item(1, { allergies: '1;13' }), item(2)], new Set([13] as const));
    expect(tab).toEqual({ kind: 'items', shown: [item(2)], hiddenCount: 1 });
  });

  it('says in words that nothing was sent yet and what it shows instead', () => {
    const t = createI18n('en').getFixedT('en', 'catalog');
    expect(t('mostSoldEmpty', { group: 'Entrantes' })).toBe('Nothing sent from this terminal in the last 14 days yet, so here is Entrantes instead.');
    const ca = createI18n('ca').getFixedT('ca', 'catalog');
    expect(ca('mostSoldEmpty', { group: 'Entrants' })).toMatch(/^Encara no s’ha enviat res .* aquí tens Entrants\.$/);
  });
});
