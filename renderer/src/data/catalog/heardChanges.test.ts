import { describe, expect, it } from 'vitest';
import { createShopCatalogStore } from '../shop/shopCatalogStore';
import { createCatalogStore } from './catalogStore';
import { followHeardChanges, type GenerationStoreApi } from './heardChanges';

// One replay helper for both services: each case is the venue's or the shop's own catalog store.
type Db = { name: string };
const generation = (name: string) => ({ n: 1, db: { name }, syncedAt: '2026-11-29T07:00:00.000Z', counts: {}, requests: {} });

const services: { name: string; make: () => GenerationStoreApi<Db> & { setState: (partial: object) => void } }[] = [
  { name: 'venue', make: () => createCatalogStore() as never },
  { name: 'shop', make: () => createShopCatalogStore() as never },
];

describe.each(services)('followHeardChanges ($name catalog store)', ({ make }) => {
  it('applies a change at once, and again to the generation a sync that started before it switches to', () => {
    const store = make();
    store.setState({ current: generation('gen-1') });
    let clock = 0;
    const applied: string[] = [];
    const changes = followHeardChanges<string, Db>({
      catalog: store,
      now: () => clock,
      apply: (db, heard) => applied.push(...heard.map((c) => `${db.name}:${c.value}`)),
    });

    changes.hear([{ key: 'a', value: 'before' }]);
    clock = 10;
    store.setState({ syncing: true });
    clock = 20;
    changes.hear([{ key: 'b', value: 'during' }]);
    store.setState({ syncing: false, current: generation('gen-2') });

    // The change heard before the sync started is in the new generation already; the other is replayed.
    expect(applied).toEqual(['gen-1:before', 'gen-1:during', 'gen-2:during']);
    changes.stop();
  });
});
