// Write rules of the catalog (spec: hospitality 2.5–2.7, 4.3), as pure functions over a lookup of
// the current records. The routes plan every entry of a write first and commit only when all are
// valid (all-or-nothing).
//
// Conservative choices where the spec is silent (clarifications: choose the conservative
// behaviour and make the sandbox behave the same way), each cited where it is applied:
// - clarifications "Values the vendor's servers accept" (one reader for both services,
//   ../laravelValues.ts): decimals may be sent as numeric strings ("12.50"), integers as
//   whole-number strings ("4"); they are stored and returned as numbers. Anything else → 422.
// - flags accept 0/1, "0"/"1" and true/false (Laravel's `boolean`) and are stored as 0/1.
// - a required string may not be empty ("" fails Laravel's `required` rule too).
// - a field with a default (flags, min, max, isMultipleChoice) may not be sent as null.
// - an optional reference (e.g. `modifier_group_id`) that is sent and not null must name an
//   existing record; a record that is still referenced cannot be deleted.
// - `allergies` must be "" or codes 1–13 joined by ";", each once (spec 2.7).
import { allergiesProblem } from '../../../shared/api/catalog';
import { FORBIDDEN_KEYS } from '../json';
import { readBoolean, readInteger, readNumeric } from '../laravelValues';
import type { CatalogResource, CatalogState } from './model';

/** A stored catalog record, seen generically. */
export type CatalogRecord = Record<string, unknown> & { id: number };

type Kind = 'string' | 'number' | 'int' | 'flag';

interface Reference {
  to: CatalogResource;
  /** The referenced item must have this `type` (spec 2.5, 2.6). */
  itemType?: 0 | 1 | 4;
}

export interface FieldRule {
  kind: Kind;
  /** Must be sent on create (spec 2.6 "required"; 4.3 rule 2) and can never be emptied. */
  required?: boolean;
  /** Stored on create when the field is not sent (spec 2.6 defaults). */
  default?: string | number;
  ref?: Reference;
  oneOf?: readonly number[];
  nonNegative?: boolean;
  allergies?: boolean;
}

const name: FieldRule = { kind: 'string', required: true };
const text: FieldRule = { kind: 'string' };
const int: FieldRule = { kind: 'int' };
const decimal: FieldRule = { kind: 'number' };
const requiredDecimal: FieldRule = { kind: 'number', required: true };
const on: FieldRule = { kind: 'flag', default: 1 };
const off: FieldRule = { kind: 'flag', default: 0 };
const ref = (to: CatalogResource, required: boolean, itemType?: 0 | 1 | 4): FieldRule => ({
  kind: 'int',
  required,
  ref: itemType === undefined ? { to } : { to, itemType },
});

/** The fields of spec 2.6 per resource. Fields not listed are stored and returned as sent. */
export const FIELD_RULES: Record<CatalogResource, Record<string, FieldRule>> = {
  groups: {
    // spec 4.3 rule 1: "creating a group: every parameter is optional" wins over the table's
    // "name required"; a group created without a name gets "" (never null: name is a string).
    name: { kind: 'string', default: '' },
    photo: text,
    active: on,
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    super_group_id: int,
    extra_id: text,
  },
  categories: {
    name,
    photo: text,
    active: on,
    group_id: ref('groups', true),
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    modifier_category_id: ref('modifierCategories', false),
    modifier_group_id: ref('modifierGroups', false),
    super_group_id: int,
    dish_order_id: int,
    extra_id: text,
  },
  items: {
    name,
    price: requiredDecimal,
    costPrice: requiredDecimal,
    type: { kind: 'int', required: true, oneOf: [0, 1, 4] },
    category_id: ref('categories', true),
    photo: text,
    active: on,
    info: text,
    hasInventory: off,
    usesWeight: off,
    isMenu: off,
    shouldAppearInMenuList: off,
    isOpen: off,
    displayInventory: off,
    isLinked: off,
    useAverageCostPrice: off,
    nameKitchen: text,
    buttonName: text,
    barcode: text,
    config: text,
    extra_id: text,
    allergies: { kind: 'string', allergies: true },
    tax_id: int,
    printer_id: int,
    printer_group_id: int,
    modifier_group_id: ref('modifierGroups', false),
    modifier_category_id: ref('modifierCategories', false),
    super_group_id: int,
    dish_order_id: int,
    unit_id: int,
    report_category_id: int,
    cookDuration: decimal,
    minQuantity: decimal,
    // Not in the table; the clarifications name it as a field items carry.
    order: int,
  },
  sellingFormats: { name, photo: text, order: int, active: on },
  sellingFormatPivots: {
    quantity: requiredDecimal,
    price: requiredDecimal,
    order: int,
    format_id: ref('sellingFormats', true),
    item_id: ref('items', true, 4),
    combination_group_id: int,
    unit_id: int,
  },
  modifiers: {
    name,
    price: requiredDecimal,
    category_id: ref('modifierCategories', true),
    photo: text,
    order: int,
    cookDuration: decimal,
    active: on,
    extra_id: text,
    // Not in the table; the clarifications name it (real clients read it).
    autoSelected: off,
  },
  modifierCategories: {
    name,
    order: int,
    isChoice: on,
    isOptional: on,
    active: on,
    // Not in the table: `min`/`max` the clarifications name (max 0 = no limit), `shouldHide` real
    // clients read (docs/decisions.md "Modifier choice rules").
    min: { kind: 'int', nonNegative: true },
    max: { kind: 'int', nonNegative: true },
    shouldHide: off,
  },
  modifierGroups: { name, order: int, dont_show_automatically: off },
  modifierPivots: { order: int, group_id: ref('modifierGroups', true), category_id: ref('modifierCategories', true) },
  menuMenuCategories: {
    name,
    order: int,
    isMultipleChoice: { kind: 'int', default: 1, oneOf: [0, 1, 2, 3, 4] },
    max: { kind: 'int', default: 1, nonNegative: true },
    min: { kind: 'int', default: 0, nonNegative: true },
    item_id: ref('items', true, 1),
    dish_order_id: int,
  },
  menuMenuItemCategoryPivots: {
    active: on,
    order: int,
    price: requiredDecimal,
    addModifiersPrice: on,
    item_id: ref('items', true, 0),
    category_id: ref('menuMenuCategories', true),
    separatorName: text,
    modifier_group_id: ref('modifierGroups', false),
    // Named like a reference to a selling-format pivot: checked like one (conservative).
    format_pivot_id: ref('sellingFormatPivots', false),
  },
};

/** Singular names for messages. */
export const RECORD_NAMES: Record<CatalogResource, string> = {
  groups: 'group',
  categories: 'category',
  items: 'item',
  sellingFormats: 'selling format',
  sellingFormatPivots: 'selling format pivot',
  modifiers: 'modifier',
  modifierCategories: 'modifier category',
  modifierGroups: 'modifier group',
  modifierPivots: 'modifier pivot',
  menuMenuCategories: 'menu category',
  menuMenuItemCategoryPivots: 'menu item-category pivot',
};

const ITEM_TYPE_NAMES: Record<number, string> = { 0: 'normal', 1: 'menu', 4: 'selling format' };

/** A field of another resource that points at records of `to`. */
export interface Dependent {
  from: CatalogResource;
  field: string;
  itemType?: 0 | 1 | 4;
}

/** Every reference field pointing at each resource (derived from FIELD_RULES). */
export const DEPENDENTS: Record<CatalogResource, Dependent[]> = (() => {
  const result = Object.fromEntries(Object.keys(FIELD_RULES).map((r) => [r, [] as Dependent[]])) as Record<CatalogResource, Dependent[]>;
  for (const [from, fields] of Object.entries(FIELD_RULES) as [CatalogResource, Record<string, FieldRule>][]) {
    for (const [field, rule] of Object.entries(fields)) {
      if (!rule.ref) continue;
      const dependent: Dependent = { from, field };
      if (rule.ref.itemType !== undefined) dependent.itemType = rule.ref.itemType;
      result[rule.ref.to].push(dependent);
    }
  }
  return result;
})();

/** Why deleting a parent with children is refused (spec 2.5), per child relation. */
const HIERARCHY_REASONS: Partial<Record<string, string>> = {
  'categories.group_id': 'spec 2.5: a category cannot exist without a group',
  'items.category_id': 'spec 2.5: an item cannot exist without a category',
  'modifiers.category_id': 'spec 2.5: a modifier belongs to a modifier category',
  'menuMenuCategories.item_id': 'spec 2.5: menu categories belong to a type 1 item',
  'sellingFormatPivots.item_id': 'spec 2.5: selling-format pivots connect a type 4 item to a selling format',
  'menuMenuItemCategoryPivots.category_id': 'spec 2.5: each menu category holds its items through these pivots',
};

/** What the rules need to see of the catalog: records by id, and who references a record. */
export interface CatalogLookup {
  find(resource: CatalogResource, id: number): CatalogRecord | undefined;
  /** How many records of `from` have `field` = id. */
  referenceCount(from: CatalogResource, field: string, id: number): number;
}

export type WritePlan =
  { kind: 'create'; fields: Record<string, unknown> } | { kind: 'update'; id: number; patch: Record<string, unknown>; merged: CatalogRecord };

export type PlanResult = { ok: true; plan: WritePlan } | { ok: false; problems: string[] };

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

type Normalized = { ok: true; value: unknown } | { ok: false; problem: string };

/** One sent value of a known field, checked and normalized (see the file comment). */
export function normalizeField(field: string, rule: FieldRule, value: unknown): Normalized {
  const fail = (problem: string): Normalized => ({ ok: false, problem: `${field}: ${problem}` });
  if (value === null) {
    if (rule.required) return fail('is required and cannot be null');
    if (rule.default !== undefined) return fail(`cannot be null (leave it out for the default ${JSON.stringify(rule.default)})`);
    return { ok: true, value: null };
  }
  switch (rule.kind) {
    case 'string': {
      if (typeof value !== 'string') return fail(`must be a string, got ${describe(value)}`);
      if (rule.required && value.trim() === '') return fail('is required and cannot be empty');
      if (rule.allergies) {
        const problem = allergiesProblem(value);
        if (problem) return fail(`${problem} (spec 2.7: allergen codes 1–13 joined by ";")`);
      }
      return { ok: true, value };
    }
    case 'flag': {
      const flag = readBoolean(value);
      if (flag === null) return fail(`must be 0 or 1, got ${describe(value)}`);
      return { ok: true, value: flag ? 1 : 0 };
    }
    case 'number':
    case 'int': {
      const n = rule.kind === 'int' ? readInteger(value) : readNumeric(value);
      if (n === null) return fail(`must be ${rule.kind === 'int' ? 'an integer' : 'a finite number'}, got ${describe(value)}`);
      if (rule.ref && n < 1) return fail(`must be a positive id, got ${describe(value)}`);
      if (rule.nonNegative && n < 0) return fail(`must not be negative, got ${n}`);
      if (rule.oneOf && !rule.oneOf.includes(n)) return fail(`must be one of ${rule.oneOf.join(', ')}, got ${n}`);
      return { ok: true, value: n };
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The referenced records exist and, for items, have the type the relation needs. */
function checkReferences(resource: CatalogResource, values: Record<string, unknown>, lookup: CatalogLookup, problems: string[]): void {
  for (const [field, rule] of Object.entries(FIELD_RULES[resource])) {
    const value = values[field];
    if (!rule.ref || typeof value !== 'number') continue;
    const target = lookup.find(rule.ref.to, value);
    if (!target) {
      problems.push(`${field}: unknown ${RECORD_NAMES[rule.ref.to]} ${value}`);
      continue;
    }
    const wanted = rule.ref.itemType;
    if (wanted !== undefined && target.type !== wanted) {
      problems.push(
        `${field}: item ${value} has type ${String(target.type)}; a ${RECORD_NAMES[resource]} needs a type ${wanted} ` +
          `(${ITEM_TYPE_NAMES[wanted]}) item (spec 2.5, 2.6)`,
      );
    }
  }
}

/** Rules across fields, checked on the record as it will be stored. */
function checkRecord(resource: CatalogResource, record: Record<string, unknown>, problems: string[]): void {
  if (resource === 'modifierCategories') {
    const { min, max } = record;
    // max 0 (or none) is no limit, so only a real limit can be below min.
    if (typeof min === 'number' && typeof max === 'number' && max > 0 && min > max) {
      problems.push(`min: must not be above max (min ${min}, max ${max}; max 0 means no limit)`);
    }
  }
  if (resource === 'menuMenuCategories') {
    const { min, max } = record;
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      problems.push(`min: must not be above max (min ${min}, max ${max})`);
    }
  }
}

/**
 * Plans one record object of a catalog write (spec 4.3): a create, or an update when it carries
 * `id` (rule 3: `id` plus only the fields that change). Problems name the field; nothing is
 * written here.
 */
export function planWrite(resource: CatalogResource, entry: unknown, lookup: CatalogLookup): PlanResult {
  if (!isPlainObject(entry)) return { ok: false, problems: [`expected a record object, got ${describe(entry)}`] };
  const rules = FIELD_RULES[resource];
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entry)) {
    if (field === 'id' || value === undefined) continue;
    if (FORBIDDEN_KEYS.has(field)) {
      problems.push(`${field}: is not allowed as a field name`);
      continue;
    }
    // Own rules only: `toString` or `valueOf` is an unknown field, not Object.prototype's member.
    const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
    if (!rule) {
      values[field] = value; // clarifications: records may carry unknown fields; kept as sent.
      continue;
    }
    const normalized = normalizeField(field, rule, value);
    if (normalized.ok) values[field] = normalized.value;
    else problems.push(normalized.problem);
  }

  if (entry.id === undefined) {
    for (const [field, rule] of Object.entries(rules)) {
      if (Object.hasOwn(values, field) || problems.some((p) => p.startsWith(`${field}:`))) continue;
      if (rule.required) problems.push(`${field}: is required to create a ${RECORD_NAMES[resource]} (spec 2.6, 4.3 rule 2)`);
    }
    if (problems.length > 0) return { ok: false, problems };
    // Known fields first in the spec's order with their defaults, then the unknown ones.
    const fields: Record<string, unknown> = {};
    for (const [field, rule] of Object.entries(rules)) {
      if (Object.hasOwn(values, field)) fields[field] = values[field];
      else if (rule.default !== undefined) fields[field] = rule.default;
    }
    for (const [field, value] of Object.entries(values)) if (!Object.hasOwn(fields, field)) fields[field] = value;
    checkReferences(resource, fields, lookup, problems);
    checkRecord(resource, fields, problems);
    return problems.length > 0 ? { ok: false, problems } : { ok: true, plan: { kind: 'create', fields } };
  }

  const id = normalizeField('id', { kind: 'int', ref: { to: resource } }, entry.id);
  if (!id.ok) return { ok: false, problems: [id.problem, ...problems] };
  const existing = lookup.find(resource, id.value as number);
  // spec 4.3 says `id` selects the record to update and nothing about an unknown one. Conservative
  // choice: 422 "unknown id" (the write is refused, like any invalid write), never an upsert.
  if (!existing) return { ok: false, problems: [`id: unknown ${RECORD_NAMES[resource]} id ${String(id.value)}`, ...problems] };
  if (problems.length > 0) return { ok: false, problems };

  checkReferences(resource, values, lookup, problems);
  const merged: CatalogRecord = { ...existing, ...values, id: existing.id };
  checkRecord(resource, merged, problems);
  if (resource === 'items' && values.type !== undefined && values.type !== existing.type) {
    // An item's type may change only when no relation needing its current type points at it.
    for (const dependent of DEPENDENTS.items) {
      if (dependent.itemType === undefined || dependent.itemType === values.type) continue;
      const count = lookup.referenceCount(dependent.from, dependent.field, existing.id);
      if (count > 0) {
        problems.push(
          `type: item ${existing.id} is the ${dependent.field} of ${count} ${RECORD_NAMES[dependent.from]}(s), ` +
            `which need a type ${dependent.itemType} item (spec 2.5)`,
        );
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, plan: { kind: 'update', id: existing.id, patch: values, merged } };
}

/**
 * Why a record cannot be deleted yet, or null. spec 2.5 says an item cannot exist without a
 * category and a category without a group, and says nothing about deleting a parent: the
 * conservative choice is to refuse (422) while anything still references the record, rather than
 * cascade or leave dangling references.
 */
export function deleteProblem(resource: CatalogResource, id: number, lookup: CatalogLookup): string | null {
  const blockers: string[] = [];
  const reasons: string[] = [];
  for (const dependent of DEPENDENTS[resource]) {
    const count = lookup.referenceCount(dependent.from, dependent.field, id);
    if (count === 0) continue;
    blockers.push(`${count} ${RECORD_NAMES[dependent.from]}(s) (${dependent.from}.${dependent.field})`);
    const reason = HIERARCHY_REASONS[`${dependent.from}.${dependent.field}`];
    if (reason) reasons.push(reason);
  }
  if (blockers.length === 0) return null;
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return `Cannot delete ${RECORD_NAMES[resource]} ${id}: still referenced by ${blockers.join(', ')}${why}. Delete or move them first.`;
}

/** The records of one resource, seen generically. */
export function recordsOf(catalog: CatalogState, resource: CatalogResource): CatalogRecord[] {
  return catalog[resource] as unknown as CatalogRecord[];
}
