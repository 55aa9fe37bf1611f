// Generators of malformed requests to the retail sandbox (the fuzz covers the
// retail half): every route family of retail-api.md §4, with the mutations of requests.ts
// (wrong methods and content types, broken, deep and huge JSON, prototype keys, bad ids and
// pages). Credentials are valid most of the time so the requests get past auth.
import fc from 'fast-check';
import { REPORT_NAMES } from '../../electron/sandbox/retail/reports/names';
import { anyMethod, badSegment, bodyFrom, credentialsOf, methodOf, query, requestsOf, type FuzzRequest, type Json } from './requests';

export type RetailFamily = 'catalog' | 'config' | 'stock' | 'orders' | 'priceRates' | 'promotions' | 'chains' | 'reports' | 'control' | 'other';

export type RetailFuzzRequest = FuzzRequest<RetailFamily>;

const R = '/api/external';
const CREDENTIALS = { username: 'demo-shop', Authorization: 'Bearer demo-token' };

const request = requestsOf<RetailFamily>(
  credentialsOf(CREDENTIALS, [
    {},
    { ...CREDENTIALS, username: 'demo-shop-child' },
    { ...CREDENTIALS, username: '__proto__' },
    { ...CREDENTIALS, username: 'constructor' },
    { ...CREDENTIALS, Authorization: 'Bearer' },
    { ...CREDENTIALS, Authorization: 'Bearer %zz' },
    { ...CREDENTIALS, Authorization: `Bearer ${'x'.repeat(5000)}` },
    { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' },
  ]),
);

const id = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '6') }, { weight: 2, arbitrary: badSegment });
const withQuery = (paths: fc.Arbitrary<string>) => fc.tuple(paths, query).map(([p, q]) => p + q);

const PRODUCT: { [key: string]: Json } = {
  name: 'Gorra',
  category_id: 1,
  price: '12.50',
  type: 0,
  active: 1,
  barcode: '8400000000017',
  discountinued_at: '2027-01-31',
};
const CATEGORY: { [key: string]: Json } = { name: 'Gorras', group_id: 1 };
const GROUP: { [key: string]: Json } = { name: 'Complementos', tax_id: 1 };
const BASES: Record<'products' | 'categories' | 'groups', { [key: string]: Json }> = { products: PRODUCT, categories: CATEGORY, groups: GROUP };

const catalog = fc.constantFrom('products', 'categories', 'groups').chain((resource) => {
  const base = BASES[resource as keyof typeof BASES];
  const bodies = bodyFrom([[base], [base, base], base, [{ id: 1, name: 'Cambio' }], [{ id: 1, ...base }]]);
  const single = resource === 'categories' ? 'category' : resource;
  return fc.oneof(
    request('catalog', methodOf('POST'), fc.constant(`${R}/catalog/${resource}`), bodies),
    request('catalog', methodOf('PATCH'), fc.constant(`${R}/catalog/${resource}`), bodies),
    request('catalog', methodOf('GET'), withQuery(fc.constantFrom(`${R}/catalog/${resource}`, `${R}/catalog/products?withStocks=1&withECommerce=1`)), null),
    request(
      'catalog',
      fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'),
      id.map((x) => `${R}/catalog/${single}/${x}`),
      bodies,
    ),
    request(
      'catalog',
      fc.constantFrom('GET', 'DELETE'),
      id.map((x) => `${R}/catalog/${resource}/${x}`),
      null,
    ),
    request(
      'catalog',
      methodOf('GET'),
      withQuery(fc.constantFrom('variantSets', 'variants', 'productsVariants', 'units', 'stocks', '%zz', 'nothing').map((p) => `${R}/catalog/${p}`)),
      null,
    ),
  );
});

const CUSTOMER: Json = { name: 'Marta', address: 'Carrer Gran 1', email: 'm@example.com', postalCode: 8001, maxCredit: '10.50' };
const config = fc.oneof(
  request('config', methodOf('GET'), withQuery(fc.constantFrom('taxes', 'units', 'payment_methods', 'customers').map((p) => `${R}/config/${p}`)), null),
  request('config', methodOf('POST'), fc.constant(`${R}/config/customers`), bodyFrom([CUSTOMER, [CUSTOMER]])),
  request(
    'config',
    methodOf('PATCH'),
    id.map((x) => `${R}/config/customers/${x}`),
    bodyFrom([{ phone: '600' }, CUSTOMER]),
  ),
);

const stock = request('stock', methodOf('POST'), fc.constant(`${R}/stocks/add`), bodyFrom([{ product_id: 1, warehouse_id: 1, quantity: '2.5' }]));

const ORDER: Json = {
  total: 45.48,
  sum: 45.48,
  tax: 7.44,
  customer_id: 1,
  closed_at: '2026-11-23 10:00:00',
  discountObject: {},
  order_contents: [
    { product_id: 1, quantity: 2, price: 19.99, total: 39.98, taxPercentage: 21, discountObject: { id: 1, name: '2x1', amount: 0, isPercentage: false } },
    { product_id: 5, quantity: 1, weight: 0.25, price: 24, total: 6, taxPercentage: 10 },
  ],
};
const INVOICE: Json = { payments: [{ amount: 50, change: 4.52, extra: 0, payment_method_id: 2 }] };
const orders = fc.oneof(
  request('orders', methodOf('POST'), fc.constant(`${R}/orders`), bodyFrom([ORDER])),
  request(
    'orders',
    methodOf('POST'),
    id.map((x) => `${R}/orders/${x}/invoices`),
    bodyFrom([INVOICE]),
  ),
);

const RATE: Json = { name: 'Socios', type: 1, amount: -10, rounding: 3 };
const priceRates = fc.oneof(
  request('priceRates', methodOf('POST'), fc.constant(`${R}/promotions/priceRates`), bodyFrom([RATE])),
  request(
    'priceRates',
    fc.constantFrom('PUT', 'DELETE', 'GET'),
    id.map((x) => `${R}/promotions/priceRates/${x}`),
    bodyFrom([RATE]),
  ),
  request(
    'priceRates',
    fc.constantFrom('GET', 'POST', 'DELETE'),
    id.map((x) => `${R}/promotions/priceRates/${x}/products`),
    bodyFrom([{ prices: [{ product_id: 1, price: 10 }] }, { prices: [1, { product_id: 2 }] }]),
  ),
  request(
    'priceRates',
    fc.constantFrom('GET', 'POST', 'DELETE'),
    id.map((x) => `${R}/catalog/products/${x}/priceRates`),
    bodyFrom([{ prices: [{ price_rate_id: 1, price: 10 }] }]),
  ),
  request(
    'priceRates',
    methodOf('DELETE'),
    fc.tuple(id, id).map(([a, b]) => `${R}/promotions/priceRates/${a}/products/${b}`),
    null,
  ),
);

const PROMOTION: { [key: string]: Json } = {
  name: '2x1',
  type: 1,
  apply_to: 1,
  apply_type: 2,
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  start_time: '09:00',
  weekdays: [1, 2],
};
const promotions = fc.oneof(
  request(
    'promotions',
    methodOf('POST'),
    fc.constant(`${R}/promotions/promotions`),
    bodyFrom([PROMOTION, { ...PROMOTION, id: 1 }, { name: 'C', type: 4, apply_to: 3, condition: 1, quantity: 3, action: 1, discount: 10 }]),
  ),
  request(
    'promotions',
    fc.constantFrom('PUT', 'DELETE', 'GET'),
    id.map((x) => `${R}/promotions/promotions/${x}`),
    bodyFrom([PROMOTION]),
  ),
  request(
    'promotions',
    fc.constantFrom('GET', 'POST', 'DELETE'),
    id.map((x) => `${R}/promotions/promotions/${x}/categories`),
    bodyFrom([{ categories: [1, 2] }]),
  ),
  request(
    'promotions',
    fc.constantFrom('GET', 'POST', 'DELETE'),
    fc.tuple(fc.constantFrom('products', 'categories'), id).map(([s, x]) => `${R}/catalog/${s}/${x}/promotions`),
    bodyFrom([{ promotions: [1] }]),
  ),
);

const chains = request('chains', methodOf('POST'), fc.constant(`${R}/chains/sync`), bodyFrom([{}]));

// Reports v3 and the deprecated path (§4.6, §9): known and unknown names, every filter with good
// and malformed values.
const REPORT_FILTERS: Record<string, readonly string[]> = {
  start_date: ['2026-10-01', '2026-02-30', '2026-1-1', '01/10/2026', '9999-12-31', '0000-00-00'],
  end_date: ['2026-12-31', '2025-01-01', '2026-13-01', 'today'],
  start_time: ['10:00', '23:59', '24:00', '9:00', '10:00:00'],
  end_time: ['20:30', '00:00', '99:99'],
  dateField: ['created_at', 'updated_at', 'closed_at', 'opened_at', 'deleted_at', 'CREATED_AT'],
  dayofweek: ['1', '7', '0', '8'],
  employee: ['1', '0', '-1', '9007199254740993'],
  room: ['1', 'x'],
  priceRate: ['1', '1.5'],
  cashier: ['2', ''],
  discount: ['7', 'null'],
  warehouse: ['1', '2', '3', '-2'],
  page: ['1', '2', '0', '-1', '99999999999999999999'],
  pagination: ['1', '200', '201', '0', 'abc'],
};
const reportQuery = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(...Object.keys(REPORT_FILTERS)).chain((k) => fc.constantFrom(...REPORT_FILTERS[k]!).map((v) => [k, v] as const)),
      },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(REPORT_FILTERS)), badSegment) },
    ),
    { maxLength: 6 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));
const reports = request(
  'reports',
  methodOf('GET'),
  fc
    .tuple(
      fc.constantFrom(`${R}/v3/reports`, `${R}/v3/reports`, `${R}/reports`, `${R}/v2/reports`),
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...REPORT_NAMES) }, { weight: 1, arbitrary: badSegment }),
      fc.oneof({ weight: 4, arbitrary: reportQuery }, { weight: 1, arbitrary: query }),
    )
    .map(([base, name, q]) => `${base}/${name}${q}`),
  null,
);

const control = request(
  'control',
  anyMethod,
  withQuery(fc.constantFrom('/__sandbox/reset', '/__sandbox/faults', '/__sandbox/stats', '/__sandbox/ledger', '/__sandbox/%zz')),
  bodyFrom([{}, { latencyMs: 0 }]),
  fc.constant({}),
);

const other = request(
  'other',
  anyMethod,
  withQuery(fc.constantFrom('/', '/api', `${R}`, `${R}/v3/reports/orders`, `${R}/%zz`, '/%E0%A4%A', `${R}/orders/%zz/invoices`)),
  null,
);

/** One malformed request to the retail sandbox (control requests rarely: a reset clears the others' effects). */
export const malformedRetailRequest: fc.Arbitrary<RetailFuzzRequest> = fc.oneof(
  { weight: 6, arbitrary: catalog },
  { weight: 3, arbitrary: config },
  { weight: 1, arbitrary: stock },
  { weight: 4, arbitrary: orders },
  { weight: 3, arbitrary: priceRates },
  { weight: 3, arbitrary: promotions },
  { weight: 1, arbitrary: chains },
  { weight: 3, arbitrary: reports },
  { weight: 1, arbitrary: other },
  { weight: 1, arbitrary: control },
);
