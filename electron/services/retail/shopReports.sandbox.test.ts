import { describe, expect, it } from 'vitest';
import {
  bridgeOperations,
  BridgeError,
  type FetchShopReportInput,
  type ShopReportName,
  type ShopReportPage,
  type ShopReportPageOf,
} from '../../../shared/bridge';
import { addDays, rangePieces, type ReportRange } from '../../../shared/domain/retail/reportRanges';
import { createConcurrencyGate, readReport, readShopReports } from '../../../shared/domain/retail/reportReader';
import { sumReportLines } from '../../../shared/domain/retail/reportLines';
import { shopMoment } from '../../../shared/domain/retail/schedule';
import { DEMO_SHOP } from '../../sandbox/retail';
import { ServiceError } from '../bridge/dispatcher';
import { createRetailGateway } from './gateway';
import { createRetailLimiter, type RetailLimiter } from './limiter';
import { createShopHandlers } from './shopHandlers';
import { useDemoShopSandbox } from '../../sandbox/retail/demoShop.testing';

// The Reports screen's `fetchShopReport` against the real retail
// sandbox serving the demo shop (90 days of sales), and the renderer's paging over it
// (shared/domain/retail/reportReader.ts). Referees: the sandbox's own report API read raw (its
// decimal strings parsed here independently) and the orders it stores.

const sandbox = useDemoShopSandbox();

const HEADERS = { username: DEMO_SHOP.username, authorization: `Bearer ${DEMO_SHOP.accessToken}` };

/** Every URL the gateway asked for. */
function recordingFetch() {
  const urls: string[] = [];
  const recorded = (async (input: string | URL | Request, init?: RequestInit) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: recorded, urls };
}

function handlersWith(options: { limiter?: RetailLimiter; fetch?: typeof fetch } = {}) {
  return createShopHandlers({
    gateway: createRetailGateway({
      baseUrl: sandbox().url,
      username: DEMO_SHOP.username,
      token: async () => DEMO_SHOP.accessToken,
      limiter: options.limiter ?? createRetailLimiter(),
      timeoutMs: 10_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  });
}

/** The bridge's own check of the input, then the handler, then the bridge's check of the output: what a window gets. */
function bridgeFetch(handlers: ReturnType<typeof handlersWith>) {
  return async (input: FetchShopReportInput): Promise<ShopReportPage> => {
    const checked = bridgeOperations.fetchShopReport.input.parse(input);
    return bridgeOperations.fetchShopReport.output.parse(await handlers.fetchShopReport(checked));
  };
}

/** Independent of shared/api: a decimal string or number of money as cents. */
function cents(value: unknown): number {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not money: ${text}`);
  const whole = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -whole : whole;
}

type RawLine = Record<string, unknown>;

/** Every line of a report as the sandbox's v3 API lists it, page by page (200 a page). */
async function rawReport(name: string, query: Record<string, string>): Promise<RawLine[]> {
  const lines: RawLine[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...query, page: String(page), pagination: '200' });
    const answer = await fetch(`${sandbox().url}/api/external/v3/reports/${name}?${params}`, { headers: HEADERS });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: RawLine[]; last_page: number; total: number };
    lines.push(...body.data);
    if (page >= body.last_page) {
      expect(lines).toHaveLength(body.total);
      return lines;
    }
  }
}

/** The page as the report it must be. */
function pageOf<R extends ShopReportName>(report: R, page: ShopReportPage): ShopReportPageOf<R> {
  expect(page.report).toBe(report);
  return page as ShopReportPageOf<R>;
}

const today = () => shopMoment(Date.now()).date;
const last = (days: number): ReportRange => ({ startDate: addDays(today(), 1 - days), endDate: today() });
const query = (range: ReportRange) => ({ start_date: range.startDate, end_date: range.endDate, dateField: 'closed_at' });
const account = () => sandbox().app.state.account(DEMO_SHOP.username)!;

describe('fetchShopReport against the sandbox', () => {
  it('reads one page of each report at the v3 path, lines checked and money in cents, within the non-catalog budget', async () => {
    const limiter = createRetailLimiter();
    const { fetch: recorded, urls } = recordingFetch();
    const fetchPage = bridgeFetch(handlersWith({ limiter, fetch: recorded }));
    const range = last(30);
    const hours = pageOf('hours', await fetchPage({ report: 'hours', range, page: 1 }));
    const raw = await rawReport('hours', query(range));
    expect(hours.total).toBe(raw.length);
    expect(hours.lines.map((l) => l.total)).toEqual(raw.map((l) => cents(l.total)));
    expect(hours.lines.map((l) => l.hour)).toEqual(raw.map((l) => l.hour));

    const payments = pageOf('payments', await fetchPage({ report: 'payments', range, page: 1 }));
    const rawPayments = await rawReport('payments', query(range));
    expect(payments.lines.map((l) => [l.name, l.count, l.amount, l.change])).toEqual(
      rawPayments.map((l) => [l.name, l.count, cents(l.amount), cents(l.change)]),
    );

    const taxes = pageOf('taxes', await fetchPage({ report: 'taxes', range, page: 1 }));
    expect(taxes.lines.map((l) => l.taxPercentage)).toEqual([400, 1000, 2100]);

    const stocks = pageOf('stocks', await fetchPage({ report: 'stocks', page: 1 }));
    expect(stocks.lines.some((l) => l.alert)).toBe(true);

    // Every request went to the v3 path, never the deprecated one, 200 lines a page, with closed_at.
    expect(urls.length).toBe(4);
    for (const url of urls) {
      const parsed = new URL(url);
      expect(parsed.pathname).toMatch(/^\/api\/external\/v3\/reports\/(hours|payments|taxes|stocks)$/);
      expect(parsed.searchParams.get('pagination')).toBe('200');
    }
    expect(new URL(urls[0]!).searchParams.get('dateField')).toBe('closed_at');
    expect(new URL(urls[3]!).searchParams.has('start_date')).toBe(false);
    // Reports are not catalog calls: the account's 120 a minute, not the 40.
    expect(limiter.all.stats().granted).toBe(4);
    expect(limiter.catalog.stats().granted).toBe(0);
  });

  it('reads every page of a long report: the lines add up to the envelope’s total, in the API’s order', async () => {
    const { fetch: recorded, urls } = recordingFetch();
    const fetchPage = bridgeFetch(handlersWith({ fetch: recorded }));
    const range = last(90);
    const progress: Array<{ read: number; known: number }> = [];
    let known = 0;
    let read = 0;
    const lines = await readReport('productSales', rangePieces(range), {
      fetchPage,
      gate: createConcurrencyGate(3),
      progress: (delta) => {
        read += delta.read;
        known += delta.known;
        progress.push({ read, known });
      },
    });
    const raw = await rawReport('productSales', query(range));
    expect(raw.length).toBeGreaterThan(400);
    expect(lines).toHaveLength(raw.length);
    expect(lines.map((l) => [l.product_id, l.name, l.quantity, l.total])).toEqual(
      raw.map((l) => [l.product_id, l.name, Math.round(Number(l.quantity) * 1000), cents(l.total)]),
    );
    // One request a page, no more; progress ends with every known page read.
    const pages = Math.ceil(raw.length / 200);
    expect(urls).toHaveLength(pages);
    expect(progress.at(-1)).toEqual({ read: pages, known: pages });
    // The table's total is the sum of the lines, to the cent.
    expect(sumReportLines('productSales', lines).total).toBe(raw.reduce((sum, l) => sum + cents(l.total), 0));
  });

  it('a stretch across midnight is read as pieces of one day each, and adds up to the orders closed in it', async () => {
    // A past evening and the next morning with sales (a Sunday or a holiday has none).
    const closedIn = (from: string, to: string) =>
      account().orders.filter((o) => o.status === 1 && o.closed_at !== null && o.closed_at >= from && o.closed_at <= to);
    const day = Array.from({ length: 20 }, (_, i) => addDays(today(), -8 - i)).find((d) => closedIn(`${d} 18:00:00`, `${addDays(d, 1)} 12:00:59`).length > 0)!;
    const range: ReportRange = { startDate: day, startTime: '18:00', endDate: addDays(day, 1), endTime: '12:00' };
    expect(rangePieces(range)).toEqual([
      { startDate: day, endDate: day, startTime: '18:00', endTime: '23:59' },
      { startDate: addDays(day, 1), endDate: addDays(day, 1), startTime: '00:00', endTime: '12:00' },
    ]);
    const data = await readShopReports(range, { fetchPage: bridgeFetch(handlersWith()) });
    // Referee: the orders the sandbox stores, closed within the stretch (to the minute, both ends included).
    const closed = closedIn(`${day} 18:00:00`, `${addDays(day, 1)} 12:00:59`);
    expect(closed.length).toBeGreaterThan(0);
    const hours = sumReportLines('hours', data.hours);
    expect(hours.orders).toBe(closed.length);
    expect(hours.total).toBe(closed.reduce((sum, o) => sum + o.total, 0));
    // Line reports add up to the orders' totals less shipping; payments net of change to the totals too.
    const expectedLines = closed.reduce((sum, o) => sum + o.total - o.shippingAmount, 0);
    expect(sumReportLines('categorySales', data.categorySales).total).toBe(expectedLines);
    expect(sumReportLines('productSales', data.productSales).total).toBe(expectedLines);
    expect(sumReportLines('taxes', data.taxes).total).toBe(expectedLines);
    const payments = sumReportLines('payments', data.payments);
    expect(payments.amount - payments.change).toBe(hours.total);
    // The week before: the same stretch 7 days earlier.
    expect(data.weekBefore).toEqual({ ...range, startDate: addDays(day, -7), endDate: addDays(day, -6) });
  });

  it('refuses an envelope that does not add up, and a line it cannot read', async () => {
    const lying = (async (input: string | URL | Request, init?: RequestInit) => {
      const answer = await fetch(input, init);
      const body = (await answer.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, total: Number(body.total) + 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const failure = await handlersWith({ fetch: lying })
      .fetchShopReport({ report: 'taxes', range: last(7), page: 1 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).info).toMatchObject({ kind: 'invalid-response', code: 'pages-do-not-add-up' });

    const badMoney = (async (input: string | URL | Request, init?: RequestInit) => {
      const answer = await fetch(input, init);
      const body = (await answer.json()) as { data: RawLine[] };
      body.data[0]!.total = '12.345';
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const unreadable = await handlersWith({ fetch: badMoney })
      .fetchShopReport({ report: 'taxes', range: last(7), page: 1 })
      .catch((error: unknown) => error);
    expect(unreadable).toBeInstanceOf(ServiceError);
    expect((unreadable as ServiceError).info.kind).toBe('invalid-response');
  });

  it('the bridge refuses a malformed range before anything is sent', () => {
    const input = bridgeOperations.fetchShopReport.input;
    expect(input.safeParse({ report: 'hours', page: 1 }).success).toBe(false);
    expect(input.safeParse({ report: 'hours', page: 1, range: { startDate: '2026-02-30', endDate: '2026-03-01' } }).success).toBe(false);
    expect(input.safeParse({ report: 'hours', page: 1, range: { startDate: '2026-03-02', endDate: '2026-03-01' } }).success).toBe(false);
    // Times only within one day, the start not after the end (a stretch over midnight is cut in pieces first).
    expect(
      input.safeParse({ report: 'hours', page: 1, range: { startDate: '2026-03-01', endDate: '2026-03-02', startTime: '18:00', endTime: '02:00' } }).success,
    ).toBe(false);
    expect(
      input.safeParse({ report: 'hours', page: 1, range: { startDate: '2026-03-01', endDate: '2026-03-01', startTime: '10:00', endTime: '14:00' } }).success,
    ).toBe(true);
    expect(input.safeParse({ report: 'stocks', page: 1 }).success).toBe(true);
    expect(input.safeParse({ report: 'orders', page: 1 }).success).toBe(false);
  });
});

describe('reading every page (reportReader)', () => {
  const page = (report: 'hours', n: number, total: number, lastPage: number): ShopReportPage => ({
    report,
    page: n,
    lastPage,
    total,
    lines: Array.from({ length: n < lastPage ? 200 : total - (lastPage - 1) * 200 }, (_, i) => ({ hour: i % 24, orders: 1, quantity: 1000, total: 100 })),
  });

  it('reads a report again from page 1 when it changed between pages, and refuses one that keeps changing', async () => {
    let reads = 0;
    // The first reading sees a sale closed between page 1 and page 2 (total 401 → 402).
    const changingOnce = async (input: FetchShopReportInput) => {
      reads++;
      if (reads === 2) return page('hours', input.page, 402, 3);
      return page('hours', input.page, 401, 3);
    };
    const lines = await readReport('hours', [{ startDate: '2026-01-01', endDate: '2026-01-31' }], { fetchPage: changingOnce, gate: createConcurrencyGate(1) });
    expect(lines).toHaveLength(401);

    let n = 0;
    const alwaysChanging = async (input: FetchShopReportInput) => page('hours', input.page, 401 + (n++ % 2), 3);
    const failure = await readReport('hours', [{ startDate: '2026-01-01', endDate: '2026-01-31' }], {
      fetchPage: alwaysChanging,
      gate: createConcurrencyGate(1),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BridgeError);
    expect(failure).toMatchObject({ code: 'pages-do-not-add-up', params: { endpoint: 'GET v3/reports/hours' } });
  });

  it('stops when asked, without asking for more pages', async () => {
    const stop = new AbortController();
    let asked = 0;
    const slow = async (input: FetchShopReportInput) => {
      asked++;
      if (input.page === 1) stop.abort();
      return page('hours', input.page, 1000, 5);
    };
    const failure = await readReport('hours', [{ startDate: '2026-01-01', endDate: '2026-01-31' }], {
      fetchPage: slow,
      gate: createConcurrencyGate(1),
      signal: stop.signal,
    }).catch((e: unknown) => e);
    expect((failure as Error).name).toBe('ReportReadStopped');
    expect(asked).toBe(1);
  });
});
