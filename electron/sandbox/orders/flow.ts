// Flow order intake: POST /apiFlow?message=<JSON> (spec §4.7, §2.9; clarifications "Flow").
//
// Every answer is HTTP 200 with the envelope `{ result, errorMessage, data }`: failures (bad
// credentials, malformed message, unknown action, unknown table or item, a table that already has
// an open order) are `result: false` with a message saying what is wrong and `data: null`.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sameSecret } from '../auth';
import { findById } from '../catalog/store';
import type { SandboxEnv } from '../env';
import { parseJson } from '../json';
import { laravelInteger } from '../laravelValues';
import type { AccountState } from '../state';
import { describeIssues, formatCents, money } from './money';
import { appendLedger, openOrder, openOrdersOnTable } from './store';

/** spec §4.7 response envelope. */
export type FlowEnvelope = { result: true; errorMessage: null; data: { id: number } } | { result: false; errorMessage: string; data: null };

const messageSchema = z.object({
  auth: z.object({ tenant: z.string().min(1), token: z.string().min(1) }, { error: 'expected an object { tenant, token }' }),
  action: z.string().min(1),
  data: z.unknown(),
});

// clarifications "Values the vendor's servers accept": integers may come as whole-number strings.
const id = laravelInteger(z.int().positive());

// spec §2.9. Fields the spec marks optional may also be null; `customer`, `contents` and
// `payments` are required keys that may be null ("null when …"), as the spec's table lists them.
const customerSchema = z.looseObject({
  name: z.string().min(1),
  email: z.string().nullish(),
  phone: laravelInteger(z.int().nonnegative()).nullish(),
  notes: z.string().nullish(),
});

const contentSchema = z.looseObject({
  item_id: id,
  itemPrice: money(),
  // spec §2.9: quantity is an integer; the sandbox also refuses 0 and negative quantities.
  quantity: laravelInteger(z.int().positive()),
  itemName: z.string().nullish(),
});

const paymentSchema = z.looseObject({
  amount: money({ positive: true }),
  payment_method_id: id.nullish(),
});

const newOrderSchema = z.object(
  {
    table_id: z.array(id).min(1, 'must list at least one table'),
    // spec §2.9: an integer; a reservation seats at least one guest (conservative).
    guests: laravelInteger(z.int().positive()),
    customer: customerSchema.nullable(),
    notes: z.string().nullish(),
    contents: z.array(contentSchema).nullable(),
    payments: z.array(paymentSchema).nullable(),
  },
  { error: 'expected an object (spec §2.9)' },
);

function failure(message: string): FlowEnvelope {
  return { result: false, errorMessage: message, data: null };
}

/** A JSON body refused by parseJson (malformed, a prototype key, too deep): why. */
export class RefusedFlowBody {
  constructor(readonly message: string) {}
}

/**
 * The `message` of the request: the query parameter (spec §4.7). Tolerated as well: a `message`
 * field of a form body or of a JSON body (as a JSON string or as the object itself).
 */
export async function readFlowMessage(c: Context<SandboxEnv>): Promise<unknown> {
  const fromQuery = c.req.query('message');
  if (fromQuery !== undefined) return fromQuery;
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (text.trim() === '') return undefined;
    const body = parseJson(text, 'The JSON body');
    if (!body.ok) return new RefusedFlowBody(body.message);
    const value = body.value;
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, 'message')) return (value as { message: unknown }).message;
    return undefined;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return form.message;
  }
  return undefined;
}

/** The account named by `auth`, or the failure message. */
function authenticate(c: Context<SandboxEnv>, auth: { tenant: string; token: string }): AccountState | string {
  const account = c.get('state').account(auth.tenant);
  if (!account) return `Authentication failed: unknown tenant "${auth.tenant}" in message.auth.tenant.`;
  if (!sameSecret(auth.token, account.accessToken)) {
    return `Authentication failed: invalid access token in message.auth.token for tenant "${auth.tenant}".`;
  }
  return account;
}

/** Runs one Flow call and returns its envelope. */
export async function handleFlow(c: Context<SandboxEnv>): Promise<FlowEnvelope> {
  const receivedAt = new Date();
  const raw = await readFlowMessage(c);
  if (raw instanceof RefusedFlowBody) return failure(`Malformed request: ${raw.message}`);
  if (raw === undefined || raw === '') {
    return failure('Missing message: send the JSON object { auth, action, data } in the "message" query parameter.');
  }
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    const message = parseJson(raw, 'The message');
    if (!message.ok) return failure(`Malformed message: ${message.message}`);
    parsed = message.value;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return failure('Malformed message: expected a JSON object with the keys auth, action and data.');
  }
  const message = messageSchema.safeParse(parsed);
  if (!message.success) return failure(`Malformed message: ${describeIssues(message.error, 'message')}.`);

  const account = authenticate(c, message.data.auth);
  if (typeof account === 'string') return failure(account);

  if (message.data.action !== 'newOrder') {
    return failure(`Unknown action "${message.data.action}": the only action is "newOrder".`);
  }
  return newOrder(c, account, message.data.data, receivedAt);
}

function newOrder(c: Context<SandboxEnv>, account: AccountState, rawData: unknown, receivedAt: Date): FlowEnvelope {
  const parsed = newOrderSchema.safeParse(rawData);
  if (!parsed.success) return failure(`Malformed newOrder data: ${describeIssues(parsed.error, 'data')}.`);
  const data = parsed.data;

  const seen = new Set<number>();
  for (const id of data.table_id) {
    if (seen.has(id)) return failure(`data.table_id lists table ${id} twice.`);
    seen.add(id);
  }
  const tables = data.table_id.map((id) => account.tables.find((t) => t.id === id));
  const missing = data.table_id.filter((_, i) => tables[i] === undefined);
  if (missing.length > 0) return failure(`Unknown table ${missing.join(', ')} in data.table_id.`);

  // spec §4.7 rule: a chosen table that already has an open order refuses the whole order.
  const busy = data.table_id.flatMap((id, i) => {
    const open = openOrdersOnTable(account, id)[0];
    return open ? [`table ${id} ("${tables[i]?.name ?? ''}") already has an open order (order ${open.id})`] : [];
  });
  if (busy.length > 0) return failure(`Cannot seat the order: ${busy.join('; ')}.`);

  const contents = data.contents ?? [];
  for (const [i, line] of contents.entries()) {
    if (!findById(account.catalog.items, line.item_id)) {
      return failure(`data.contents[${i}].item_id: item ${line.item_id} does not exist.`);
    }
  }
  const payments = data.payments ?? [];
  for (const [i, payment] of payments.entries()) {
    const method = payment.payment_method_id;
    if (method != null && !account.paymentMethods.some((m) => m.id === method)) {
      return failure(`data.payments[${i}].payment_method_id: payment method ${method} does not exist.`);
    }
  }

  const primary = tables[tables.length - 1];
  const totalCents = contents.reduce((sum, line) => sum + line.itemPrice * line.quantity, 0);
  const order = openOrder(
    account,
    {
      source: 'flow',
      // spec §2.9: several tables are merged; the last one is the primary table.
      tableIds: [...data.table_id],
      tableName: primary?.name ?? '',
      guests: data.guests,
      customer: data.customer ? { ...data.customer } : null,
      notes: data.notes ?? null,
      contents: contents.map((line) => {
        const item = findById(account.catalog.items, line.item_id);
        return {
          item_id: line.item_id,
          itemName: line.itemName ?? item?.name ?? null,
          itemPrice: formatCents(line.itemPrice),
          quantity: line.quantity,
        };
      }),
      payments: payments.map((p) => ({ amount: formatCents(p.amount), payment_method_id: p.payment_method_id ?? null })),
      delivery: null,
      total: formatCents(totalCents),
    },
    receivedAt,
  );
  appendLedger(c.get('state'), {
    kind: 'flow',
    tenant: account.tenant,
    receivedAt: receivedAt.toISOString(),
    orderId: order.id,
    payload: structuredClone(rawData),
  });
  return { result: true, errorMessage: null, data: { id: order.id } };
}

/** POST /apiFlow (spec §4.7): no header credentials, always HTTP 200 with the envelope. */
export function flowRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.post('/apiFlow', async (c) => c.json(await handleFlow(c), 200));
  return routes;
}
