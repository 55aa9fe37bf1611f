import { describe, expect, it } from 'vitest';
import commerceJson from '../../../resources/demo-venue/commerce.json';
import { isValidCompanyNif } from './nif';
import { demoCatalog } from './demoCatalog';
import { buildCommerce, demoCommerce, PURCHASE_STATUS } from './demoCommerce';

const catalog = demoCatalog();
const commerce = demoCommerce(catalog);
const items = new Map(catalog.items.map((i) => [i.id, i]));

describe('demo venue commerce (resources/demo-venue/commerce.json)', () => {
  it('has about 50 customers with Spanish names, unique emails and phones', () => {
    expect(commerce.customers.length).toBeGreaterThanOrEqual(45);
    expect(commerce.customers[0]).toMatchObject({ id: 1, name: 'María García López', email: 'maria.garcia@example.com', active: 1 });
    expect(new Set(commerce.customers.map((c) => c.email)).size).toBe(commerce.customers.length);
    for (const c of commerce.customers) {
      expect(c.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(c.phone).toMatch(/^[67]\d{8}$/);
      for (const field of ['tax_id', 'photo', 'super_group_id', 'printer_id', 'printer_group_id']) expect(c).toHaveProperty(field);
    }
    expect(commerce.customers.some((c) => c.active === 0)).toBe(true);
  });

  it('has 2 warehouses with one stock row per inventory item, only for items that exist and have inventory', () => {
    expect(commerce.warehouses.map((w) => w.name)).toEqual(['Almacén principal', 'Bodega']);
    const inventory = catalog.items.filter((i) => i.hasInventory === 1);
    expect(commerce.stocks.filter((s) => s.warehouse_id === 1).length).toBe(inventory.length);
    expect(commerce.stocks.filter((s) => s.warehouse_id === 2).length).toBeGreaterThan(10);
    for (const s of commerce.stocks) {
      expect(items.get(s.item_id)?.hasInventory).toBe(1);
      expect(s.quantity).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(s.alert)).toBe(true);
    }
    expect(commerce.stocks.some((s) => s.quantity < s.alert)).toBe(true);
  });

  it('has 5 vendors with valid, unique NIFs (spec 2.8: nif required and unique) and items each', () => {
    expect(commerce.vendors.length).toBe(5);
    expect(new Set(commerce.vendors.map((v) => v.nif)).size).toBe(5);
    for (const v of commerce.vendors) {
      expect(isValidCompanyNif(v.nif), v.nif).toBe(true);
      expect(v.address).not.toBe('');
      expect(commerce.vendorItems.filter((vi) => vi.vendor_id === v.id).length, v.name).toBeGreaterThanOrEqual(4);
    }
    const beer = catalog.items.find((i) => i.name === 'Estrella Galicia')!;
    expect(commerce.vendorItems.find((vi) => vi.item_id === beer.id)?.vendor_id).toBe(1);
    for (const vi of commerce.vendorItems) expect(vi.costPrice).toMatch(/^\d+\.\d\d$/);
  });

  it('has 6 purchase orders whose lines name real items and vendor items and add up', () => {
    expect(commerce.purchaseOrders.length).toBe(6);
    expect(new Set(commerce.purchaseOrders.map((p) => p.status))).toEqual(
      new Set([PURCHASE_STATUS.pending, PURCHASE_STATUS.partlyReceived, PURCHASE_STATUS.received]),
    );
    for (const po of commerce.purchaseOrders) {
      expect(po.contentsArray.length).toBeGreaterThanOrEqual(3);
      for (const line of po.contentsArray) {
        expect(line.order_id).toBe(po.id);
        expect(items.get(line.item_id)?.name).toBe(line.itemName);
        const vi = commerce.vendorItems.find((v) => v.id === line.item_vendor_id);
        expect(vi?.vendor_id).toBe(po.vendor_id);
      }
      const subtotal = po.contentsArray.reduce((s, l) => s + l.subtotal, 0);
      expect(po.subtotal).toBeCloseTo(subtotal, 2);
      expect(po.total).toBeCloseTo(po.subtotal + po.tax, 2);
    }
  });

  it('fails loudly on an invalid NIF or an unknown vendor in a purchase order', () => {
    const badNif = structuredClone(commerceJson);
    badNif.vendors[0]!.nif = 'B48123450';
    expect(() => buildCommerce(catalog, badNif)).toThrow(/valid company NIF/);
    const badVendor = structuredClone(commerceJson);
    badVendor.purchaseOrders[0]!.vendor = 9;
    expect(() => buildCommerce(catalog, badVendor)).toThrow(/unknown vendor 9/);
  });
});
