import { generationsOf, type OpenGenerationOf } from '../sync/generationPointer';
import { openShopDb, openShopGenerationDb, shopGenerationDbName, shopGenerationOfDbName, type ShopCatalogDb, type ShopGenerationRow } from './shopDb';

// The shop's generations, kept by the same functions as the venue's (sync/generationPointer.ts;
// docs/decisions.md "Catalog generations"): the shop's pointer database `comanda-shop-<accountKey>`
// and one database per generation (shopDb.ts) are all that differ.

export const shopGenerations = generationsOf<ShopGenerationRow, ShopCatalogDb>({
  what: 'shop generation',
  label: 'shop sync',
  dbName: shopGenerationDbName,
  generationOf: shopGenerationOfDbName,
  open: openShopGenerationDb,
});

export const {
  readCurrent: readCurrentShopGeneration,
  begin: beginShopGeneration,
  switchTo: switchToShopGeneration,
  markFailed: markShopGenerationFailed,
  remove: deleteShopGeneration,
  cleanUp: cleanUpShopGenerations,
  openCurrent: openCurrentShopGeneration,
} = shopGenerations;

/** An open current shop generation: its database and when it was synced ("last sync"). */
export type OpenShopGeneration = OpenGenerationOf<ShopCatalogDb, ShopGenerationRow>;

/** The current generation of a shop account (opens and closes the pointer database itself). */
export async function currentShopGeneration(accountKey: string): Promise<OpenShopGeneration | null> {
  const shopDb = openShopDb(accountKey);
  try {
    return await openCurrentShopGeneration(shopDb, accountKey);
  } finally {
    shopDb.close();
  }
}
