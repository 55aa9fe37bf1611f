import { BridgeError } from '../../bridge/result';
import type { FetchShopReportInput, ShopReportLine, ShopReportName, ShopReportPage } from '../../bridge/shopReports';
import { mergeReportLines } from './reportLines';
import { rangePieces, shiftRange, type ReportPiece, type ReportRange } from './reportRanges';

// Reading every page of a report, driven by the caller — the Reports screen —
// one bridge call a page (`fetchShopReport`, whose main side checks each page's envelope against
// the page asked for and `total`). Here: page 1 says how many pages there are; the others are
// asked through a shared concurrency gate (the main side's limiter paces them within the account's
// budget); every page must agree with page 1 on `total` and the page count, and the lines must add
// up to `total`. A report that changes while it is read (a sale closed between two pages of today)
// is read again from page 1, at most `maxRereads` times, then refused as `pages-do-not-add-up`.

export type FetchReportPage = (input: FetchShopReportInput) => Promise<ShopReportPage>;

/** Runs at most `limit` tasks at once; the others wait their turn, first come first served. */
export interface ConcurrencyGate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createConcurrencyGate(limit: number): ConcurrencyGate {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return {
    async run(task) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** Pages read and pages known to be needed, over everything one reading asked for. */
export interface ReadProgress {
  read: number;
  known: number;
}

/** Thrown when the caller stopped the reading (the screen closed, another range was chosen). */
export class ReportReadStopped extends Error {
  constructor() {
    super('report reading stopped');
    this.name = 'ReportReadStopped';
  }
}

export interface ReadReportOptions {
  fetchPage: FetchReportPage;
  gate: ConcurrencyGate;
  /** Called after every page read (and when more pages become known). */
  progress?: ((delta: { read: number; known: number }) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** Default 2. */
  maxRereads?: number | undefined;
  dateField?: FetchShopReportInput['dateField'];
}

function stopIfAsked(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ReportReadStopped();
}

class PagesChanged extends Error {}

async function readPiece<R extends ShopReportName>(report: R, piece: ReportPiece | null, o: ReadReportOptions): Promise<ShopReportLine<R>[]> {
  const ask = async (page: number): Promise<ShopReportPage> => {
    stopIfAsked(o.signal);
    const answer = await o.gate.run(() => {
      stopIfAsked(o.signal);
      return o.fetchPage({ report, page, ...(piece !== null ? { range: piece } : {}), ...(o.dateField ? { dateField: o.dateField } : {}) });
    });
    stopIfAsked(o.signal);
    if (answer.report !== report || answer.page !== page) {
      throw pagesDoNotAddUp(report, `asked for page ${page} of ${report}, got page ${answer.page} of ${answer.report}`);
    }
    o.progress?.({ read: 1, known: 0 });
    return answer;
  };
  const maxRereads = o.maxRereads ?? 2;
  for (let attempt = 0; ; attempt++) {
    const first = await ask(1);
    if (first.lastPage > 1) o.progress?.({ read: 0, known: first.lastPage - 1 });
    try {
      const rest = await Promise.all(
        Array.from({ length: first.lastPage - 1 }, async (_, i) => {
          const page = await ask(i + 2);
          if (page.total !== first.total || page.lastPage !== first.lastPage) {
            throw new PagesChanged(`page ${page.page}: total ${page.total} of ${page.lastPage} pages, page 1 said ${first.total} of ${first.lastPage}`);
          }
          return page;
        }),
      );
      const lines: ShopReportLine<R>[] = [];
      for (const page of [first, ...rest]) for (const line of page.lines as ShopReportLine<R>[]) lines.push(line);
      if (lines.length !== first.total) throw new PagesChanged(`${lines.length} lines over ${first.lastPage} pages, total ${first.total}`);
      return lines;
    } catch (error) {
      if (!(error instanceof PagesChanged)) throw error;
      if (attempt >= maxRereads) throw pagesDoNotAddUp(report, error.message);
      // Read it again from page 1: one more page 1 is needed.
      o.progress?.({ read: 0, known: 1 });
    }
  }
}

function pagesDoNotAddUp(report: ShopReportName, detail: string): BridgeError {
  const endpoint = `GET v3/reports/${report}`;
  return new BridgeError({ kind: 'invalid-response', code: 'pages-do-not-add-up', params: { endpoint }, detail: `${endpoint}: ${detail}` });
}

/**
 * Every line of a report over the pieces of a stretch (`null`: a report without dates, `stocks`),
 * each piece read whole, then added together (reportLines.ts).
 */
export async function readReport<R extends ShopReportName>(
  report: R,
  pieces: readonly ReportPiece[] | null,
  o: ReadReportOptions,
): Promise<ShopReportLine<R>[]> {
  const asked = pieces === null ? [null] : pieces;
  o.progress?.({ read: 0, known: asked.length });
  const parts = await Promise.all(asked.map((piece) => readPiece(report, piece, o)));
  return mergeReportLines(report, parts);
}

/** Everything the Reports screen shows for one stretch. */
export interface ShopReportsData {
  range: ReportRange;
  /** The same stretch a week before (same weekdays): the hours chart's comparison. */
  weekBefore: ReportRange;
  hours: ShopReportLine<'hours'>[];
  hoursWeekBefore: ShopReportLine<'hours'>[];
  categorySales: ShopReportLine<'categorySales'>[];
  productSales: ShopReportLine<'productSales'>[];
  payments: ShopReportLine<'payments'>[];
  taxes: ShopReportLine<'taxes'>[];
  /** Today's stock rows on alert (at or below their alert level), and how many rows the report had. */
  stocks: { alerts: ShopReportLine<'stocks'>[]; rows: number };
}

/** How many pages are asked for at once (each a request of the account's 120-a-minute budget, and a connection of the window's few). */
export const REPORT_PAGES_AT_ONCE = 2;

/**
 * Reads the six reports of a stretch (and the hours of the week before), every page of each,
 * at most REPORT_PAGES_AT_ONCE pages at a time. `onProgress` gets the pages read and known so far.
 */
export async function readShopReports(
  range: ReportRange,
  o: {
    fetchPage: FetchReportPage;
    onProgress?: (progress: ReadProgress) => void;
    signal?: AbortSignal;
    concurrency?: number;
    /** Today's stock alerts read moments ago for another period (they do not depend on it): not read again. */
    stocks?: ShopReportsData['stocks'] | undefined;
    /**
     * The gate the pages go through; default one of `concurrency` for this reading. A window passes
     * its own, shared by every reading, so the pages of a reading it stopped (still waiting for their
     * answers) keep counting: a browser holds few connections per origin, and the bridge needs some.
     */
    gate?: ConcurrencyGate;
  },
): Promise<ShopReportsData> {
  const total: ReadProgress = { read: 0, known: 0 };
  const options: ReadReportOptions = {
    fetchPage: o.fetchPage,
    gate: o.gate ?? createConcurrencyGate(o.concurrency ?? REPORT_PAGES_AT_ONCE),
    signal: o.signal,
    progress: (delta) => {
      total.read += delta.read;
      total.known += delta.known;
      o.onProgress?.({ ...total });
    },
  };
  const pieces = rangePieces(range);
  const weekBefore = shiftRange(range, -7);
  const [hours, hoursWeekBefore, categorySales, productSales, payments, taxes, stockLines] = await Promise.all([
    readReport('hours', pieces, options),
    readReport('hours', rangePieces(weekBefore), options),
    readReport('categorySales', pieces, options),
    readReport('productSales', pieces, options),
    readReport('payments', pieces, options),
    readReport('taxes', pieces, options),
    o.stocks === undefined ? readReport('stocks', null, options) : null,
  ]);
  return {
    range,
    weekBefore,
    hours,
    hoursWeekBefore,
    categorySales,
    productSales,
    payments,
    taxes,
    stocks: stockLines === null ? (o.stocks as ShopReportsData['stocks']) : { alerts: stockLines.filter((line) => line.alert), rows: stockLines.length },
  };
}
