import type { FetchShopReportInput, ShopReportPage } from '../../../shared/bridge/shopReports';
import { checkPage, MAX_PAGE_SIZE } from '../gateway/pagination';
import type { RetailGateway } from './gateway';

// The Reports screen's `fetchShopReport` (shared/bridge/shopReports.ts):
// one page of one report from `GET v3/reports/{name}` (retail §4.6; the deprecated unversioned path
// is never called, §9), 200 lines a page (the most §4.1 allows: the fewest requests), through the
// retail gateway — its account budget of 120 a minute, Retry-After waited out, `interactive`
// priority (a manager waits for it; sales still go first). The lines are read by the report's zod
// schema (shared/api/retail/reports.ts: money → cents); the envelope is checked against the page
// asked for and `total` (gateway/pagination.ts checkPage: a page holds exactly what `total` leaves
// for it). The renderer reads the other pages and checks they agree (shared/domain/retail/reportReader.ts).

/** Sales reports count a sale when it is closed (invoiced), whichever day it was opened. */
export const DEFAULT_REPORT_DATE_FIELD = 'closed_at';

/** The §4.6 query of a request: dates and times only when given; `stocks` takes none (today's stock). */
export function reportQuery(input: FetchShopReportInput): Record<string, string> {
  if (input.report === 'stocks' || input.range === undefined) return {};
  const { startDate, endDate, startTime, endTime } = input.range;
  return {
    start_date: startDate,
    end_date: endDate,
    ...(startTime !== undefined ? { start_time: startTime } : {}),
    ...(endTime !== undefined ? { end_time: endTime } : {}),
    dateField: input.dateField ?? DEFAULT_REPORT_DATE_FIELD,
  };
}

export async function fetchShopReport(gateway: RetailGateway, input: FetchShopReportInput): Promise<ShopReportPage> {
  const { report, page } = input;
  const body = await gateway.reportPage(report, page, reportQuery(input), { priority: 'interactive', perPage: MAX_PAGE_SIZE });
  const facts = checkPage(body, page, { endpoint: `GET v3/reports/${report}`, perPage: MAX_PAGE_SIZE });
  const total = facts.total ?? body.data.length;
  return { report, page, lastPage: facts.lastPage ?? page, total, lines: body.data } as ShopReportPage;
}
