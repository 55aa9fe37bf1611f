import { z } from 'zod';
import {
  VENDOR_FIELD_MAX,
  vendorRequiredFields,
  vendorTextFields,
  type SaveVendorResult,
  type Vendor,
  type VendorFields,
  type VendorTextField,
} from '../../../../../shared/bridge';
import { normaliseForSearch } from '../../../data/search/search';

// Manager mode's vendor form and list, the pure parts: the form checked with the
// request's rules before anything is sent (spec 4.6: `name`, `address`, `nif` required; lengths),
// an update that carries only what changed, the POS's refusal turned into one problem per field,
// and the list's search. No React here: VendorsTab.tsx renders it.

export type VendorForm = Record<VendorTextField, string> & { shouldBeNotified: boolean };

export const EMPTY_VENDOR_FORM: VendorForm = {
  name: '',
  nif: '',
  address: '',
  postalCode: '',
  city: '',
  state: '',
  country: '',
  phone: '',
  email: '',
  web: '',
  notes: '',
  shouldBeNotified: false,
};

/** What is wrong with a field: checked here, or the POS refused it (with its words when it gave some). */
export type VendorFieldError =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'email' }
  | { kind: 'taken'; said: string | null }
  | { kind: 'refused'; said: string | null };
export type VendorFieldErrors = Partial<Record<VendorTextField | 'shouldBeNotified', VendorFieldError>>;

const REQUIRED: ReadonlySet<VendorTextField> = new Set(vendorRequiredFields);

const textRule = (field: VendorTextField) => {
  const base = z.string().max(VENDOR_FIELD_MAX[field], 'tooLong');
  if (REQUIRED.has(field)) return base.min(1, 'required');
  // One "@", something before it and a dot after it.
  if (field === 'email') return base.refine((value) => value === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value), 'email');
  return base;
};

const formSchema = z.strictObject({
  ...(Object.fromEntries(vendorTextFields.map((field) => [field, textRule(field)])) as unknown as Record<VendorTextField, z.ZodType<string>>),
  shouldBeNotified: z.boolean(),
});

/** The vendor as the bridge takes it: trimmed, empty optional fields null. */
export type CheckedVendor = Required<{ [K in keyof VendorFields]: Exclude<VendorFields[K], undefined> }>;

export type VendorValidation = { ok: true; vendor: CheckedVendor } | { ok: false; errors: VendorFieldErrors };

/** The form checked with the request's rules: every field trimmed, or one problem per field. */
export function validateVendorForm(form: VendorForm): VendorValidation {
  const trimmed = { ...form };
  for (const field of vendorTextFields) trimmed[field] = form[field].trim();
  const parsed = formSchema.safeParse(trimmed);
  if (!parsed.success) {
    const errors: VendorFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as VendorTextField;
      if (errors[field] !== undefined) continue;
      if (issue.message === 'required' || (REQUIRED.has(field) && trimmed[field] === '')) errors[field] = { kind: 'required' };
      else if (issue.message === 'email') errors[field] = { kind: 'email' };
      else errors[field] = { kind: 'tooLong', max: VENDOR_FIELD_MAX[field] };
    }
    return { ok: false, errors };
  }
  const orNull = (text: string) => (text === '' ? null : text);
  const vendor = { shouldBeNotified: trimmed.shouldBeNotified } as Record<string, unknown>;
  for (const field of vendorTextFields) vendor[field] = REQUIRED.has(field) ? trimmed[field] : orNull(trimmed[field]);
  return { ok: true, vendor: vendor as CheckedVendor };
}

/** The form filled with a vendor, to edit it. */
export function formOf(vendor: Vendor): VendorForm {
  const form = { ...EMPTY_VENDOR_FORM, shouldBeNotified: vendor.shouldBeNotified };
  for (const field of vendorTextFields) form[field] = vendor[field] ?? '';
  return form;
}

/**
 * PUT V2/vendors/{id}: only the fields whose value changed (an emptied one as null); null when
 * nothing changed. Whitespace alone is not a change.
 */
export function changesOf(original: Vendor, vendor: CheckedVendor): Partial<CheckedVendor> | null {
  const changes: Record<string, unknown> = {};
  for (const field of vendorTextFields) {
    const before = original[field]?.trim() || null;
    const after = vendor[field];
    if (after !== before) changes[field] = after;
  }
  if (vendor.shouldBeNotified !== original.shouldBeNotified) changes.shouldBeNotified = vendor.shouldBeNotified;
  return Object.keys(changes).length === 0 ? null : (changes as Partial<CheckedVendor>);
}

/** A POS refusal as the form shows it: a problem per field it named (a taken NIF on `nif`). */
export function refusalErrors(result: Extract<SaveVendorResult, { outcome: 'refused' }>): VendorFieldErrors {
  const errors: VendorFieldErrors = {};
  for (const [field, problem] of Object.entries(result.fields) as [
    keyof VendorFieldErrors,
    NonNullable<(typeof result.fields)[keyof typeof result.fields]>,
  ][]) {
    const said = problem.said ?? null;
    errors[field] = problem.problem === 'taken' ? { kind: 'taken', said } : problem.problem === 'required' ? { kind: 'required' } : { kind: 'refused', said };
  }
  return errors;
}

/** A vendor after a save whose answer carried no record: the one edited with the changes. */
export function withChanges(original: Vendor, changes: Partial<CheckedVendor>): Vendor {
  return { ...original, ...changes } as Vendor;
}

// ---- the list -------------------------------------------------------------------------------

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** What a vendor is found by, folded: name, NIF, city, phone (its digits too), e-mail. */
function haystackOf(vendor: Vendor): string {
  const phone = vendor.phone ?? '';
  return normaliseForSearch([vendor.name, vendor.nif, vendor.city ?? '', phone, digitsOf(phone), vendor.email ?? ''].join('\n'));
}

/** The vendors matching every word typed (accents and case ignored), sorted by name; all of them for an empty query. */
export function searchVendors(vendors: readonly Vendor[], query: string, collator: Intl.Collator): Vendor[] {
  const words = normaliseForSearch(query).split(' ').filter(Boolean);
  const found =
    words.length === 0
      ? [...vendors]
      : vendors.filter((vendor) => {
          const haystack = haystackOf(vendor);
          return words.every((word) => haystack.includes(word));
        });
  return found.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** The list after a save: the vendor put in (or replaced by id). */
export function upsertVendor(vendors: readonly Vendor[], vendor: Vendor): Vendor[] {
  const at = vendors.findIndex((v) => v.id === vendor.id);
  if (at === -1) return [...vendors, vendor];
  const next = [...vendors];
  next[at] = vendor;
  return next;
}
