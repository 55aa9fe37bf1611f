import { describe, expect, it } from 'vitest';
import {
  bridgeErrorInfoSchema,
  bridgeResultSchema,
  coded,
  connectionCheckSchema,
  deliveryOutcomeSchema,
  errorCodes,
  outboxErrorSchema,
  queueStorageProblemSchema,
  saidParam,
  upgradeLegacyError,
} from './index';

// What crosses the bridge (and what the queue stores) says a code with
// parameters where a waiter reads; an English `message` there is refused by the schemas.

const at = '2026-11-24T12:00:00.000Z';
const shapes = [
  ['a bridge error', bridgeErrorInfoSchema, { kind: 'offline', code: 'offline' }],
  ['a stored outbox error', outboxErrorSchema, { kind: 'not-sent:offline', code: 'order-offline', at }],
  ['the queue’s storage problem', queueStorageProblemSchema, { code: 'queue-cannot-save', detail: 'SQLITE_FULL', since: at }],
  ['a delivery outcome', deliveryOutcomeSchema, { outcome: 'unknown', code: 'order-unconfirmed' }],
  ['a connection check', connectionCheckSchema, { check: 'reachable', ok: true, code: 'host-answered', params: { host: 'pos.example.com', status: 200 } }],
] as const;

describe('the bridge’s error shapes', () => {
  it.each(shapes)('%s takes a code with parameters', (_, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, params: { said: 'Mesa ocupada', status: 409 } }).success).toBe(true);
  });

  it.each(shapes)('%s refuses an English message, with or without a code', (_, schema, valid) => {
    expect(schema.safeParse({ ...valid, message: 'Cannot reach the server: check the connection.' }).success).toBe(false);
    const { code: _code, ...withoutCode } = valid;
    expect(schema.safeParse({ ...withoutCode, message: 'Cannot reach the server: check the connection.' }).success).toBe(false);
  });

  it.each(shapes)('%s refuses a code that is not in the list, and parameters that are not plain values', (_, schema, valid) => {
    expect(schema.safeParse({ ...valid, code: 'Cannot reach the server' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, params: { nested: { a: 1 } } }).success).toBe(false);
    expect(schema.safeParse({ ...valid, params: { 'not a name': 1 } }).success).toBe(false);
  });

  it('a bridge result with a message-shaped error is not a bridge result', () => {
    expect(bridgeResultSchema.safeParse({ ok: false, error: { kind: 'internal', code: 'internal', params: { operation: 'listRooms' } } }).success).toBe(true);
    expect(bridgeResultSchema.safeParse({ ok: false, error: { kind: 'internal', message: 'Something went wrong in listRooms.' } }).success).toBe(false);
  });

  it('lists each code once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });
});

describe('helpers', () => {
  it('coded() leaves out undefined parameters, and params altogether when none remain', () => {
    expect(coded('rate-limited')).toEqual({ code: 'rate-limited' });
    expect(coded('server-error', { status: 502, said: undefined })).toEqual({ code: 'server-error', params: { status: 502 } });
    expect(coded('credentials-refused', saidParam('  '))).toEqual({ code: 'credentials-refused' });
    expect(coded('credentials-refused', saidParam(' Invalid token '))).toEqual({ code: 'credentials-refused', params: { said: 'Invalid token' } });
  });

  it('upgradeLegacyError turns an old `message` into `legacy` with its words, and leaves coded errors alone', () => {
    expect(upgradeLegacyError({ kind: 'unknown', message: 'Timed out.', detail: 'POST loyalty/orders', at })).toEqual({
      kind: 'unknown',
      code: 'legacy',
      params: { text: 'Timed out.' },
      detail: 'POST loyalty/orders',
      at,
    });
    const coded = { kind: 'unknown', code: 'order-unconfirmed', at };
    expect(upgradeLegacyError(coded)).toBe(coded);
    expect(upgradeLegacyError(null)).toBeNull();
    expect(outboxErrorSchema.safeParse(upgradeLegacyError({ kind: 'unknown', message: 'Timed out.', at })).success).toBe(true);
  });
});
