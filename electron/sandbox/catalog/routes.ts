// Catalog endpoints (spec: hospitality 4.3), mounted under V2 (`/api/external/v2`) after auth.
//
// Choices where the spec is silent ("response bodies of all write and delete calls: not shown"):
// - POST answers 200 (not 201) with the resulting record: one record object → that record;
//   the wrapper key holding an array → the array of resulting records, in the order sent.
// - A multi-record write is all-or-nothing: every entry is checked first; any invalid entry → 422
//   naming the entry (`items[3].price: …`) and nothing is written.
// - A body that is not JSON, not an object, or whose wrapper key does not hold a non-empty array
//   of objects → 422 (Laravel answers an unreadable body with a validation failure).
// - DELETE answers 200 with the deleted record; unknown id → 404; a record still referenced by
//   others → 422 (see deleteProblem in rules.ts).
// - GET of an unknown id or an id that is not a positive integer → 404.
import { Hono, type Context } from 'hono';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { parseJson } from '../json';
import { batchSizeProblem } from '../limits';
import { listPage } from '../pagination';
import { nextId, type AccountState } from '../state';
import { CATALOG_RESOURCES, type CatalogResource } from './model';
import { deleteProblem, planWrite, RECORD_NAMES, recordsOf, type CatalogRecord, type WritePlan } from './rules';
import { CatalogSession, findById, inIdOrder, indexOfId } from './store';

/** spec 4.3: the wrapper key of a multi-record write is the resource segment itself. */
export function wrapperKey(resource: CatalogResource): string {
  return resource;
}

/** Most problems listed in one 422 message. */
const MAX_PROBLEMS = 20;

function pathId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Body = { ok: true; entries: unknown[]; batch: boolean } | { ok: false; message: string };

async function readWriteBody(c: Context<SandboxEnv>, resource: CatalogResource): Promise<Body> {
  const key = wrapperKey(resource);
  const usage = `expected one ${RECORD_NAMES[resource]} object, or {"${key}": [ … ]} (spec 4.3)`;
  const parsed = parseJson(await c.req.text(), 'The body');
  if (!parsed.ok) return { ok: false, message: `${parsed.message.slice(0, -1)}: ${usage}.` };
  const body = parsed.value;
  if (!isPlainObject(body)) return { ok: false, message: `The body must be a JSON object: ${usage}.` };
  if (!Object.hasOwn(body, key)) return { ok: true, entries: [body], batch: false };
  const list = body[key];
  if (!Array.isArray(list)) return { ok: false, message: `${key}: must be an array of ${RECORD_NAMES[resource]} objects.` };
  if (list.length === 0) return { ok: false, message: `${key}: must hold at least one ${RECORD_NAMES[resource]} object.` };
  return { ok: true, entries: list, batch: true };
}

/** Applies planned writes to the account, in order. Returns the resulting records. */
function commit(account: AccountState, resource: CatalogResource, plans: readonly WritePlan[]): CatalogRecord[] {
  const records = recordsOf(account.catalog, resource);
  const results: CatalogRecord[] = [];
  let first = true;
  for (const plan of plans) {
    if (plan.kind === 'create') {
      // The first id is checked against the stored records (O(N) once); then lastIds suffices.
      // Each id is above every existing one, so appending keeps the records in id order.
      const id = first ? nextId(account, resource, records) : nextId(account, resource);
      first = false;
      const record: CatalogRecord = { id, ...plan.fields };
      records.push(record);
      results.push({ ...record });
    } else {
      const target = findById(records, plan.id) as CatalogRecord;
      Object.assign(target, plan.patch);
      results.push({ ...target });
    }
  }
  return results;
}

function resourceRoutes(routes: Hono<SandboxEnv>, resource: CatalogResource): void {
  const base = `/catalog/${resource}`;
  const noun = RECORD_NAMES[resource];

  // spec 4.3: paginated list (4.1: `page`, `pagination` default 50, max 200), in id order.
  routes.get(base, (c) => c.json(listPage(c, inIdOrder(recordsOf(c.get('account').catalog, resource)))));

  routes.get(`${base}/:id`, (c) => {
    const id = pathId(c.req.param('id'));
    const record = id === null ? undefined : findById(recordsOf(c.get('account').catalog, resource), id);
    if (!record) return errorResponse(c, 404, `Unknown ${noun} id ${c.req.param('id')}.`);
    return c.json(record);
  });

  // spec 4.3: one record object creates (or updates when it carries `id`); the wrapper key
  // holding an array creates or updates many.
  routes.post(base, async (c) => {
    const account = c.get('account');
    const body = await readWriteBody(c, resource);
    if (!body.ok) return errorResponse(c, 422, body.message);
    const tooMany = batchSizeProblem(body.entries.length, c.get('limits'), `${noun} records`);
    if (tooMany) return errorResponse(c, 422, tooMany);

    const session = new CatalogSession(account.catalog);
    const plans: WritePlan[] = [];
    const problems: string[] = [];
    body.entries.forEach((entry, index) => {
      const result = planWrite(resource, entry, session);
      if (!result.ok) {
        const prefix = body.batch ? `${wrapperKey(resource)}[${index}]` : '';
        // "price: …" → "items[3].price: …"; an entry-level problem → "items[3]: …".
        for (const problem of result.problems) {
          problems.push(prefix ? `${prefix}${/^\w+:/.test(problem) ? '.' : ': '}${problem}` : problem);
        }
        return;
      }
      if (result.plan.kind === 'update') session.stage(resource, result.plan.merged);
      plans.push(result.plan);
    });
    if (problems.length > 0) {
      const shown = problems.slice(0, MAX_PROBLEMS).join('; ');
      const more = problems.length > MAX_PROBLEMS ? `; and ${problems.length - MAX_PROBLEMS} more` : '';
      const nothing = body.batch ? ' Nothing was written.' : '';
      return errorResponse(c, 422, `Invalid ${noun} data: ${shown}${more}.${nothing}`);
    }

    const results = commit(account, resource, plans);
    return c.json(body.batch ? results : results[0]);
  });

  routes.delete(`${base}/:id`, (c) => {
    const account = c.get('account');
    const records = recordsOf(account.catalog, resource);
    const id = pathId(c.req.param('id'));
    const index = id === null ? -1 : indexOfId(records, id);
    if (id === null || index < 0) return errorResponse(c, 404, `Unknown ${noun} id ${c.req.param('id')}.`);
    const problem = deleteProblem(resource, id, new CatalogSession(account.catalog));
    if (problem) return errorResponse(c, 422, problem);
    const [deleted] = records.splice(index, 1);
    return c.json(deleted);
  });
}

/** A paginated list of the children of one parent (spec 4.3 additional list paths). */
function childRoutes(routes: Hono<SandboxEnv>, parent: CatalogResource, child: CatalogResource, field: string): void {
  routes.get(`/catalog/${parent}/:id/${child}`, (c) => {
    const catalog = c.get('account').catalog;
    const id = pathId(c.req.param('id'));
    if (id === null || !findById(recordsOf(catalog, parent), id)) {
      return errorResponse(c, 404, `Unknown ${RECORD_NAMES[parent]} id ${c.req.param('id')}.`);
    }
    const children = inIdOrder(recordsOf(catalog, child)).filter((record) => record[field] === id);
    return c.json(listPage(c, children));
  });
}

/** The 11 catalog resources of spec 4.3 and the nested lists, relative to V2. */
export function catalogRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  childRoutes(routes, 'groups', 'categories', 'group_id');
  childRoutes(routes, 'categories', 'items', 'category_id');
  for (const resource of CATALOG_RESOURCES) resourceRoutes(routes, resource);
  return routes;
}
