import type { CatalogDb, StoredCustomer } from '../../data/catalog/catalogDb';

// The seat dialog's customer search (issue 6 item 2): prefix matches on the synced customers'
// indexed name, email and phone (catalogDb GENERATION_SCHEMA_V1 `customers: 'id, name, email, phone'`),
// never a scan of the whole store.

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
export async function searchCustomers(db: Pick<CatalogDb, 'customers'>, query: string, collator: Intl.Collator, limit = CUSTOMER_RESULTS): Promise<CustomerMatch[]> {
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
  const found = new Map<number, StoredCustomer>();
  for (const customers of await Promise.all(reads)) {
    for (const customer of customers) if (customer.active) found.set(customer.id, customer);
  }
  return [...found.values()]
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
    .slice(0, limit)
    .map((c) => ({ id: c.id, name: c.name, email: c.email ?? null, phone: c.phone ?? null }));
}
