import type { BridgeClient, CatalogEditProblem, SaveCatalogEditsResult } from '../../../../../shared/bridge';
import { refKey } from '../../../../../shared/domain/catalogEdits';
import type { CatalogDb } from '../../../data/catalog/catalogDb';
import { applyCatalogEdits, editsOf } from '../../../data/catalog/catalogEdits';
import { useCatalogEditStore } from './catalogEditStore';
import { currentRecord } from './catalogPicker';

// "Save" on manager mode's Catalog tab as a user action: every pending edit in one call. What the
// POS accepted goes into the local catalog at once (the other windows hear `catalog-edited`) and
// leaves the pending list; the rest keep their problems, and the first one with a problem opens.

/** Sends the pending edits and settles the list with the answer; throws when nothing was accepted (a bridge error). */
export async function saveCatalogEdits(
  bridge: Pick<BridgeClient, 'saveCatalogEdits'>,
  db: CatalogDb,
  store: typeof useCatalogEditStore = useCatalogEditStore,
): Promise<SaveCatalogEditsResult> {
  const edits = store.getState().pending.map((p) => p.edit);
  const result = await bridge.saveCatalogEdits({ edits });
  const saved = result.outcome === 'invalid' ? [] : result.saved;
  if (saved.length > 0) {
    await applyCatalogEdits(db, editsOf(edits, saved));
    // The form compares with the record as it is now.
    const open = store.getState().open;
    if (open !== null && saved.some((ref) => refKey(ref) === refKey(open))) store.getState().openRecord(await currentRecord(db, open.kind, open.id));
  }
  const { settle } = store.getState();
  if (result.outcome === 'saved') settle({ saved });
  else if (result.outcome === 'interrupted') settle({ saved, unsure: result.unsure });
  else {
    settle({ saved, problems: result.problems });
    openFirstProblem(store, result.problems);
  }
  return result;
}

function openFirstProblem(store: typeof useCatalogEditStore, problems: readonly CatalogEditProblem[]) {
  const state = store.getState();
  const first = state.pending.find((p) => problems.some((problem) => refKey(problem) === refKey(p.edit)));
  if (first) state.openRecord(first.record);
}
