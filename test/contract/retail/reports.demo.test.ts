// Reports v3 over the demo shop (retail/seed/demoShop.ts: 90 days of closed orders): every report
// with a source has lines, and the report families agree with each other and with the API's own
// stock listing — what was paid (payments) is what was sold (orders, hours, invoices, categories,
// groups, products, taxes), the tax of the taxes report is the orders' tax, the stock reports hold
// the stock rows.
import { describe, expect, it } from 'vitest';
import { REPORT_NAMES, REPORT_SOURCE } from '../../../electron/sandbox/retail/reports/names';
import { demoShopSeed } from '../../../electron/sandbox/retail/seed/demoShop';
import { addDays } from '../../../electron/sandbox/retail/seed/shopHistory';
import { shopToday } from '../../../electron/sandbox/retail/reports/time';
import { R, retailFixture, type Json, type RetailFixture } from './fixtures';

type Page = { data: Json[]; total: number; last_page: number } & Json;

const today = shopToday();
const WINDOW = `start_date=${addDays(today, -90)}&end_date=${today}&dateField=closed_at`;
const fixture = retailFixture({ seed: () => demoShopSeed() });

/** Every line of a report (all pages of 200). */
async function all(call: RetailFixture['call'], path: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<Page>('GET', `${path}${path.includes('?') ? '&' : '?'}pagination=200&page=${page}`);
    expect(answer.status, path).toBe(200);
    out.push(...answer.body.data);
    if (page >= answer.body.last_page) return out;
  }
}

const report = (name: string, query = WINDOW) => all(fixture.call, `${R}/v3/reports/${name}?${query}`);
const cents = (lines: Json[], key = 'total') => lines.reduce((a, l) => a + Math.round(Number(l[key]) * 100), 0);
const units = (lines: Json[]) => Math.round(lines.reduce((a, l) => a + (l.quantity as number), 0) * 1000);

describe('reports over the demo shop', () => {
  it('every report with a source has lines over the last 90 days; the others answer an empty page', async () => {
    for (const name of REPORT_NAMES) {
      const lines = await report(name);
      if (REPORT_SOURCE[name] === 'none') expect(lines, name).toEqual([]);
      else expect(lines.length, name).toBeGreaterThan(0);
    }
  });

  it('what was paid is what was sold, in every sales family', async () => {
    const payments = await report('payments');
    const paid = cents(payments, 'amount') - cents(payments, 'change');
    const orders = await report('orders');
    expect(orders.length).toBeGreaterThan(1500);
    expect(orders.every((o) => o.status === 1)).toBe(true);
    expect(cents(orders)).toBe(paid);
    expect(cents(await report('hours'))).toBe(paid);
    expect(cents(await report('orderInvoices'))).toBe(paid);
    // The demo shop ships nothing: the lines' paid totals add up to the orders'.
    for (const name of ['categorySales', 'categories', 'groups', 'productSales', 'products', 'fullProductSales', 'taxes'])
      expect(cents(await report(name)), name).toBe(paid);
    const taxes = await report('taxes');
    expect(cents(taxes, 'tax')).toBe(cents(orders, 'tax'));
    expect(taxes.map((t) => t.taxPercentage)).toEqual([4, 10, 21]);
    // Units: the same in the hour, category, product and invoice views.
    const sold = units(await report('categorySales'));
    for (const name of ['hours', 'groups', 'productSales', 'products', 'orderInvoices']) expect(units(await report(name)), name).toBe(sold);
    // Customers: the orders that name one.
    const withCustomer = orders.filter((o) => o.customer_id !== null);
    expect(cents(await report('ordersByCustomer'))).toBe(cents(withCustomer));
    expect((await report('ordersByCustomer')).reduce((a, l) => a + (l.quantity as number), 0)).toBe(withCustomer.length);
    expect(await report('customersList')).toHaveLength(40);
    // Every payment method of the shop was used; the open hours are 10:00 to 20:30.
    expect(payments.map((p) => p.name)).toEqual(['Card', 'Cash', 'Bizum', 'Gift card']);
    expect((await report('hours')).map((h) => h.hour)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    // Closed on Sundays (dayofweek 1); Saturdays (7) sell more than Mondays (2).
    expect(await report('orders', `${WINDOW}&dayofweek=1`)).toEqual([]);
    expect((await report('orders', `${WINDOW}&dayofweek=7`)).length).toBeGreaterThan((await report('orders', `${WINDOW}&dayofweek=2`)).length);
  }, 60_000);

  it('the stock reports hold the stock rows of the API listing', async () => {
    const stock = await all(fixture.call, `${R}/catalog/stocks`);
    const stocks = await report('stocks', '');
    expect(stocks).toHaveLength(stock.length);
    const total = Math.round(stock.reduce((a, s) => a + Number(s.quantity), 0) * 1000);
    expect(units(stocks)).toBe(total);
    for (const name of ['inventories', 'inventoryContents', 'stockCategories', 'stockGroups', 'productList'])
      expect(units(await report(name, '')), name).toBe(total);
    expect(stocks.filter((s) => s.alert).length).toBe(stock.filter((s) => s.alert).length);
    expect(stocks.some((s) => s.alert)).toBe(true);
    expect((await report('inventories', '')).map((w) => w.name)).toEqual(['Botiga', 'Magatzem']);
  }, 60_000);
});
