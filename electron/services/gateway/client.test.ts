import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox } from '../../sandbox';
import { createGateway } from './client';
import { GatewayError } from './errors';
import { failureOf } from '../../../shared/testing/failureOf.testing';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const gatewayFor = (baseUrl: string, secrets = DEMO_ACCOUNT, onReachability = vi.fn()) =>
  createGateway({ baseUrl, secrets: async () => secrets, timeoutMs: 5000, onReachability });

/** A server that answers every request with the given body, to see how the gateway copes. */
async function serverAnswering(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('gateway against the sandbox', () => {
  it('reads every room with its tables, numbers coerced from strings', async () => {
    const reach = vi.fn();
    const rooms = await gatewayFor(sandbox.url, DEMO_ACCOUNT, reach).listRooms();
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    const tables = rooms.flatMap((room) => room.tables ?? []);
    expect(tables.length).toBeGreaterThanOrEqual(20);
    for (const table of tables) {
      expect(typeof table.x).toBe('number');
      expect(typeof table.width).toBe('number');
      expect(typeof table.room_id).toBe('number');
    }
    expect(reach).toHaveBeenLastCalledWith(true);
  });

  it('reads payment methods: 1 = Card, 2 = Cash', async () => {
    const methods = await gatewayFor(sandbox.url).listPaymentMethods();
    expect(methods.find((m) => m.id === 1)?.name).toBe('Card');
    expect(methods.find((m) => m.id === 2)?.name).toBe('Cash');
  });

  it('reports wrong credentials as unauthorised, with the status for engineers', async () => {
    const failure = await failureOf(gatewayFor(sandbox.url, { ...DEMO_ACCOUNT, accessToken: 'nope' }).listRooms(), GatewayError);
    expect(failure.kind).toBe('unauthorised');
    expect(failure.status).toBe(401);
    expect(failure.toBridgeError().detail).toContain('HTTP 401');
  });

  it('reports missing credentials as unauthorised without calling the server', async () => {
    const gateway = createGateway({ baseUrl: sandbox.url, secrets: async () => null, timeoutMs: 5000 });
    expect((await failureOf(gateway.listPaymentMethods(), GatewayError)).kind).toBe('unauthorised');
  });

  it('reports a malformed body as invalid-response naming the field, not a crash', async () => {
    const bad = await serverAnswering(200, JSON.stringify({ current_page: 1, data: [{ id: 1, name: 'Salón', tables: [{ id: 'x' }] }] }));
    try {
      const failure = await failureOf(gatewayFor(bad.url).listRooms(), GatewayError);
      expect(failure.kind).toBe('invalid-response');
      expect(failure.body).toMatch(/data\.0\.tables\.0/);
    } finally {
      bad.server.close();
    }
  });

  it('reports a body that is not JSON as invalid-response', async () => {
    const bad = await serverAnswering(200, '<html>maintenance</html>');
    try {
      expect((await failureOf(gatewayFor(bad.url).listPaymentMethods(), GatewayError)).kind).toBe('invalid-response');
    } finally {
      bad.server.close();
    }
  });

  it('reports a 5xx on a read as server-error with the server message', async () => {
    const bad = await serverAnswering(503, JSON.stringify({ error: 'maintenance', code: 503, data: [] }));
    try {
      const failure = await failureOf(gatewayFor(bad.url).listPaymentMethods(), GatewayError);
      expect(failure.kind).toBe('server-error');
      expect(failure.text).toEqual({ code: 'server-error', params: { status: 503, said: 'maintenance' } });
    } finally {
      bad.server.close();
    }
  });

  it('reports an unreachable server as offline and says so to the connectivity listener', async () => {
    const gone = await startSandbox({ port: 0 });
    const url = gone.url;
    await gone.close();
    const reach = vi.fn();
    const failure = await failureOf(gatewayFor(url, DEMO_ACCOUNT, reach).listRooms(), GatewayError);
    expect(failure.kind).toBe('offline');
    expect(reach).toHaveBeenLastCalledWith(false);
  });
});
