// Laravel's LengthAwarePaginator, as the vendor's paginated bodies follow it (clarifications:
// Hospitality v2). Clients stop paging when the records read reach `total`, so `total` is exact.
import type { Context } from 'hono';
import type { SandboxEnv } from './env';
import { SPEC_LIMITS } from './limits';

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface LaravelPage<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PageLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** spec §4.1 / §8: default page size 50, maximum 200; rooms are fixed at 20. */
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

const positiveInteger = /^\s*\+?\d+\s*$/;

/** The `page` query value as Laravel reads it: a positive integer, anything else → 1. */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || !positiveInteger.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The `pagination` query value (objects per page). Missing or not a positive integer → the
 * default; above the maximum → the maximum. The vendor does not say what it does with bad values:
 * this is the forgiving reading, and clients must not rely on it.
 */
export function parsePerPage(raw: string | undefined, fallback = DEFAULT_PER_PAGE, max = MAX_PER_PAGE): number {
  if (raw === undefined || !positiveInteger.test(raw)) return fallback;
  const perPage = Number(raw);
  if (!Number.isSafeInteger(perPage) || perPage < 1) return fallback;
  return Math.min(perPage, max);
}

/**
 * Page links of Laravel's UrlWindow (3 pages on each side): all pages when there are few,
 * otherwise the first two, a window around the current page and the last two, with "..." gaps.
 */
function pageWindow(current: number, last: number): Array<number[] | '...'> {
  const onEachSide = 3;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last < onEachSide * 2 + 8) return [range(1, last)];
  const window = onEachSide + 4;
  if (current <= window) return [range(1, window + onEachSide), '...', range(last - 1, last)];
  if (current > last - window) return [range(1, 2), '...', range(last - (window + (onEachSide - 1)), last)];
  return [range(1, 2), '...', range(current - onEachSide, current + onEachSide), '...', range(last - 1, last)];
}

/**
 * One page of `items`. `path` is the request URL without its query string. Like Laravel's default
 * paginator, page URLs carry only `page` (other query parameters such as `withTables` are not
 * appended), so a client must build its own page requests rather than follow `next_page_url`.
 */
export function paginate<T>(items: readonly T[], options: { page: number; perPage: number; path: string }): LaravelPage<T> {
  const { page, perPage, path } = options;
  const total = items.length;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage);
  const url = (p: number) => `${path}?page=${p}`;

  const links: PageLink[] = [{ url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false }];
  for (const element of pageWindow(page, lastPage)) {
    if (element === '...') links.push({ url: null, label: '...', active: false });
    else for (const p of element) links.push({ url: url(p), label: String(p), active: p === page });
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false });

  return {
    current_page: page,
    data,
    first_page_url: url(1),
    from: data.length > 0 ? start + 1 : null,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: data.length > 0 ? start + data.length : null,
    total,
  };
}

/** The request URL without query string, as Laravel's paginator `path`. */
export function pagePath(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.origin}${url.pathname}`;
}

/**
 * One page of `items` for a list request: `page` and `pagination` read from the query, the default
 * and maximum page size from the app's limits (spec §4.1 / §8; `createSandboxApp({ limits })`).
 */
export function listPage<T>(c: Context<SandboxEnv>, items: readonly T[]): LaravelPage<T> {
  const limits = (c.get('limits') as SandboxEnv['Variables']['limits'] | undefined) ?? SPEC_LIMITS;
  return paginate(items, {
    page: parsePage(c.req.query('page')),
    perPage: parsePerPage(c.req.query('pagination'), limits.defaultPageSize, limits.maxPageSize),
    path: pagePath(c.req.url),
  });
}
