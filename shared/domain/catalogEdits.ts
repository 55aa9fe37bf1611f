import { ALLERGENS } from '../api/catalog';
import type { CatalogEdit, CatalogEditKind, CatalogEditProblem, CatalogEditRef } from '../bridge/backoffice/catalogEdits';
import { centsToDecimal } from './money';

// The rules of a catalog quick edit, shared by the form (which shows them on the
// field as the manager types) and the main side (which checks again before anything is sent), and
// the update objects sent for them (spec 4.3 rule 3: `id` plus only the fields that change).

/** The highest price a quick edit accepts: 1,000,000.00 (a typo guard, not an API rule). */
export const MAX_EDIT_PRICE_CENTS = 100_000_000;
/** Longest name, button name and photo path a quick edit sends. */
export const MAX_EDIT_TEXT = 200;

/** The catalog resource (spec 4.3 segment and wrapper key) of each kind of record. */
export const resourceOfKind = {
  group: 'groups',
  category: 'categories',
  item: 'items',
  modifier: 'modifiers',
} as const satisfies Record<CatalogEditKind, string>;
export type CatalogEditResource = (typeof resourceOfKind)[CatalogEditKind];

/** Parents first: the order in which the resources are written. */
export const catalogEditOrder: readonly CatalogEditKind[] = ['group', 'category', 'item', 'modifier'];

export const refOf = (edit: Pick<CatalogEdit, 'kind' | 'id'>): CatalogEditRef => ({ kind: edit.kind, id: edit.id });
export const refKey = (ref: Pick<CatalogEditRef, 'kind' | 'id'>) => `${ref.kind}/${ref.id}`;

/** The fields an edit changes (its keys but `kind` and `id`). */
export function changedFields(edit: CatalogEdit): string[] {
  return Object.entries(edit)
    .filter(([key, value]) => key !== 'kind' && key !== 'id' && value !== undefined)
    .map(([key]) => key);
}

/**
 * What is wrong with the edits, per record and field (empty when they can be sent): a name must
 * not be blank, a price not negative (nor absurdly high), allergens are codes of spec 2.7 listed
 * once, and an edit must change something.
 */
export function catalogEditProblems(edits: readonly CatalogEdit[]): CatalogEditProblem[] {
  const problems: CatalogEditProblem[] = [];
  const seen = new Set<string>();
  for (const edit of edits) {
    const at = refOf(edit);
    const add = (field: CatalogEditProblem['field'], code: CatalogEditProblem['code']) => problems.push({ ...at, field, code });
    if (seen.has(refKey(edit))) add('record', 'listed-twice');
    seen.add(refKey(edit));
    if (changedFields(edit).length === 0) add('record', 'nothing-changed');
    if ('name' in edit && edit.name !== undefined) {
      if (edit.name.trim() === '') add('name', 'name-empty');
      else if (edit.name.length > MAX_EDIT_TEXT) add('name', 'too-long');
    }
    if (edit.kind === 'item') {
      if (typeof edit.buttonName === 'string' && edit.buttonName.length > MAX_EDIT_TEXT) add('buttonName', 'too-long');
      if (typeof edit.photo === 'string' && edit.photo.length > MAX_EDIT_TEXT) add('photo', 'too-long');
      if (edit.allergens !== undefined) {
        if (edit.allergens.some((code) => !Object.hasOwn(ALLERGENS, code))) add('allergens', 'allergen-unknown');
        else if (new Set(edit.allergens).size !== edit.allergens.length) add('allergens', 'allergen-twice');
      }
    }
    if ((edit.kind === 'item' || edit.kind === 'modifier') && edit.priceCents !== undefined) {
      if (edit.priceCents < 0) add('price', 'price-negative');
      else if (edit.priceCents > MAX_EDIT_PRICE_CENTS) add('price', 'price-too-high');
    }
  }
  return problems;
}

/** spec 2.7: the codes in ascending order, joined by ";" ("" = none). */
export function allergiesText(codes: readonly number[]): string {
  return [...codes].sort((a, b) => a - b).join(';');
}

/** One update object of the API (spec 4.3 rule 3), the wire field names and formats of spec 2.6. */
export type CatalogUpdateRecord = { id: number } & Record<string, string | number | null>;

/** The update object of one edit: `id` plus the changed fields; prices as decimals, flags as 0/1. */
export function updateRecordOf(edit: CatalogEdit): CatalogUpdateRecord {
  const record: CatalogUpdateRecord = { id: edit.id };
  if ('name' in edit && edit.name !== undefined) record.name = edit.name.trim();
  if (edit.active !== undefined) record.active = edit.active ? 1 : 0;
  if ((edit.kind === 'item' || edit.kind === 'modifier') && edit.priceCents !== undefined) record.price = centsToDecimal(edit.priceCents);
  if (edit.kind === 'item') {
    if (edit.buttonName !== undefined) record.buttonName = edit.buttonName === null || edit.buttonName.trim() === '' ? null : edit.buttonName.trim();
    if (edit.allergens !== undefined) record.allergies = allergiesText(edit.allergens);
    if (edit.photo !== undefined) record.photo = edit.photo === null || edit.photo.trim() === '' ? null : edit.photo.trim();
  }
  return record;
}

/** The edits grouped per resource, in writing order (parents first), each in the order given. */
export function editsByResource(edits: readonly CatalogEdit[]): Array<{ kind: CatalogEditKind; resource: CatalogEditResource; edits: CatalogEdit[] }> {
  return catalogEditOrder
    .map((kind) => ({ kind, resource: resourceOfKind[kind], edits: edits.filter((edit) => edit.kind === kind) }))
    .filter((group) => group.edits.length > 0);
}

/** The wire field of an edit's form field, and back (the server names `allergies`, the form `allergens`). */
const FORM_FIELD_OF_WIRE: Record<string, CatalogEditProblem['field']> = {
  id: 'record',
  name: 'name',
  buttonName: 'buttonName',
  price: 'price',
  active: 'active',
  allergies: 'allergens',
  photo: 'photo',
};

export function formFieldOfWire(wireField: string): CatalogEditProblem['field'] {
  return FORM_FIELD_OF_WIRE[wireField] ?? 'record';
}

/**
 * The server's per-field words of a refused multi-record write, mapped back to the records sent
 * in it: from the error body's `data` (`items.1.price` or `items[1].price` → words, as Laravel and
 * the clarifications' `{ error, code, data }` shape give them) and from its message
 * (`items[1].price: must be …; items[2].id: unknown …`, as the sandbox words it). `batch` is the
 * list of records in the order they were sent.
 */
export function serverFieldProblems(
  wrapperKey: string,
  batch: readonly CatalogEditRef[],
  fieldMessages: Readonly<Record<string, string>>,
  said: string | undefined,
): CatalogEditProblem[] {
  const problems: CatalogEditProblem[] = [];
  const seen = new Set<string>();
  const add = (index: number, wireField: string, words: string) => {
    const ref = batch[index];
    if (!ref) return;
    const field = formFieldOfWire(wireField);
    const key = `${refKey(ref)}/${field}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ ...ref, field, code: 'server', said: words.trim().slice(0, 500) });
  };
  const keyPattern = escapeRegExp(wrapperKey);
  const pathPattern = new RegExp(`^${keyPattern}(?:\\.(\\d+)|\\[(\\d+)\\])(?:\\.(\\w+))?$`);
  for (const [path, words] of Object.entries(fieldMessages)) {
    const match = pathPattern.exec(path);
    if (match) add(Number(match[1] ?? match[2]), match[3] ?? 'id', words);
  }
  if (said) {
    const inText = new RegExp(
      `${keyPattern}\\[(\\d+)\\](?:\\.(\\w+))?:\\s*([^;]+?)(?=;\\s*${keyPattern}\\[|;\\s*and \\d+ more|\\.\\s*Nothing was written|$)`,
      'g',
    );
    for (const match of said.matchAll(inText)) add(Number(match[1]), match[2] ?? 'id', match[3] ?? '');
  }
  // A one-record write names no index: its fields are that record's.
  if (batch.length === 1) {
    for (const [path, words] of Object.entries(fieldMessages)) if (/^\w+$/.test(path)) add(0, path, words);
  }
  return problems;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
