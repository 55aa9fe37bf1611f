import { describe, expect, it } from 'vitest';
import { httpStatusError, parseRetryAfter } from './errors';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter('1.2')).toBe(2);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('httpStatusError', () => {
  const at = (status: number, isWrite: boolean, retryAfter?: string) =>
    httpStatusError({ endpoint: 'POST loyalty/orders', isWrite, status, body: { error: 'said', code: status, data: [] }, retryAfter });

  it('a 503 carries its Retry-After (RFC 9110 §15.6.4); other 5xx do not', () => {
    expect(at(503, true, '30')).toMatchObject({ kind: 'outcome-unknown', status: 503, retryAfterSeconds: 30 });
    expect(at(500, true, '30').retryAfterSeconds).toBeUndefined();
  });

  it('a 5xx is outcome-unknown for a write that reached the server, server-error otherwise', () => {
    expect(at(502, true).kind).toBe('outcome-unknown');
    expect(at(502, false).kind).toBe('server-error');
  });

  it('keeps the status classes: 401/403, 404, 413, 429, other 4xx', () => {
    expect(at(403, true).kind).toBe('unauthorised');
    expect(at(404, true).kind).toBe('not-found');
    expect(at(413, true)).toMatchObject({ kind: 'invalid', code: 'body-too-large' });
    expect(at(429, true, '4')).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 4 });
    expect(at(422, true)).toMatchObject({ kind: 'invalid', text: { code: 'server-rejected', params: { status: 422, said: 'said' } } });
  });
});

describe('httpStatusError: field paths of a refusal', () => {
  it('names the fields a `{ error, code, data }` body names, none for an empty data', () => {
    const at = (data: unknown) =>
      httpStatusError({ endpoint: 'POST config/customers', isWrite: true, status: 422, body: { error: 'The given data was invalid.', code: 0, data } });
    expect(at({ address: ['The address field is required.'] })).toMatchObject({ fields: ['address'], text: { params: { fields: 'address' } } });
    expect(at([]).fields).toEqual([]);
    expect(at([]).text.params).not.toHaveProperty('fields');
  });
});

// The pagination walker's tests are in pagination.test.ts.
