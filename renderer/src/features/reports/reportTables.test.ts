import { describe, expect, it } from 'vitest';
import type { ShopReportsData } from '../../../../shared/domain/retail/reportReader';
import { formattersFor } from '../../i18n/format';
import { csvRows, csvFileName, neutralisedText, quoted, tableCsv } from './csv';
import { buildReportSections, PRODUCTS_SHOWN, type ReportSection, type Translate } from './reportTables';

// Each section's table, its Total row (the sums of ALL the report's lines,
// to the cent), the chart's bars taken from the table's rows, and the CSV = the table as shown.

const t: Translate = (key, options) => (options ? `${key}${JSON.stringify(options)}` : key);
const en = formattersFor('en');
const es = formattersFor('es');

function data(): ShopReportsData {
  const products = Array.from({ length: 13 }, (_, i) => ({
    product_id: i + 1,
    name: `Product ${i + 1}`,
    reference: i % 2 === 0 ? `REF-${i + 1}` : null,
    quantity: (i + 1) * 1_000,
    total: 1_001 * (i + 1),
  }));
  return {
    range: { startDate: '2026-11-01', endDate: '2026-11-27' },
    weekBefore: { startDate: '2026-10-25', endDate: '2026-11-20' },
    hours: [
      { hour: 10, orders: 3, quantity: 4_000, total: 12_345 },
      { hour: 12, orders: 5, quantity: 7_500, total: 20_001 },
    ],
    hoursWeekBefore: [
      { hour: 9, orders: 1, quantity: 1_000, total: 999 },
      { hour: 12, orders: 2, quantity: 2_000, total: 4_000 },
    ],
    categorySales: [
      { category_id: 1, name: 'Mitjons', quantity: 3_000, total: 1_197 },
      { category_id: 2, name: 'Samarretes', quantity: 2_500, total: 5_970 },
    ],
    productSales: products,
    payments: [
      { payment_method_id: 1, name: 'Card', count: 4, amount: 20_000, change: 0 },
      { payment_method_id: 2, name: 'Cash', count: 3, amount: 15_000, change: 2_654 },
    ],
    taxes: [
      { taxPercentage: 400, subtotal: 962, tax: 38, total: 1_000 },
      { taxPercentage: 2100, subtotal: 26_355, tax: 5_535, total: 31_890 },
    ],
    stocks: {
      rows: 40,
      alerts: Array.from({ length: 18 }, (_, i) => ({
        product_id: 100 + i,
        name: `Sock ${i}`,
        warehouse_id: 1 + (i % 2),
        quantity: Math.max(0, 15 - i) * 1_000,
        alert: true,
        alertLevel: null,
      })),
    },
  };
}

const sections = (language = en) => buildReportSections(data(), t, language, (range) => `${range.startDate}…${range.endDate}`);
const section = (id: ReportSection['id'], language = en) => sections(language).find((s) => s.id === id)!;
/** es formats money with a no-break space before the euro sign. */
const nb = (text: string) => text.replace(/ €/g, '\u00a0€');
const values = (cells: Array<{ value?: number }> | null) => (cells ?? []).map((c) => c.value);

describe('report sections', () => {
  it('sales by hour: every hour of either week, the week before beside it, totals of each', () => {
    const hours = section('hours');
    expect(hours.table.rows.map((row) => row[0]!.text)).toEqual(['09:00', '10:00', '12:00']);
    expect(hours.table.rows.map(values)).toEqual([
      [undefined, 0, 0, 999],
      [undefined, 3, 12_345, 0],
      [undefined, 5, 20_001, 4_000],
    ]);
    expect(values(hours.table.total)).toEqual([undefined, 8, 32_346, 4_999]);
    expect(hours.table.total![2]!.text).toBe('€323.46');
    expect(hours.chart.series.map((s) => s.values)).toEqual([
      [0, 12_345, 20_001],
      [999, 0, 4_000],
    ]);
    expect(hours.caption).toContain('2026-10-25…2026-11-20');
  });

  it('top products: the first ten, the rest as one row, and a total of every line', () => {
    const products = section('products');
    expect(products.table.rows).toHaveLength(PRODUCTS_SHOWN + 1);
    expect(products.table.rows[0]!.map((c) => c.text)).toEqual(['1', 'Product 13', 'REF-13', '13', '€130.13']);
    const others = products.table.rows[PRODUCTS_SHOWN]!;
    expect(others[1]!.text).toBe('products_others{"count":3,"n":"3"}');
    expect(others[4]!.value).toBe(1_001 * (1 + 2 + 3));
    const all = data().productSales.reduce((sum, l) => sum + l.total, 0);
    expect(products.table.total![4]!.value).toBe(all);
    // The rows shown add up to the total: the top ten and the others' row.
    expect(products.table.rows.reduce((sum, row) => sum + row[4]!.value!, 0)).toBe(all);
    expect(products.chart.labels).toHaveLength(PRODUCTS_SHOWN);
  });

  it('payments net of change, taxes by rate, categories largest first — totals to the cent', () => {
    const payments = section('payments');
    expect(payments.table.rows.map(values)).toEqual([
      [undefined, 4, 20_000, 0, 20_000],
      [undefined, 3, 15_000, 2_654, 12_346],
    ]);
    expect(values(payments.table.total)).toEqual([undefined, 7, 35_000, 2_654, 32_346]);
    const taxes = section('taxes', es);
    expect(taxes.table.rows.map((row) => row[0]!.text)).toEqual(['taxes_rateValue{"rate":"4"}', 'taxes_rateValue{"rate":"21"}']);
    expect(values(taxes.table.total)).toEqual([undefined, 27_317, 5_573, 32_890]);
    expect(taxes.table.total![3]!.text).toBe(nb('328,90 €'));
    expect(taxes.chart.stacked).toBe(true);
    const categories = section('categories');
    expect(categories.table.rows.map((row) => row[0]!.text)).toEqual(['Samarretes', 'Mitjons']);
    expect(values(categories.table.total)).toEqual([undefined, 5_500, 7_167]);
    expect(categories.table.total![1]!.text).toBe('5.5');
  });

  it('stock alerts lowest first; the chart counts them per warehouse, sold out apart from low', () => {
    const stocks = section('stocks');
    expect(stocks.table.rows).toHaveLength(18);
    expect(stocks.table.rows[0]!.map((c) => c.text)).toEqual(['Sock 15', 'stocks_warehouseValue{"id":2}', '0']);
    expect(stocks.table.rows.at(-1)!.map((c) => c.text)).toEqual(['Sock 0', 'stocks_warehouseValue{"id":1}', '15']);
    expect(stocks.table.total![1]!.value).toBe(18);
    // Socks 15, 16, 17 are at 0: 16 in warehouse 1, 15 and 17 in warehouse 2.
    expect(stocks.chart.labels).toEqual(['stocks_warehouseValue{"id":1}', 'stocks_warehouseValue{"id":2}']);
    expect(stocks.chart.series.map((s) => s.values)).toEqual([
      [1, 2],
      [8, 7],
    ]);
  });

  it('an empty period says so instead of drawing', () => {
    const empty = { ...data(), hours: [], hoursWeekBefore: [], categorySales: [], productSales: [], payments: [], taxes: [], stocks: { rows: 10, alerts: [] } };
    for (const s of buildReportSections(empty, t, en, () => '')) {
      expect(s.empty).not.toBeNull();
      expect(s.table.total).toBeNull();
    }
  });
});

describe('CSV export', () => {
  it('is the table as shown: header, rows, total; RFC 4180 quoting, CRLF', () => {
    const payments = section('payments', es);
    expect(csvRows(payments.table).map((row) => row.join('|'))).toEqual(
      [
        'payments_method|payments_count|payments_amount|payments_change|payments_net',
        'Card|4|200,00 €|0,00 €|200,00 €',
        'Cash|3|150,00 €|26,54 €|123,46 €',
        'total|7|350,00 €|26,54 €|323,46 €',
      ].map(nb),
    );
    expect(tableCsv(payments.table)).toBe(
      nb(
        'payments_method,payments_count,payments_amount,payments_change,payments_net\r\n' +
          'Card,4,"200,00 €","0,00 €","200,00 €"\r\n' +
          'Cash,3,"150,00 €","26,54 €","123,46 €"\r\n' +
          'total,7,"350,00 €","26,54 €","323,46 €"\r\n',
      ),
    );
    expect(csvFileName(payments.table, { startDate: '2026-11-01', endDate: '2026-11-27' })).toBe('report-payments-2026-11-01_2026-11-27.csv');
  });

  it('quotes what needs it and keeps a spreadsheet from running a name as a formula', () => {
    const csvCell = (text: string) => quoted(neutralisedText(text));
    expect(csvCell('Camiseta "Bàsica", blanca')).toBe('"Camiseta ""Bàsica"", blanca"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+34')).toBe("'+34");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-€12.00')).toBe("'-€12.00");
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    // A figure is written by its column's kind, not by this rule (csv.test.ts).
    expect(quoted('-12,00 €')).toBe('"-12,00 €"');
  });
});
