// The retail seed checks find what they are meant to find (a check that never fails proves nothing).
import { describe, expect, it } from 'vitest';
import type { RetailSeed } from '../model';
import { checkRetailSeed } from './check';
import { demoShopSeed } from './demoShop';
import { minimalRetailSeed } from './minimal';

const NOW = new Date('2026-11-25T15:30:00Z');
const small = () => demoShopSeed({ now: NOW, articles: 40, days: 14 });
const problemsOf = (change: (seed: RetailSeed) => void, options = {}) => {
  const seed = small();
  change(seed);
  return checkRetailSeed(seed, options);
};
const sellable = (seed: RetailSeed) => seed.products.find((p) => p.type === 6)!;

describe('retail seed checks', () => {
  it('pass the minimal seed and a small demo shop', () => {
    expect(checkRetailSeed(minimalRetailSeed())).toEqual([]);
    expect(checkRetailSeed(small(), { requireBarcodes: true, reportCoverage: true })).toEqual([]);
  });

  it('validate every record against its schema', () => {
    expect(problemsOf((s) => void (s.products[0]!.price = 12.5))).toEqual([expect.stringMatching(/^products\[0\]: price: /)]);
    expect(problemsOf((s) => void ((s.customers[3] as unknown as Record<string, unknown>).nickname = 'x'))).toEqual([
      expect.stringMatching(/^customers\[3\]: /),
    ]);
    expect(problemsOf((s) => void (s.orders[0]!.closed_at = '2026-11-25T10:00:00'))).toEqual([expect.stringMatching(/^orders\[0\]: closed_at: /)]);
  });

  it('find ids used twice and references that do not resolve', () => {
    expect(problemsOf((s) => void (s.products[1]!.id = s.products[0]!.id))).toContainEqual(expect.stringMatching(/products: id \d+ is used twice/));
    expect(problemsOf((s) => void (sellable(s).main_product_id = null))).toContainEqual(expect.stringMatching(/must name its variant master/));
    expect(problemsOf((s) => void (s.stocks[0]!.warehouse_id = 9))).toContainEqual(expect.stringMatching(/warehouse_id: unknown id 9/));
    expect(problemsOf((s) => s.stocks.push({ ...s.stocks[0]!, id: 99_999 }))).toContainEqual(expect.stringMatching(/has two rows in warehouse/));
  });

  it('find invalid and repeated barcodes, and missing ones when required', () => {
    const wrongDigit = (code: string) => code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
    expect(problemsOf((s) => void (sellable(s).barcode = wrongDigit(sellable(s).barcode!)))).toContainEqual(expect.stringMatching(/is not a valid EAN-13/));
    expect(problemsOf((s) => void (s.products.filter((p) => p.barcode)[1]!.barcode = s.products.filter((p) => p.barcode)[0]!.barcode))).toContainEqual(
      expect.stringMatching(/is also product/),
    );
    expect(problemsOf((s) => void (sellable(s).barcode = null), { requireBarcodes: true })).toContainEqual(expect.stringMatching(/has no barcode/));
  });

  it('find negative stock', () => {
    expect(problemsOf((s) => void (s.stocks[2]!.quantity = -1000))).toContainEqual(expect.stringMatching(/negative quantity -1/));
  });

  it('find orders and invoices that do not add up to the cent', () => {
    expect(problemsOf((s) => void (s.orders[0]!.order_contents[0]!.tax += 1))).toContainEqual(
      expect.stringMatching(/line \d+: sum\/total\/tax\/subtotal do not follow/),
    );
    expect(problemsOf((s) => void (s.orders[0]!.total += 1))).toContainEqual(expect.stringMatching(/^order 1: sum\/total\/tax\/subtotal do not follow/));
    expect(
      problemsOf((s) => {
        s.invoices[0]!.payments[0]!.amount += 100;
      }),
    ).toContainEqual(expect.stringMatching(/payments add up to/));
    expect(
      problemsOf((s) => {
        const payment = s.invoices[0]!.payments[0]!;
        payment.payment_method_id = 1;
        payment.amount += 500;
        payment.change += 500;
      }),
    ).toContainEqual(expect.stringMatching(/change on Card/));
    expect(problemsOf((s) => void (s.orders[0]!.invoice_id = null))).toContainEqual(expect.stringMatching(/exactly one invoice/));
  });

  it('find reports without lines when coverage is asked for', () => {
    expect(problemsOf((s) => void ((s.orders = []), (s.invoices = [])), { reportCoverage: true })).toEqual(['reports: the seed has no closed order']);
    expect(problemsOf((s) => void (s.stocks = []), { reportCoverage: true })).toEqual(
      expect.arrayContaining(['report stocks: no line over the history', 'report inventories: no line over the history']),
    );
  });
});
