import { describe, expect, it, vi } from 'vitest';
import type { BridgeApi, BridgeEvent } from '../../../shared/bridge';
import { BridgeError, operationNames } from '../../../shared/bridge';
import { createHttpBridge, type BridgeEventSource } from './httpBridge';
import { createPinGrants } from './grants';
import { createBridgeClient } from './index';
import { testBridgeApi } from './testing';

// The first page of rooms (spec: hospitality 4.2 `V2/rooms?withTables`), as the sync asks for it.
const ROOMS = { pages: [{ resource: 'rooms' as const, page: 1 }] };
const roomsPage = { records: [{ id: 1, name: 'Terraza', tables: [{ id: 10, name: '1' }] }], page: 1, lastPage: 1, total: 1 };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(async (input, init) => respond(String(input), init ?? {}));
}

describe('createHttpBridge', () => {
  it('POSTs the input as JSON to /bridge/<operation>, no secret in the page: the session cookie authenticates it', async () => {
    const fetch = fakeFetch(() => jsonResponse({ ok: true, value: { pages: [roomsPage] } }));
    const bridge = createHttpBridge({ baseUrl: 'http://127.0.0.1:5173/', fetch });

    const result = await bridge.fetchSyncPages(ROOMS);

    expect(result).toEqual({ ok: true, value: { pages: [roomsPage] } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5173/bridge/fetchSyncPages');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(init?.credentials ?? 'same-origin').toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify(ROOMS));
  });

  it.each(operationNames)('exposes %s on its own route', async (name) => {
    const fetch = fakeFetch(() => jsonResponse({ ok: false, error: { kind: 'internal', message: 'probe' } }));
    const bridge = createHttpBridge({ baseUrl: 'http://127.0.0.1:4780', fetch });
    const call = bridge[name] as (input: unknown) => Promise<unknown>;
    await call({});
    expect(fetch.mock.calls[0]![0]).toBe(`http://127.0.0.1:4780/bridge/${name}`);
  });

  it('getQueue: a snapshot comes back as a value; one that breaks the snapshot schema is refused', async () => {
    const snapshot = { revision: 3, services: [], entries: [], storageProblem: null };
    const good = createHttpBridge({ fetch: fakeFetch(() => jsonResponse({ ok: true, value: snapshot })) });
    expect(await good.getQueue({})).toEqual({ ok: true, value: snapshot });
    const bad = createHttpBridge({ fetch: fakeFetch(() => jsonResponse({ ok: true, value: { revision: -1, services: [], entries: [] } })) });
    expect(await bad.getQueue({})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    const state = createHttpBridge({ fetch: fakeFetch(() => jsonResponse({ ok: true, value: { state: null } })) });
    expect(await state.getConnectionState({})).toEqual({ ok: true, value: { state: null } });
  });

  it('defaults to the page origin (relative URL)', async () => {
    const fetch = fakeFetch(() => jsonResponse({ ok: true, value: { pages: [roomsPage] } }));
    const bridge = createHttpBridge({ fetch });
    await bridge.fetchSyncPages(ROOMS);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/bridge/fetchSyncPages');
    expect(JSON.parse(String(init?.body))).toEqual(ROOMS);
  });

  it('passes a failure envelope through unchanged, whatever the HTTP status', async () => {
    const error = { kind: 'offline', code: 'offline', detail: 'ECONNREFUSED' } as const;
    const bridge = createHttpBridge({ fetch: fakeFetch(() => jsonResponse({ ok: false, error }, 502)) });
    expect(await bridge.fetchSyncPages(ROOMS)).toEqual({ ok: false, error });
  });

  it('turns a network failure into "local service not answering", a call that never reached the main side', async () => {
    const fetch = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await createHttpBridge({ fetch }).getAppInfo({});
    expect(result).toEqual({
      ok: false,
      error: { kind: 'unreachable', code: 'local-service-not-answering', detail: 'getAppInfo: Failed to fetch' },
    });
  });

  it('sends the account a call names in x-comanda-account (URI-encoded), and no header without one', async () => {
    const fetch = fakeFetch(() => jsonResponse({ ok: true, value: { pages: [] } }));
    const bridge = createHttpBridge({ fetch });
    await bridge.fetchSyncPages(ROOMS, { accountKey: 'cafè@127.0.0.1:8787' });
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('x-comanda-account')).toBe(encodeURIComponent('cafè@127.0.0.1:8787'));
    await bridge.fetchSyncPages(ROOMS);
    expect(new Headers(fetch.mock.calls[1]![1]?.headers).has('x-comanda-account')).toBe(false);
  });

  it('turns a 403 without an envelope (a stale secret after a restart) into forbidden: the call did nothing', async () => {
    const fetch = fakeFetch(() => jsonResponse({ error: 'Missing or wrong bridge secret' }, 403));
    const result = await createHttpBridge({ fetch }).retryEntry({ entryId: '5b0e9d9e-4a55-4c87-9d7e-0f1a2b3c4d5e' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'page-not-accepted', detail: expect.stringContaining('HTTP 403') } });
  });

  it('turns a non-JSON answer into "local service not answering" with the status in the detail', async () => {
    const fetch = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const result = await createHttpBridge({ fetch }).getAppInfo({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('internal');
    expect(result.error.code).toBe('local-service-not-answering');
    expect(result.error.detail).toContain('HTTP 502');
    expect(result.error.detail).toContain('Bad Gateway');
  });

  it('rejects JSON that is not a result envelope, or a value that breaks the output schema', async () => {
    const notEnvelope = await createHttpBridge({ fetch: fakeFetch(() => jsonResponse({ pages: [] })) }).fetchSyncPages(ROOMS);
    expect(notEnvelope.ok).toBe(false);
    if (!notEnvelope.ok) expect(notEnvelope.error.kind).toBe('internal');

    const badValue = await createHttpBridge({
      fetch: fakeFetch(() => jsonResponse({ ok: true, value: { pages: [{ records: 'one' }] } })),
    }).fetchSyncPages(ROOMS);
    expect(badValue.ok).toBe(false);
    if (!badValue.ok) expect(badValue.error.detail).toContain('pages.0');
  });

  it('opens one event stream, delivers valid events and ignores invalid ones', () => {
    const sources: Array<BridgeEventSource & { url: string; closed: boolean }> = [];
    const bridge = createHttpBridge({
      fetch: fakeFetch(() => jsonResponse({})),
      openEventSource: (url) => {
        const source = { url, closed: false, onmessage: null, close: () => (source.closed = true) };
        sources.push(source);
        return source;
      },
    });
    const first: BridgeEvent[] = [];
    const second: BridgeEvent[] = [];
    const stopFirst = bridge.onEvent((event) => first.push(event));
    const stopSecond = bridge.onEvent((event) => second.push(event));
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/bridge/events');

    const emit = (data: string) => sources[0]!.onmessage?.(new MessageEvent('message', { data }));
    const online: BridgeEvent = { type: 'connection', state: 'online', at: '2025-11-22T10:00:00.000Z' };
    emit(JSON.stringify(online));
    emit('not json');
    emit(JSON.stringify({ type: 'connection', state: 'sideways', at: 'now' }));
    emit(JSON.stringify({ type: 'unknown' }));
    expect(first).toEqual([online]);
    expect(second).toEqual([online]);

    stopFirst();
    expect(sources[0]!.closed).toBe(false);
    stopSecond();
    expect(sources[0]!.closed).toBe(true);
  });
});

describe('event stream reconnects', () => {
  it('says so each time the stream opens: the first time (a read made before it may have missed a change) and after every drop', () => {
    let source: BridgeEventSource | null = null;
    let reopened = 0;
    const bridge = createHttpBridge({
      fetch: fakeFetch(() => jsonResponse({})),
      openEventSource: () => (source = { onmessage: null, close() {} }),
      onReopen: () => (reopened += 1),
    });
    bridge.onEvent(() => {});
    source!.onopen?.(new Event('open'));
    expect(reopened).toBe(1);
    // EventSource reconnects by itself after a drop and fires `open` again.
    source!.onopen?.(new Event('open'));
    source!.onopen?.(new Event('open'));
    expect(reopened).toBe(3);
  });
});

describe('createBridgeClient', () => {
  const fakeApi = (overrides: Partial<BridgeApi>): BridgeApi => testBridgeApi(overrides);

  it('returns the value of a successful result', async () => {
    const client = createBridgeClient(fakeApi({ fetchSyncPages: async () => ({ ok: true, value: { pages: [roomsPage] } }) }));
    await expect(client.fetchSyncPages(ROOMS)).resolves.toEqual({ pages: [roomsPage] });
  });

  it('throws a BridgeError carrying kind, code, parameters and detail on failure', async () => {
    const client = createBridgeClient(
      fakeApi({
        fetchSyncPages: async () => ({
          ok: false,
          error: { kind: 'timeout', code: 'host-no-answer', params: { host: 'pos.example.com', seconds: 10 }, detail: '10 s' },
        }),
      }),
    );
    const error = await client.fetchSyncPages(ROOMS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({
      kind: 'timeout',
      code: 'host-no-answer',
      params: { host: 'pos.example.com', seconds: 10 },
      detail: '10 s',
      message: 'host-no-answer: 10 s',
    });
  });

  it.each(operationNames)('unwraps %s', async (name) => {
    const api = testBridgeApi({ [name]: async () => ({ ok: true, value: { answered: name } }) });
    const client = createBridgeClient(api);
    const call = client[name] as (input: unknown) => Promise<unknown>;
    await expect(call({})).resolves.toEqual({ answered: name });
  });

  it('passes the call context through', async () => {
    const fetchSyncPages = vi.fn(async () => ({ ok: true as const, value: { pages: [] } }));
    await createBridgeClient(fakeApi({ fetchSyncPages })).fetchSyncPages(ROOMS, { accountKey: 'demo' });
    expect(fetchSyncPages).toHaveBeenCalledWith(ROOMS, { accountKey: 'demo' });
  });

  it('sends the grant header of a guarded call, and none with a read', async () => {
    const fetch = fakeFetch(() => jsonResponse({ ok: true, value: { theme: 'dark', language: null, lockIdleMinutes: 0 } }));
    const bridge = createHttpBridge({ fetch });
    await bridge.savePreferences({ theme: 'dark' }, { grant: GRANT_A });
    await bridge.getPreferences({});
    expect(fetch.mock.calls[0]![1]?.headers).toMatchObject({ 'x-comanda-grant': GRANT_A });
    expect(fetch.mock.calls[1]![1]?.headers).not.toHaveProperty('x-comanda-grant');
  });
});

const GRANT_A = 'a'.repeat(43);
const GRANT_B = 'b'.repeat(43);
const PIN_REQUIRED = { ok: false as const, error: { kind: 'forbidden' as const, code: 'pin-required' as const } };

describe('the PIN grants a window holds', () => {
  it('attaches the grant to guarded calls only, an action grant to one call', async () => {
    const grants = createPinGrants({ session: 300_000 });
    const savePreferences = vi.fn(async () => ({ ok: true as const, value: { theme: 'dark' as const, language: null, lockIdleMinutes: 0 } }));
    const getPreferences = vi.fn(async () => ({ ok: true as const, value: { theme: 'dark' as const, language: null, lockIdleMinutes: 0 } }));
    const client = createBridgeClient(testBridgeApi({ savePreferences, getPreferences }), grants);
    grants.hold({ id: GRANT_A, kind: 'action', expiresInMs: 60_000 });
    await client.getPreferences({});
    await client.savePreferences({ theme: 'dark' }, { accountKey: 'demo' });
    await client.savePreferences({ theme: 'dark' });
    expect(getPreferences).toHaveBeenCalledWith({}, undefined);
    expect(savePreferences.mock.calls).toEqual([
      [{ theme: 'dark' }, { accountKey: 'demo', grant: GRANT_A }],
      [{ theme: 'dark' }, undefined],
    ]);
  });

  it('keeps a session for several calls until it expires, and forgets everything when cleared', () => {
    const grants = createPinGrants({ session: 300_000 });
    grants.hold({ id: GRANT_B, kind: 'session', expiresInMs: 300_000 }, 0);
    expect(grants.take(100_000)).toBe(GRANT_B);
    expect(grants.take(390_000)).toBe(GRANT_B); // renewed by the use at 100 s
    expect(grants.take(690_000)).toBeUndefined();
    grants.hold({ id: GRANT_B, kind: 'session', expiresInMs: 300_000 }, 0);
    grants.hold({ id: GRANT_A, kind: 'action', expiresInMs: 60_000 }, 0);
    expect(grants.take(1)).toBe(GRANT_A);
    expect(grants.take(2)).toBe(GRANT_B);
    grants.clear();
    expect(grants.take(3)).toBeUndefined();
  });

  it('asks for the PIN once when the main side says pin-required, then calls again with the new grant', async () => {
    const grants = createPinGrants({ session: 300_000 });
    const discardEntry = vi.fn(async (_input: unknown, context?: { grant?: string }) =>
      context?.grant === GRANT_A ? { ok: true as const, value: { entry: { id: 'e' } } } : PIN_REQUIRED,
    );
    const asked: string[] = [];
    grants.setAsker(async (operation) => {
      asked.push(operation);
      grants.hold({ id: GRANT_A, kind: 'action', expiresInMs: 60_000 });
      return true;
    });
    const client = createBridgeClient(testBridgeApi({ discardEntry } as never), grants);
    await expect(client.discardEntry({ entryId: '5b0e9d9e-4a55-4c87-9d7e-0f1a2b3c4d5e' })).resolves.toEqual({ entry: { id: 'e' } });
    expect(asked).toEqual(['discardEntry']);
    expect(discardEntry).toHaveBeenCalledTimes(2);

    // Refused again, or the PIN not given: the refusal is the answer, asked once only.
    grants.setAsker(async () => false);
    const refused = await client.discardEntry({ entryId: '5b0e9d9e-4a55-4c87-9d7e-0f1a2b3c4d5e' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'pin-required' });
    expect(discardEntry).toHaveBeenCalledTimes(3);
  });

  it('forwards event subscriptions', () => {
    const unsubscribe = vi.fn();
    const onEvent = vi.fn(() => unsubscribe);
    const client = createBridgeClient(testBridgeApi({ onEvent }));
    const listener = () => {};
    client.onEvent(listener)();
    expect(onEvent).toHaveBeenCalledWith(listener);
    expect(unsubscribe).toHaveBeenCalled();
  });
});
