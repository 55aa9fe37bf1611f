import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, ServiceError, type BridgeHandlers } from './dispatcher';
import { testHandlers } from './handlers.testing';
import { rememberSecret } from '../secrets/redact';

function fakeHandlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  return testHandlers({
    getAppInfo: async () => ({ shell: 'browser', mode: 'demo', accountKey: 'demo', tenant: 'demo', version: '0.0.0' }),
    getConnectionState: async () => ({ state: 'online' }),
    ...overrides,
  });
}

describe('bridge dispatcher', () => {
  it('runs a valid call and returns its validated output', async () => {
    const result = await createDispatcher(fakeHandlers()).dispatch('getConnectionState', {});
    expect(result).toEqual({ ok: true, value: { state: 'online' } });
  });

  it('rejects an unknown operation without calling anything', async () => {
    const result = await createDispatcher(fakeHandlers()).dispatch('deleteEverything', {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
    // Inherited object keys are not operations either.
    expect(await createDispatcher(fakeHandlers()).dispatch('toString', {})).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
  });

  it('rejects bad input with a code naming each bad field (the detail says why), and never calls the service', async () => {
    const save = vi.fn(async (): Promise<never> => {
      throw new Error('the service ran');
    });
    const dispatcher = createDispatcher(fakeHandlers({ setPin: save }));
    const result = await dispatcher.dispatch('setPin', { pin: '12', current: 'abcd' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-input');
    expect(result.error).toMatchObject({ code: 'invalid-input', params: { operation: 'setPin', fields: 'pin, current' } });
    expect(result.error.detail).toBe('setPin: pin: pin-format; current: pin-format');
    expect(save).not.toHaveBeenCalled();
  });

  it('rejects unexpected extra fields (strict inputs)', async () => {
    const result = await createDispatcher(fakeHandlers()).dispatch('getConnectionState', { sql: 'drop table' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('passes a service error through with its kind, code and parameters', async () => {
    const dispatcher = createDispatcher(
      fakeHandlers({
        getConnectionState: async () => {
          throw new ServiceError({ kind: 'offline', code: 'host-no-answer', params: { host: 'pos.example.com', seconds: 10 } });
        },
      }),
    );
    expect(await dispatcher.dispatch('getConnectionState', {})).toEqual({
      ok: false,
      error: { kind: 'offline', code: 'host-no-answer', params: { host: 'pos.example.com', seconds: 10 } },
    });
  });

  it('turns a crash into an internal error instead of throwing', async () => {
    const log = vi.fn();
    const dispatcher = createDispatcher(
      fakeHandlers({
        getConnectionState: async () => {
          throw new TypeError('boom');
        },
      }),
      log,
    );
    expect(await dispatcher.dispatch('getConnectionState', {})).toMatchObject({ ok: false, error: { kind: 'internal', detail: 'boom' } });
    expect(log).toHaveBeenCalledOnce();
  });

  it('refuses to send out a result that breaks its output schema', async () => {
    const dispatcher = createDispatcher(fakeHandlers({ getConnectionState: async () => ({ state: 'sideways' }) as never }));
    expect(await dispatcher.dispatch('getConnectionState', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});

describe('what the dispatcher records carries no secret and no stack', () => {
  const TOKEN = 'dispatch-secret-token/+ 1';

  it('an internal failure answers with the message only; the log keeps the stack, scrubbed', async () => {
    rememberSecret(TOKEN);
    const log = vi.fn();
    const dispatcher = createDispatcher(
      fakeHandlers({
        getConnectionState: async () => {
          throw new Error(`cannot read /apiFlow?message=${encodeURIComponent(TOKEN)} (${TOKEN})`);
        },
      }),
      log,
    );
    const result = await dispatcher.dispatch('getConnectionState', {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal', detail: 'cannot read /apiFlow?message=[redacted] ([redacted])' } });
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/\bat .*\.ts:\d+/); // no stack frame
    const logged = String(log.mock.calls[0]?.[0]);
    expect(logged).toMatch(/\bat .*dispatcher\.test\.ts:\d+/);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(encodeURIComponent(TOKEN));
  });

  it('a service error that echoes a token is scrubbed, raw, URL-encoded and form-encoded', async () => {
    rememberSecret(TOKEN);
    const form = new URLSearchParams({ t: TOKEN }).toString().slice(2);
    const dispatcher = createDispatcher(
      fakeHandlers({
        getConnectionState: async () => {
          throw new ServiceError({
            kind: 'invalid',
            code: 'server-rejected',
            params: { status: 422, said: `refused ${TOKEN}` },
            detail: `body: ${encodeURIComponent(TOKEN)} ${form}`,
          });
        },
      }),
    );
    const result = await dispatcher.dispatch('getConnectionState', {});
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'server-rejected', params: { status: 422, said: 'refused [redacted]' }, detail: 'body: [redacted] [redacted]' },
    });
  });
});
