// The non-catalog v2 endpoints of spec §4.2 (gift cards, customers), §4.4 (warehouses), §4.5
// (purchase orders) and §4.6 (vendors), mounted under /api/external/v2 behind requireAccount().
import { Hono } from 'hono';
import type { SandboxEnv } from '../env';
import { customersRoutes } from './customers';
import { giftCardsRoutes } from './giftCards';
import { purchaseOrdersRoutes } from './purchaseOrders';
import { vendorsRoutes } from './vendors';
import { warehousesRoutes } from './warehouses';

export function commerceRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.route('/', giftCardsRoutes());
  routes.route('/', customersRoutes());
  routes.route('/', warehousesRoutes());
  routes.route('/', purchaseOrdersRoutes());
  routes.route('/', vendorsRoutes());
  return routes;
}
