// Config and variant reads (retail-api.md §4.2): variant sets, variants and product variants
// (arrays), taxes (array), units (paginated, under config/ and catalog/), payment methods (array),
// customers. Mounted at /api/external: `catalog/…` paths count against the catalog rate.
import { Hono } from 'hono';
import { taxWire } from '../catalog/wire';
import type { RetailEnv } from '../env';
import { retailPage } from '../pagination';
import { createCustomer, listCustomers, patchCustomer } from './customers';

export function configRoutes(): Hono<RetailEnv> {
  const routes = new Hono<RetailEnv>();
  routes.get('/catalog/variantSets', (c) => c.json(c.get('account').variantSets));
  routes.get('/catalog/variants', (c) => c.json(c.get('account').variants));
  routes.get('/catalog/productsVariants', (c) => c.json(c.get('account').productVariants));
  routes.get('/config/taxes', (c) => c.json(c.get('account').taxes.map(taxWire)));
  for (const path of ['/config/units', '/catalog/units']) routes.get(path, (c) => c.json(retailPage(c, c.get('account').units)));
  routes.get('/config/payment_methods', (c) => c.json(c.get('account').paymentMethods.map(({ id, name }) => ({ id, name }))));
  routes.get('/config/customers', listCustomers);
  routes.post('/config/customers', createCustomer);
  routes.patch('/config/customers/:id', patchCustomer);
  return routes;
}
