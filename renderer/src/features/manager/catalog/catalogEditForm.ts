import { parseAllergies, type AllergenCode } from '../../../../../shared/api/catalog';
import type { CatalogEdit, CatalogEditField, CatalogEditKind, CatalogEditProblemCode } from '../../../../../shared/bridge';
import { catalogEditProblems } from '../../../../../shared/domain/catalogEdits';
import { parseCents } from '../../../../../shared/domain/money';
import type { StoredCategory, StoredGroup, StoredItem, StoredModifier } from '../../../data/catalog/catalogDb';

// The quick-edit form of manager mode's Catalog tab, as pure functions: a record
// picked from the local catalog, the form's draft of it, and the edit the draft makes (`id` plus
// only the changed fields, spec 4.3 rule 3) with what is wrong per field.

/** A record the manager can edit, read from the local catalog (prices in cents). */
export interface PickedRecord {
  kind: CatalogEditKind;
  id: number;
  name: string;
  active: boolean;
  /** Items and modifiers. */
  priceCents?: number;
  /** Items only. */
  buttonName?: string;
  allergens?: AllergenCode[];
  photo?: string;
}

const cents = (price: number) => Math.round(price * 100);

export function pickedGroup(group: StoredGroup): PickedRecord {
  return { kind: 'group', id: group.id, name: group.name, active: group.active };
}
export function pickedCategory(category: StoredCategory): PickedRecord {
  return { kind: 'category', id: category.id, name: category.name, active: category.active };
}
export function pickedItem(item: StoredItem): PickedRecord {
  return {
    kind: 'item',
    id: item.id,
    name: item.name,
    active: item.active,
    priceCents: cents(item.price),
    buttonName: item.buttonName ?? '',
    allergens: parseAllergies(item.allergies).sort((a, b) => a - b),
    photo: item.photo ?? '',
  };
}
export function pickedModifier(modifier: StoredModifier): PickedRecord {
  return { kind: 'modifier', id: modifier.id, name: modifier.name, active: modifier.active, priceCents: cents(modifier.price) };
}

/** What the form holds while the manager types. */
export interface EditDraft {
  name: string;
  buttonName: string;
  /** As typed ("3,50"). */
  price: string;
  active: boolean;
  allergens: AllergenCode[];
  photo: string;
}

/** Cents as the manager types them back: 350 → "3,50". */
export function priceText(priceCents: number): string {
  const sign = priceCents < 0 ? '-' : '';
  const abs = Math.abs(priceCents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A typed price in cents ("3,50", "3.5", "3 €"); negative prices parse (and are then refused by the rules); null when not a price. */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '').replace(',', '.');
  return cleaned === '' ? null : parseCents(cleaned);
}

/** The fields each kind of record shows (spec 2.6). */
export function fieldsOf(kind: CatalogEditKind): readonly CatalogEditField[] {
  if (kind === 'item') return ['name', 'buttonName', 'price', 'active', 'allergens', 'photo'];
  if (kind === 'modifier') return ['price', 'active'];
  return ['name', 'active'];
}

/** The draft of a record, with a pending edit of it (if any) already applied. */
export function draftOf(record: PickedRecord, pending?: CatalogEdit): EditDraft {
  const value = <K extends string>(key: K): unknown => (pending && key in pending ? (pending as Record<string, unknown>)[key] : undefined);
  const priceCents = (value('priceCents') as number | undefined) ?? record.priceCents ?? 0;
  return {
    name: (value('name') as string | undefined) ?? record.name,
    buttonName: ((value('buttonName') as string | null | undefined) ?? record.buttonName ?? '') || '',
    price: priceText(priceCents),
    active: (value('active') as boolean | undefined) ?? record.active,
    allergens: [...(((value('allergens') as AllergenCode[] | undefined) ?? record.allergens) || [])].sort((a, b) => a - b),
    photo: ((value('photo') as string | null | undefined) ?? record.photo ?? '') || '',
  };
}

/** A problem the form shows on a field: the shared rules' codes, and `price-invalid` (not a price). */
export interface FormProblem {
  field: CatalogEditField;
  code: CatalogEditProblemCode | 'price-invalid';
  said?: string;
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The edit a draft makes of its record (only what changed), or null with what is wrong. */
export function editOfDraft(record: PickedRecord, draft: EditDraft): { edit: CatalogEdit | null; problems: FormProblem[] } {
  const fields = fieldsOf(record.kind);
  const changes: Record<string, unknown> = {};
  const problems: FormProblem[] = [];
  if (fields.includes('name') && draft.name.trim() !== record.name.trim()) changes.name = draft.name.trim();
  if (fields.includes('active') && draft.active !== record.active) changes.active = draft.active;
  if (fields.includes('price')) {
    const priceCents = parsePriceInput(draft.price);
    if (priceCents === null) problems.push({ field: 'price', code: 'price-invalid' });
    else if (priceCents !== record.priceCents) changes.priceCents = priceCents;
  }
  if (fields.includes('buttonName') && draft.buttonName.trim() !== (record.buttonName ?? '').trim())
    changes.buttonName = draft.buttonName.trim() === '' ? null : draft.buttonName.trim();
  if (fields.includes('photo') && draft.photo.trim() !== (record.photo ?? '').trim()) changes.photo = draft.photo.trim() === '' ? null : draft.photo.trim();
  if (fields.includes('allergens')) {
    const chosen = [...new Set(draft.allergens)].sort((a, b) => a - b);
    if (!sameList(chosen, record.allergens ?? [])) changes.allergens = chosen;
  }
  const edit = { kind: record.kind, id: record.id, ...changes } as CatalogEdit;
  for (const problem of catalogEditProblems([edit])) {
    // A price that is not one is the problem, not "nothing changed".
    if (problem.code === 'nothing-changed' && problems.length > 0) continue;
    problems.push({ field: problem.field, code: problem.code });
  }
  return problems.length > 0 ? { edit: null, problems } : { edit, problems };
}
