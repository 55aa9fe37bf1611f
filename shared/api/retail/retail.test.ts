import { describe, expect, it } from 'vitest';
import {
  centsToWire,
  retailCustomerCreateRequest,
  retailCustomerPatchRequest,
  retailCustomerWire,
  retailErrorFields,
  retailInvoiceCreatedWire,
  retailInvoiceRequest,
  retailOrderRequest,
  retailPaginated,
  retailPriceRateWire,
  retailProductWire,
  retailPromotionWire,
  retailStockWire,
  retailTaxWire,
  retailUnitWire,
  retailVariantWire,
  scaledDecimal,
} from './index';
import { z } from 'zod';

describe('retail decimals', () => {
  it('read strings and numbers exactly into integers of their unit', () => {
    expect(scaledDecimal('12.50', 2)).toBe(1250);
    expect(scaledDecimal(12.5, 2)).toBe(1250);
    expect(scaledDecimal('-15.00', 2)).toBe(-1500);
    expect(scaledDecimal('5.000', 3)).toBe(5000);
    expect(scaledDecimal(0.1 + 0.2, 2)).toMatch(/more than 2 decimals/);
    expect(scaledDecimal('12.5000', 2)).toBe(1250);
    expect(scaledDecimal('12.345', 2)).toMatch(/more than 2 decimals/);
    expect(scaledDecimal('abc', 2)).toMatch(/expected a decimal/);
    expect(scaledDecimal('99999999999999999', 2)).toMatch(/out of range/);
  });

  it('centsToWire gives the JSON number of 2 decimals', () => {
    expect(centsToWire(1250)).toBe(12.5);
    expect(String(centsToWire(1999))).toBe('19.99');
    expect(String(centsToWire(7))).toBe('0.07');
    expect(() => centsToWire(1.5)).toThrow(RangeError);
  });
});

describe('retail reads (unknown fields ignored, decimals coerced)', () => {
  it('reads a product as the sandbox sends it, with stocks and variant info', () => {
    const product = retailProductWire.parse({
      id: 12,
      name: 'Sock',
      category_id: 3,
      price: '12.50',
      costPrice: '4.00',
      active: true,
      usesStockManagement: 1,
      usesWeight: false,
      type: 6,
      barcode: '8412345678905',
      main_product_id: 11,
      tax_id: 1,
      tax: { id: 1, name: 'IVA 21%', percentage: '21.00', shouldStack: false },
      stocks: [{ id: 4, quantity: '5.000', alert: false, warehouse_id: 1, item_id: 12, unit_id: 1 }],
      variant_info: { id: 9, product_id: 12, variant_1_id: 2, variant_2_id: 7 },
      variant_master: { id: 11, name: 'Sock' },
      something_new: { nested: true },
    });
    expect(product).toMatchObject({
      price: 1250,
      costPrice: 400,
      usesStockManagement: true,
      featured: false,
      type: 6,
      main_product_id: 11,
      tax: { percentage: 2100 },
      stocks: [{ quantity: 5000, warehouse_id: 1 }],
      variant_info: { variant_1_id: 2, variant_2_id: 7 },
    });
    expect(product).not.toHaveProperty('something_new');
    expect(product).not.toHaveProperty('variant_master');
  });

  it('applies the spec defaults and reads the "0.00" barcode default as none', () => {
    const product = retailProductWire.parse({ id: 1, name: 'Bag', category_id: 2, barcode: '0.00' });
    expect(product).toMatchObject({ price: 0, active: true, usesWeight: false, type: 0, barcode: null, main_product_id: null, tax: null });
    expect(product.stocks).toBeUndefined();
  });

  it('refuses a price it cannot hold exactly, naming the field', () => {
    const parsed = retailProductWire.safeParse({ id: 1, name: 'X', category_id: 2, price: '1.005' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['price']);
  });

  it('reads taxes, units, stocks, variants, customers, rates and promotions', () => {
    expect(retailTaxWire.parse({ id: 1, name: 'IVA', taxPercentage: 21 }).taxPercentage).toBe(2100);
    expect(retailTaxWire.parse({ id: 2, name: 'IVA', taxPercentage: '10.00' }).taxPercentage).toBe(1000);
    expect(
      retailUnitWire.parse({
        id: 1,
        name: 'Piece',
        main_unit: null,
        conversion: '1.0000',
        extra_id: null,
        created_at: null,
        updated_at: null,
        deleted_at: null,
      }).conversion,
    ).toBe(1);
    expect(
      retailStockWire.parse({ id: 3, quantity: '2.500', defaultQuantity: '0.000', alert: true, warehouse_id: 1, item_id: 4, unit_id: null }),
    ).toMatchObject({ quantity: 2500, alert: true });
    expect(retailVariantWire.parse({ id: 1, name: 'M', order: 2, variant_set_id: 1, color: null })).toMatchObject({ order: 2, color: null });
    expect(retailCustomerWire.parse({ id: 5, name: 'Ana', address: 'C/ Mar 1', maxCredit: '150.00', email: null }).maxCredit).toBe(15000);
    expect(retailPriceRateWire.parse({ id: 1, name: 'Members', type: 1, amount: '-15.00', rounding: 2 })).toMatchObject({ amount: -1500, rounding: 2 });
    expect(retailPriceRateWire.parse({ id: 2, name: 'Outlet', type: 2, amount: '0.00', rounding: null }).rounding).toBeNull();
    expect(retailPriceRateWire.safeParse({ id: 3, name: 'Bad', type: 3, amount: 0 }).success).toBe(false);
    const promotion = retailPromotionWire.parse({
      id: 5,
      active: true,
      order: 1,
      name: 'Over 100',
      type: 4,
      apply_to: 3,
      condition: 2,
      quantity: '100.000',
      action: 1,
      discount: '10.00',
      combo_price: null,
      weekdays: [1, 2],
    });
    expect(promotion).toMatchObject({ quantity: 100_000, discount: 1000, combo_price: null, weekdays: [1, 2], start_date: null });
    expect(retailInvoiceCreatedWire.parse({ id: 3, number: 'E-12', total: 10 })).toEqual({ id: 3, number: 'E-12' });
  });

  it('the list envelope needs an exact total', () => {
    const page = retailPaginated(z.object({ id: z.number() }));
    const body = {
      current_page: 1,
      data: [{ id: 1 }],
      per_page: 50,
      last_page: 1,
      total: 1,
      from: 1,
      to: 1,
      next_page_url: null,
      prev_page_url: null,
      path: 'x',
      first_page_url: 'x',
      last_page_url: 'x',
    };
    expect(page.parse(body).total).toBe(1);
    const { total: _total, ...withoutTotal } = body;
    expect(page.safeParse(withoutTotal).success).toBe(false);
  });
});

describe('retail error bodies', () => {
  it("name the fields a body names, and none for the sandbox's empty data", () => {
    expect(retailErrorFields({ error: 'The given data was invalid.', code: 0, data: [] })).toEqual([]);
    expect(
      retailErrorFields({
        error: 'The given data was invalid.',
        code: 0,
        data: { address: ['The address field is required.'], 'order_contents.0.total': ['bad'] },
      }),
    ).toEqual(['address', 'order_contents.0.total']);
    expect(retailErrorFields({ error: 'x', data: ['name: is required', { field: 'address' }, 'no field here'] })).toEqual(['name', 'address']);
    expect(retailErrorFields('<html>')).toEqual([]);
  });
});

/** A one-line order of 2 × 12.50 at 21 %, 10 % off by a promotion. */
function order() {
  return {
    notes: '',
    sum: 22.5,
    discount: 2.5,
    orderDiscount: 0,
    shippingAmount: 0,
    subtotal: 18.6,
    tax: 3.9,
    total: 22.5,
    discountObject: {},
    customer_id: null,
    closed_at: '2026-11-23 10:00:00',
    order_contents: [
      {
        name: 'Sock',
        quantity: 2,
        weight: null,
        price: 12.5,
        sum: 25,
        discount: 2.5,
        subtotal: 18.6,
        tax: 3.9,
        total: 22.5,
        taxPercentage: 21,
        margin: 0,
        discountObject: { id: 1, name: '10 %', amount: 2.5, isPercentage: false },
        notes: '',
        product_id: 12,
      },
    ],
  };
}

describe('retail requests (strict)', () => {
  it('take a well-formed order', () => {
    expect(retailOrderRequest.safeParse(order()).success).toBe(true);
  });

  it('refuse float artefacts, unknown keys, wrong arithmetic and empty orders', () => {
    const issues = (value: unknown) => retailOrderRequest.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues({ ...order(), total: 0.1 + 0.2 })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^total: expected a number with at most 2 decimals/)]),
    );
    expect(issues({ ...order(), extra: 1 }).join()).toMatch(/extra/);
    expect(issues({ ...order(), total: 22.49 }).join()).toMatch(/total: must be sum − orderDiscount \+ shippingAmount/);
    const line = { ...order().order_contents[0], total: 25 };
    expect(issues({ ...order(), order_contents: [line] }).join()).toMatch(/order_contents\.0\.total: must be sum − discount/);
    expect(issues({ ...order(), order_contents: [] }).join()).toMatch(/at least one line/);
    expect(issues({ ...order(), closed_at: '2026-11-23T10:00:00Z' }).join()).toMatch(/closed_at/);
  });

  it('invoice payments: change never above the amount, at most 100', () => {
    expect(retailInvoiceRequest.safeParse({ payments: [{ amount: 50, change: 7.5, extra: 0, payment_method_id: 2 }] }).success).toBe(true);
    expect(retailInvoiceRequest.safeParse({ payments: [{ amount: 5, change: 7.5, extra: 0, payment_method_id: 2 }] }).success).toBe(false);
    expect(retailInvoiceRequest.safeParse({ payments: [] }).success).toBe(false);
    const many = Array.from({ length: 101 }, () => ({ amount: 1, change: 0, extra: 0, payment_method_id: 1 }));
    expect(retailInvoiceRequest.safeParse({ payments: many }).success).toBe(false);
  });

  it('customers: name and address required on create; PATCH takes some fields, none blanked', () => {
    expect(retailCustomerCreateRequest.safeParse({ name: 'Ana', address: 'C/ Mar 1' }).success).toBe(true);
    const missing = retailCustomerCreateRequest.safeParse({ name: 'Ana' });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['address']);
    expect(retailCustomerCreateRequest.safeParse({ name: 'Ana', address: '  ' }).success).toBe(false);
    expect(retailCustomerPatchRequest.safeParse({ phone: '600' }).success).toBe(true);
    expect(retailCustomerPatchRequest.safeParse({}).success).toBe(false);
    expect(retailCustomerPatchRequest.safeParse({ address: '' }).success).toBe(false);
    expect(retailCustomerPatchRequest.safeParse({ id: 3, phone: '600' }).success).toBe(false);
  });
});
