import { z } from 'zod';
import { customerDraftSchema, type CustomerDraft } from '../../../../shared/bridge';
import { customerWire } from '../../../../shared/api';
import type { StoredCustomer } from '../../data/catalog/catalogDb';
import type { CustomerDetailsRow } from '../../data/customers/customerDetails';

// The Customers screen's pure parts: the synced list as the screen shows it,
// its search, the create form checked with zod, and a created customer as the local copy stores
// it. No React, no Dexie: CustomersScreen.tsx renders them, customersFeed.ts writes the copy.

/**
 * One customer as the list shows it. The listing (spec 2.4) carries no email or phone: they are
 * known once the customer was opened (its details read, data/customers/customerDetails.ts) or
 * created here.
 */
export interface CustomerRow {
  id: number;
  name: string;
  active: boolean;
  email: string | null;
  phone: string | null;
  /** Lower-case, accents removed: name, email and phone, for the search. */
  haystack: string;
}

/** "José Pérez" → "jose perez": a search matches whatever the accents and case typed. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const digitsOf = (text: string) => text.replace(/[^\d]/g, '');

export function customerRow(
  customer: Pick<StoredCustomer, 'id' | 'name' | 'active'> & { email?: string | null; phone?: string | null },
  details?: Pick<CustomerDetailsRow, 'email' | 'phone'>,
): CustomerRow {
  // What the POS answered when the customer was opened is newer than the listing's copy.
  const email = (details ? details.email : customer.email)?.trim() || null;
  const phone = (details ? details.phone : customer.phone)?.trim() || null;
  return {
    id: customer.id,
    name: customer.name.trim(),
    active: customer.active,
    email,
    phone,
    haystack: folded([customer.name, email ?? '', phone ?? '', phone ? digitsOf(phone) : ''].join('\n')),
  };
}

/** Every customer, sorted by name in the terminal's language (`collator` of the Formatters), then id. */
export function sortedRows(
  customers: readonly StoredCustomer[],
  collator: Intl.Collator,
  details: ReadonlyMap<number, CustomerDetailsRow> = new Map(),
): CustomerRow[] {
  return customers.map((customer) => customerRow(customer, details.get(customer.id))).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/**
 * Rows whose name, email or phone contain every word of the query (accents and case ignored; a
 * phone typed with spaces, "600 12", finds "60012…"). An empty query keeps every row.
 */
export function searchRows(rows: readonly CustomerRow[], query: string): readonly CustomerRow[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  const digits = digitsOf(query);
  const phoneLike = /^[\d\s.+-]+$/.test(query.trim()) && digits.length >= 2;
  return rows.filter((row) => (phoneLike && row.haystack.includes(digits)) || words.every((word) => row.haystack.includes(word)));
}

// ---- the create form ------------------------------------------------------------------------

export interface CreateForm {
  name: string;
  active: boolean;
  email: string;
  phone: string;
}

export const EMPTY_CREATE_FORM: CreateForm = { name: '', active: true, email: '', phone: '' };

export type CreateField = 'name' | 'email' | 'phone';
/** What is wrong with a field: the name is missing or too long, the email or phone malformed. */
export type CreateError = 'nameMissing' | 'nameLong' | 'email' | 'phone';
export type CreateErrors = Partial<Record<CreateField, CreateError>>;

export const MAX_NAME = 200;

/** Separators a waiter types between digit groups ("600 123 456"). */
const PHONE_SEPARATORS = /[\s.()-]/g;

const createSchema = z.strictObject({
  name: z.string().trim().min(1, 'nameMissing').max(MAX_NAME, 'nameLong'),
  active: z.boolean(),
  email: z.union([z.literal(''), z.email().max(200)]),
  phone: z.union([
    z.literal(''),
    z
      .string()
      .transform((v) => v.replace(PHONE_SEPARATORS, ''))
      .pipe(z.string().regex(/^\+?\d{6,15}$/)),
  ]),
});

export type CreateValidation = { ok: true; draft: CustomerDraft } | { ok: false; errors: CreateErrors };

/** The form checked: the customer as `POST V2/customers` takes it, or one problem per field. */
export function validateCreateForm(form: CreateForm): CreateValidation {
  const parsed = createSchema.safeParse({ ...form, email: form.email.trim(), phone: form.phone.trim() });
  if (!parsed.success) {
    const errors: CreateErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name') errors.name ??= issue.message === 'nameLong' ? 'nameLong' : 'nameMissing';
      else if (field === 'email' || field === 'phone') errors[field] ??= field;
    }
    return { ok: false, errors };
  }
  const { name, active, email, phone } = parsed.data;
  // The bridge's own schema has the last word: what is stored in the queue is what is sent.
  const draft = customerDraftSchema.parse({ name, active: active ? 1 : 0, ...(email ? { email } : {}), ...(phone ? { phone } : {}) });
  return { ok: true, draft };
}

/**
 * A customer the POS created (an accepted queue entry's `answer.customer`) as the local copy
 * stores it, read through the vendor's wire schema like a synced one; null when it does not fit.
 */
export function storedFromCreated(
  created: { id: number; name: string; email?: string | undefined; phone?: string | undefined },
  active = true,
): StoredCustomer | null {
  const parsed = customerWire.safeParse({
    id: created.id,
    name: created.name,
    active: active ? 1 : 0,
    email: created.email ?? null,
    phone: created.phone ?? null,
  });
  return parsed.success ? parsed.data : null;
}
