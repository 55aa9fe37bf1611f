import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { BridgeClient, CustomerDetails } from '../../../../shared/bridge';

// A customer's contact details as the POS answered `GET V2/customers/<id>` (spec 4.2). The listing
// (spec 2.4) the catalog sync stores has no email or phone, so the terminal reads them when a
// customer is opened and keeps them here, per account, for offline: a database of its own, since a
// catalog generation is replaced whole by the next sync and would drop them. The Customers screen
// and the seat dialog's search read it, so a customer whose details are known is found by phone or
// email.

export interface CustomerDetailsRow {
  id: number;
  /** As the POS answered; null: it holds none. */
  email: string | null;
  phone: string | null;
  /** Lower-case email, for a case-insensitive prefix search ('' when none: IndexedDB skips no keys). */
  emailKey: string;
  /**
   * The phone's digits ("+34 600 11 22 33" → "34600112233") and, when longer than a Spanish
   * number, its last nine ("600112233"), so a number typed without its country code is found.
   */
  phoneKeys: string[];
  /** When it was read (ISO). */
  readAt: string;
}

export type CustomerDetailsDb = Dexie & { details: EntityTable<CustomerDetailsRow, 'id'> };

/** Version 1 (2026-12-01): details read one customer at a time. A shipped version is never edited. */
const DETAILS_SCHEMA_V1 = { details: 'id, emailKey, *phoneKeys' } as const;

export function customerDetailsDbName(accountKey: string): string {
  return `comanda-${accountKey}-customer-details`;
}

export function openCustomerDetailsDb(accountKey: string, options?: DexieOptions): CustomerDetailsDb {
  const db = new Dexie(customerDetailsDbName(accountKey), options) as CustomerDetailsDb;
  db.version(1).stores(DETAILS_SCHEMA_V1);
  return db;
}

const opened = new Map<string, CustomerDetailsDb>();

/** This window's one handle on an account's details (opened on first use, kept while the window lives). */
export function customerDetailsDb(accountKey: string): CustomerDetailsDb {
  let db = opened.get(accountKey);
  if (!db) {
    db = openCustomerDetailsDb(accountKey);
    opened.set(accountKey, db);
  }
  return db;
}

export const digitsOf = (text: string): string => text.replace(/\D/g, '');

const NATIONAL_DIGITS = 9;

function phoneKeysOf(phone: string | null): string[] {
  const digits = phone ? digitsOf(phone) : '';
  if (digits === '') return [];
  return digits.length > NATIONAL_DIGITS ? [digits, digits.slice(-NATIONAL_DIGITS)] : [digits];
}

export function detailsRow(customer: Pick<CustomerDetails, 'id' | 'email' | 'phone'>, readAt: Date): CustomerDetailsRow {
  return {
    id: customer.id,
    email: customer.email,
    phone: customer.phone,
    emailKey: customer.email?.toLowerCase() ?? '',
    phoneKeys: phoneKeysOf(customer.phone),
    readAt: readAt.toISOString(),
  };
}

/**
 * Reads one customer's details from the POS and keeps them; the stored row. Fails as the bridge
 * does (offline, not found…): what was kept before stays.
 */
export async function readCustomerDetails(
  bridge: Pick<BridgeClient, 'getCustomer'>,
  db: CustomerDetailsDb,
  customerId: number,
  now: () => Date = () => new Date(),
): Promise<CustomerDetailsRow> {
  const { customer } = await bridge.getCustomer({ customerId });
  const row = detailsRow(customer, now());
  await db.details.put(row);
  return row;
}

/**
 * Ids of customers whose known details begin with the query: the email (any case) or, for a query
 * of digits, the phone's digits. At most `limit` of each.
 */
export async function customerIdsByDetails(db: CustomerDetailsDb, query: string, limit: number): Promise<number[]> {
  const q = query.trim();
  if (q.length < 2) return [];
  const ids = new Set<number>();
  for (const row of await db.details.where('emailKey').startsWith(q.toLowerCase()).limit(limit).toArray()) ids.add(row.id);
  if (/^[\d\s.()+-]+$/.test(q)) {
    const digits = digitsOf(q);
    if (digits.length >= 2) for (const row of await db.details.where('phoneKeys').startsWith(digits).limit(limit).toArray()) ids.add(row.id);
  }
  return [...ids];
}
