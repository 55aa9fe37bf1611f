import { describe, expect, it } from 'vitest';
import { createSandboxApp } from './app';
import { RATE_WINDOW_MS, SlidingWindowLimiter } from './rateLimit';
import { demoHeaders } from './testing';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests per sliding window and says when the next slot frees', () => {
    const limiter = new SlidingWindowLimiter(3);
    expect(limiter.take('demo', 0)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.take('demo', 10_000)).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.take('demo', 20_000)).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take('demo', 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    // refused requests are not counted: the first slot still frees at 60 s
    expect(limiter.take('demo', 59_999)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(limiter.take('demo', RATE_WINDOW_MS)).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take('demo', 65_000)).toEqual({ allowed: false, retryAfterMs: 5_000 });
  });

  it('counts each key apart and forgets everything on clear()', () => {
    const limiter = new SlidingWindowLimiter(1);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 1).allowed).toBe(false);
    expect(limiter.take('b', 1).allowed).toBe(true);
    limiter.clear();
    expect(limiter.take('a', 2).allowed).toBe(true);
  });
});

describe('rate limit middleware', () => {
  it('answers 429 with Retry-After (whole seconds, at least 1) and Laravel rate headers', async () => {
    const app = createSandboxApp({ limits: { requestsPerMinute: 2 } });
    const first = await app.request('/api/external/v2/paymentMethods', { headers: demoHeaders() });
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await app.request('/api/external/v2/paymentMethods', { headers: demoHeaders() });
    const refused = await app.request('/api/external/v2/paymentMethods', { headers: demoHeaders() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/2 requests per minute/), code: 429, data: [] });
  });

  it('reads the Flow tenant leniently from the message query and ignores a malformed one', async () => {
    const app = createSandboxApp({ limits: { requestsPerMinute: 1 } });
    const flow = (message: string) => app.request(`/apiFlow?message=${encodeURIComponent(message)}`, { method: 'POST' });
    const good = JSON.stringify({ auth: { tenant: 'demo', token: 'demo-token' }, action: 'newOrder', data: {} });
    expect((await flow(good)).status).not.toBe(429);
    expect((await flow(good)).status).toBe(429);
    expect((await flow('{not json')).status).not.toBe(429);
    expect((await flow(JSON.stringify({ auth: { tenant: 'demo', token: 'wrong' } }))).status).not.toBe(429);
    expect((await app.request('/api/external/v2/paymentMethods', { headers: demoHeaders() })).status).toBe(429);
  });
});
