// Customers (spec §2.4, §4.2). Decisions where the spec is silent (conservative):
// - the list carries only the listing fields of §2.4; GET customers/{id} answers the whole record
//   (listing fields plus every other field it was created with);
// - POST customers takes a non-empty JSON ARRAY (the spec's example); each entry needs a non-blank
//   `name`, `active` is 0/1 (booleans and "0"/"1" read as 0/1; default 1); other fields are kept; a sent `id`
//   is ignored (ids are assigned); a numeric `phone` is kept as a string. All-or-nothing: one bad entry → 422 and nothing is created.
//   Answer (not shown in the spec): 201 with the array of the created records;
// - DELETE customers/{id} answers 200 `{ "id": <deleted id> }` (not shown in the spec);
// - an unknown or non-numeric id → 404.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { laravelBoolean, laravelInteger } from '../laravelValues';
import { batchSizeProblem } from '../limits';
import { listPage } from '../pagination';
import { nextId } from '../state';
import type { CustomerRecord } from './model';
import { describeIssue, pathId, readJson } from './input';

// clarifications "Values the vendor's servers accept": integers and flags as strings too.
const optionalId = laravelInteger().nullable().optional();

const customerIn = z.looseObject({
  name: z.string().refine((s) => s.trim() !== '', 'must not be blank'),
  active: laravelBoolean().optional(),
  tax_id: optionalId,
  photo: z.string().nullable().optional(),
  super_group_id: optionalId,
  printer_id: optionalId,
  printer_group_id: optionalId,
  email: z.string().nullable().optional(),
  phone: z.union([z.string(), z.number()]).nullable().optional(),
});

const customersIn = z.array(customerIn).min(1, 'at least one customer is required');

/** spec 2.4 listing fields of one customer. */
export function customerListing(customer: CustomerRecord) {
  return {
    id: customer.id,
    name: customer.name,
    active: customer.active,
    tax_id: customer.tax_id ?? null,
    photo: customer.photo ?? null,
    super_group_id: customer.super_group_id ?? null,
    printer_id: customer.printer_id ?? null,
    printer_group_id: customer.printer_group_id ?? null,
  };
}

export function customersRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();

  routes.get('/customers', (c) => {
    const customers = [...c.get('account').commerce.customers].sort((a, b) => a.id - b.id);
    const page = listPage(c, customers);
    return c.json({ ...page, data: page.data.map(customerListing) });
  });

  routes.get('/customers/:id', (c) => {
    const id = pathId(c.req.param('id'));
    const customer = c.get('account').commerce.customers.find((r) => r.id === id);
    if (!customer) return errorResponse(c, 404, `No customer with id ${c.req.param('id')}.`);
    return c.json(customer);
  });

  routes.post('/customers', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorResponse(c, 422, body.message);
    if (!Array.isArray(body.value)) {
      return errorResponse(c, 422, 'The body must be an array of customer objects, e.g. [{"name": "Ana", "active": 1}].');
    }
    const tooMany = batchSizeProblem(body.value.length, c.get('limits'), 'customers');
    if (tooMany) return errorResponse(c, 422, tooMany);
    const parsed = customersIn.safeParse(body.value);
    if (!parsed.success) return errorResponse(c, 422, describeIssue(parsed.error, 'customers'));

    const account = c.get('account');
    const customers = account.commerce.customers;
    const created: CustomerRecord[] = parsed.data.map((input, index) => {
      const { id: _ignored, phone, ...fields } = input as typeof input & { id?: unknown };
      const active = fields.active === false ? 0 : 1;
      return {
        // The stored records are scanned once, for the first id; lastIds is enough after it.
        id: index === 0 ? nextId(account, 'customers', customers) : nextId(account, 'customers'),
        ...fields,
        name: fields.name,
        active,
        tax_id: fields.tax_id ?? null,
        photo: fields.photo ?? null,
        super_group_id: fields.super_group_id ?? null,
        printer_id: fields.printer_id ?? null,
        printer_group_id: fields.printer_group_id ?? null,
        ...(phone !== undefined ? { phone: phone === null ? null : String(phone) } : {}),
      };
    });
    for (const customer of created) customers.push(customer); // no spread: a big batch overflows the stack
    return c.json(created, 201);
  });

  routes.delete('/customers/:id', (c) => {
    const id = pathId(c.req.param('id'));
    const customers = c.get('account').commerce.customers;
    const index = customers.findIndex((r) => r.id === id);
    if (index < 0) return errorResponse(c, 404, `No customer with id ${c.req.param('id')}.`);
    customers.splice(index, 1);
    return c.json({ id });
  });

  return routes;
}
