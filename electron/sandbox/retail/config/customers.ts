// Customers (retail-api.md §2.4, §4.2, §7): paginated list, create one (`name` and `address`
// required → else 422 with the retail error body), PATCH the fields given. Decisions
// (docs/sandbox.md): create answers 201 with the record, PATCH 200 with the record; an unknown id
// → 404; `email`, when given and not empty, must look like an address (one `@`, a dot after it);
// `maxCredit` is a decimal ≥ 0 with at most 2 decimals, shown as a decimal string.
import { z } from 'zod';
import type { Context } from 'hono';
import type { RetailEnv } from '../env';
import { RetailRefusal } from '../errors';
import { dec2, optionalText, parseWith, pathId, readJsonBody } from '../input';
import { nextRetailId, type RetailAccountState, type RetailCustomerRecord } from '../model';
import { retailPage } from '../pagination';
import { decimal2 } from '../wire';

const required = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'expected a string') })
  .trim()
  .min(1, 'is required')
  .max(10_000);
const email = optionalText.refine((v) => v === null || v === undefined || v === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), {
  message: 'must be an e-mail address',
});

const fields = {
  name: required,
  address: required,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  postalCode: optionalText,
  nif: optionalText,
  web: optionalText,
  email,
  phone: optionalText,
  notes: optionalText,
  maxCredit: dec2({ min: 0 }).nullish(),
  extra_id: optionalText,
};

const createSchema = z.object(fields);
const patchSchema = z.object(fields).partial();

export function customerWire(customer: RetailCustomerRecord): Record<string, unknown> {
  return { ...customer, maxCredit: customer.maxCredit === null ? null : decimal2(customer.maxCredit) };
}

function body(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RetailRefusal(422, 'expected one customer object', true);
  return value as Record<string, unknown>;
}

export function listCustomers(c: Context<RetailEnv>): Response {
  const page = retailPage(c, c.get('account').customers);
  return c.json({ ...page, data: page.data.map(customerWire) });
}

export async function createCustomer(c: Context<RetailEnv>): Promise<Response> {
  const account = c.get('account');
  const f = parseWith(createSchema, body(await readJsonBody(c)));
  const now = new Date().toISOString();
  const customer: RetailCustomerRecord = {
    id: nextRetailId(account, 'customers', account.customers),
    name: f.name,
    address: f.address,
    city: f.city ?? null,
    state: f.state ?? null,
    country: f.country ?? null,
    postalCode: f.postalCode ?? null,
    nif: f.nif ?? null,
    web: f.web ?? null,
    email: f.email ?? null,
    phone: f.phone ?? null,
    notes: f.notes ?? null,
    maxCredit: f.maxCredit ?? null,
    extra_id: f.extra_id ?? null,
    created_at: now,
    updated_at: now,
  };
  account.customers.push(customer);
  const wire = customerWire(customer);
  c.get('events').emit(account.username, 'customer.created', wire);
  return c.json(wire, 201);
}

export async function patchCustomer(c: Context<RetailEnv>): Promise<Response> {
  const account: RetailAccountState = c.get('account');
  const customerId = pathId(c, 'id', 'Customer');
  const index = account.customers.findIndex((x) => x.id === customerId);
  if (index < 0) throw new RetailRefusal(404, `Customer ${customerId} not found.`);
  const f = parseWith(patchSchema, body(await readJsonBody(c)));
  const changes = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
  const customer = { ...(account.customers[index] as RetailCustomerRecord), ...changes, updated_at: new Date().toISOString() } as RetailCustomerRecord;
  account.customers[index] = customer;
  const wire = customerWire(customer);
  c.get('events').emit(account.username, 'customer.updated', wire);
  return c.json(wire);
}
