import { generationDbName, generationOfDbName, openGenerationDb, type CatalogDb } from './catalogDb';
import { openAccountDb, type GenerationRow } from '../db';
import { generationsOf, type OpenGenerationOf } from '../sync/generationPointer';

// The venue's generations (docs/decisions.md, "Catalog generations"): the account database
// (db.ts) is the pointer, `comanda-<accountKey>-gen-<n>` (catalogDb.ts) each generation. The
// functions are the shared ones (sync/generationPointer.ts) over the venue's names.

export const venueGenerations = generationsOf<GenerationRow, CatalogDb>({
  what: 'generation',
  label: 'sync',
  dbName: generationDbName,
  generationOf: generationOfDbName,
  open: openGenerationDb,
});

export const {
  readCurrent: readCurrentGeneration,
  begin: beginGeneration,
  switchTo: switchToGeneration,
  markFailed: markGenerationFailed,
  remove: deleteGeneration,
  cleanUp: cleanUpGenerations,
  openCurrent: openCurrentGeneration,
} = venueGenerations;

/** An open current generation: its database and when it was synced. */
export type OpenGeneration = OpenGenerationOf<CatalogDb, GenerationRow>;

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
