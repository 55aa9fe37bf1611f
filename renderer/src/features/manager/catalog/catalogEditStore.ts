import { create } from 'zustand';
import type { CatalogEdit, CatalogEditProblem, CatalogEditRef } from '../../../../../shared/bridge';
import { refKey } from '../../../../../shared/domain/catalogEdits';
import type { PickedRecord } from './catalogEditForm';

// The pending (not yet saved) quick edits of manager mode's Catalog tab: one per record, kept while
// the manager moves between tabs, dropped when the terminal changes account. Saving sends them all
// in one call (CatalogEditTab).

export interface PendingEdit {
  /** The record as it was when picked (for the list: its name and the old values). */
  record: PickedRecord;
  edit: CatalogEdit;
  /** Why it was not saved (our check or the server's words), per field. */
  problems: CatalogEditProblem[];
  /** Sent without an answer: it may have been saved (the next sync shows). */
  unsure: boolean;
}

interface CatalogEditState {
  accountKey: string | null;
  pending: PendingEdit[];
  /** The record open in the form. */
  open: PickedRecord | null;
  forAccount(accountKey: string | null): void;
  openRecord(record: PickedRecord | null): void;
  /** Adds the edit of a record, or replaces the one it had. */
  keep(record: PickedRecord, edit: CatalogEdit): void;
  remove(ref: CatalogEditRef): void;
  clear(): void;
  /** After a save: drops the saved ones, marks problems and unsure ones on the rest. */
  settle(result: { saved: readonly CatalogEditRef[]; problems?: readonly CatalogEditProblem[]; unsure?: readonly CatalogEditRef[] }): void;
}

export const useCatalogEditStore = create<CatalogEditState>()((set, get) => ({
  accountKey: null,
  pending: [],
  open: null,
  forAccount(accountKey) {
    if (get().accountKey !== accountKey) set({ accountKey, pending: [], open: null });
  },
  openRecord(record) {
    set({ open: record });
  },
  keep(record, edit) {
    const key = refKey(edit);
    const entry: PendingEdit = { record, edit, problems: [], unsure: false };
    const pending = get().pending;
    const at = pending.findIndex((p) => refKey(p.edit) === key);
    set({ pending: at < 0 ? [...pending, entry] : pending.map((p, i) => (i === at ? entry : p)) });
  },
  remove(ref) {
    set({ pending: get().pending.filter((p) => refKey(p.edit) !== refKey(ref)) });
  },
  clear() {
    set({ pending: [] });
  },
  settle({ saved, problems = [], unsure = [] }) {
    const savedKeys = new Set(saved.map(refKey));
    const unsureKeys = new Set(unsure.map(refKey));
    set({
      pending: get()
        .pending.filter((p) => !savedKeys.has(refKey(p.edit)))
        .map((p) => ({ ...p, problems: problems.filter((problem) => refKey(problem) === refKey(p.edit)), unsure: unsureKeys.has(refKey(p.edit)) })),
    });
  },
}));
