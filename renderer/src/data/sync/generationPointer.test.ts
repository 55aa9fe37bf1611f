import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { venueGenerations } from '../catalog/generations';
import { openAccountDb } from '../db';
import { shopGenerations } from '../shop/shopGenerations';
import { openShopDb } from '../shop/shopDb';
import type { SealedDb } from './generationPointer';

// One set of generation functions for both services: each case runs on the venue's databases and
// on the shop's, which differ only by their names and schemas.
const services = [
  { name: 'venue', generations: venueGenerations, openPointer: (key: string) => openAccountDb(key) },
  { name: 'shop', generations: shopGenerations, openPointer: (key: string) => openShopDb(key) },
] as const;

let counter = 0;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(services)('generations of the $name', ({ generations, openPointer }) => {
  function setup() {
    const accountKey = `gen-test-${Date.now()}-${counter++}`;
    const pointer = openPointer(accountKey);
    cleanups.push(async () => {
      pointer.close();
      for (const name of await Dexie.getDatabaseNames()) if (name.includes(accountKey)) await Dexie.delete(name);
    });
    /** Builds generation n's database; sealed unless told otherwise. */
    const build = async (sealed = true) => {
      const n = await generations.begin(pointer, new Date('2026-11-29T07:00:00.000Z'));
      const db = generations.kind.open(accountKey, n) as unknown as SealedDb;
      await db.open();
      if (sealed) await db.meta.put({ key: 'sealed', value: n });
      db.close();
      return n;
    };
    return { accountKey, pointer, build };
  }

  it('switches in one step: the new generation is current, the old one retired, and it opens sealed', async () => {
    const { accountKey, pointer, build } = setup();
    const first = await build();
    expect(await generations.switchTo(pointer, first, { syncedAt: new Date('2026-11-29T07:01:00.000Z'), counts: {}, requests: {} })).toEqual([]);
    const second = await build();
    expect(await generations.switchTo(pointer, second, { syncedAt: new Date('2026-11-29T07:02:00.000Z'), counts: {}, requests: {} })).toEqual([first]);
    expect((await generations.readCurrent(pointer))?.n).toBe(second);
    const open = await generations.openCurrent(pointer, accountKey);
    expect(open).toMatchObject({ n: second, syncedAt: '2026-11-29T07:02:00.000Z' });
    open?.db.close();
    // Switching to a generation that is no longer building is refused.
    await expect(generations.switchTo(pointer, first, { syncedAt: new Date(), counts: {}, requests: {} })).rejects.toThrow(/not building/);
  });

  it('a current generation without its seal opens as none and is marked failed', async () => {
    const { accountKey, pointer, build } = setup();
    const n = await build(false);
    await generations.switchTo(pointer, n, { syncedAt: new Date(), counts: {}, requests: {} });
    expect(await generations.openCurrent(pointer, accountKey)).toBeNull();
    expect(await generations.readCurrent(pointer)).toBeNull();
  });

  it('the clean-up deletes every generation but the current one, databases without a row too', async () => {
    const { accountKey, pointer, build } = setup();
    const kept = await build();
    await generations.switchTo(pointer, kept, { syncedAt: new Date(), counts: {}, requests: {} });
    const abandoned = await build();
    const orphan = await build();
    await (pointer.generations as unknown as Table<unknown, number>).delete(orphan);
    expect(await generations.cleanUp(pointer, accountKey)).toEqual([abandoned, orphan]);
    const names = await Dexie.getDatabaseNames();
    expect(names).toContain(generations.kind.dbName(accountKey, kept));
    expect(names).not.toContain(generations.kind.dbName(accountKey, abandoned));
    expect(names).not.toContain(generations.kind.dbName(accountKey, orphan));
  });
});
