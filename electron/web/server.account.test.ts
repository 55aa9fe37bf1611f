// Browser shell: the account a bridge call names travels in `x-comanda-account`
// (URI-encoded) and reaches the dispatcher beside the input.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_KEY_HEADER, encodeAccountKeyHeader } from '../../shared/bridge';
import { createDispatcher } from '../services/bridge/dispatcher';
import { testHandlers } from '../services/bridge/handlers.testing';
import { openSession } from './http.testing';
import { startWebShell, type RunningWebShell } from './server';

const dispatcher = createDispatcher(testHandlers({ getConnectionState: async () => ({ state: null }) }));
const dispatch = vi.spyOn(dispatcher, 'dispatch');
let shell: RunningWebShell;
let cookie: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'comanda-web-account-'));
  await writeFile(join(dir, 'index.html'), '<html><head><title>Comanda</title></head></html>');
  shell = await startWebShell({ rendererDir: dir, core: { dispatcher, onEvent: () => () => {} } });
  cookie = await openSession(shell);
});
afterAll(async () => {
  await shell.close();
});

const getConnectionState = (headers: Record<string, string> = {}) =>
  fetch(`${shell.origin}/bridge/getConnectionState`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: '{}',
  });

describe('browser shell: the account a call names', () => {
  it('hands the decoded header to the dispatcher as the call context', async () => {
    const key = 'cafè@127.0.0.1:8787';
    const res = await getConnectionState({ [ACCOUNT_KEY_HEADER]: encodeAccountKeyHeader(key) });
    expect(res.status).toBe(200);
    expect(dispatch).toHaveBeenLastCalledWith('getConnectionState', {}, { accountKey: key });
    await getConnectionState();
    expect(dispatch).toHaveBeenLastCalledWith('getConnectionState', {}, {});
  });

  it('hands the PIN grant header to the dispatcher beside the account', async () => {
    const grant = 'g'.repeat(43);
    await getConnectionState({ [ACCOUNT_KEY_HEADER]: 'demo', 'x-comanda-grant': grant });
    expect(dispatch).toHaveBeenLastCalledWith('getConnectionState', {}, { accountKey: 'demo', grant });
  });

  it('answers a malformed header with 400 invalid-input, without dispatching', async () => {
    dispatch.mockClear();
    const res = await getConnectionState({ [ACCOUNT_KEY_HEADER]: '%E0%A4%A' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});
