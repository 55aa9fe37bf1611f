// Purchase orders (spec §2.8, §4.5): read only. The list carries each order with its
// `contentsArray`; GET purchaseOrders/{id} pages the order's content lines. Unknown id → 404.
import { Hono } from 'hono';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { listPage } from '../pagination';
import { pathId } from './input';

export function purchaseOrdersRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();

  routes.get('/purchaseOrders', (c) => {
    const orders = [...c.get('account').commerce.purchaseOrders].sort((a, b) => a.id - b.id);
    return c.json(listPage(c, orders));
  });

  routes.get('/purchaseOrders/:id', (c) => {
    const id = pathId(c.req.param('id'));
    const order = c.get('account').commerce.purchaseOrders.find((o) => o.id === id);
    if (!order) return errorResponse(c, 404, `No purchase order with id ${c.req.param('id')}.`);
    return c.json(listPage(c, order.contentsArray));
  });

  return routes;
}
