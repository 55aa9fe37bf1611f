import { Hono } from 'hono';
import type { SandboxEnv } from '../env';

/** GET V2/paymentMethods (spec §4.2): a plain array, booleans as 0/1 (spec §2.1). */
export function paymentMethodsRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.get('/paymentMethods', (c) => {
    const methods = c.get('account').paymentMethods.map((m) => ({ id: m.id, name: m.name, active: m.active ? 1 : 0 }));
    return c.json(methods);
  });
  return routes;
}
