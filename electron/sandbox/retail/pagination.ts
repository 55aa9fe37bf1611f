// The generic list envelope of retail-api.md §2.1 (Laravel's paginator without its `links`, which
// §2.1 does not list): `page` and `pagination` read as in the hospitality half (../pagination.ts),
// with the retail limits (§4.1: 50 by default, 200 at most); `total` is exact.
import type { Context } from 'hono';
import { pagePath, paginate, parsePage, parsePerPage, type LaravelPage } from '../pagination';
import type { RetailEnv } from './env';

export type RetailPage<T> = Omit<LaravelPage<T>, 'links'>;

export function retailPage<T>(c: Context<RetailEnv>, items: readonly T[]): RetailPage<T> {
  const limits = c.get('limits');
  const { links: _links, ...page } = paginate(items, {
    page: parsePage(c.req.query('page')),
    perPage: parsePerPage(c.req.query('pagination'), limits.defaultPageSize, limits.maxPageSize),
    path: pagePath(c.req.url),
  });
  return page;
}
