import { z } from 'zod';
import { wireInt } from '../wire';
import { retailPaginated, scaledDecimal, wireCents, wireHundredths, wireRef, wireText, wireThousandths } from './wire';

// The report lines the shop's Reports screen reads (retail-api.md §4.6, `GET v3/reports/{name}`;
// clarifications "Reports": money as decimal strings, counts as numbers), read into the terminal's
// integers (./wire.ts): money → cents, quantities → thousandths, a tax rate → hundredths (21 →
// 2100). Objects are not strict: fields beyond the clarifications' line shapes are ignored.

/** The reports the Reports screen shows. */
export const RETAIL_REPORT_NAMES = ['hours', 'categorySales', 'productSales', 'payments', 'taxes', 'stocks'] as const;
export type RetailReportName = (typeof RETAIL_REPORT_NAMES)[number];

/** `hours`: closed orders by the hour of their date field. */
export const retailHoursLine = z.object({
  hour: wireInt.refine((h) => h >= 0 && h <= 23, 'expected an hour 0–23'),
  orders: wireInt,
  quantity: wireThousandths,
  total: wireCents,
});

/** `categorySales`: what each category sold (null: a deleted category's leftovers). */
export const retailCategorySalesLine = z.object({
  category_id: wireRef,
  name: z.string(),
  quantity: wireThousandths,
  total: wireCents,
});

/** `productSales`: what each product sold. */
export const retailProductSalesLine = z.object({
  product_id: wireRef,
  name: z.string(),
  reference: wireText,
  quantity: wireThousandths,
  total: wireCents,
});

/** `payments`: each payment method's payments, amounts handed over and change given. */
export const retailPaymentsLine = z.object({
  payment_method_id: wireRef,
  name: z.string(),
  count: wireInt,
  amount: wireCents,
  change: wireCents,
});

/** `taxes`: per tax rate, the base, the tax and the total. */
export const retailTaxesLine = z.object({
  taxPercentage: wireHundredths,
  subtotal: wireCents,
  tax: wireCents,
  total: wireCents,
});

const FLAG_VALUES = new Set<unknown>([true, false, 0, 1, '0', '1', 'true', 'false']);

/**
 * `stocks`: a stock row. Its `alert` says whether the row is at or below its alert level, as a
 * product's `stocks` entry does (retail §2.6: a boolean; 0/1 read too). Should a server send the
 * alert LEVEL instead (a decimal such as "5.000"), the row is on alert when its quantity is at or
 * below it, the rule the till's low-stock mark uses — so both readings keep the same meaning.
 */
export const retailStocksLine = z
  .object({
    product_id: wireInt,
    name: wireText,
    warehouse_id: wireInt,
    quantity: wireThousandths,
    alert: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  })
  .transform((line, ctx) => {
    const { alert, ...rest } = line;
    if (alert === null || alert === undefined) return { ...rest, name: rest.name ?? '', alert: false, alertLevel: null };
    if (FLAG_VALUES.has(alert))
      return { ...rest, name: rest.name ?? '', alert: alert === true || alert === 1 || alert === '1' || alert === 'true', alertLevel: null };
    const level = scaledDecimal(alert as number | string, 3);
    if (typeof level === 'string') {
      ctx.addIssue({ code: 'custom', path: ['alert'], message: `expected a flag or an alert level: ${level}` });
      return z.NEVER;
    }
    return { ...rest, name: rest.name ?? '', alert: rest.quantity <= level, alertLevel: level };
  });

export const retailReportLineSchemas = {
  hours: retailHoursLine,
  categorySales: retailCategorySalesLine,
  productSales: retailProductSalesLine,
  payments: retailPaymentsLine,
  taxes: retailTaxesLine,
  stocks: retailStocksLine,
} as const satisfies Record<RetailReportName, z.ZodType>;

export type RetailReportLine<R extends RetailReportName> = z.output<(typeof retailReportLineSchemas)[R]>;

/** A page of a report in the generic envelope (§2.1; `total` exact). */
export const retailReportPages = {
  hours: retailPaginated(retailHoursLine),
  categorySales: retailPaginated(retailCategorySalesLine),
  productSales: retailPaginated(retailProductSalesLine),
  payments: retailPaginated(retailPaymentsLine),
  taxes: retailPaginated(retailTaxesLine),
  stocks: retailPaginated(retailStocksLine),
} as const satisfies Record<RetailReportName, z.ZodType>;

/** §4.6 `dateField`: which date of an order the date filters read. */
export const RETAIL_REPORT_DATE_FIELDS = ['created_at', 'updated_at', 'closed_at', 'opened_at'] as const;
