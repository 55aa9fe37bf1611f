// Generators of malformed requests to the sandbox: every route family, with
// the mutations of requests.ts (wrong methods and content types, broken JSON, deep nesting, huge
// arrays, prototype keys, wrong types, bad ids and pages and bad percent-encodings). Credentials
// are valid most of the time so the requests get past auth.
import fc from 'fast-check';
import { CATALOG_RESOURCES, type CatalogResource } from '../../electron/sandbox/catalog/model';
import { HEADERS, ITEM } from '../contract/orderFixtures';
import {
  anyMethod,
  badSegment,
  bodyFrom,
  credentialsOf,
  methodOf,
  mutatedJson,
  PROTOTYPE_KEYS,
  query,
  requestsOf,
  type FuzzRequest as Request,
  type Json,
} from './requests';

export type Family = 'v2' | 'catalog' | 'commerce' | 'flow' | 'loyalty' | 'images' | 'control';

export type FuzzRequest = Request<Family>;

const CREDENTIALS = { tenant: HEADERS.tenant!, Authorization: HEADERS.Authorization!, 'client-token': HEADERS['client-token']! };

/** Valid credentials most of the time (past auth), sometimes none, wrong or odd ones. */
const credentials = credentialsOf(CREDENTIALS, [
  {},
  { ...CREDENTIALS, tenant: 'demo-child' },
  { ...CREDENTIALS, tenant: '__proto__' },
  { ...CREDENTIALS, tenant: 'constructor' },
  { ...CREDENTIALS, Authorization: 'Bearer' },
  { ...CREDENTIALS, Authorization: 'Bearer %zz' },
  { ...CREDENTIALS, 'client-token': 'x'.repeat(5000) },
]);

const request = requestsOf<Family>(credentials);

const V2 = '/api/external/v2';

/** A valid single record of each catalog resource (fixture venue ids). */
const CATALOG_BASES: Record<CatalogResource, Json> = {
  groups: { name: 'Grupo' },
  categories: { name: 'Categoría', group_id: 1 },
  items: { name: 'Plato', price: 1.5, costPrice: 0.5, type: 0, category_id: 1, allergies: '1;7' },
  sellingFormats: { name: 'Caña' },
  sellingFormatPivots: { quantity: 0.2, price: 2, format_id: 1, item_id: ITEM.cerveza },
  modifiers: { name: 'Extra', price: 0.5, category_id: 1 },
  modifierCategories: { name: 'Opciones' },
  modifierGroups: { name: 'Grupo de modificadores' },
  modifierPivots: { group_id: 1, category_id: 1 },
  menuMenuCategories: { name: 'Postres', item_id: ITEM.menu, min: 0, max: 1 },
  menuMenuItemCategoryPivots: { price: 0, item_id: ITEM.ensalada, category_id: 51 },
};

const catalog: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...CATALOG_RESOURCES).chain((resource) => {
  const base = CATALOG_BASES[resource];
  const update: Json = { id: 1, ...(typeof base === 'object' && base !== null && !Array.isArray(base) ? { name: 'Cambio' } : {}) };
  const bases: Json[] = [base, update, { [resource]: [base, base] }, { [resource]: [base, update] }];
  return fc.oneof(
    request('catalog', methodOf('POST'), fc.constant(`${V2}/catalog/${resource}`), bodyFrom(bases)),
    request(
      'catalog',
      methodOf('GET'),
      fc.tuple(fc.constant(`${V2}/catalog/${resource}`), query).map(([p, q]) => p + q),
      null,
    ),
    request(
      'catalog',
      fc.constantFrom('GET', 'DELETE', 'PUT', 'POST'),
      badSegment.map((id) => `${V2}/catalog/${resource}/${id}`),
      bodyFrom(bases),
    ),
    request(
      'catalog',
      methodOf('GET'),
      fc
        .tuple(fc.constantFrom('groups/1/categories', 'categories/1/items', 'groups/%zz/categories', 'categories/0/items'), query)
        .map(([p, q]) => `${V2}/catalog/${p}${q}`),
      null,
    ),
  );
});

const v2: fc.Arbitrary<FuzzRequest> = fc.oneof(
  request(
    'v2',
    methodOf('GET'),
    fc.tuple(fc.constantFrom('rooms', 'paymentMethods', 'rooms?withTables=1'), query).map(([p, q]) => `${V2}/${p}${p.includes('?') ? q.replace('?', '&') : q}`),
    null,
  ),
  request('v2', methodOf('POST'), fc.constant('/api/external/chains/sync'), bodyFrom([{}])),
  request(
    'v2',
    anyMethod,
    fc.tuple(fc.constantFrom('', 'nothing', 'rooms/1', '../v2/rooms', '%zz', 'catalog', 'catalog/%zz'), query).map(([p, q]) => `${V2}/${p}${q}`),
    null,
  ),
);

const commerce: fc.Arbitrary<FuzzRequest> = fc.oneof(
  // Customers: a non-empty array (spec example); huge batches included.
  request(
    'commerce',
    methodOf('POST'),
    fc.constant(`${V2}/customers`),
    bodyFrom([[{ name: 'Ana', active: 1, phone: 600111222 }], [{ name: 'Ana' }, { name: 'Luis', email: 'l@x.es' }]]),
  ),
  request(
    'commerce',
    fc.constantFrom('GET', 'DELETE'),
    fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/customers/${id}`),
    null,
  ),
  request(
    'commerce',
    methodOf('GET'),
    fc
      .tuple(fc.constantFrom('customers', 'warehouses', 'vendors', 'purchaseOrders', 'warehouses/1', 'vendors/1/items'), query)
      .map(([p, q]) => `${V2}/${p}${q}`),
    null,
  ),
  request(
    'commerce',
    methodOf('POST'),
    fc.tuple(badSegment, query).map(([uuid, q]) => `${V2}/giftCards${q || `?uuid=${uuid}&balance=10`}`),
    null,
  ),
  request(
    'commerce',
    methodOf('POST'),
    fc.oneof(badSegment, fc.constant('card-1')).map((uuid) => `${V2}/giftCards/${uuid}`),
    bodyFrom([{ amount: 1 }, { amount: '2.50' }]),
  ),
  request(
    'commerce',
    methodOf('POST'),
    fc.tuple(fc.oneof(badSegment, fc.constant('1')), fc.constantFrom('addStock', 'setStock')).map(([id, op]) => `${V2}/warehouses/${id}/${op}`),
    bodyFrom([
      { item_id: ITEM.cafe, quantity: 2 },
      {
        stocks: [
          { item_id: ITEM.cafe, quantity: 1 },
          { item_id: ITEM.tostada, quantity: 3 },
        ],
      },
    ]),
  ),
  request('commerce', methodOf('POST'), fc.constant(`${V2}/vendors`), bodyFrom([{ name: 'Proveedor', address: 'Calle 1', nif: 'B12345678' }])),
  request(
    'commerce',
    fc.constantFrom('PUT', 'DELETE', 'GET'),
    fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/vendors/${id}`),
    bodyFrom([{ name: 'Otro' }, { nif: 'B1' }]),
  ),
  request(
    'commerce',
    fc.constantFrom('POST', 'DELETE'),
    fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/vendors/${id}/items`),
    bodyFrom([{ items: [{ item_id: ITEM.cafe, costPrice: '0.40', pack: 1 }] }, { items: [ITEM.cafe] }]),
  ),
);

const FLOW_MESSAGE: Json = {
  auth: { tenant: 'demo', token: 'demo-token' },
  action: 'newOrder',
  data: {
    table_id: [1],
    guests: 2,
    customer: { name: 'Ana', phone: 600111222 },
    notes: null,
    contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, quantity: 1 }],
    payments: null,
  },
};

/** A message as it goes in the query: percent-encoded, or with broken percent-encodings left in. */
const flowQuery = fc.oneof(
  {
    weight: 6,
    arbitrary: bodyFrom([FLOW_MESSAGE])
      .filter((m) => m.length < 6_000)
      .map(encodeURIComponent),
  },
  { weight: 2, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '%7B%22auth%22%3A%', '{"auth":', '%00', '%C0%80', '%ED%A0%80', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const flow: fc.Arbitrary<FuzzRequest> = fc.oneof(
  request(
    'flow',
    methodOf('POST'),
    flowQuery.map((m) => `/apiFlow?message=${m}`),
    null,
    fc.constant({}),
  ),
  // The message in a JSON or form body (tolerated) or nowhere.
  request('flow', methodOf('POST'), fc.constant('/apiFlow'), bodyFrom([{ message: FLOW_MESSAGE }, { message: JSON.stringify(FLOW_MESSAGE) }]), fc.constant({})),
  request(
    'flow',
    methodOf('POST'),
    fc.constant('/apiFlow'),
    fc.constantFrom('message=%zz', 'message=', 'message=%7B', `message=${encodeURIComponent(JSON.stringify(FLOW_MESSAGE))}`),
    fc.constant({}),
  ),
);

const LOYALTY_ORDER: Json = {
  order: {
    total: 3.3,
    table_id: 2,
    contents: [
      { item_id: ITEM.cafe, itemPrice: 1.8, quantity: 1, modifiers: [{ id: 72, name: 'Extra de queso', price: 0 }] },
      { item_id: ITEM.menu, itemPrice: 2, quantity: 1, menuContents: [{ item_id: ITEM.ensalada, name: 'Ensalada', price: 0, dishOrder: 61 }] },
    ],
    payment: { amount: 1, payment_method_id: 1 },
    orderDiscount: { name: 'Descuento', amount: -0.5 },
  },
  customer: { name: 'Ana', email: 'ana@example.com' },
  delivery: { phone: '600111222', address: 'Carrer de Mallorca 1' },
  skipMerge: false,
};

/** Paying table 2's open order (clarifications): empty contents, total 0, a payment. */
const LOYALTY_PAYMENT: Json = { order: { total: 0, contents: [], table_id: 2, payment: { amount: 1 } }, skip_merge: 0 };

/** A form field's text: JSON scalars, broken %-escapes, anything. */
const formValue = fc.oneof(
  fc.constantFrom('true', 'false', '0', '1', '2', 'null', '', 'yes', '%zz', '%', '%E0%A4%A', '1e400', '-1', '%7B%7D', '%5B%5D', '%22x%22'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** An object field of the form: a mutated, broken, deep or huge JSON text, or any text. */
function formJsonField(name: string, base: Json): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: bodyFrom([base]).map((text) => `${name}=${encodeURIComponent(text)}`) },
    { weight: 1, arbitrary: formValue.map((value) => `${name}=${value}`) },
  );
}

/** The vendor's form body (clarifications "Body format"), with extra, repeated and bracketed fields. */
const loyaltyForm = fc
  .tuple(
    fc.constantFrom(LOYALTY_ORDER, LOYALTY_PAYMENT),
    fc.boolean(),
    fc.boolean(),
    fc.array(
      fc.tuple(
        fc.constantFrom(
          'skipMerge',
          'skip_merge',
          'warehouse_id',
          'order',
          'order[total]',
          'customer[name]',
          '__proto__',
          'constructor',
          'toString',
          '%zz',
          '',
        ),
        formValue,
      ),
      { maxLength: 3 },
    ),
  )
  .chain(([base, withCustomer, withDelivery, extra]) =>
    fc
      .tuple(
        formJsonField('order', base.order as Json),
        withCustomer ? formJsonField('customer', LOYALTY_ORDER.customer as Json) : fc.constant(null),
        withDelivery ? formJsonField('delivery', LOYALTY_ORDER.delivery as Json) : fc.constant(null),
      )
      .map((fields) => [...fields.filter((f) => f !== null), ...extra.map(([key, value]) => `${key}=${value}`)].join('&')),
  );

const formType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') },
  { weight: 1, arbitrary: fc.constantFrom('application/x-www-form-urlencoded; charset=UTF-8', 'APPLICATION/X-WWW-FORM-URLENCODED', 'application/json', '') },
);

const loyaltyPaths = fc.oneof(
  { weight: 4, arbitrary: fc.constant('/api/loyalty/orders') },
  { weight: 1, arbitrary: fc.constantFrom('/api/loyalty/orders/%zz', '/api/loyalty/%E0%A4%A') },
);
const loyalty = fc.oneof(
  { weight: 3, arbitrary: request('loyalty', methodOf('POST'), loyaltyPaths, bodyFrom([LOYALTY_ORDER, LOYALTY_PAYMENT])) },
  { weight: 2, arbitrary: request('loyalty', methodOf('POST'), loyaltyPaths, loyaltyForm, credentials, formType) },
);

const images = request(
  'images',
  methodOf('GET'),
  fc
    .tuple(
      fc.constantFrom('demo', '%zz', '%', '__proto__', 'constructor', 'nobody', '%E0%A4%A'),
      fc.constantFrom('', 'items/x.png', 'resized_100_', 'resized_100_%zz', '%zz', '%', '..%2F..%2Fetc%2Fpasswd', 'a/%E0%A4%A.png', '__proto__'),
    )
    .map(([account, path]) => `/xef/${account}/images/${path}`),
  null,
  fc.constant({}),
);

/** Host and Origin headers of a control call: loopback or not, same origin or not. */
const controlHeaders = fc
  .record({
    host: fc.constantFrom(undefined, 'localhost', '127.0.0.1:8787', '[::1]:1', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', ''),
    origin: fc.constantFrom(undefined, undefined, 'null', 'http://evil.example', 'http://localhost', 'http://127.0.0.1:8787'),
  })
  .map(({ host, origin }) => {
    const headers: Record<string, string> = {};
    if (host !== undefined) headers.Host = host;
    if (origin !== undefined) headers.Origin = origin;
    return headers;
  });

const control = fc.oneof(
  request(
    'control',
    methodOf('GET'),
    fc.tuple(fc.constantFrom('ledger', 'open-orders', 'faults', 'stats', 'nothing', '%zz', ''), query).map(([p, q]) => `/__sandbox/${p}${q}`),
    null,
    controlHeaders,
  ),
  request(
    'control',
    methodOf('POST'),
    fc.constant('/__sandbox/faults'),
    bodyFrom([{ latencyMs: 0 }, { errorRate: 0, errorStatus: 503 }, { rateLimitBurst: { everyMs: 2000, forMs: 1000 } }, {}]),
    controlHeaders,
  ),
  request(
    'control',
    methodOf('POST'),
    fc.oneof(badSegment, fc.constant('1')).map((id) => `/__sandbox/orders/${id}/close`),
    bodyFrom([{}]),
    controlHeaders,
  ),
  request('control', methodOf('POST'), fc.constant('/__sandbox/reset'), fc.constantFrom('', '{}', '{', 'a=1'), controlHeaders),
);

/** Every route family, weighted towards the ones with the most input to get wrong. */
export const malformedRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 6, arbitrary: catalog },
  { weight: 2, arbitrary: v2 },
  { weight: 5, arbitrary: commerce },
  { weight: 3, arbitrary: flow },
  { weight: 4, arbitrary: loyalty },
  { weight: 1, arbitrary: images },
  { weight: 2, arbitrary: control },
);

/** The requests once reported as failing, always sent: prototype keys and a 140,000-entry batch. */
export function knownCases(): FuzzRequest[] {
  const json = { ...CREDENTIALS, 'Content-Type': 'application/json' };
  const post = (family: Family, path: string, body: string): FuzzRequest => ({ family, method: 'POST', path, headers: json, body });
  const cases: FuzzRequest[] = [];
  for (const key of PROTOTYPE_KEYS) {
    for (const resource of CATALOG_RESOURCES) {
      const record = mutatedJson(CATALOG_BASES[resource], [{ node: 0, key, value: '{"polluted":1}', replace: false }]);
      cases.push(post('catalog', `${V2}/catalog/${resource}`, record));
      cases.push(post('catalog', `${V2}/catalog/${resource}`, `{${JSON.stringify(resource)}:[${record}]}`));
    }
    cases.push(post('catalog', `${V2}/catalog/items`, `{"id":1,${JSON.stringify(key)}:"x"}`));
    cases.push(post('commerce', `${V2}/customers`, `[{"name":"Ana",${JSON.stringify(key)}:{"polluted":1}}]`));
  }
  cases.push(post('commerce', `${V2}/customers`, `[${new Array<string>(140_000).fill('{"name":"a"}').join(',')}]`));
  cases.push(post('catalog', `${V2}/catalog/groups`, `{"groups":[${new Array<string>(140_000).fill('{}').join(',')}]}`));
  cases.push(post('catalog', `${V2}/catalog/groups`, `{"name":"Deep","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`));
  cases.push(
    post(
      'loyalty',
      '/api/loyalty/orders',
      mutatedJson(LOYALTY_ORDER, [{ node: 0, key: 'extra', value: '['.repeat(100_000) + ']'.repeat(100_000), replace: false }]),
    ),
  );
  return cases;
}
