import Dexie from 'dexie';
import type { SyncResource } from '../../../../shared/bridge';
import { generationDbName, generationOfDbName, openGenerationDb, type CatalogDb } from './catalogDb';
import { openAccountDb, type ComandaDb, type GenerationRow } from '../db';

// Generations (docs/decisions.md, "Catalog generations"): each sync builds a database of its own;
// the account database records which one is current. Switching is one transaction on
// `generations`; a generation that is not current is never read and is deleted whole.

/** The generation the terminal shows, or null before the first successful sync. */
export function readCurrentGeneration(accountDb: ComandaDb): Promise<GenerationRow | null> {
  return accountDb.generations
    .where('state')
    .equals('current')
    .last()
    .then((row) => row ?? null);
}

/** Registers a new generation as `building` and returns its number (never handed out before). */
export async function beginGeneration(accountDb: ComandaDb, startedAt: Date): Promise<number> {
  return accountDb.generations.add({ state: 'building', startedAt: startedAt.toISOString(), syncedAt: null, counts: {}, requests: {} });
}

/**
 * Makes generation `n` current and the previous one retired, in one transaction: a crash leaves
 * either the old pointer or the new one, never none. Returns the numbers of the retired ones.
 */
export async function switchToGeneration(
  accountDb: ComandaDb,
  n: number,
  result: { syncedAt: Date; counts: Record<string, number>; requests: Partial<Record<SyncResource, number>> },
): Promise<number[]> {
  return accountDb.transaction('rw', accountDb.generations, async () => {
    const row = await accountDb.generations.get(n);
    // Someone else (another window's start-up clean-up) gave up on it: never point at a database
    // that may be half deleted.
    if (row?.state !== 'building') throw new Error(`generation ${n} is ${row?.state ?? 'gone'}, not building`);
    const previous = await accountDb.generations.where('state').equals('current').toArray();
    for (const old of previous) await accountDb.generations.update(old.n, { state: 'retired' });
    await accountDb.generations.update(n, {
      state: 'current',
      syncedAt: result.syncedAt.toISOString(),
      counts: result.counts,
      requests: result.requests,
    });
    return previous.map((old) => old.n);
  });
}

export async function markGenerationFailed(accountDb: ComandaDb, n: number): Promise<void> {
  await accountDb.generations.where('n').equals(n).modify({ state: 'failed' });
}

/** Deletes a generation's database, then its row (a row without a database is harmless). */
export async function deleteGeneration(accountDb: ComandaDb, accountKey: string, n: number): Promise<void> {
  await Dexie.delete(generationDbName(accountKey, n));
  await accountDb.generations.delete(n);
}

/**
 * Deletes every generation of the account except the current one: failed and retired ones, ones a
 * closed app left `building`, and databases of this account with no row at all. Run at start-up,
 * before any sync, and after switching. Returns the numbers deleted.
 */
export async function cleanUpGenerations(accountDb: ComandaDb, accountKey: string, log: (line: string) => void = () => {}): Promise<number[]> {
  const current = await readCurrentGeneration(accountDb);
  const doomed = new Set<number>();
  for (const row of await accountDb.generations.toArray()) if (row.n !== current?.n) doomed.add(row.n);
  try {
    for (const name of await Dexie.getDatabaseNames()) {
      const n = generationOfDbName(accountKey, name);
      if (n !== null && n !== current?.n) doomed.add(n);
    }
  } catch (error) {
    // Listing databases is a convenience; the rows above name every generation we created.
    log(`sync: could not list databases: ${String(error)}`);
  }
  const deleted: number[] = [];
  for (const n of [...doomed].sort((a, b) => a - b)) {
    try {
      await deleteGeneration(accountDb, accountKey, n);
      deleted.push(n);
    } catch (error) {
      log(`sync: could not delete generation ${n}: ${String(error)}`);
    }
  }
  return deleted;
}

/** An open current generation: its database and when it was synced. */
export interface OpenGeneration {
  n: number;
  db: CatalogDb;
  syncedAt: string;
  counts: Partial<Record<string, number>>;
  requests: Partial<Record<SyncResource, number>>;
}

/**
 * Opens the current generation of an account for reading, or null before its first sync. The
 * caller closes `db` when done. The UI normally reads `catalogStore` (catalogStore.ts) instead,
 * which follows the sync engine's switches.
 */
export async function currentGeneration(accountKey: string): Promise<OpenGeneration | null> {
  const accountDb = openAccountDb(accountKey);
  try {
    return await openCurrentGeneration(accountDb, accountKey);
  } finally {
    accountDb.close();
  }
}

export async function openCurrentGeneration(
  accountDb: ComandaDb,
  accountKey: string,
  open: (accountKey: string, n: number) => CatalogDb = openGenerationDb,
): Promise<OpenGeneration | null> {
  const row = await readCurrentGeneration(accountDb);
  if (row === null || row.syncedAt === null) return null;
  const db = open(accountKey, row.n);
  await db.open();
  // The seal is written before a generation becomes current: without it the database was lost
  // or damaged outside the app. Show nothing rather than a wrong copy; the next sync rebuilds it
  // and the start-up clean-up removes this one.
  if ((await db.meta.get('sealed'))?.value !== row.n) {
    db.close();
    await markGenerationFailed(accountDb, row.n);
    return null;
  }
  return { n: row.n, db, syncedAt: row.syncedAt, counts: row.counts, requests: row.requests };
}
