import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addStockRequest,
  chainSyncWire,
  customerCreateRequest,
  customersCreateRequest,
  customersPage,
  customerWire,
  giftCardCreateRequest,
  giftCardRedeemedWire,
  giftCardRedeemRequest,
  giftCardWire,
  notShown,
  purchaseOrderLinesPage,
  purchaseOrdersPage,
  setStockRequest,
  stocksPage,
  vendorCreateRequest,
  vendorItemsRemoveRequest,
  vendorItemsSaveRequest,
  vendorItemWire,
  vendorUpdateRequest,
  vendorWire,
  warehousesPage,
} from './v2';

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({ current_page: 1, data, last_page: 1, per_page: 200, total: data.length, ...extra });

function problem(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return z.prettifyError(result.error);
}

describe('v2 responses: tolerant reading (spec 2.3, 2.4, 2.8)', () => {
  it('gift cards: balance as a string, campaign and customer ids as strings or numbers', () => {
    expect(giftCardWire.parse({ balance: '25.50', uuid: 'gc-1', campaign_id: '7', extra: true })).toEqual({
      balance: 25.5,
      uuid: 'gc-1',
      campaign_id: '7',
    });
    expect(giftCardRedeemedWire.parse({ balance: 10, customer_id: null })).toEqual({ balance: 10, customer_id: null });
    expect(problem(giftCardWire, { uuid: 'x' })).toMatch(/balance/);
  });

  it('customers: listing fields coerced, contact fields kept when a record carries them, unknown ones dropped', () => {
    const listed = customersPage.parse(
      page([{ id: '3', name: 'Ana', active: '1', tax_id: null, photo: null, super_group_id: '2', printer_id: null, printer_group_id: null, colour: 'red' }]),
    );
    expect(listed.data[0]).toMatchObject({ id: 3, name: 'Ana', active: true, super_group_id: 2 });
    expect(listed.data[0]).not.toHaveProperty('colour');
    const one = customerWire.parse({ id: 3, name: 'Ana', active: 0, email: 'ana@example.com', phone: 600111222 });
    expect(one).toMatchObject({ active: false, email: 'ana@example.com', phone: '600111222' });
    expect(problem(customerWire, { name: 'no id' })).toMatch(/id/);
  });

  it('warehouses, stocks and purchase orders: numbers as strings accepted', () => {
    expect(warehousesPage.parse(page([{ id: '1', name: 'Almacén', order: '2' }])).data[0]).toEqual({ id: 1, name: 'Almacén', order: 2 });
    const stock = stocksPage.parse(page([{ id: 1, quantity: '10.5', defaultQuantity: '5', alert: 2, warehouse_id: '1', item_id: '101', unit_id: null }]));
    expect(stock.data[0]).toMatchObject({ quantity: 10.5, defaultQuantity: 5, warehouse_id: 1, item_id: 101 });
    expect(problem(stocksPage, page([{ id: 1, quantity: 'lots', warehouse_id: 1, item_id: 1 }]))).toMatch(/quantity/);
    const line = {
      id: 1,
      status: 1,
      quantity: '10',
      received: '5',
      price: '1.00',
      subtotal: 10,
      tax: 2.1,
      total: '12.10',
      order_id: 7,
      item_vendor_id: null,
      itemName: 'Agua',
      itemBarcode: 8410000000002,
      item_id: 101,
    };
    const orders = purchaseOrdersPage.parse(
      page([
        {
          id: 7,
          vendor_order_id: 'PO-7',
          reference: 'R',
          subtotal: '20',
          tax: '4.2',
          total: '24.2',
          status: '1',
          vendor_id: 1,
          vendorName: 'Norte',
          contentsArray: [line],
        },
      ]),
    );
    expect(orders.data[0]).toMatchObject({ total: 24.2, status: 1, contentsArray: [{ total: 12.1, itemBarcode: '8410000000002' }] });
    expect(purchaseOrderLinesPage.parse(page([line])).data[0]?.received).toBe(5);
  });

  it('vendors and vendor items', () => {
    const vendor = vendorWire.parse({ id: 1, name: 'Norte', address: 'Calle 1', nif: 'B123', city: null, shouldBeNotified: '1' });
    expect(vendor.shouldBeNotified).toBe(true);
    expect(problem(vendorWire, { id: 1, name: 'Norte', address: 'Calle 1' })).toMatch(/nif/);
    expect(vendorItemWire.parse({ id: 4, vendor_id: 1, item_id: '101', costPrice: '2.50', pack: '6' })).toMatchObject({ costPrice: 2.5, pack: 6 });
  });

  it('answers the spec does not show: read when recognisable, else null, never a failure', () => {
    expect(chainSyncWire.parse({ data: { message: 'Synced' } }).data?.message).toBe('Synced');
    const maybeVendor = notShown(vendorWire);
    expect(maybeVendor.parse(null)).toBeNull();
    expect(maybeVendor.parse({ ok: true })).toBeNull();
    expect(maybeVendor.parse({ id: 2, name: 'N', address: 'A', nif: 'X' })?.id).toBe(2);
  });
});

describe('v2 requests: strict (what we send)', () => {
  it('gift card create: balance and uuid required; unknown keys refused', () => {
    expect(giftCardCreateRequest.parse({ balance: '25.00', uuid: 'gc-1' })).toEqual({ balance: '25.00', uuid: 'gc-1' });
    expect(problem(giftCardCreateRequest, { uuid: 'gc-1' })).toMatch(/balance/);
    expect(problem(giftCardCreateRequest, { balance: 5, uuid: 'a b' })).toMatch(/uuid/);
    expect(problem(giftCardCreateRequest, { balance: 5, uuid: 'x', colour: 'red' })).toMatch(/colour/);
    expect(problem(giftCardRedeemRequest, { amount: 0 })).toMatch(/more than 0/);
  });

  it('customers: a non-empty array of objects with a name; active sent as 0/1', () => {
    expect(customersCreateRequest.parse([{ name: 'Ana', active: true }])).toEqual([{ name: 'Ana', active: 1 }]);
    expect(problem(customersCreateRequest, [])).toMatch(/at least one/);
    expect(problem(customerCreateRequest, { active: 1 })).toMatch(/name/);
    expect(problem(customerCreateRequest, { name: 'Ana', email: 'not-an-email' })).toMatch(/email/);
  });

  it('stock: a pair, or stocks holding pairs', () => {
    expect(addStockRequest.parse({ item_id: 1, quantity: 2 })).toEqual({ item_id: 1, quantity: 2 });
    expect(setStockRequest.parse({ stocks: [{ item_id: 1, quantity: 0 }] })).toEqual({ stocks: [{ item_id: 1, quantity: 0 }] });
    expect(setStockRequest.safeParse({ item_id: 1, quantity: 2, stocks: [] }).success).toBe(false);
    expect(addStockRequest.safeParse({ item_id: '1', quantity: 2 }).success).toBe(false);
  });

  it('vendors: name, address, nif required; an update sends at least one field', () => {
    expect(vendorCreateRequest.parse({ name: 'N', address: 'A', nif: 'B1', shouldBeNotified: true })).toMatchObject({ shouldBeNotified: 1 });
    expect(problem(vendorCreateRequest, { name: 'N', address: 'A' })).toMatch(/nif/);
    expect(problem(vendorUpdateRequest, {})).toMatch(/at least one field/);
    expect(vendorUpdateRequest.parse({ city: null })).toEqual({ city: null });
  });

  it('vendor items: costPrice a decimal string (spec 2.8), pack a number; removal lists item ids', () => {
    expect(vendorItemsSaveRequest.parse({ items: [{ item_id: 1, costPrice: '2.50', pack: 6 }] }).items).toHaveLength(1);
    expect(problem(vendorItemsSaveRequest, { items: [{ item_id: 1, costPrice: 2.5, pack: 6 }] })).toMatch(/costPrice/);
    expect(problem(vendorItemsSaveRequest, { items: [{ item_id: 1, costPrice: '2.50' }] })).toMatch(/pack/);
    expect(problem(vendorItemsRemoveRequest, { items: [] })).toMatch(/at least one/);
  });
});
