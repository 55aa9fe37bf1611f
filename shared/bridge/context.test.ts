import { describe, expect, it } from 'vitest';
import { bridgeCallContextSchema, contextFromAccountKeyHeader, encodeAccountKeyHeader } from './context';

describe('bridge call context', () => {
  it('round-trips an account key through the HTTP header, whatever its characters', () => {
    for (const key of ['demo', 'bar-pepe@127.0.0.1:8787', 'cafè ñ@pos.example.com']) {
      expect(contextFromAccountKeyHeader(encodeAccountKeyHeader(key))).toEqual({ accountKey: key });
    }
  });

  it('reads no header as no account, and a malformed encoding as null (a 400, not a crash)', () => {
    expect(contextFromAccountKeyHeader(undefined)).toEqual({});
    expect(contextFromAccountKeyHeader('%E0%A4%A')).toBeNull();
  });

  it('accepts only an account key', () => {
    expect(bridgeCallContextSchema.safeParse({ accountKey: 'demo' }).success).toBe(true);
    expect(bridgeCallContextSchema.safeParse({}).success).toBe(true);
    expect(bridgeCallContextSchema.safeParse({ accountKey: '' }).success).toBe(false);
    expect(bridgeCallContextSchema.safeParse({ accountKey: 'demo', admin: true }).success).toBe(false);
  });
});
