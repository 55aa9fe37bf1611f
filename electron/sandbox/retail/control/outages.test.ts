// Outages of single paths (outages.ts): one product's promotion links out while the rest of the
// catalog answers, lifted on demand and by reset, and costing nothing of the catalog budget.
import { describe, expect, it } from 'vitest';
import { createRetailSandboxApp } from '../app';
import { MINIMAL } from '../seed/minimal';

const SHOP = { username: 'demo-shop', Authorization: 'Bearer demo-token' };

function sandbox() {
  const app = createRetailSandboxApp({
    limits: { catalogRequestsPerMinute: 3 },
    onError: (error) => {
      throw error;
    },
  });
  const get = async (path: string) => {
    const response = await app.request(path, { headers: SHOP });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
  };
  const control = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const init: RequestInit = { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await app.request(`/__sandbox/${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { get, control };
}

const links = (id: number) => `/api/external/catalog/products/${id}/promotions`;

describe('POST /__sandbox/outages: single paths answer 503 until lifted', () => {
  it('refuses only the paths named, without using the budget; [] and reset lift them', async () => {
    const { get, control } = sandbox();
    const out = MINIMAL.product.shirt;
    expect(await control('POST', 'outages', { paths: [links(out)] })).toEqual({ status: 200, body: { paths: [links(out)], refused: 0 } });

    // Five refusals with a budget of 3 catalog requests a minute: none of them counted.
    for (let i = 0; i < 5; i++) {
      const refused = await get(links(out));
      expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { code: 0, data: [] } });
    }
    expect((await get(`${links(out)}/`)).status).toBe(503);
    expect((await get('/api/external/catalog/products?pagination=1')).status).toBe(200);
    expect((await control('GET', 'outages')).body).toEqual({ paths: [links(out)], refused: 6 });

    expect((await control('POST', 'outages', { paths: [] })).body).toEqual({ paths: [], refused: 6 });
    expect((await get(links(out))).status).toBe(200);
    expect((await get(links(out))).status).toBe(200);
    // The budget: three catalog requests went through, the fourth is refused by the rate limit.
    expect((await get(links(out))).status).toBe(429);

    await control('POST', 'outages', { paths: [links(out)] });
    await control('POST', 'reset', {});
    expect((await control('GET', 'outages')).body).toEqual({ paths: [], refused: 0 });
    expect((await get(links(out))).status).toBe(200);
  });

  it('refuses a body that is not a list of paths under /api/external', async () => {
    const { control } = sandbox();
    for (const body of ['{', { paths: ['/__sandbox/reset'] }, { paths: '/api/external/x' }, { paths: [], extra: 1 }, { paths: ['/api/external/a?b=1'] }]) {
      expect((await control('POST', 'outages', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await control('GET', 'outages')).body).toEqual({ paths: [], refused: 0 });
  });
});
