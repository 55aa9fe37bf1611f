import { describe, expect, it } from 'vitest';
import type { StoredCustomer } from '../../data/catalog/catalogDb';
import { detailsRow } from '../../data/customers/customerDetails';
import { formattersFor } from '../../i18n/format';
import { EMPTY_CREATE_FORM, searchRows, sortedRows, storedFromCreated, validateCreateForm } from './customerList';

const collator = formattersFor('es').collator;
const customer = (id: number, name: string, extra: Partial<StoredCustomer> = {}) =>
  ({ id, name, active: true, email: null, phone: null, ...extra }) as StoredCustomer;

const rows = sortedRows(
  [
    customer(3, 'Óscar Núñez', { phone: '600 111 222' }),
    customer(1, 'ana garcía', { email: 'ana@example.com' }),
    customer(2, 'Bruno Díaz', { active: false }),
    customer(4, 'Ana García'),
  ],
  collator,
);

describe('the customer list', () => {
  it('shows the email and phone read when a customer was opened, and search by them finds it', () => {
    const listed = [customer(5, 'Marta Soler'), customer(6, 'Pau Vidal')];
    expect(searchRows(sortedRows(listed, collator), '611 22')).toEqual([]);
    const details = new Map([[5, detailsRow({ id: 5, email: 'marta@example.com', phone: '611 22 33 44' }, new Date(0))]]);
    const withDetails = sortedRows(listed, collator, details);
    expect(withDetails.find((r) => r.id === 5)).toMatchObject({ email: 'marta@example.com', phone: '611 22 33 44' });
    expect(searchRows(withDetails, '611223').map((r) => r.id)).toEqual([5]);
    expect(searchRows(withDetails, 'marta@').map((r) => r.id)).toEqual([5]);
  });

  it('is sorted by name in the terminal language, then by number', () => {
    expect(rows.map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(rows.find((r) => r.id === 2)?.active).toBe(false);
  });

  it('search: every word, in the name, email or phone, whatever the accents and case', () => {
    expect(searchRows(rows, '').map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(searchRows(rows, 'garcia ana').map((r) => r.id)).toEqual([1, 4]);
    expect(searchRows(rows, 'OSCAR').map((r) => r.id)).toEqual([3]);
    expect(searchRows(rows, 'example.com').map((r) => r.id)).toEqual([1]);
    // A phone typed with other separators than the stored one.
    expect(searchRows(rows, '600111').map((r) => r.id)).toEqual([3]);
    expect(searchRows(rows, '111 222').map((r) => r.id)).toEqual([3]);
    expect(searchRows(rows, 'zz')).toEqual([]);
  });
});

describe('the create form', () => {
  it('a name is required; email and phone are optional and checked when given', () => {
    expect(validateCreateForm(EMPTY_CREATE_FORM)).toEqual({ ok: false, errors: { name: 'nameMissing' } });
    expect(validateCreateForm({ ...EMPTY_CREATE_FORM, name: '   ' })).toEqual({ ok: false, errors: { name: 'nameMissing' } });
    expect(validateCreateForm({ ...EMPTY_CREATE_FORM, name: 'x'.repeat(201) })).toEqual({ ok: false, errors: { name: 'nameLong' } });
    expect(validateCreateForm({ name: 'Ana', active: true, email: 'ana@', phone: '12' })).toEqual({ ok: false, errors: { email: 'email', phone: 'phone' } });
  });

  it('gives the customer as the API takes it: trimmed, active as 0/1, empty fields left out', () => {
    expect(validateCreateForm({ name: '  Ana García ', active: true, email: '', phone: '' })).toEqual({ ok: true, draft: { name: 'Ana García', active: 1 } });
    expect(validateCreateForm({ name: 'Ana', active: false, email: ' ana@example.com ', phone: '+34 600 12-34.56' })).toEqual({
      ok: true,
      draft: { name: 'Ana', active: 0, email: 'ana@example.com', phone: '+34600123456' },
    });
  });

  it('a created customer is stored like a synced one', () => {
    expect(storedFromCreated({ id: 77, name: 'Ana', email: 'ana@example.com', phone: '600123456' })).toMatchObject({
      id: 77,
      name: 'Ana',
      active: true,
      email: 'ana@example.com',
      phone: '600123456',
    });
    expect(storedFromCreated({ id: 78, name: 'Bea' }, false)).toMatchObject({ id: 78, active: false });
    expect(storedFromCreated({ id: 1.5, name: 'Bad' })).toBeNull();
  });
});
