import { z } from 'zod';
import { BridgeError, shopCustomerFieldParam, type ShopCustomer } from '../../../../../shared/bridge';
import type { RetailCustomerCreateRequest, RetailCustomerPatchRequest } from '../../../../../shared/api/retail';
import { shopDbName, shopGenerationOfDbName, shopSearchText, type ShopCatalogDb, type StoredShopCustomer } from '../../../data/shop/shopDb';

// The till's customer, its pure parts and its reads: the search over the synced
// customers (name, e-mail, phone, tax id), the create / edit form checked with zod, the PATCH of
// only what changed, a refusal turned into one message per field, and a saved record put into the
// current generation's `customers` so the search finds it before the next sync. No React here:
// CustomerDialog.tsx renders it.

// ---- search ---------------------------------------------------------------------------------

/** At most this many customers are listed (windowed); more: "type more to narrow it". */
export const CUSTOMER_RESULTS = 300;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** What a customer is found by, folded (lower case, no accents): name, e-mail, phone (also its digits), tax id. */
export function customerHaystack(customer: Pick<StoredShopCustomer, 'name' | 'email' | 'phone' | 'nif'>): string {
  const phone = customer.phone ?? '';
  return shopSearchText([customer.name, customer.email ?? '', phone, digitsOf(phone), customer.nif ?? ''].join('\n'));
}

/**
 * Whether a customer matches what was typed: every word in their name, e-mail, phone or tax id
 * (accents and case ignored); a phone typed with spaces ("600 12") finds "60012…".
 */
export function customerMatcher(query: string): ((customer: StoredShopCustomer) => boolean) | null {
  const words = shopSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  const digits = digitsOf(query);
  const phoneLike = /^[\d\s.+()-]+$/.test(query.trim()) && digits.length >= 2;
  return (customer) => {
    const haystack = customerHaystack(customer);
    return (phoneLike && haystack.includes(digits)) || words.every((word) => haystack.includes(word));
  };
}

export interface CustomerSearch {
  customers: StoredShopCustomer[];
  /** More matched than are listed. */
  more: boolean;
}

/**
 * The customers matching `query` (all of them when it is empty), sorted by name in the terminal's
 * language, at most CUSTOMER_RESULTS: one cursor over the table, never the whole table in memory.
 */
export async function searchShopCustomers(db: ShopCatalogDb, query: string, collator: Intl.Collator): Promise<CustomerSearch> {
  const matches = customerMatcher(query);
  const collection = matches === null ? db.customers.orderBy('name') : db.customers.filter(matches);
  const found = await collection.limit(CUSTOMER_RESULTS + 1).toArray();
  const more = found.length > CUSTOMER_RESULTS;
  const customers = found.slice(0, CUSTOMER_RESULTS).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  return { customers, more };
}

/** The customer's own price rate (`price_rate_id`; absent in a generation synced before it was read). */
export function customerRateOf(customer: Pick<StoredShopCustomer, 'price_rate_id'> | null | undefined): number | null {
  return customer?.price_rate_id ?? null;
}

// ---- the form -------------------------------------------------------------------------------

/** The §2.4 fields the till's form edits; the others (state, country, web, credit, card number) stay the back office's. */
export const CUSTOMER_FORM_FIELDS = ['name', 'address', 'postalCode', 'city', 'email', 'phone', 'nif', 'notes'] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];
export type CustomerForm = Record<CustomerFormField, string>;

export const EMPTY_CUSTOMER_FORM: CustomerForm = { name: '', address: '', postalCode: '', city: '', email: '', phone: '', nif: '', notes: '' };

/** Longest text each field takes. */
export const CUSTOMER_FIELD_MAX: Record<CustomerFormField, number> = {
  name: 200,
  address: 255,
  postalCode: 20,
  city: 100,
  email: 200,
  phone: 30,
  nif: 20,
  notes: 1000,
};

/** What is wrong with a field: checked here, or the shop refused it (with its own words when it gave some). */
export type CustomerFieldError =
  { kind: 'required' } | { kind: 'tooLong'; max: number } | { kind: 'email' } | { kind: 'phone' } | { kind: 'nif' } | { kind: 'refused'; said: string | null };
export type CustomerFieldErrors = Partial<Record<CustomerFormField, CustomerFieldError>>;

const required = (field: CustomerFormField) => z.string().min(1, 'required').max(CUSTOMER_FIELD_MAX[field], 'tooLong');
/** An optional field: empty, or at most its length and, when `check` says, well formed. */
const optional = (field: CustomerFormField, check?: { test: (value: string) => boolean; error: 'email' | 'phone' | 'nif' }) => {
  const text = z.string().max(CUSTOMER_FIELD_MAX[field], 'tooLong');
  return check === undefined ? text : text.refine((value) => value === '' || check.test(value), check.error);
};

const formSchema = z.strictObject({
  name: required('name'),
  address: required('address'),
  postalCode: optional('postalCode'),
  city: optional('city'),
  // One "@", something before it and a dot after it (the sandbox's rule too: electron/sandbox/retail/config/customers.ts).
  email: optional('email', { test: (v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), error: 'email' }),
  // Digits with the separators people type: 6 to 15 digits, a leading "+" allowed.
  phone: optional('phone', { test: (v) => /^\+?[\d\s().-]+$/.test(v) && digitsOf(v).length >= 6 && digitsOf(v).length <= 15, error: 'phone' }),
  // A Spanish NIF / NIE / CIF or a foreign tax id: letters, digits and separators.
  nif: optional('nif', { test: (v) => /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/.test(v), error: 'nif' }),
  notes: optional('notes'),
});

/** The form as the shop takes it: trimmed, empty optional fields null (on create: left out). */
export type CheckedCustomer = { name: string; address: string } & Record<Exclude<CustomerFormField, 'name' | 'address'>, string | null>;

export type CustomerValidation = { ok: true; customer: CheckedCustomer } | { ok: false; errors: CustomerFieldErrors };

/** The form checked: every field trimmed, or one problem per field. */
export function validateCustomerForm(form: CustomerForm): CustomerValidation {
  const trimmed = Object.fromEntries(CUSTOMER_FORM_FIELDS.map((field) => [field, form[field].trim()])) as CustomerForm;
  const parsed = formSchema.safeParse(trimmed);
  if (!parsed.success) {
    const errors: CustomerFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CustomerFormField;
      if (errors[field] !== undefined) continue;
      const message = issue.message;
      if (message === 'required') errors[field] = { kind: 'required' };
      else if (message === 'tooLong') errors[field] = { kind: 'tooLong', max: CUSTOMER_FIELD_MAX[field] };
      else if (message === 'email' || message === 'phone' || message === 'nif') errors[field] = { kind: message };
      else errors[field] = trimmed[field] === '' ? { kind: 'required' } : { kind: 'tooLong', max: CUSTOMER_FIELD_MAX[field] };
    }
    return { ok: false, errors };
  }
  const value = parsed.data;
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    ok: true,
    customer: {
      name: value.name,
      address: value.address,
      postalCode: orNull(value.postalCode),
      city: orNull(value.city),
      email: orNull(value.email),
      phone: orNull(value.phone),
      nif: orNull(value.nif),
      notes: orNull(value.notes),
    },
  };
}

/** §4.2 POST config/customers: the filled fields. */
export function createRequestOf(customer: CheckedCustomer): RetailCustomerCreateRequest {
  return Object.fromEntries(Object.entries(customer).filter(([, value]) => value !== null)) as RetailCustomerCreateRequest;
}

/** The form filled with a stored customer, to edit it. */
export function formOf(customer: StoredShopCustomer): CustomerForm {
  return Object.fromEntries(CUSTOMER_FORM_FIELDS.map((field) => [field, customer[field] ?? ''])) as CustomerForm;
}

/**
 * §4.2 PATCH config/customers/{id}: only the fields whose value changed (a field emptied is sent
 * as null); null when nothing changed. Whitespace alone is not a change.
 */
export function patchOf(original: StoredShopCustomer, customer: CheckedCustomer): RetailCustomerPatchRequest | null {
  const changes: Record<string, string | null> = {};
  for (const field of CUSTOMER_FORM_FIELDS) {
    const before = original[field]?.trim() || null;
    const after = customer[field];
    if (after !== before) changes[field] = after;
  }
  return Object.keys(changes).length === 0 ? null : (changes as RetailCustomerPatchRequest);
}

/** A customer after a PATCH whose answer carried no record: the stored one with the changes. */
export function patchedRecord(original: StoredShopCustomer, changes: RetailCustomerPatchRequest): StoredShopCustomer {
  const patched: StoredShopCustomer = { ...original };
  for (const field of CUSTOMER_FORM_FIELDS) {
    const value = changes[field];
    if (value === undefined) continue;
    // `name` and `address` cannot be blanked (the PATCH schema refuses it).
    if (field === 'name') patched.name = value ?? patched.name;
    else if (field === 'address') patched.address = value ?? patched.address;
    else patched[field] = value;
  }
  return patched;
}

// ---- a refusal ------------------------------------------------------------------------------

/**
 * The fields a refusal named (`invalid`: the gateway's check before sending, or the shop's 422;
 * `invalid-input`: the bridge's schema, paths such as `customer.address`), each with the shop's own
 * words when it gave some (`said<Field>`, electron/services/retail/shopCustomers.ts). Fields the
 * form does not show are left out (the general message names them).
 */
export function refusedFields(error: unknown): CustomerFieldErrors {
  if (!(error instanceof BridgeError) || (error.kind !== 'invalid' && error.kind !== 'invalid-input')) return {};
  const params = error.params ?? {};
  const named = typeof params.fields === 'string' ? params.fields.split(',').map((field) => field.trim().split('.').at(-1) ?? '') : [];
  const errors: CustomerFieldErrors = {};
  for (const field of CUSTOMER_FORM_FIELDS) {
    const said = params[shopCustomerFieldParam(field)];
    if (named.includes(field) || typeof said === 'string') errors[field] = { kind: 'refused', said: typeof said === 'string' && said !== '' ? said : null };
  }
  return errors;
}

/** What became of a save that failed, for the words the dialog shows. */
export type SaveFailure = 'offline' | 'unknown' | 'refused' | 'failed';

export function saveFailureOf(error: unknown): SaveFailure {
  if (!(error instanceof BridgeError)) return 'failed';
  if (error.kind === 'offline' || error.kind === 'unreachable') return 'offline';
  if (error.kind === 'outcome-unknown' || error.kind === 'timeout') return 'unknown';
  if (error.kind === 'invalid' || error.kind === 'invalid-input') return 'refused';
  return 'failed';
}

// ---- the local copy -------------------------------------------------------------------------

/**
 * The account a catalog generation belongs to (`comanda-shop-<accountKey>-gen-<n>`): the account a
 * customer written from it is for. Every bridge call names its account: the
 * main side refuses it (`wrong-account`) when the terminal has switched since.
 */
export function accountKeyOfShopDb(db: Pick<ShopCatalogDb, 'name'>): string | null {
  const match = /^comanda-shop-(.+)-gen-[1-9]\d*$/.exec(db.name);
  const accountKey = match?.[1] ?? null;
  return accountKey !== null && shopGenerationOfDbName(accountKey, db.name) !== null && db.name.startsWith(shopDbName(accountKey)) ? accountKey : null;
}

/** A created or changed customer, into the current generation at once: the search finds it before the next sync. */
export async function keepShopCustomer(db: ShopCatalogDb, customer: ShopCustomer): Promise<void> {
  await db.customers.put(customer);
}
