// Malformed input the sandbox once answered with 500: prototype keys in catalog
// and customer writes, huge batches, deep nesting. Each is a 4xx with the error body now, nothing
// is written, and the sandbox keeps serving. The fuzz (test/fuzz/sandbox.fuzz.test.ts) looks for more.
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from './app';
import { jsonValueProblem, MAX_JSON_DEPTH, parseJson } from './json';
import { SPEC_LIMITS } from './limits';
import { demoHeaders } from './testing';

const V2 = '/api/external/v2';
const headers = { ...demoHeaders(), 'Content-Type': 'application/json' };
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function post(app: ReturnType<typeof createSandboxApp>, path: string, body: string) {
  const answer = await app.request(path, { method: 'POST', headers, body });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function total(app: ReturnType<typeof createSandboxApp>, path: string): Promise<number> {
  return ((await (await app.request(path, { headers })).json()) as { total: number }).total;
}

describe('prototype keys', () => {
  it('a catalog write naming __proto__, constructor or prototype is refused (422), alone or in a batch; nothing is written', async () => {
    const app = createSandboxApp();
    const before = await total(app, `${V2}/catalog/groups`);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      for (const body of [`{"name":"G",${JSON.stringify(key)}:{"polluted":1}}`, `{"groups":[{"name":"G"},{"name":"H",${JSON.stringify(key)}:1}]}`]) {
        const answer = await post(app, `${V2}/catalog/groups`, body);
        expect(answer, body).toEqual({ status: 422, body: { error: expect.stringContaining(`"${key}" is not allowed`), code: 422, data: [] } });
      }
    }
    expect(await total(app, `${V2}/catalog/groups`)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unknown field named like an Object member (toString, valueOf) is kept as sent (clarifications: unknown fields)', async () => {
    const app = createSandboxApp();
    const answer = await post(app, `${V2}/catalog/groups`, '{"name":"G","toString":"x","valueOf":2,"hasOwnProperty":null}');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'G', toString: 'x', valueOf: 2, hasOwnProperty: null });
    const id = answer.body.id as number;
    expect(await (await app.request(`${V2}/catalog/groups/${id}`, { headers })).json()).toMatchObject({ toString: 'x' });
    // An update naming them changes the field, never a rule lookup.
    expect((await post(app, `${V2}/catalog/groups`, `{"id":${id},"toString":"y"}`)).body).toMatchObject({ toString: 'y' });
  });

  it('a customer naming __proto__ is refused (422)', async () => {
    const app = createSandboxApp();
    const answer = await post(app, `${V2}/customers`, '[{"name":"Ana","__proto__":{"admin":true}}]');
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(/__proto__/);
  });
});

describe('batch size', () => {
  it(`a 140,000-customer batch under 2 MB is refused with 422 naming the limit (${SPEC_LIMITS.maxBatchEntries}); the limit itself is served`, async () => {
    const app = createSandboxApp();
    const before = await total(app, `${V2}/customers`);
    const huge = `[${new Array<string>(140_000).fill('{"name":"a"}').join(',')}]`;
    expect(huge.length).toBeLessThan(SPEC_LIMITS.maxBodyBytes);
    const refused = await post(app, `${V2}/customers`, huge);
    expect(refused).toEqual({ status: 422, body: { error: expect.stringMatching(/140000.*limit is 1000 per request/), code: 422, data: [] } });
    expect(await total(app, `${V2}/customers`)).toBe(before);
    const most = `[${new Array<string>(SPEC_LIMITS.maxBatchEntries).fill('{"name":"a"}').join(',')}]`;
    expect((await post(app, `${V2}/customers`, most)).status).toBe(201);
    expect(await total(app, `${V2}/customers`)).toBe(before + SPEC_LIMITS.maxBatchEntries);
  });

  it('catalog, vendor-item and stock batches have the same limit (settable)', async () => {
    const app = createSandboxApp({ limits: { maxBatchEntries: 2 } });
    const three = (entry: string) => [entry, entry, entry].join(',');
    for (const [path, body] of [
      [`${V2}/catalog/groups`, `{"groups":[${three('{"name":"G"}')}]}`],
      [`${V2}/warehouses/1/setStock`, `{"stocks":[${three('{"item_id":1,"quantity":1}')}]}`],
      [`${V2}/vendors/1/items`, `{"items":[${three('{"item_id":1,"costPrice":"1.00","pack":1}')}]}`],
    ] as const) {
      const answer = await post(app, path, body);
      expect(answer.body.error, path).toMatch(/the limit is 2 per request/);
      expect(answer.status, path).toBe(422);
    }
    expect((await post(app, `${V2}/catalog/groups`, '{"groups":[{"name":"A"},{"name":"B"}]}')).status).toBe(200);
  });
});

describe('deep nesting', () => {
  it('a catalog record with a 100,000-level field is refused; nothing stored that would break every later list', async () => {
    const app = createSandboxApp();
    const answer = await post(app, `${V2}/catalog/groups`, `{"name":"Deep","extra":${deep(100_000)}}`);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    expect((await app.request(`${V2}/catalog/groups?pagination=200`, { headers })).status).toBe(200);
    expect((await post(app, `${V2}/catalog/groups`, `{"name":"Shallow","extra":${deep(MAX_JSON_DEPTH - 1)}}`)).status).toBe(200);
  });

  it('a loyalty order or a Flow message nested too deep is refused before anything is committed', async () => {
    const app = createSandboxApp();
    const loyalty = await post(app, '/api/loyalty/orders', `{"order":{"total":0,"contents":[]},"x":${deep(50_000)}}`);
    expect(loyalty.status).toBe(422);
    const message = `{"auth":{"tenant":"demo","token":"demo-token"},"action":"newOrder","data":${deep(50_000)}}`;
    const flow = await app.request(`/apiFlow?message=${encodeURIComponent(message)}`, { method: 'POST' });
    expect(await flow.json()).toEqual({ result: false, errorMessage: expect.stringMatching(/deeper than/), data: null });
    const inBody = await app.request('/apiFlow', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"message":${message}}` });
    expect(await inBody.json()).toEqual({ result: false, errorMessage: expect.stringMatching(/deeper than/), data: null });
    expect(app.state.ledger).toEqual([]);
  });

  it('parseJson / jsonValueProblem walk without recursion and name where the problem is', () => {
    expect(() => jsonValueProblem(JSON.parse(deep(500_000)))).not.toThrow();
    expect(parseJson('{"a":[{"b":{"constructor":1}}]}')).toEqual({
      ok: false,
      message: 'The request body is refused: the key "constructor" is not allowed (at a[0].b).',
    });
    expect(parseJson('{"a":', 'The body')).toEqual({ ok: false, message: 'The body is not valid JSON.' });
    expect(parseJson('{"a":[1,{"b":"toString"}]}')).toEqual({ ok: true, value: { a: [1, { b: 'toString' }] } });
  });
});

describe('malformed URLs', () => {
  it('bad percent-encodings in ids, pages and image paths are 4xx with the error body', async () => {
    const app = createSandboxApp();
    for (const path of [
      `${V2}/customers/%zz`,
      `${V2}/catalog/items/%E0%A4%A`,
      `${V2}/customers?page=%zz&pagination=%`,
      '/xef/%zz/images/a.png',
      '/__sandbox/orders/%/close',
    ]) {
      const answer = await app.request(path, { method: path.includes('close') ? 'POST' : 'GET', headers });
      expect(answer.status, path).toBeGreaterThanOrEqual(200);
      expect(answer.status, path).toBeLessThan(500);
      if (answer.status >= 400) expect(await answer.json(), path).toMatchObject({ code: answer.status, data: [] });
    }
  });
});
