import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { isControlPath } from './injectFaults';
import { isLoopbackAddress, isLoopbackHost } from './routes';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The env @hono/node-server passes: the request's socket (only its address matters here). */
function fromAddress(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress } }, outgoing: {} };
}

describe('control API access', () => {
  it('answers in-process calls (no socket) and loopback sockets', async () => {
    const app = createSandboxApp();
    expect((await app.request('/__sandbox/ledger')).status).toBe(200);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.request('/__sandbox/ledger', {}, fromAddress(address))).status).toBe(200);
    }
  });

  it('answers 403 to a request from a non-loopback address, and changes nothing', async () => {
    const app = createSandboxApp();
    const answer = await app.request('/__sandbox/faults', { method: 'POST', body: '{"offline":true}' }, fromAddress('192.168.1.20'));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 403, data: [] });
    expect(app.faults.current.offline).toBe(false);
    expect((await app.request('/__sandbox/reset', { method: 'POST' }, fromAddress('::ffff:10.0.0.3'))).status).toBe(403);
  });

  it('in-process calls are held to the same rules: JSON POSTs, loopback Host, no foreign Origin', async () => {
    const app = createSandboxApp();
    expect((await app.request('/__sandbox/reset', { method: 'POST' })).status).toBe(415);
    expect((await app.request('/__sandbox/faults', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await app.request('http://evil.example/__sandbox/ledger')).status).toBe(403);
    expect((await app.request('/__sandbox/ledger', { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await app.request('/__sandbox/ledger', { headers: { Origin: 'http://localhost' } })).status).toBe(200);
  });

  it('isLoopbackHost: names no DNS answer can move, with any port', () => {
    for (const host of ['localhost', 'LOCALHOST:80', '127.0.0.1', '127.0.0.1:8787', '127.1.2.3:1', '[::1]', '[::1]:4780']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '',
      'evil.example',
      'localhost.evil.example',
      'localhost.',
      '127.0.0.1.nip.io',
      '127.0.0.256',
      '0.0.0.0',
      '[::]:1',
      '192.168.1.20:80',
      '[::ffff:192.168.0.1]',
      'localhost:80:80',
      'user@localhost',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('isLoopbackAddress', () => {
    expect(isLoopbackAddress('127.0.0.53')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::ffff:192.168.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('isControlPath normalises the path as the router does', () => {
    expect(isControlPath('/__sandbox/ledger?tenant=demo')).toBe(true);
    expect(isControlPath('/__sandbox')).toBe(true);
    expect(isControlPath('/__sandboxes')).toBe(false);
    expect(isControlPath('/__sandbox/../apiFlow')).toBe(false);
    expect(isControlPath('/apiFlow')).toBe(false);
  });
});

describe('reset', () => {
  it('puts the accounts back to the seed even after records were added and removed', async () => {
    const app = createSandboxApp();
    const demo = app.state.account('demo');
    if (!demo) throw new Error('no demo account');
    const tables = demo.tables.length;
    const lastIds = { ...demo.lastIds };
    demo.tables.pop();
    demo.lastIds.orders = 41;
    app.state.ledger.push({ kind: 'flow', tenant: 'demo', receivedAt: '', orderId: 41, payload: {} });
    expect((await app.request('/__sandbox/reset', { method: 'POST', headers: JSON_TYPE })).status).toBe(200);
    expect(app.state.account('demo')).toBe(demo); // same object, records replaced
    expect(demo.tables).toHaveLength(tables);
    expect(demo.lastIds).toEqual(lastIds);
    expect(app.state.ledger).toEqual([]);
  });
});
