import type { CatalogDb, StoredCustomer } from '../../data/catalog/catalogDb';
import { customerIdsByDetails, type CustomerDetailsDb } from '../../data/customers/customerDetails';

// The seat dialog's customer search: prefix matches on the synced customers'
// indexed name, email and phone (catalogDb GENERATION_SCHEMA_V1 `customers: 'id, name, email, phone'`),
// never a scan of the whole store. Email and phone are not in the listing (spec 2.4): those read
// when a customer was opened (data/customers/customerDetails.ts, indexed there) are searched too.

export const CUSTOMER_RESULTS = 8;

export interface CustomerMatch {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

/** Phones are stored as typed by the back office; a query "600 12" looks for "60012". */
const PHONE_QUERY = /^[\d\s.+-]+$/;

/**
 * Active customers whose name, email or phone begins with the query (case-insensitive), sorted by
 * name in the terminal's language (`collator` from the Formatters), at most `limit`. Empty or
 * one-character queries find nothing: too many to be useful.
 */
export async function searchCustomers(
  db: Pick<CatalogDb, 'customers'>,
  query: string,
  collator: Intl.Collator,
  limit = CUSTOMER_RESULTS,
  details: CustomerDetailsDb | null = null,
): Promise<CustomerMatch[]> {
  const q = query.trim();
  if (q.length < 2) return [];
  // Each index is read with a small margin over the limit: inactive customers are dropped after.
  const take = limit * 2;
  const reads: Promise<StoredCustomer[]>[] = [
    db.customers.where('name').startsWithIgnoreCase(q).limit(take).toArray(),
    db.customers.where('email').startsWithIgnoreCase(q).limit(take).toArray(),
  ];
  if (PHONE_QUERY.test(q)) {
    const digits = q.replace(/[^\d+]/g, '');
    if (digits.length >= 2) reads.push(db.customers.where('phone').startsWith(digits).limit(take).toArray());
  }
  if (details) {
    const ids = await customerIdsByDetails(details, q, take);
    reads.push(db.customers.bulkGet(ids).then((customers) => customers.filter((c): c is StoredCustomer => c !== undefined)));
  }
  const found = new Map<number, StoredCustomer>();
  for (const customers of await Promise.all(reads)) {
    for (const customer of customers) if (customer.active) found.set(customer.id, customer);
  }
  const shown = [...found.values()].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id).slice(0, limit);
  const known = details ? await details.details.bulkGet(shown.map((c) => c.id)) : [];
  return shown.map((c, i) => {
    const read = known[i];
    return { id: c.id, name: c.name, email: (read ? read.email : c.email) ?? null, phone: (read ? read.phone : c.phone) ?? null };
  });
}
