import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from './app';
import { clientFault, isClientDisconnect } from './errors';
import { createRetailSandboxApp } from './retail';
import { retailErrorBody } from './retail/errors';
import { serveApp, type RunningSandbox } from './server';

// A client that hangs up in the middle of its request (a reset, or a FIN before the body is
// complete) is the network, not a sandbox bug: neither listener reports it through `onError` (the
// CLI prints those as errors), and both still answer the next request.

const running: RunningSandbox[] = [];
afterEach(async () => {
  for (const each of running.splice(0)) await each.close();
});

/** Serves `app` on a real listener, counting the answers the app has produced. */
async function serve(
  app: { fetch: (request: Request) => Response | Promise<Response>; faults: Parameters<typeof serveApp>[0]['faults'] },
  errorBody?: (status: number, message: string) => unknown,
) {
  const answered = { count: 0 };
  const sandbox = await serveApp({
    fetch: async (request) => {
      const response = await app.fetch(request);
      answered.count++;
      return response;
    },
    faults: app.faults,
    flush: async () => {},
    host: '127.0.0.1',
    port: 0,
    ...(errorBody ? { errorBody } : {}),
  });
  running.push(sandbox);
  return { sandbox, answered };
}

/** Sends `head` and half of a JSON body, then resets the connection (`reset`) or closes it (FIN). */
function hangUpMidBody(port: number, head: string, how: 'reset' | 'close'): Promise<void> {
  const body = '{"table_id": 1, "contents": [';
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}Content-Type: application/json\r\nContent-Length: ${body.length * 10}\r\nConnection: close\r\n\r\n${body}`, () => {
        if (how === 'reset') socket.resetAndDestroy();
        else socket.end();
        done();
      });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : fail(error)));
  });
}

describe('a client that hangs up mid-request', () => {
  it('is not a sandbox error on the hospitality listener', async () => {
    const onError = vi.fn();
    const { sandbox, answered } = await serve(createSandboxApp({ onError }));
    const head = 'POST /api/loyalty/orders HTTP/1.1\r\nHost: 127.0.0.1\r\ntenant: demo\r\nAuthorization: Bearer demo-token\r\nclient-token: demo-client\r\n';
    await hangUpMidBody(sandbox.port, head, 'reset');
    await hangUpMidBody(sandbox.port, head, 'close');
    await vi.waitFor(() => expect(answered.count).toBe(2));
    expect(onError).not.toHaveBeenCalled();
    const healthy = await fetch(`${sandbox.url}/api/external/v2/paymentMethods`, {
      headers: { tenant: 'demo', Authorization: 'Bearer demo-token', 'client-token': 'demo-client' },
    });
    expect(healthy.status).toBe(200);
  });

  it('is not a sandbox error on the retail listener', async () => {
    const onError = vi.fn();
    const { sandbox, answered } = await serve(createRetailSandboxApp({ onError }), (_status, message) => retailErrorBody(message));
    const head = 'POST /api/external/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nusername: demo-shop\r\nAuthorization: Bearer demo-token\r\n';
    await hangUpMidBody(sandbox.port, head, 'reset');
    await hangUpMidBody(sandbox.port, head, 'close');
    await vi.waitFor(() => expect(answered.count).toBe(2));
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells a disconnect from a bug', () => {
    expect(isClientDisconnect(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isClientDisconnect(new Error('Client connection prematurely closed.'))).toBe(true);
    expect(isClientDisconnect(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isClientDisconnect(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isClientDisconnect(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toBe(false);
    expect(clientFault(new RangeError('bug'))).toBeNull();
  });
});
