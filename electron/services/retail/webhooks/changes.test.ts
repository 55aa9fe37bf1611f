import { describe, expect, it } from 'vitest';
import { actionOf, idOf } from './changes';

// What each event asks of the till, from the event and its `data` alone (./changes.ts).

/** A product as the retail API (and the sandbox's productWire) returns it: decimals as strings. */
const product = (fields: Record<string, unknown> = {}) => ({
  id: 42,
  name: 'Camiseta básica',
  category_id: 3,
  photo: null,
  extra_id: null,
  reference: 'CB-01',
  info: null,
  shortInfo: null,
  brand: null,
  season: null,
  order: 0,
  active: true,
  featured: false,
  isOpen: false,
  traceability: false,
  usesStockManagement: true,
  usesWeight: false,
  weight: 0,
  type: 0,
  price: '19.95',
  costPrice: '8.00',
  barcode: '8437000000017',
  main_product_id: null,
  complementary_product_id: null,
  unit_id: 1,
  tax_id: 1,
  discountinued_at: null,
  tax: { id: 1, name: 'IVA 21 %', percentage: '21.00', shouldStack: false },
  ...fields,
});

const customer = (fields: Record<string, unknown> = {}) => ({
  id: 9,
  name: 'Laia Puig',
  address: 'Carrer Gran 1',
  city: 'Barcelona',
  state: null,
  country: null,
  postalCode: '08001',
  nif: null,
  web: null,
  email: 'laia@example.com',
  phone: null,
  notes: null,
  maxCredit: '100.00',
  extra_id: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...fields,
});

const delivery = (event: string, data: Record<string, unknown>) => ({ username: 'demo-shop', event, data });

describe('actionOf', () => {
  it('every product event names a product to read fresh by id: `data` is never taken as its state', () => {
    // A signature has no time or nonce: a captured delivery replayed later must not roll a price back.
    for (const event of ['product.created', 'product.updated', 'product.deleted']) {
      expect(actionOf(delivery(event, product())), event).toEqual({ kind: 'product', id: 42, claimedName: 'Camiseta básica' });
    }
    expect(actionOf(delivery('product.updated', { id: '43', price: '1.00' }))).toEqual({ kind: 'product', id: 43, claimedName: null });
    expect(actionOf(delivery('product.deleted', { id: 42 }))).toEqual({ kind: 'product', id: 42, claimedName: null });
  });

  it('customer.deleted is not applied: no call can confirm it', () => {
    expect(actionOf(delivery('customer.deleted', { id: '9' }))).toEqual({ kind: 'customer-delete-unconfirmed', id: 9 });
  });

  it('customer.created / updated: the whole record (cents); a partial one is unreadable (no request reads one customer)', () => {
    for (const event of ['customer.created', 'customer.updated']) {
      const action = actionOf(delivery(event, customer()));
      expect(action).toMatchObject({ kind: 'customer', id: 9, removed: false, record: { name: 'Laia Puig', maxCredit: 10000, postalCode: '08001' } });
    }
    expect(actionOf(delivery('customer.updated', { id: 9, name: 'Laia' }))).toEqual({ kind: 'unreadable' });
  });

  it('order.closed and payment.updated: the reports’ today is stale', () => {
    expect(actionOf(delivery('order.closed', { id: 1, total: '10.00' }))).toEqual({ kind: 'reports' });
    expect(actionOf(delivery('payment.updated', { id: 1, amount: '10.00' }))).toEqual({ kind: 'reports' });
  });

  it('events the till does not use are ignored', () => {
    for (const event of [
      'turn.closed',
      'tax.updated',
      'inout.created',
      'stockTransfer.created',
      'quotation.deleted',
      'customerOrder.updated',
      'deliveryNote.created',
      'product.archived',
    ]) {
      expect(actionOf(delivery(event, { id: 1 })), event).toEqual({ kind: 'ignored' });
    }
  });

  it('a product or customer event without a usable id is unreadable', () => {
    for (const data of [{}, { id: 0 }, { id: -3 }, { id: 'x' }, { id: 1.5 }, product({ id: null })]) {
      expect(actionOf(delivery('product.updated', data))).toEqual({ kind: 'unreadable' });
    }
  });
});

describe('idOf', () => {
  it('reads a positive whole id, as a number or digits', () => {
    expect(idOf({ id: 5 })).toBe(5);
    expect(idOf({ id: '5' })).toBe(5);
    expect(idOf({ id: 2 ** 53 })).toBeNull();
  });
});
