import type { ShopReportLine, ShopReportLines, ShopReportName } from '../../bridge/shopReports';

// Sums over a report's lines (the tables' totals are the sums of the report's
// lines, to the cent), and the lines of several requests of one stretch added together (a range
// with times is read in pieces: reportRanges.ts). Every figure is an integer (cents, thousandths,
// counts), so the sums are exact.

/** The figures of a line that add up, per report (the others say what the line is). */
export const REPORT_SUMMED_FIELDS = {
  hours: ['orders', 'quantity', 'total'],
  categorySales: ['quantity', 'total'],
  productSales: ['quantity', 'total'],
  payments: ['count', 'amount', 'change'],
  taxes: ['subtotal', 'tax', 'total'],
  stocks: ['quantity'],
} as const satisfies { [R in ShopReportName]: ReadonlyArray<keyof ShopReportLine<R>> };

export type ReportSums<R extends ShopReportName> = { [F in (typeof REPORT_SUMMED_FIELDS)[R][number]]: number };

/** Σ of each summed figure over the lines. */
export function sumReportLines<R extends ShopReportName>(report: R, lines: readonly ShopReportLine<R>[]): ReportSums<R> {
  const fields = REPORT_SUMMED_FIELDS[report] as readonly string[];
  const sums: Record<string, number> = Object.fromEntries(fields.map((f) => [f, 0]));
  for (const line of lines) {
    const record = line as unknown as Record<string, number>;
    for (const field of fields) sums[field] = (sums[field] as number) + (record[field] as number);
  }
  for (const field of fields) {
    if (!Number.isSafeInteger(sums[field])) throw new RangeError(`${report}: the sum of ${field} is out of range`);
  }
  return sums as ReportSums<R>;
}

/** What makes two lines of different requests the same line (an id; a deleted record's leftovers by name). */
function lineKey<R extends ShopReportName>(report: R, line: ShopReportLine<R>): string {
  const l = line as unknown as Record<string, unknown>;
  switch (report) {
    case 'hours':
      return String(l.hour);
    case 'categorySales':
      return l.category_id === null ? `name:${String(l.name)}` : `id:${String(l.category_id)}`;
    case 'productSales':
      return l.product_id === null ? `name:${String(l.name)}` : `id:${String(l.product_id)}`;
    case 'payments':
      return l.payment_method_id === null ? `name:${String(l.name)}` : `id:${String(l.payment_method_id)}`;
    case 'taxes':
      return String(l.taxPercentage);
    default:
      return `${String(l.product_id)}@${String(l.warehouse_id)}`;
  }
}

/**
 * The lines of one stretch read as several requests (each a sum over its own orders), added
 * together line by line. One request's lines come back as they are. Lines keep the order in which
 * they first appear; `hours` and `taxes` are sorted by hour and rate, as the service sends them.
 */
export function mergeReportLines<R extends ShopReportName>(report: R, parts: ReadonlyArray<readonly ShopReportLine<R>[]>): ShopReportLine<R>[] {
  if (parts.length === 1) return [...(parts[0] as readonly ShopReportLine<R>[])];
  if (report === 'stocks') throw new RangeError('stocks is one request: today’s stock has no pieces');
  const fields = REPORT_SUMMED_FIELDS[report] as readonly string[];
  const merged = new Map<string, Record<string, unknown>>();
  for (const lines of parts) {
    for (const line of lines) {
      const key = lineKey(report, line);
      const known = merged.get(key);
      if (known === undefined) {
        merged.set(key, { ...(line as unknown as Record<string, unknown>) });
        continue;
      }
      const record = line as unknown as Record<string, number>;
      for (const field of fields) known[field] = (known[field] as number) + record[field]!;
    }
  }
  const out = [...merged.values()] as unknown as ShopReportLine<R>[];
  if (report === 'hours') (out as ShopReportLines['hours'][]).sort((a, b) => a.hour - b.hour);
  if (report === 'taxes') (out as ShopReportLines['taxes'][]).sort((a, b) => a.taxPercentage - b.taxPercentage);
  return out;
}
