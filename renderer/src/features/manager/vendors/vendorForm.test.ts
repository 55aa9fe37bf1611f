import { describe, expect, it } from 'vitest';
import { bridgeOperations, type Vendor } from '../../../../../shared/bridge';
import { changesOf, EMPTY_VENDOR_FORM, formOf, refusalErrors, searchVendors, upsertVendor, validateVendorForm } from './vendorForm';

const vendor: Vendor = {
  id: 3,
  name: 'Distribuciones Sol',
  address: 'Calle Mayor 1',
  nif: 'B11111111',
  postalCode: null,
  city: 'Málaga',
  state: null,
  country: null,
  phone: '952 000 111',
  email: null,
  web: null,
  notes: null,
  shouldBeNotified: false,
};
const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

describe('the vendor form', () => {
  it('requires name, NIF and address (the request schema rules) before anything is sent', () => {
    const result = validateVendorForm({ ...EMPTY_VENDOR_FORM, name: '  ', city: 'Bilbao' });
    expect(result).toEqual({ ok: false, errors: { name: { kind: 'required' }, nif: { kind: 'required' }, address: { kind: 'required' } } });
  });

  it('checks lengths and an e-mail shape', () => {
    const result = validateVendorForm({ ...EMPTY_VENDOR_FORM, name: 'x'.repeat(201), nif: 'B1', address: 'A', email: 'not-an-email' });
    expect(result).toEqual({ ok: false, errors: { name: { kind: 'tooLong', max: 200 }, email: { kind: 'email' } } });
  });

  it('trims, turns empty optional fields into null, and passes the bridge schema', () => {
    const result = validateVendorForm({ ...EMPTY_VENDOR_FORM, name: ' Bodegas Norte ', nif: 'B2', address: 'Polígono 3', city: ' ' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.vendor).toMatchObject({ name: 'Bodegas Norte', city: null, shouldBeNotified: false });
    expect(bridgeOperations.saveVendor.input.safeParse({ vendor: result.vendor }).success).toBe(true);
  });

  it('sends only what changed on an edit (emptied as null; whitespace is no change), nothing when nothing did', () => {
    const same = validateVendorForm({ ...formOf(vendor), name: ' Distribuciones Sol ' });
    if (!same.ok) throw new Error('valid');
    expect(changesOf(vendor, same.vendor)).toBeNull();
    const edited = validateVendorForm({ ...formOf(vendor), city: '', email: 'pedidos@sol.es', shouldBeNotified: true });
    if (!edited.ok) throw new Error('valid');
    const changes = changesOf(vendor, edited.vendor);
    expect(changes).toEqual({ city: null, email: 'pedidos@sol.es', shouldBeNotified: true });
    expect(bridgeOperations.saveVendor.input.safeParse({ id: 3, vendor: changes }).success).toBe(true);
  });

  it('the bridge refuses a create without the required fields and an empty update', () => {
    expect(bridgeOperations.saveVendor.input.safeParse({ vendor: { name: 'A', address: 'B' } }).success).toBe(false);
    expect(bridgeOperations.saveVendor.input.safeParse({ id: 3, vendor: {} }).success).toBe(false);
  });

  it('shows a refusal under the fields it names', () => {
    expect(
      refusalErrors({
        outcome: 'refused',
        status: 422,
        said: 'x',
        fields: { nif: { problem: 'taken', said: 'The nif "B1" has already been taken.' }, address: { problem: 'required' }, web: { problem: 'refused' } },
      }),
    ).toEqual({ nif: { kind: 'taken', said: 'The nif "B1" has already been taken.' }, address: { kind: 'required' }, web: { kind: 'refused', said: null } });
  });
});

describe('the vendor list', () => {
  const other: Vendor = { ...vendor, id: 4, name: 'Àrea Frescos', nif: 'A22222222', city: 'Girona', phone: null };
  it('finds by name, NIF, city or phone digits, accents ignored, sorted by name', () => {
    expect(searchVendors([vendor, other], '', collator).map((v) => v.id)).toEqual([4, 3]);
    expect(searchVendors([vendor, other], 'area', collator).map((v) => v.id)).toEqual([4]);
    expect(searchVendors([vendor, other], 'b111', collator).map((v) => v.id)).toEqual([3]);
    expect(searchVendors([vendor, other], 'malaga sol', collator).map((v) => v.id)).toEqual([3]);
    expect(searchVendors([vendor, other], '952000', collator).map((v) => v.id)).toEqual([3]);
  });

  it('puts a saved vendor in, or in place', () => {
    expect(upsertVendor([vendor], other).map((v) => v.id)).toEqual([3, 4]);
    expect(upsertVendor([vendor, other], { ...vendor, name: 'New' }).map((v) => v.name)).toEqual(['New', 'Àrea Frescos']);
  });
});
