// The demo shop seed: what it holds, that it passes its checks, that it is
// deterministic, and the scale option.
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE, type RetailSeed } from '../model';
import { dayOfWeek, localDateTime } from '../reports/time';
import { checkRetailSeed } from './check';
import { DEMO_SHOP_ARTICLES, demoShopSeed, MAX_RETAIL_SCALE } from './demoShop';
import { isValidEan13 } from './ean';
import { SHOP } from './shopCatalog';
import { isValidDni } from './shopCustomers';
import { addDays } from './shopHistory';

// A Wednesday afternoon in Barcelona (16:30 local).
const NOW = new Date('2026-11-25T15:30:00Z');
const seed = demoShopSeed({ now: NOW });
const articles = (s: RetailSeed) => s.products.filter((p) => p.type !== PRODUCT_TYPE.variant);

describe('demo shop seed', () => {
  it('passes every check: schemas, ids, references, barcodes, stock, order arithmetic and report coverage', () => {
    expect(checkRetailSeed(seed, { requireBarcodes: true, reportCoverage: true })).toEqual([]);
  });

  it('is a clothing and shoe shop of 300 articles with size × colour variants', () => {
    expect(articles(seed)).toHaveLength(DEMO_SHOP_ARTICLES);
    const masters = seed.products.filter((p) => p.type === PRODUCT_TYPE.variantMaster);
    const variants = seed.products.filter((p) => p.type === PRODUCT_TYPE.variant);
    expect(masters.length).toBeGreaterThan(200);
    expect(variants.length).toBeGreaterThan(masters.length * 3);
    // Every master has variants, each a size and a colour.
    const sets = new Map(seed.variants.map((v) => [v.id, v.variant_set_id]));
    for (const master of masters)
      expect(
        variants.some((v) => v.main_product_id === master.id),
        master.name,
      ).toBe(true);
    for (const pv of seed.productVariants)
      expect([sets.get(pv.variant_1_id ?? 0), sets.get(pv.variant_2_id ?? 0)]).toEqual([SHOP.variantSet.size, SHOP.variantSet.colour]);
    expect(seed.variantSets.map((s) => s.name)).toEqual(['Talla', 'Color']);
    // Spanish and Catalan labels, as the shop writes them.
    const names = seed.products.map((p) => p.name).join('\n');
    for (const word of ['Camiseta', 'Samarreta', 'Vaquero', 'Texà', 'Alpargata', 'Espardenya']) expect(names).toContain(word);
    expect(new Set(articles(seed).map((p) => p.name)).size).toBe(DEMO_SHOP_ARTICLES);
    expect(seed.groups.map((g) => g.name)).toEqual(['Dona', 'Home', 'Calçat', 'Complements', 'Llibreria i altres']);
  });

  it('has valid, unique EAN-13 barcodes on everything that can be sold', () => {
    const sellable = seed.products.filter((p) => p.type !== PRODUCT_TYPE.variantMaster);
    expect(sellable.every((p) => p.barcode !== null && isValidEan13(p.barcode))).toBe(true);
    expect(new Set(sellable.map((p) => p.barcode)).size).toBe(sellable.length);
  });

  it('sells at 21, 10 and 4 % IVA', () => {
    expect(seed.taxes.map((t) => t.percentage).sort((a, b) => a - b)).toEqual([400, 1000, 2100]);
    const used = new Set(seed.products.map((p) => p.tax_id));
    for (const tax of seed.taxes) expect(used.has(tax.id), tax.name).toBe(true);
    const sold = new Set(seed.orders.flatMap((o) => o.order_contents.map((l) => l.taxPercentage)));
    expect([...sold].sort((a, b) => a - b)).toEqual([400, 1000, 2100]);
  });

  it('keeps stock in two warehouses, never negative, some of it on alert', () => {
    expect(seed.warehouses.map((w) => w.id)).toEqual([1, 2]);
    for (const w of seed.warehouses)
      expect(
        seed.stocks.some((s) => s.warehouse_id === w.id && s.quantity > 0),
        w.name,
      ).toBe(true);
    expect(seed.stocks.every((s) => s.quantity >= 0)).toBe(true);
    const onAlert = seed.stocks.filter((s) => s.quantity <= s.alert).length;
    expect(onAlert).toBeGreaterThan(seed.stocks.length * 0.05);
    expect(onAlert).toBeLessThan(seed.stocks.length * 0.6);
  });

  it('has three price rates with different roundings and five promotions of the four types', () => {
    expect(seed.priceRates).toHaveLength(3);
    expect(new Set(seed.priceRates.map((r) => r.rounding)).size).toBe(3);
    expect(new Set(seed.priceRates.map((r) => r.type))).toEqual(new Set([1, 2]));
    const online = seed.priceRates.find((r) => r.type === 2)!;
    expect(seed.priceRateLinks.some((l) => l.price_rate_id === online.id)).toBe(true);
    expect(seed.promotions).toHaveLength(5);
    expect(new Set(seed.promotions.map((p) => p.type))).toEqual(new Set([1, 2, 3, 4]));
    expect(seed.promotionCategories.length).toBeGreaterThan(0);
    expect(seed.promotionProducts.length).toBeGreaterThan(0);
    // Every promotion was applied by the till at least once in the history.
    const applied = new Set(seed.orders.flatMap((o) => o.order_contents.map((l) => l.discountObject.id)));
    for (const p of seed.promotions) expect(applied.has(p.id), p.name).toBe(true);
  });

  it('has 40 customers and the payment methods Card, Cash (the cash one), Bizum and Gift card', () => {
    expect(seed.customers).toHaveLength(40);
    for (const c of seed.customers) {
      expect(c.name.split(' ').length).toBeGreaterThanOrEqual(3);
      expect(c.postalCode).toMatch(/^080\d\d$/);
      if (c.nif !== null) expect(isValidDni(c.nif)).toBe(true);
    }
    expect(seed.paymentMethods.map((m) => [m.name, m.cash])).toEqual([
      ['Card', false],
      ['Cash', true],
      ['Bizum', false],
      ['Gift card', false],
    ]);
    const methods = new Set(seed.invoices.flatMap((i) => i.payments.map((p) => p.payment_method_id)));
    expect(methods).toEqual(new Set([1, 2, 3, 4]));
    expect(seed.invoices.some((i) => i.payments.some((p) => p.change > 0))).toBe(true);
  });

  it('has 90 days of closed, invoiced orders with a shop’s daily pattern, up to now', () => {
    const today = localDateTime(NOW).slice(0, 10);
    const dates = seed.orders.map((o) => o.closed_at!.slice(0, 10));
    expect(dates[0]! >= addDays(today, -90)).toBe(true);
    expect(dates[0]! <= addDays(today, -88)).toBe(true);
    expect(dates.at(-1)).toBe(today);
    expect(seed.orders.at(-1)!.closed_at! <= localDateTime(NOW)).toBe(true);
    expect(seed.orders.every((o) => o.status === 1 && o.invoice_id !== null)).toBe(true);
    expect(seed.invoices.map((i) => i.number)).toEqual(seed.orders.map((_, i) => `E-${i + 1}`));
    // Closed on Sundays; Saturdays busier than Tuesdays; open 10:00–20:30.
    const perDay = new Map<string, number>();
    for (const d of dates) perDay.set(d, (perDay.get(d) ?? 0) + 1);
    const mean = (weekday: number) => {
      const counts = [...perDay].filter(([d]) => d !== today && dayOfWeek(d) === weekday).map(([, n]) => n);
      return counts.reduce((a, b) => a + b, 0) / counts.length;
    };
    expect([...perDay.keys()].some((d) => dayOfWeek(d) === 1)).toBe(false);
    expect(mean(7)).toBeGreaterThan(mean(3) * 1.5);
    for (const o of seed.orders) expect(o.closed_at!.slice(11) >= '10:00:00' && o.closed_at!.slice(11) <= '20:30:00', o.closed_at!).toBe(true);
    expect(seed.orders.length).toBeGreaterThan(1500);
    expect(seed.orders.some((o) => o.customer_id !== null)).toBe(true);
    expect(seed.orders.some((o) => o.orderDiscount > 0)).toBe(true);
  });

  it('is deterministic, and a day’s sales do not depend on when the seed is built', () => {
    expect(demoShopSeed({ now: NOW })).toEqual(seed);
    const later = demoShopSeed({ now: new Date(NOW.getTime() + 86_400_000) });
    const day = addDays(localDateTime(NOW).slice(0, 10), -9); // a Monday
    const sales = (s: RetailSeed) =>
      s.orders.filter((o) => o.closed_at!.startsWith(day)).map((o) => [o.closed_at, o.total, o.order_contents.map((l) => l.product_id)]);
    expect(sales(later).length).toBeGreaterThan(0);
    expect(sales(later)).toEqual(sales(seed));
    expect(later.products).toEqual(seed.products);
  });

  it('scales to N articles, each with its variants, and refuses counts out of range', () => {
    const scaled = demoShopSeed({ now: NOW, articles: 2_000 });
    expect(articles(scaled)).toHaveLength(2_000);
    expect(scaled.products.length).toBeGreaterThan(8_000);
    expect(checkRetailSeed(scaled, { requireBarcodes: true })).toEqual([]);
    expect(() => demoShopSeed({ articles: 0 })).toThrow(/from 1 to/);
    expect(() => demoShopSeed({ articles: MAX_RETAIL_SCALE + 1 })).toThrow(/from 1 to/);
  });
});
