import { z } from 'zod';
import { RETAIL_REPORT_DATE_FIELDS, RETAIL_REPORT_NAMES } from '../api/retail/reports';
import { isCalendarDate, isClockTime } from '../domain/retail/reportRanges';

// The shop's Reports: one page of one v3 report per call (`fetchShopReport`),
// read by the main side through the retail gateway (its 120-a-minute budget: reports are not
// catalog calls) and answered as checked lines in the terminal's integers (money in cents,
// quantities in thousandths, a tax rate in hundredths). The renderer drives the paging
// (shared/domain/retail/reportReader.ts): it asks page 1, learns `lastPage`, asks the rest, and
// checks that every page agrees on `total` and that the lines add up to it — why there, not on
// the main side: docs/decisions.md "The shop's Reports".

export const shopReportNameSchema = z.enum(RETAIL_REPORT_NAMES);
export type ShopReportName = z.infer<typeof shopReportNameSchema>;

// No words here (the renderer checks a period before asking, rangeProblem): a refusal names the field.
const isoDate = z.string().refine(isCalendarDate);
const clockTime = z.string().refine(isClockTime);

/**
 * §4.6 date filters of one request: whole days, or one day with a start time before its end time
 * (how a longer stretch with times is cut: shared/domain/retail/reportRanges.ts `rangePieces`).
 */
export const shopReportPieceSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    startTime: clockTime.optional(),
    endTime: clockTime.optional(),
  })
  .refine((p) => p.startDate <= p.endDate, { path: ['endDate'] })
  .refine(
    (p) =>
      (p.startTime === undefined && p.endTime === undefined) ||
      (p.startDate === p.endDate && p.startTime !== undefined && p.endTime !== undefined && p.startTime <= p.endTime),
    {
      // Times go with one day, the start not after the end.
      path: ['startTime'],
    },
  );

export const fetchShopReportInputSchema = z
  .strictObject({
    report: shopReportNameSchema,
    /** Required by the sales reports; `stocks` is today's stock and takes none. */
    range: shopReportPieceSchema.optional(),
    /** §4.6 `dateField`; default `closed_at`: a sale counts when it is closed (invoiced). */
    dateField: z.enum(RETAIL_REPORT_DATE_FIELDS).optional(),
    page: z.number().int().min(1).max(10_000),
  })
  // A sales report needs a range.
  .refine((input) => input.report === 'stocks' || input.range !== undefined, { path: ['range'] });
export type FetchShopReportInput = z.infer<typeof fetchShopReportInputSchema>;

const int = z.number().int();
const count = int.nonnegative();

export const shopReportLineSchemas = {
  hours: z.strictObject({ hour: int.min(0).max(23), orders: count, quantity: int, total: int }),
  categorySales: z.strictObject({ category_id: int.nullable(), name: z.string(), quantity: int, total: int }),
  productSales: z.strictObject({ product_id: int.nullable(), name: z.string(), reference: z.string().nullable(), quantity: int, total: int }),
  payments: z.strictObject({ payment_method_id: int.nullable(), name: z.string(), count, amount: int, change: int }),
  taxes: z.strictObject({ taxPercentage: int, subtotal: int, tax: int, total: int }),
  stocks: z.strictObject({ product_id: int, name: z.string(), warehouse_id: int, quantity: int, alert: z.boolean(), alertLevel: int.nullable() }),
} as const satisfies Record<ShopReportName, z.ZodType>;

export type ShopReportLines = { [R in ShopReportName]: z.infer<(typeof shopReportLineSchemas)[R]> };
export type ShopReportLine<R extends ShopReportName> = ShopReportLines[R];

const pageFacts = {
  page: int.min(1),
  /** From `total` and the page size (the main side checked the envelope agrees). */
  lastPage: int.min(1),
  /** The envelope's `total`: every line of the report, all pages. */
  total: count,
};

function pageOf<R extends ShopReportName>(report: R) {
  return z.strictObject({ report: z.literal(report), ...pageFacts, lines: z.array(shopReportLineSchemas[report]) });
}

export const shopReportPageSchema = z.discriminatedUnion('report', [
  pageOf('hours'),
  pageOf('categorySales'),
  pageOf('productSales'),
  pageOf('payments'),
  pageOf('taxes'),
  pageOf('stocks'),
]);
export type ShopReportPage = z.infer<typeof shopReportPageSchema>;
export type ShopReportPageOf<R extends ShopReportName> = Extract<ShopReportPage, { report: R }>;

export const shopReportOperations = {
  /** One page (200 lines) of a v3 report (retail §4.6), its lines checked and in integers. Online only. */
  fetchShopReport: { input: fetchShopReportInputSchema, output: shopReportPageSchema },
} as const;
