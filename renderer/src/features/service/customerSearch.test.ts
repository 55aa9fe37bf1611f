import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openGenerationDb, type CatalogDb, type StoredCustomer } from '../../data/catalog/catalogDb';
import { formattersFor } from '../../i18n/format';
import { detailsRow, openCustomerDetailsDb } from '../../data/customers/customerDetails';
import { searchCustomers as search } from './customerSearch';

const searchCustomers = (db: CatalogDb, query: string) => search(db, query, formattersFor('es').collator);

let db: CatalogDb | null = null;
afterEach(async () => {
  if (db) await db.delete();
  db = null;
});

function customer(id: number, name: string, extra: Partial<StoredCustomer> = {}): StoredCustomer {
  return { id, name, active: true, email: null, phone: null, ...extra } as StoredCustomer;
}

async function withCustomers(customers: StoredCustomer[]): Promise<CatalogDb> {
  db = openGenerationDb(`customer-search-${Math.random().toString(36).slice(2)}`, 1);
  await db.customers.bulkPut(customers);
  return db;
}

describe('searchCustomers', () => {
  it('finds a synced customer by the phone or email read when it was opened (the listing has none), and shows them', async () => {
    const store = await withCustomers([customer(8, 'Marta Soler'), customer(9, 'Pau Vidal')]);
    const details = openCustomerDetailsDb(`customer-search-details-${Math.random().toString(36).slice(2)}`);
    try {
      const find = (query: string) => search(store, query, formattersFor('es').collator, 8, details);
      expect(await find('611')).toEqual([]);
      await details.details.put(detailsRow({ id: 8, email: 'marta@example.com', phone: '+34 611 22 33 44' }, new Date(0)));
      expect(await find('611 22')).toEqual([{ id: 8, name: 'Marta Soler', email: 'marta@example.com', phone: '+34 611 22 33 44' }]);
      expect((await find('MARTA@')).map((c) => c.id)).toEqual([8]);
      // Found by name, it shows the details known too.
      expect((await find('marta'))[0]).toMatchObject({ email: 'marta@example.com' });
    } finally {
      await details.delete();
    }
  });

  it('finds by name, email or phone prefix, case-insensitive, active only, sorted by name', async () => {
    const store = await withCustomers([
      customer(1, 'Ana García', { email: 'ana@example.com', phone: '600111222' }),
      customer(2, 'anabel Ruiz'),
      customer(3, 'Bruno', { email: 'ANA.b@example.com' }),
      customer(4, 'Ana Old', { active: false }),
      customer(5, 'Carla', { phone: '600999000' }),
    ]);
    expect((await searchCustomers(store, 'ana')).map((c) => c.id)).toEqual([1, 2, 3]);
    expect((await searchCustomers(store, '600 1')).map((c) => c.name)).toEqual(['Ana García']);
    expect((await searchCustomers(store, '600')).map((c) => c.id)).toEqual([1, 5]);
    expect(await searchCustomers(store, 'zz')).toEqual([]);
    expect((await searchCustomers(store, 'carla'))[0]).toEqual({ id: 5, name: 'Carla', email: null, phone: '600999000' });
  });

  it('ignores queries under two characters and returns at most the limit', async () => {
    const store = await withCustomers(Array.from({ length: 30 }, (_, i) => customer(i + 1, `Customer ${i + 1}`)));
    expect(await searchCustomers(store, 'c')).toEqual([]);
    const found = await searchCustomers(store, 'cust');
    expect(found).toHaveLength(8);
    expect(found.every((c) => c.name.startsWith('Customer '))).toBe(true);
    // Sorted for reading, numbers in numeric order.
    expect(found.map((c) => c.name).slice(0, 2)).toEqual(['Customer 1', 'Customer 2']);
  });
});
