import type { ShopReportLine } from '../../../../shared/bridge/shopReports';
import type { ShopReportsData } from '../../../../shared/domain/retail/reportReader';
import { sumReportLines } from '../../../../shared/domain/retail/reportLines';
import type { Formatters } from '../../i18n/format';

// What each section of the Reports screen shows: its table — columns,
// rows, and a Total row whose figures are the sums of ALL the report's lines (reportLines.ts
// sumReportLines, integers: exact to the cent) — and the bars its chart draws, taken from the
// same rows so the chart never shows a figure the table does not. The CSV export writes the
// table's cells as shown (csv.ts). Pure: words and formats come in.

export type SectionId = 'hours' | 'categories' | 'products' | 'payments' | 'taxes' | 'stocks';

/** A cell as shown, and the exact integer behind a figure (cents, thousandths, a count). */
export interface TableCell {
  text: string;
  value?: number;
}

/**
 * What a column holds: `text` is words — names, references, warehouses, anything a shop typed —
 * and the rest are figures the formatter wrote (`Formatters.money` / `number`). The CSV writer
 * neutralises text cells a spreadsheet would run as a formula and writes figures as they are.
 */
export type ColumnKind = 'text' | 'money' | 'quantity' | 'count';

export interface TableColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/** A figure column: right-aligned on screen, written as it is to a CSV. */
export const isFigureColumn = (column: TableColumn | undefined): boolean => column !== undefined && column.kind !== 'text';

export interface ReportTable {
  id: SectionId;
  columns: TableColumn[];
  rows: TableCell[][];
  /** Σ over every line of the report (the first cell says "Total"); null when the report has no lines. */
  total: TableCell[] | null;
}

/** Bars of one chart: a label per bar, one or more series of integers (a series per legend entry). */
export interface ReportChartData {
  orientation: 'horizontal' | 'vertical';
  /** What the values are: cents, thousandths, or a count (for the axis and the labels). */
  unit: 'money' | 'quantity' | 'count';
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
  stacked: boolean;
  /** Bars beyond what the chart shows (the table lists them): a note under the chart. */
  note: string | null;
}

export interface ReportSection {
  id: SectionId;
  title: string;
  caption: string;
  table: ReportTable;
  chart: ReportChartData;
  /** Nothing to draw: the section says so instead of an empty chart. */
  empty: string | null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const PRODUCTS_SHOWN = 10;
export const CATEGORIES_CHARTED = 12;

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Largest first; equal amounts by name, so the order is the same every time. */
function byTotalDesc<T extends { total: number; name: string }>(lines: readonly T[], collator: Intl.Collator): T[] {
  return [...lines].sort((a, b) => b.total - a.total || collator.compare(a.name, b.name));
}

/** The cell makers and words every section uses. */
interface SectionKit {
  t: Translate;
  f: Formatters;
  money(cents: number): TableCell;
  quantity(thousandths: number): TableCell;
  count(n: number): TableCell;
  text(value: string): TableCell;
  column(key: string, kind: ColumnKind): TableColumn;
  totalLabel: TableCell;
  noSales: string;
}

function sectionKit(t: Translate, f: Formatters): SectionKit {
  return {
    t,
    f,
    money: (cents) => ({ text: f.money(cents / 100), value: cents }),
    quantity: (thousandths) => ({ text: f.number(thousandths / 1000), value: thousandths }),
    count: (n) => ({ text: f.number(n), value: n }),
    text: (value) => ({ text: value }),
    column: (key, kind) => ({ key, label: t(key), kind }),
    totalLabel: { text: t('total') },
    noSales: t('noSales'),
  };
}

export function buildReportSections(
  data: ShopReportsData,
  t: Translate,
  f: Formatters,
  periodText: (range: ShopReportsData['range']) => string,
): ReportSection[] {
  const kit = sectionKit(t, f);
  return [
    hoursSection(data, kit, periodText),
    categoriesSection(data, kit),
    productsSection(data, kit),
    paymentsSection(data, kit),
    taxesSection(data, kit),
    stocksSection(data, kit),
  ];
}

function hoursSection(
  data: ShopReportsData,
  { t, money, count, text, column, totalLabel, noSales }: SectionKit,
  periodText: (range: ShopReportsData['range']) => string,
): ReportSection {
  // ——— Sales by hour, against the same weekdays a week before ———
  const hoursNow = new Map(data.hours.map((line) => [line.hour, line]));
  const hoursBefore = new Map(data.hoursWeekBefore.map((line) => [line.hour, line]));
  const hourKeys = [...new Set([...hoursNow.keys(), ...hoursBefore.keys()])].sort((a, b) => a - b);
  const hoursNowSum = sumReportLines('hours', data.hours);
  const hoursBeforeSum = sumReportLines('hours', data.hoursWeekBefore);
  return {
    id: 'hours',
    title: t('hours_title'),
    caption: t('hours_caption', { period: periodText(data.weekBefore) }),
    table: {
      id: 'hours',
      columns: [column('hours_hour', 'text'), column('hours_orders', 'count'), column('hours_total', 'money'), column('hours_weekBefore', 'money')],
      rows: hourKeys.map((hour) => [
        text(hourLabel(hour)),
        count(hoursNow.get(hour)?.orders ?? 0),
        money(hoursNow.get(hour)?.total ?? 0),
        money(hoursBefore.get(hour)?.total ?? 0),
      ]),
      total: hourKeys.length === 0 ? null : [totalLabel, count(hoursNowSum.orders), money(hoursNowSum.total), money(hoursBeforeSum.total)],
    },
    chart: {
      orientation: 'vertical',
      unit: 'money',
      labels: hourKeys.map(hourLabel),
      series: [
        { name: t('hours_seriesNow'), values: hourKeys.map((hour) => hoursNow.get(hour)?.total ?? 0) },
        { name: t('hours_seriesWeekBefore'), values: hourKeys.map((hour) => hoursBefore.get(hour)?.total ?? 0) },
      ],
      stacked: false,
      note: null,
    },
    empty: hourKeys.length === 0 ? noSales : null,
  };
}

function categoriesSection(data: ShopReportsData, { t, f, money, quantity, text, column, totalLabel, noSales }: SectionKit): ReportSection {
  // ——— Sales by category ———
  const categories = byTotalDesc(data.categorySales, f.collator);
  const categoriesSum = sumReportLines('categorySales', data.categorySales);
  const chartedCategories = categories.slice(0, CATEGORIES_CHARTED);
  return {
    id: 'categories',
    title: t('categories_title'),
    caption: t('categories_caption'),
    table: {
      id: 'categories',
      columns: [column('categories_category', 'text'), column('categories_units', 'quantity'), column('categories_total', 'money')],
      rows: categories.map((line) => [text(line.name), quantity(line.quantity), money(line.total)]),
      total: categories.length === 0 ? null : [totalLabel, quantity(categoriesSum.quantity), money(categoriesSum.total)],
    },
    chart: {
      orientation: 'horizontal',
      unit: 'money',
      labels: chartedCategories.map((line) => line.name),
      series: [{ name: t('categories_total'), values: chartedCategories.map((line) => line.total) }],
      stacked: false,
      note: categories.length > CATEGORIES_CHARTED ? t('categories_chartNote', { count: CATEGORIES_CHARTED }) : null,
    },
    empty: categories.length === 0 ? noSales : null,
  };
}

function productsSection(data: ShopReportsData, { t, f, money, quantity, count, text, column, totalLabel, noSales }: SectionKit): ReportSection {
  // ——— Top products: the first ones, the rest together, the total of all ———
  const products = byTotalDesc(data.productSales, f.collator);
  const top = products.slice(0, PRODUCTS_SHOWN);
  const rest = products.slice(PRODUCTS_SHOWN);
  const productsSum = sumReportLines('productSales', data.productSales);
  const restSum = sumReportLines('productSales', rest);
  const productRow = (line: ShopReportLine<'productSales'>, rank: number): TableCell[] => [
    count(rank),
    text(line.name),
    text(line.reference ?? ''),
    quantity(line.quantity),
    money(line.total),
  ];
  return {
    id: 'products',
    title: t('products_title'),
    caption: t('products_caption', { count: PRODUCTS_SHOWN }),
    table: {
      id: 'products',
      columns: [
        column('products_rank', 'count'),
        column('products_product', 'text'),
        column('products_reference', 'text'),
        column('products_units', 'quantity'),
        column('products_total', 'money'),
      ],
      rows: [
        ...top.map((line, i) => productRow(line, i + 1)),
        ...(rest.length > 0
          ? [
              [
                text(''),
                text(t('products_others', { count: rest.length, n: f.number(rest.length) })),
                text(''),
                quantity(restSum.quantity),
                money(restSum.total),
              ],
            ]
          : []),
      ],
      total: products.length === 0 ? null : [totalLabel, text(''), text(''), quantity(productsSum.quantity), money(productsSum.total)],
    },
    chart: {
      orientation: 'horizontal',
      unit: 'money',
      labels: top.map((line) => line.name),
      series: [{ name: t('products_total'), values: top.map((line) => line.total) }],
      stacked: false,
      note: null,
    },
    empty: products.length === 0 ? noSales : null,
  };
}

function paymentsSection(data: ShopReportsData, { t, money, count, text, column, totalLabel, noSales }: SectionKit): ReportSection {
  // ——— Payments by method: handed over, change, net ———
  const paymentsSum = sumReportLines('payments', data.payments);
  return {
    id: 'payments',
    title: t('payments_title'),
    caption: t('payments_caption'),
    table: {
      id: 'payments',
      columns: [
        column('payments_method', 'text'),
        column('payments_count', 'count'),
        column('payments_amount', 'money'),
        column('payments_change', 'money'),
        column('payments_net', 'money'),
      ],
      rows: data.payments.map((line) => [text(line.name), count(line.count), money(line.amount), money(line.change), money(line.amount - line.change)]),
      total:
        data.payments.length === 0
          ? null
          : [totalLabel, count(paymentsSum.count), money(paymentsSum.amount), money(paymentsSum.change), money(paymentsSum.amount - paymentsSum.change)],
    },
    chart: {
      orientation: 'horizontal',
      unit: 'money',
      labels: data.payments.map((line) => line.name),
      series: [{ name: t('payments_net'), values: data.payments.map((line) => line.amount - line.change) }],
      stacked: false,
      note: null,
    },
    empty: data.payments.length === 0 ? noSales : null,
  };
}

function taxesSection(data: ShopReportsData, { t, f, money, text, column, totalLabel, noSales }: SectionKit): ReportSection {
  // ——— Taxes by rate ———
  const taxesSum = sumReportLines('taxes', data.taxes);
  const rateText = (hundredths: number) => t('taxes_rateValue', { rate: f.number(hundredths / 100) });
  return {
    id: 'taxes',
    title: t('taxes_title'),
    caption: t('taxes_caption'),
    table: {
      id: 'taxes',
      columns: [column('taxes_rate', 'text'), column('taxes_base', 'money'), column('taxes_tax', 'money'), column('taxes_total', 'money')],
      rows: data.taxes.map((line) => [text(rateText(line.taxPercentage)), money(line.subtotal), money(line.tax), money(line.total)]),
      total: data.taxes.length === 0 ? null : [totalLabel, money(taxesSum.subtotal), money(taxesSum.tax), money(taxesSum.total)],
    },
    chart: {
      orientation: 'horizontal',
      unit: 'money',
      labels: data.taxes.map((line) => rateText(line.taxPercentage)),
      series: [
        { name: t('taxes_seriesBase'), values: data.taxes.map((line) => line.subtotal) },
        { name: t('taxes_seriesTax'), values: data.taxes.map((line) => line.tax) },
      ],
      stacked: true,
      note: null,
    },
    empty: data.taxes.length === 0 ? noSales : null,
  };
}

function stocksSection(data: ShopReportsData, { t, f, quantity, text, column, totalLabel }: SectionKit): ReportSection {
  // ——— Stock alerts: today's rows at or below their alert level, lowest first; the chart counts
  // them per warehouse, sold out (0 or less) apart from low ———
  const alerts = [...data.stocks.alerts].sort((a, b) => a.quantity - b.quantity || f.collator.compare(a.name, b.name) || a.warehouse_id - b.warehouse_id);
  const warehouses = [...new Set(alerts.map((line) => line.warehouse_id))].sort((a, b) => a - b);
  const warehouse = (id: number) => t('stocks_warehouseValue', { id });
  const alertsIn = (id: number, soldOut: boolean) => alerts.filter((line) => line.warehouse_id === id && line.quantity <= 0 === soldOut).length;
  return {
    id: 'stocks',
    title: t('stocks_title'),
    caption: t('stocks_caption', { count: alerts.length, n: f.number(alerts.length), rows: f.number(data.stocks.rows) }),
    table: {
      id: 'stocks',
      columns: [column('stocks_product', 'text'), column('stocks_warehouse', 'text'), column('stocks_quantity', 'quantity')],
      rows: alerts.map((line) => [text(line.name), text(warehouse(line.warehouse_id)), quantity(line.quantity)]),
      total:
        alerts.length === 0
          ? null
          : [totalLabel, { text: t('stocks_count', { count: alerts.length, n: f.number(alerts.length) }), value: alerts.length }, text('')],
    },
    chart: {
      orientation: 'horizontal',
      unit: 'count',
      labels: warehouses.map(warehouse),
      series: [
        { name: t('stocks_seriesSoldOut'), values: warehouses.map((id) => alertsIn(id, true)) },
        { name: t('stocks_seriesLow'), values: warehouses.map((id) => alertsIn(id, false)) },
      ],
      stacked: false,
      note: null,
    },
    empty: alerts.length === 0 ? t('stocks_none') : null,
  };
}
