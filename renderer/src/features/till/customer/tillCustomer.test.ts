import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../../shared/bridge';
import { openShopGenerationDb, type StoredShopCustomer } from '../../../data/shop/shopDb';
import {
  accountKeyOfShopDb,
  CUSTOMER_RESULTS,
  createRequestOf,
  customerMatcher,
  customerRateOf,
  EMPTY_CUSTOMER_FORM,
  formOf,
  keepShopCustomer,
  patchedRecord,
  patchOf,
  refusedFields,
  saveFailureOf,
  searchShopCustomers,
  validateCustomerForm,
  type CustomerForm,
} from './tillCustomer';

// The till's customer, its pure parts: the form's checks, the PATCH of what
// changed, a refusal field by field, and the search over a generation's customers.

const customer = (fields: Partial<StoredShopCustomer> & Pick<StoredShopCustomer, 'id' | 'name'>): StoredShopCustomer => ({
  address: 'Carrer de Sants 5',
  city: 'Barcelona',
  state: null,
  country: 'ES',
  postalCode: '08014',
  nif: null,
  web: null,
  email: null,
  phone: null,
  notes: null,
  maxCredit: null,
  extra_id: null,
  price_rate_id: null,
  ...fields,
});

const form = (fields: Partial<CustomerForm>): CustomerForm => ({ ...EMPTY_CUSTOMER_FORM, ...fields });

describe('the customer form', () => {
  it('needs a name and an address; everything else is optional', () => {
    expect(validateCustomerForm(EMPTY_CUSTOMER_FORM)).toEqual({ ok: false, errors: { name: { kind: 'required' }, address: { kind: 'required' } } });
    expect(validateCustomerForm(form({ name: '   ', address: 'x' }))).toEqual({ ok: false, errors: { name: { kind: 'required' } } });
    const checked = validateCustomerForm(form({ name: ' Laia Puig ', address: 'Carrer Gran 1 ' }));
    expect(checked).toEqual({
      ok: true,
      customer: { name: 'Laia Puig', address: 'Carrer Gran 1', postalCode: null, city: null, email: null, phone: null, nif: null, notes: null },
    });
    // Only the filled fields are sent on create.
    expect(checked.ok && createRequestOf(checked.customer)).toEqual({ name: 'Laia Puig', address: 'Carrer Gran 1' });
  });

  it('checks the e-mail, the phone, the tax id and every length', () => {
    const result = validateCustomerForm(form({ name: 'x'.repeat(201), address: 'A', email: 'laia@', phone: '12 34', nif: '#12', postalCode: '1'.repeat(21) }));
    expect(result).toEqual({
      ok: false,
      errors: {
        name: { kind: 'tooLong', max: 200 },
        email: { kind: 'email' },
        phone: { kind: 'phone' },
        nif: { kind: 'nif' },
        postalCode: { kind: 'tooLong', max: 20 },
      },
    });
    const fine = validateCustomerForm(
      form({
        name: 'Laia',
        address: 'A',
        email: 'laia.puig@example.cat',
        phone: '+34 600 12 34 56',
        nif: 'X1234567-L',
        postalCode: '08001',
        city: 'Barcelona',
        notes: 'Talla M',
      }),
    );
    expect(fine.ok && createRequestOf(fine.customer)).toEqual({
      name: 'Laia',
      address: 'A',
      email: 'laia.puig@example.cat',
      phone: '+34 600 12 34 56',
      nif: 'X1234567-L',
      postalCode: '08001',
      city: 'Barcelona',
      notes: 'Talla M',
    });
    expect(validateCustomerForm(form({ name: 'L', address: 'A', phone: '1234567890123456' }))).toMatchObject({
      ok: false,
      errors: { phone: { kind: 'phone' } },
    });
  });

  it('PATCHes only the fields that changed; an emptied one as null; nothing changed: nothing to send', () => {
    const laia = customer({ id: 7, name: 'Laia Puig', phone: '600111222', email: 'laia@example.com', notes: 'VIP' });
    const same = validateCustomerForm(formOf(laia));
    expect(same.ok && patchOf(laia, same.customer)).toBeNull();
    const edited = validateCustomerForm({ ...formOf(laia), phone: ' 699 000 111 ', email: '', name: 'Laia Puig ' });
    expect(edited.ok && patchOf(laia, edited.customer)).toEqual({ phone: '699 000 111', email: null });
    // Applied to the stored record when the shop answers without one; the rest (rate included) stays.
    const rated = { ...laia, price_rate_id: 1 };
    expect(patchedRecord(rated, { phone: '699 000 111', email: null })).toEqual({ ...rated, phone: '699 000 111', email: null });
  });
});

describe('a refusal, field by field', () => {
  it("shows the shop's words under each field it named, and a named field without words as refused", () => {
    const error = new BridgeError({
      kind: 'invalid',
      code: 'server-rejected',
      params: { status: 422, said: 'The given data was invalid.', fields: 'address, email, maxCredit', saidAddress: 'The address field is required.' },
    });
    expect(refusedFields(error)).toEqual({ address: { kind: 'refused', said: 'The address field is required.' }, email: { kind: 'refused', said: null } });
    expect(saveFailureOf(error)).toBe('refused');
  });

  it("reads the bridge's own check (paths such as customer.address)", () => {
    const error = new BridgeError({ kind: 'invalid-input', code: 'invalid-input', params: { operation: 'createShopCustomer', fields: 'customer.address' } });
    expect(refusedFields(error)).toEqual({ address: { kind: 'refused', said: null } });
  });

  it('a sandbox 422 names no field: nothing under the fields, the sentence says it', () => {
    expect(refusedFields(new BridgeError({ kind: 'invalid', code: 'server-rejected', params: { status: 422, said: 'The given data was invalid.' } }))).toEqual(
      {},
    );
  });

  it('tells offline, an unknown outcome and other failures apart', () => {
    expect(saveFailureOf(new BridgeError({ kind: 'offline', code: 'offline' }))).toBe('offline');
    expect(saveFailureOf(new BridgeError({ kind: 'outcome-unknown', code: 'connection-broke-write' }))).toBe('unknown');
    expect(saveFailureOf(new BridgeError({ kind: 'server-error', code: 'server-error', params: { status: 500 } }))).toBe('failed');
    expect(saveFailureOf(new Error('boom'))).toBe('failed');
    expect(refusedFields(new Error('boom'))).toEqual({});
  });
});

describe('searching the synced customers', () => {
  const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

  it('finds by any word of the name (accents and case ignored), e-mail, phone (spaces or not) and tax id', () => {
    const laia = customer({ id: 1, name: 'Laia Puig Ferrer', email: 'laia.puig@example.com', phone: '600123456', nif: '12345678Z' });
    const matches = (query: string) => customerMatcher(query)?.(laia) ?? 'everyone';
    expect(matches('')).toBe('everyone');
    expect(matches('ferrer laia')).toBe(true);
    expect(matches('LÀIA')).toBe(true);
    expect(matches('example.com')).toBe(true);
    expect(matches('600 123')).toBe(true);
    expect(matches('12345678z')).toBe(true);
    expect(matches('laia garcia')).toBe(false);
  });

  it('lists at most CUSTOMER_RESULTS, sorted by name, and says there are more; a kept customer is found at once', async () => {
    const db = openShopGenerationDb(`shop:customers-${Date.now()}`, 1);
    try {
      const many = Array.from({ length: CUSTOMER_RESULTS + 20 }, (_, i) =>
        customer({ id: i + 1, name: `Client ${String(i + 1).padStart(3, '0')}`, phone: `6000000${String(i).padStart(2, '0')}` }),
      );
      await db.customers.bulkPut([...many, customer({ id: 9001, name: 'Àlex Soler', nif: '87654321X', price_rate_id: 2 })]);
      const all = await searchShopCustomers(db, '', collator);
      expect(all.customers).toHaveLength(CUSTOMER_RESULTS);
      expect(all.more).toBe(true);
      expect(all.customers.map((c) => c.name)).toEqual([...all.customers.map((c) => c.name)].sort(collator.compare));
      const alex = await searchShopCustomers(db, 'alex', collator);
      expect(alex).toEqual({ customers: [expect.objectContaining({ id: 9001 })], more: false });
      expect(customerRateOf(alex.customers[0])).toBe(2);
      expect((await searchShopCustomers(db, '87654321', collator)).customers.map((c) => c.id)).toEqual([9001]);

      await keepShopCustomer(db, customer({ id: 9002, name: 'Núria Vidal', email: 'nuria@example.org' }));
      expect((await searchShopCustomers(db, 'nuria', collator)).customers.map((c) => c.id)).toEqual([9002]);
    } finally {
      db.close();
    }
  });

  it('reads a customer synced before the rate was read as having none', () => {
    const { price_rate_id: _gone, ...older } = customer({ id: 3, name: 'Old' });
    expect(customerRateOf(older as StoredShopCustomer)).toBeNull();
    expect(customerRateOf(null)).toBeNull();
  });
});

describe('the account of a catalog generation', () => {
  it('is read from its database name', () => {
    expect(accountKeyOfShopDb({ name: 'comanda-shop-shop:demo-gen-7' })).toBe('shop:demo');
    expect(accountKeyOfShopDb({ name: 'comanda-shop-shop:botiga@shop.example.com-gen-12' })).toBe('shop:botiga@shop.example.com');
    expect(accountKeyOfShopDb({ name: 'comanda-demo-gen-7' })).toBeNull();
    expect(accountKeyOfShopDb({ name: 'comanda-shop-shop:demo' })).toBeNull();
  });
});
