import Dexie from 'dexie';
import type { ShopResource } from '../../../../shared/bridge/shop';
import {
  openShopDb,
  openShopGenerationDb,
  shopGenerationDbName,
  shopGenerationOfDbName,
  type ShopCatalogDb,
  type ShopDb,
  type ShopGenerationRow,
  type ShopRecordStore,
} from './shopDb';

// The shop catalog's generations, as renderer/src/data/catalog/generations.ts keeps the venue's
// (docs/decisions.md "Catalog generations"): a sync builds generation n in its own database, seals
// it, then switches the pointer in one transaction; a generation that is not current is never read
// and is deleted whole.

/** The generation the till shows, or null before the first successful sync. */
export function readCurrentShopGeneration(shopDb: ShopDb): Promise<ShopGenerationRow | null> {
  return shopDb.generations
    .where('state')
    .equals('current')
    .last()
    .then((row) => row ?? null);
}

/** Registers a new generation as `building` and returns its number (never handed out before). */
export function beginShopGeneration(shopDb: ShopDb, startedAt: Date): Promise<number> {
  return shopDb.generations.add({ state: 'building', startedAt: startedAt.toISOString(), syncedAt: null, counts: {}, requests: {} });
}

/**
 * Makes generation `n` current and the previous one retired, in one transaction: a crash leaves
 * either the old pointer or the new one, never none. Returns the numbers of the retired ones.
 */
export function switchToShopGeneration(
  shopDb: ShopDb,
  n: number,
  result: { syncedAt: Date; counts: Partial<Record<ShopRecordStore, number>>; requests: Partial<Record<ShopResource, number>> },
): Promise<number[]> {
  return shopDb.transaction('rw', shopDb.generations, async () => {
    const row = await shopDb.generations.get(n);
    if (row?.state !== 'building') throw new Error(`shop generation ${n} is ${row?.state ?? 'gone'}, not building`);
    const previous = await shopDb.generations.where('state').equals('current').toArray();
    for (const old of previous) await shopDb.generations.update(old.n, { state: 'retired' });
    await shopDb.generations.update(n, {
      state: 'current',
      syncedAt: result.syncedAt.toISOString(),
      counts: result.counts,
      requests: result.requests,
    });
    return previous.map((old) => old.n);
  });
}

export async function markShopGenerationFailed(shopDb: ShopDb, n: number): Promise<void> {
  await shopDb.generations.where('n').equals(n).modify({ state: 'failed' });
}

/** Deletes a generation's database, then its row (a row without a database is harmless). */
export async function deleteShopGeneration(shopDb: ShopDb, accountKey: string, n: number): Promise<void> {
  await Dexie.delete(shopGenerationDbName(accountKey, n));
  await shopDb.generations.delete(n);
}

/**
 * Deletes every generation of the shop except the current one: failed and retired ones, ones a
 * closed app left `building`, and databases of this shop with no row. Returns the numbers deleted.
 */
export async function cleanUpShopGenerations(shopDb: ShopDb, accountKey: string, log: (line: string) => void = () => {}): Promise<number[]> {
  const current = await readCurrentShopGeneration(shopDb);
  const doomed = new Set<number>();
  for (const row of await shopDb.generations.toArray()) if (row.n !== current?.n) doomed.add(row.n);
  try {
    for (const name of await Dexie.getDatabaseNames()) {
      const n = shopGenerationOfDbName(accountKey, name);
      if (n !== null && n !== current?.n) doomed.add(n);
    }
  } catch (error) {
    log(`shop sync: could not list databases: ${String(error)}`);
  }
  const deleted: number[] = [];
  for (const n of [...doomed].sort((a, b) => a - b)) {
    try {
      await deleteShopGeneration(shopDb, accountKey, n);
      deleted.push(n);
    } catch (error) {
      log(`shop sync: could not delete generation ${n}: ${String(error)}`);
    }
  }
  return deleted;
}

/** An open current shop generation: its database and when it was synced ("last sync"). */
export interface OpenShopGeneration {
  n: number;
  db: ShopCatalogDb;
  syncedAt: string;
  counts: Partial<Record<ShopRecordStore, number>>;
  requests: Partial<Record<ShopResource, number>>;
}

/**
 * Opens the current generation for reading, or null before the first sync (or when its seal is
 * missing: the database was lost or damaged outside the app; the next sync rebuilds it). The
 * caller closes `db` when done.
 */
export async function openCurrentShopGeneration(
  shopDb: ShopDb,
  accountKey: string,
  open: (accountKey: string, n: number) => ShopCatalogDb = openShopGenerationDb,
): Promise<OpenShopGeneration | null> {
  const row = await readCurrentShopGeneration(shopDb);
  if (row === null || row.syncedAt === null) return null;
  const db = open(accountKey, row.n);
  await db.open();
  if ((await db.meta.get('sealed'))?.value !== row.n) {
    db.close();
    await markShopGenerationFailed(shopDb, row.n);
    return null;
  }
  return { n: row.n, db, syncedAt: row.syncedAt, counts: row.counts, requests: row.requests };
}

/** The current generation of a shop account (opens and closes the pointer database itself). */
export async function currentShopGeneration(accountKey: string): Promise<OpenShopGeneration | null> {
  const shopDb = openShopDb(accountKey);
  try {
    return await openCurrentShopGeneration(shopDb, accountKey);
  } finally {
    shopDb.close();
  }
}
