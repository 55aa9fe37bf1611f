import type { BridgeClient, CatalogEdit, CatalogEditRef } from '../../../../shared/bridge';
import { allergiesText, refKey } from '../../../../shared/domain/catalogEdits';
import { forgetSearchIndex } from '../search/search';
import type { CatalogDb } from './catalogDb';
import { catalogStore as appCatalogStore, type CatalogStoreApi } from './catalogStore';
import { forgetItemRecords } from './itemRecords';
import { followHeardChanges } from './heardChanges';

// Catalog quick edits in the local copy. Once the server accepted an edit, its
// fields are written into the CURRENT generation at once, so the order screen shows the new price
// or name without a sync; the next sync brings the server's records and confirms them. Only
// accepted edits come here: a refused save changes nothing locally.
//
// Every window of the terminal hears the accepted edits (`catalog-edited`) and writes them into its
// own copy (windows of one browser profile share it: writing the same values again is harmless).
// A sync that started before an edit was accepted may have read the old record: the edits heard
// since it started are written again into the generation it switches to (as the stock feed does).

/** Writes the changed fields of `edits` into the generation's records (one transaction); returns how many records were found. */
export async function applyCatalogEdits(db: CatalogDb, edits: readonly CatalogEdit[]): Promise<number> {
  if (edits.length === 0) return 0;
  let found = 0;
  await db.transaction('rw', [db.groups, db.categories, db.items, db.modifiers], async () => {
    for (const edit of edits) {
      const changes: Record<string, unknown> = {};
      if ('name' in edit && edit.name !== undefined) changes.name = edit.name.trim();
      if (edit.active !== undefined) changes.active = edit.active;
      // Stored as the wire schema reads it (shared/api/catalog.ts): prices in units, not cents.
      if ((edit.kind === 'item' || edit.kind === 'modifier') && edit.priceCents !== undefined) changes.price = edit.priceCents / 100;
      if (edit.kind === 'item') {
        if (edit.buttonName !== undefined) changes.buttonName = edit.buttonName === null || edit.buttonName.trim() === '' ? null : edit.buttonName.trim();
        if (edit.allergens !== undefined) changes.allergies = allergiesText(edit.allergens);
        if (edit.photo !== undefined) changes.photo = edit.photo === null || edit.photo.trim() === '' ? null : edit.photo.trim();
      }
      const table = edit.kind === 'item' ? db.items : edit.kind === 'modifier' ? db.modifiers : edit.kind === 'category' ? db.categories : db.groups;
      // A record the copy does not have (created after its sync) is left to the next sync.
      found += await (table as typeof db.items).update(edit.id, changes);
    }
  });
  // The generation's read-once caches were built from the old records.
  forgetItemRecords(db);
  forgetSearchIndex(db);
  return found;
}

/** The edits among `edits` whose records are in `refs` (what the server accepted). */
export function editsOf(edits: readonly CatalogEdit[], refs: readonly CatalogEditRef[]): CatalogEdit[] {
  const keys = new Set(refs.map(refKey));
  return edits.filter((edit) => keys.has(refKey(edit)));
}

export interface CatalogEditFeed {
  stop(): void;
}

/** Applies every `catalog-edited` event to the current generation, and again to one a sync builds meanwhile. */
export function startCatalogEditFeed(options: {
  bridge: Pick<BridgeClient, 'onEvent'>;
  catalog?: CatalogStoreApi;
  log?: (line: string) => void;
  now?: () => number;
}): CatalogEditFeed {
  const catalog = options.catalog ?? appCatalogStore;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  let stopped = false;
  const changes = followHeardChanges<CatalogEdit>({
    catalog,
    now,
    apply: (db, heard) => {
      const edits = heard.map((change) => change.value);
      applyCatalogEdits(db, edits).catch((error: unknown) =>
        log(`catalog edits: could not apply ${edits.length} edit(s): ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    // A second edit of the same record adds to the first one's fields.
    merge: (before, next) => ({ ...before, ...next }) as CatalogEdit,
  });

  const unsubscribeEvents = options.bridge.onEvent((event) => {
    if (stopped || event.type !== 'catalog-edited') return;
    changes.hear(event.edits.map((edit) => ({ key: refKey(edit), value: edit })));
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribeEvents();
      changes.stop();
    },
  };
}
