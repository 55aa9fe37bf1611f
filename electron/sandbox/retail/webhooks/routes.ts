// Control API of the webhooks, mounted under the retail listener's /__sandbox/
// (the vendor's webhooks page is not part of the API). Same guards as the rest of the control API:
// loopback socket and Host, no foreign Origin, JSON POSTs only; errors `{ error, code, data: [] }`
// with `code` = status.
//   POST   /__sandbox/retail/webhooks            { username, url, event, active? } → 201 { id, secret }
//   GET    /__sandbox/retail/webhooks[?username] → { webhooks: [{ id, username, url, event, active, createdAt, secret }] }
//   PATCH  /__sandbox/retail/webhooks/<id>       { url?, event?, active? } → the webhook
//   DELETE /__sandbox/retail/webhooks/<id>       → { deleted: true }
//   POST   /__sandbox/retail/webhooks/<id>/test  → 202 { delivery }
//   GET    /__sandbox/retail/webhooks/deliveries[?username&webhook&event&status] → { deliveries, retryDelaysMs, timeoutMs }
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { jsonBodiesOnly, loopbackOnly, sameOriginOnly } from '../../control/routes';
import { errorResponse } from '../../errors';
import { parseJson } from '../../json';
import type { RetailEnv } from '../env';
import { SUBSCRIBABLE_EVENTS } from './names';
import type { Webhook, WebhookService } from './service';

export const WEBHOOKS_BASE = '/retail/webhooks';

const httpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'is longer than 2048 characters')
  .refine((text) => URL.canParse(text), 'is not a URL')
  .refine((text) => !URL.canParse(text) || ['http:', 'https:'].includes(new URL(text).protocol), 'must be an http:// or https:// URL');

const eventName = z.enum(SUBSCRIBABLE_EVENTS, {
  error: (issue) => `"${String(issue.input).slice(0, 60)}" is not an event of retail-api.md §6 (one of: ${SUBSCRIBABLE_EVENTS.join(', ')})`,
});

const createSchema = z.strictObject({
  username: z.string().trim().min(1, 'is required').max(100),
  url: httpUrl,
  event: eventName,
  active: z.boolean().default(true),
});

const updateSchema = z
  .strictObject({ url: httpUrl.optional(), event: eventName.optional(), active: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.event !== undefined || v.active !== undefined, 'name at least one of url, event, active');

const deliveryFilters = z.strictObject({
  username: z.string().min(1).optional(),
  webhook: z.coerce.number().int().positive().optional(),
  event: z.string().min(1).optional(),
  status: z.enum(['pending', 'sending', 'delivered', 'failed', 'cancelled']).optional(),
});

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<{ ok: true; value: z.output<T> } | { ok: false; response: Response }> {
  const text = await c.req.text();
  const json = parseJson(text.trim() === '' ? '{}' : text, 'The body');
  if (!json.ok) return { ok: false, response: errorResponse(c, 422, json.message) };
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) return { ok: false, response: errorResponse(c, 422, `Invalid webhook: ${issuesText(parsed.error)}.`) };
  return { ok: true, value: parsed.data };
}

export function webhookControlRoutes(service: WebhookService): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>().basePath(WEBHOOKS_BASE);
  routes.use('*', loopbackOnly<RetailEnv>(), sameOriginOnly<RetailEnv>(), jsonBodiesOnly<RetailEnv>());

  const view = (webhook: Webhook) => ({ ...webhook, secret: service.secretOf(webhook.username) });
  const byId = (c: Context): Webhook | Response => {
    const id = Number(c.req.param('id'));
    const webhook = Number.isSafeInteger(id) ? service.get(id) : undefined;
    return webhook ?? errorResponse(c, 404, `No webhook ${c.req.param('id')?.slice(0, 40)}.`);
  };

  routes.post('/', async (c) => {
    const body = await readBody(c, createSchema);
    if (!body.ok) return body.response;
    if (!service.hasAccount(body.value.username)) return errorResponse(c, 422, `Invalid webhook: username: no retail account "${body.value.username}".`);
    const { webhook, secret } = service.add(body.value);
    return c.json({ id: webhook.id, secret }, 201);
  });

  routes.get('/', (c) => {
    const username = c.req.query('username');
    return c.json({ webhooks: service.webhooks(username).map(view) });
  });

  routes.get('/deliveries', (c) => {
    const filters = deliveryFilters.safeParse(c.req.query());
    if (!filters.success) return errorResponse(c, 422, `Invalid filters: ${issuesText(filters.error)}.`);
    const { webhook, ...rest } = filters.data;
    return c.json({
      deliveries: service.deliveries({ ...rest, ...(webhook === undefined ? {} : { webhookId: webhook }) }),
      retryDelaysMs: service.retryDelaysMs,
      timeoutMs: service.timeoutMs,
    });
  });

  routes.patch('/:id', async (c) => {
    const webhook = byId(c);
    if (webhook instanceof Response) return webhook;
    const body = await readBody(c, updateSchema);
    if (!body.ok) return body.response;
    const changes = Object.fromEntries(Object.entries(body.value).filter(([, v]) => v !== undefined));
    return c.json(view(service.update(webhook.id, changes) as Webhook));
  });

  routes.delete('/:id', (c) => {
    const webhook = byId(c);
    if (webhook instanceof Response) return webhook;
    service.remove(webhook.id);
    return c.json({ deleted: true });
  });

  routes.post('/:id/test', (c) => {
    const webhook = byId(c);
    if (webhook instanceof Response) return webhook;
    const delivery = service.sendTest(webhook.id);
    if (!delivery) return errorResponse(c, 503, 'The webhooks are stopped.');
    return c.json({ delivery }, 202);
  });

  return routes;
}
