// What the fuzz of both sandbox listeners (hospitality: sandboxRequests.ts, retail:
// retailRequests.ts) builds its malformed requests from: bad path segments and queries, wrong
// methods and content types, broken, deep and huge JSON, prototype keys, mutated bodies, and the
// request builder over a listener's credentials. Bodies are built as JSON text (a deep or huge
// value never exists as a JS value in the test, whose own JSON.stringify would overflow).
import fc from 'fast-check';

/** One generated request; `family` names the route family it aims at (the tallies count by it). */
export interface FuzzRequest<F extends string = string> {
  family: F;
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

/** Path segments that are no valid id: out of range, not decimal, badly percent-encoded. */
export const badSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '99999999999999999999',
    '9007199254740993',
    'abc',
    '%zz',
    '%',
    '%%',
    '%E0%A4%A',
    '%C0%AF',
    '%00',
    '%2e%2e',
    '..',
    '%2F',
    '🙂',
    '%F0%9F',
    '1%20',
    ' 1',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'toString',
  ),
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-5',
    '2',
    '200',
    '201',
    'abc',
    '%zz',
    '%',
    '%E0%A4%A',
    '',
    '%20',
    '1e309',
    'NaN',
    'Infinity',
    '99999999999999999999999',
    '1.5',
    '%2B1',
    '1,2',
    '[]',
  ),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

const queryName = fc.constantFrom(
  'page',
  'pagination',
  'withTables',
  'balance',
  'uuid',
  'campaign_id',
  'tenant',
  'kind',
  'page[]',
  '__proto__',
  'constructor',
  '%zz',
);

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
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-1',
    '1.5',
    '1e308',
    '-1e308',
    '0.001',
    '123456789012345678901234567890',
    '""',
    '" "',
    '"12.50"',
    '"abc"',
    '"%zz"',
    '"1;2;99"',
    '[]',
    '{}',
    '[1,"a",null]',
    '{"a":{"b":[]}}',
  ),
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

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One change to a valid JSON value: a field set (possibly a prototype key) or a node replaced. */
export interface Mutation {
  /** Which object or array node of the value (modulo the node count). */
  node: number;
  key: string;
  value: string;
  replace: boolean;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  node: fc.nat(),
  key: fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom(
      'id',
      'name',
      'price',
      'type',
      'item_id',
      'contents',
      'order',
      'auth',
      'data',
      'table_id',
      'quantity',
      'amount',
      'items',
      'active',
      'photo',
      'allergies',
    ),
    fc.string({ maxLength: 8 }),
  ),
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

/** A listener's valid credentials most of the time (past auth), sometimes one of the `odd` ones. */
export function credentialsOf(valid: Record<string, string>, odd: readonly Record<string, string>[]): fc.Arbitrary<Record<string, string>> {
  return fc.oneof({ weight: 12, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: fc.constantFrom(...odd) });
}

/** The request builder of a listener's families: headers default to `credentials`, a body goes with any method but GET and HEAD. */
export function requestsOf<F extends string>(credentials: fc.Arbitrary<Record<string, string>>) {
  return (
    family: F,
    method: fc.Arbitrary<string>,
    path: fc.Arbitrary<string>,
    body: fc.Arbitrary<string> | null,
    headers: fc.Arbitrary<Record<string, string>> = credentials,
    type: fc.Arbitrary<string> = contentType,
  ): fc.Arbitrary<FuzzRequest<F>> =>
    fc.record({ method, path, headers, type, body: body ?? fc.constant(undefined) }).map((r) => {
      const all = { ...r.headers };
      if (r.type !== '') all['Content-Type'] = r.type;
      const sendsBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
      return { family, method: r.method, path: r.path, headers: all, ...(sendsBody ? { body: r.body } : {}) };
    });
}
