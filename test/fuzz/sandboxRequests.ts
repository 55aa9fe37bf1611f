// Generators of malformed requests to the sandbox (issue 10 item 14): every route family, with
// wrong methods and content types, broken JSON, deep nesting, huge arrays, prototype keys, wrong
// types, bad ids and pages and bad percent-encodings. Credentials are valid most of the time so the
// requests get past auth. Bodies are built as JSON text (a deep or huge value never exists as a JS
// value in the test, whose own JSON.stringify would overflow).
import fc from 'fast-check';
import { CATALOG_RESOURCES, type CatalogResource } from '../../electron/sandbox/catalog/model';
import { HEADERS, ITEM } from '../contract/orderFixtures';

export type Family = 'v2' | 'catalog' | 'commerce' | 'flow' | 'loyalty' | 'images' | 'control';

export interface FuzzRequest {
  family: Family;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Object keys that poison plain objects, `in` checks and spreads. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'toJSON',
] as const;

const CREDENTIALS = { tenant: HEADERS.tenant!, Authorization: HEADERS.Authorization!, 'client-token': HEADERS['client-token']! };

/** Path segments that are no valid id: out of range, not decimal, badly percent-encoded. */
export const badSegment = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '9007199254740993', 'abc', '%zz', '%', '%%', '%E0%A4%A',
    '%C0%AF', '%00', '%2e%2e', '..', '%2F', '🙂', '%F0%9F', '1%20', ' 1', 'null', 'undefined', '__proto__', 'constructor', 'toString'),
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '-5', '2', '200', '201', 'abc', '%zz', '%', '%E0%A4%A', '', '%20', '1e309', 'NaN', 'Infinity',
    '99999999999999999999999', '1.5', '%2B1', '1,2', '[]'),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

const queryName = fc.constantFrom('page', 'pagination', 'withTables', 'balance', 'uuid', 'campaign_id', 'tenant', 'kind', 'page[]',
  '__proto__', 'constructor', '%zz');

export const query = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));

export const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

/** The right method most of the time, else any. */
export function methodOf(right: string): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(right) }, { weight: 1, arbitrary: anyMethod });
}

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      'APPLICATION/JSON',
      'application/jsonx',
      'application/json, text/plain',
    ),
  },
);

/** Raw JSON texts that are not a well-formed value (or not the value a route wants). */
const brokenJson = fc.constantFrom(
  '',
  ' ',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"name":"x",}',
  "{'name':'x'}",
  '\u0000',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '"text"',
  '123',
  '-0',
  '1e400',
  'true',
  'null',
  '[]',
  '{}',
  '[{}]',
  '[null]',
  '{"\\ud800":1}',
  '"\\u00"',
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="message"\r\n\r\n{\r\n--x--',
);

/** A deeply nested JSON text (arrays or objects), up to 200,000 levels (under 2 MB). */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 200_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** A JSON array of `count` copies of `entry`, count up to 150,000 (some above 2 MB). */
function hugeArray(entries: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 1_000, max: 150_000 }), entries).map(([count, entry]) => `[${new Array<string>(count).fill(entry).join(',')}]`);
}

const scalarJson = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-1', '1.5', '1e308', '-1e308', '0.001', '123456789012345678901234567890', '""', '" "',
    '"12.50"', '"abc"', '"%zz"', '"1;2;99"', '[]', '{}', '[1,"a",null]', '{"a":{"b":[]}}'),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
  fc.double().map((n) => (Number.isFinite(n) ? JSON.stringify(n) : '0')),
  fc.integer().map(String),
);

/** The value put into a record: a scalar of any type, broken nesting, a deep or huge value. */
const malformedValue = fc.oneof(
  { weight: 8, arbitrary: scalarJson },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: hugeArray(fc.constantFrom('1', '{}', '"x"', 'null')) },
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One change to a valid JSON value: a field set (possibly a prototype key) or a node replaced. */
interface Mutation {
  /** Which object or array node of the value (modulo the node count). */
  node: number;
  key: string;
  value: string;
  replace: boolean;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  node: fc.nat(),
  key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('id', 'name', 'price', 'type', 'item_id', 'contents', 'order', 'auth',
    'data', 'table_id', 'quantity', 'amount', 'items', 'active', 'photo', 'allergies'), fc.string({ maxLength: 8 })),
  value: malformedValue,
  replace: fc.boolean(),
});

/**
 * `base` serialized with the mutations applied. Raw JSON values go in through placeholders, and keys
 * are written with JSON.stringify, so `__proto__` becomes an own key of the text, as an attacker sends it.
 */
export function mutatedJson(base: Json, mutations: readonly Mutation[]): string {
  const raws: string[] = [];
  const placeholder = (raw: string): string => {
    raws.push(raw);
    return `\ue000RAW${raws.length - 1}\ue000`; // private-use marks: no generated text holds them
  };
  // A tree of nodes where every object is an array of [key, value] pairs (keys kept verbatim).
  type Node = { kind: 'object'; entries: [string, Node][] } | { kind: 'array'; items: Node[] } | { kind: 'raw'; text: string };
  const toNode = (value: Json): Node => {
    if (Array.isArray(value)) return { kind: 'array', items: value.map(toNode) };
    if (value !== null && typeof value === 'object') return { kind: 'object', entries: Object.entries(value).map(([k, v]) => [k, toNode(v)]) };
    return { kind: 'raw', text: JSON.stringify(value) };
  };
  let root = toNode(base);
  for (const change of mutations) {
    const containers: Node[] = [];
    const walk = (node: Node) => {
      if (node.kind === 'raw') return;
      containers.push(node);
      for (const child of node.kind === 'object' ? node.entries.map((e) => e[1]) : node.items) walk(child);
    };
    walk(root);
    const target = containers[change.node % containers.length];
    const value: Node = { kind: 'raw', text: placeholder(change.value) };
    if (!target) {
      root = value;
    } else if (target.kind === 'object') {
      const at = target.entries.findIndex(([k]) => k === change.key);
      if (at >= 0 && change.replace) target.entries[at] = [change.key, value];
      else target.entries.push([change.key, value]);
    } else if (target.kind === 'array') {
      if (change.replace && target.items.length > 0) target.items[change.node % target.items.length] = value;
      else target.items.push(value);
    }
  }
  const write = (node: Node): string => {
    if (node.kind === 'raw') return node.text;
    if (node.kind === 'array') return `[${node.items.map(write).join(',')}]`;
    return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`).join(',')}}`;
  };
  return write(root).replace(/\ue000RAW(\d+)\ue000/g, (_m, i: string) => raws[Number(i)] as string);
}

/** A body: mostly a mutated valid body, else broken, deep, huge or any JSON. */
export function bodyFrom(bases: readonly Json[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, m]) => mutatedJson(b, m)) },
    { weight: 2, arbitrary: fc.constantFrom(...bases).map((b) => JSON.stringify(b)) },
    { weight: 3, arbitrary: brokenJson },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hugeArray(fc.constantFrom(...bases).map((b) => JSON.stringify(b))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  );
}

/** Valid credentials most of the time (past auth), sometimes none, wrong or odd ones. */
const credentials = fc.oneof(
  { weight: 12, arbitrary: fc.constant(CREDENTIALS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      {},
      { ...CREDENTIALS, tenant: 'demo-child' },
      { ...CREDENTIALS, tenant: '__proto__' },
      { ...CREDENTIALS, tenant: 'constructor' },
      { ...CREDENTIALS, Authorization: 'Bearer' },
      { ...CREDENTIALS, Authorization: 'Bearer %zz' },
      { ...CREDENTIALS, 'client-token': 'x'.repeat(5000) },
    ),
  },
);

function request(
  family: Family,
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<string> | null,
  headers: fc.Arbitrary<Record<string, string>> = credentials,
  type: fc.Arbitrary<string> = contentType,
): fc.Arbitrary<FuzzRequest> {
  return fc.record({ method, path, headers, type, body: body ?? fc.constant(undefined) }).map((r) => {
    const headers = { ...r.headers };
    if (r.type !== '') headers['Content-Type'] = r.type;
    const sendsBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
    return { family, method: r.method, path: r.path, headers, ...(sendsBody ? { body: r.body } : {}) };
  });
}

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
    request('catalog', methodOf('GET'), fc.tuple(fc.constant(`${V2}/catalog/${resource}`), query).map(([p, q]) => p + q), null),
    request('catalog', fc.constantFrom('GET', 'DELETE', 'PUT', 'POST'), badSegment.map((id) => `${V2}/catalog/${resource}/${id}`), bodyFrom(bases)),
    request('catalog', methodOf('GET'), fc.tuple(fc.constantFrom('groups/1/categories', 'categories/1/items', 'groups/%zz/categories', 'categories/0/items'), query).map(([p, q]) => `${V2}/catalog/${p}${q}`), null),
  );
});

const v2: fc.Arbitrary<FuzzRequest> = fc.oneof(
  request('v2', methodOf('GET'), fc.tuple(fc.constantFrom('rooms', 'paymentMethods', 'rooms?withTables=1'), query).map(([p, q]) => `${V2}/${p}${p.includes('?') ? q.replace('?', '&') : q}`), null),
  request('v2', methodOf('POST'), fc.constant('/api/external/chains/sync'), bodyFrom([{}])),
  request('v2', anyMethod, fc.tuple(fc.constantFrom('', 'nothing', 'rooms/1', '../v2/rooms', '%zz', 'catalog', 'catalog/%zz'), query).map(([p, q]) => `${V2}/${p}${q}`), null),
);

const commerce: fc.Arbitrary<FuzzRequest> = fc.oneof(
  // Customers: a non-empty array (spec example); huge batches included.
  request('commerce', methodOf('POST'), fc.constant(`${V2}/customers`), bodyFrom([[{ name: 'Ana', active: 1, phone: 600111222 }], [{ name: 'Ana' }, { name: 'Luis', email: 'l@x.es' }]])),
  request('commerce', fc.constantFrom('GET', 'DELETE'), fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/customers/${id}`), null),
  request('commerce', methodOf('GET'), fc.tuple(fc.constantFrom('customers', 'warehouses', 'vendors', 'purchaseOrders', 'warehouses/1', 'vendors/1/items'), query).map(([p, q]) => `${V2}/${p}${q}`), null),
  request('commerce', methodOf('POST'), fc.tuple(badSegment, query).map(([uuid, q]) => `${V2}/giftCards${q || `?uuid=${uuid}&balance=10`}`), null),
  request('commerce', methodOf('POST'), fc.oneof(badSegment, fc.constant('card-1')).map((uuid) => `${V2}/giftCards/${uuid}`), bodyFrom([{ amount: 1 }, { amount: '2.50' }])),
  request('commerce', methodOf('POST'), fc.tuple(fc.oneof(badSegment, fc.constant('1')), fc.constantFrom('addStock', 'setStock')).map(([id, op]) => `${V2}/warehouses/${id}/${op}`),
    bodyFrom([{ item_id: ITEM.cafe, quantity: 2 }, { stocks: [{ item_id: ITEM.cafe, quantity: 1 }, { item_id: ITEM.tostada, quantity: 3 }] }])),
  request('commerce', methodOf('POST'), fc.constant(`${V2}/vendors`), bodyFrom([{ name: 'Proveedor', address: 'Calle 1', nif: 'B12345678' }])),
  request('commerce', fc.constantFrom('PUT', 'DELETE', 'GET'), fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/vendors/${id}`), bodyFrom([{ name: 'Otro' }, { nif: 'B1' }])),
  request('commerce', fc.constantFrom('POST', 'DELETE'), fc.oneof(badSegment, fc.constant('1')).map((id) => `${V2}/vendors/${id}/items`),
    bodyFrom([{ items: [{ item_id: ITEM.cafe, costPrice: '0.40', pack: 1 }] }, { items: [ITEM.cafe] }])),
);

const FLOW_MESSAGE: Json = {
  auth: { tenant: 'demo', token: 'demo-token' },
  action: 'newOrder',
  data: { table_id: [1], guests: 2, customer: { name: 'Ana', phone: 600111222 }, notes: null, contents: [{ item_id: ITEM.cafe, itemPrice: 1.8, quantity: 1 }], payments: null },
};

/** A message as it goes in the query: percent-encoded, or with broken percent-encodings left in. */
const flowQuery = fc.oneof(
  { weight: 6, arbitrary: bodyFrom([FLOW_MESSAGE]).filter((m) => m.length < 6_000).map(encodeURIComponent) },
  { weight: 2, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '%7B%22auth%22%3A%', '{"auth":', '%00', '%C0%80', '%ED%A0%80', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const flow: fc.Arbitrary<FuzzRequest> = fc.oneof(
  request('flow', methodOf('POST'), flowQuery.map((m) => `/apiFlow?message=${m}`), null, fc.constant({})),
  // The message in a JSON or form body (tolerated) or nowhere.
  request('flow', methodOf('POST'), fc.constant('/apiFlow'), bodyFrom([{ message: FLOW_MESSAGE }, { message: JSON.stringify(FLOW_MESSAGE) }]), fc.constant({})),
  request('flow', methodOf('POST'), fc.constant('/apiFlow'), fc.constantFrom('message=%zz', 'message=', 'message=%7B', `message=${encodeURIComponent(JSON.stringify(FLOW_MESSAGE))}`), fc.constant({})),
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
      fc.tuple(fc.constantFrom('skipMerge', 'skip_merge', 'warehouse_id', 'order', 'order[total]', 'customer[name]', '__proto__', 'constructor', 'toString', '%zz', ''), formValue),
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
    .tuple(fc.constantFrom('demo', '%zz', '%', '__proto__', 'constructor', 'nobody', '%E0%A4%A'), fc.constantFrom('', 'items/x.png', 'resized_100_', 'resized_100_%zz', '%zz', '%', '..%2F..%2Fetc%2Fpasswd', 'a/%E0%A4%A.png', '__proto__'))
    .map(([account, path]) => `/xef/${account}/images/${path}`),
  null,
  fc.constant({}),
);

/** Host and Origin headers of a control call: loopback or not, same origin or not. */
const controlHeaders = fc.record({
  host: fc.constantFrom(undefined, 'localhost', '127.0.0.1:8787', '[::1]:1', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', ''),
  origin: fc.constantFrom(undefined, undefined, 'null', 'http://evil.example', 'http://localhost', 'http://127.0.0.1:8787'),
}).map(({ host, origin }) => {
  const headers: Record<string, string> = {};
  if (host !== undefined) headers.Host = host;
  if (origin !== undefined) headers.Origin = origin;
  return headers;
});

const control = fc.oneof(
  request('control', methodOf('GET'), fc.tuple(fc.constantFrom('ledger', 'open-orders', 'faults', 'stats', 'nothing', '%zz', ''), query).map(([p, q]) => `/__sandbox/${p}${q}`), null, controlHeaders),
  request('control', methodOf('POST'), fc.constant('/__sandbox/faults'),
    bodyFrom([{ latencyMs: 0 }, { errorRate: 0, errorStatus: 503 }, { rateLimitBurst: { everyMs: 2000, forMs: 1000 } }, {}]), controlHeaders),
  request('control', methodOf('POST'), fc.oneof(badSegment, fc.constant('1')).map((id) => `/__sandbox/orders/${id}/close`), bodyFrom([{}]), controlHeaders),
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

/** The requests the issue reported (item 14), always sent: prototype keys and a 140,000-entry batch. */
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
  cases.push(post('loyalty', '/api/loyalty/orders', mutatedJson(LOYALTY_ORDER, [{ node: 0, key: 'extra', value: '['.repeat(100_000) + ']'.repeat(100_000), replace: false }])));
  return cases;
}
