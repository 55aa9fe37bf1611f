// GET R/v3/reports/{reportName} and the deprecated GET R/reports/{reportName} (retail-api.md §4.6,
// §9): the same handler, so both paths answer the same bytes. The page URLs of the envelope (§2.1)
// name the v3 path whichever path was called (the deprecated one points clients to its successor).
// An unknown report name → 404 with the retail error body (clarifications "Errors and limits").
import { Hono, type Context } from 'hono';
import { paginate, parsePage, parsePerPage } from '../../pagination';
import type { RetailEnv } from '../env';
import { RetailRefusal } from '../errors';
import { computeReport } from './compute';
import { parseReportFilters } from './filters';
import { isReportName } from './names';

function report(c: Context<RetailEnv>): Response {
  const name = c.req.param('name') ?? '';
  if (!isReportName(name)) throw new RetailRefusal(404, `Report ${name.slice(0, 60)} not found.`);
  const filters = parseReportFilters(c.req.query());
  const lines = computeReport(name, c.get('account'), filters);
  const limits = c.get('limits');
  const { links: _links, ...page } = paginate(lines, {
    page: parsePage(c.req.query('page')),
    perPage: parsePerPage(c.req.query('pagination'), limits.defaultPageSize, limits.maxPageSize),
    path: `${new URL(c.req.url).origin}/api/external/v3/reports/${name}`,
  });
  return c.json(page);
}

/** Mounted at /api/external. */
export function reportRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.get('/v3/reports/:name', report);
  routes.get('/reports/:name', report);
  return routes;
}
