import { createServer, request, type ClientRequest, type Server } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { createDispatcher } from '../services/bridge/dispatcher';
import { testHandlers } from '../services/bridge/handlers.testing';
import { createEventStreams, MAX_EVENT_STREAMS } from './eventStreams';
import { openSession } from './http.testing';
import { startWebShell } from './server';

// The browser shell's event streams are capped: a local page or process that opens hundreds of
// them is refused (503, Retry-After) once MAX_EVENT_STREAMS are open, and a place frees up when one
// closes.

const listeners = new Set<(event: BridgeEvent) => void>();
const onEvent = (listener: (event: BridgeEvent) => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

interface Opened {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  req: ClientRequest;
}

/** Opens `path` and resolves once the answer's headers arrive; the connection stays open. */
function open(port: number, path: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0, headers: res.headers, req });
    });
    req.on('error', fail);
    req.end();
  });
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('event streams', () => {
  it(`accepts ${MAX_EVENT_STREAMS} at once, refuses the next with 503, and takes one again once one closes`, async () => {
    const streams = createEventStreams({ onEvent, heartbeatMs: 60_000 });
    const server: Server = createServer((req, res) => streams.open(req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          streams.closeAll();
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const port = (server.address() as AddressInfo).port;

    const accepted: Opened[] = [];
    for (let i = 0; i < MAX_EVENT_STREAMS; i++) accepted.push(await open(port, '/'));
    expect(accepted.map((each) => each.status)).toEqual(Array(MAX_EVENT_STREAMS).fill(200));
    expect(streams.count).toBe(MAX_EVENT_STREAMS);
    expect(listeners.size).toBe(MAX_EVENT_STREAMS);

    const refused = await open(port, '/');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(streams.count).toBe(MAX_EVENT_STREAMS);

    accepted[0]!.req.destroy();
    await vi.waitFor(() => expect(streams.count).toBe(MAX_EVENT_STREAMS - 1));
    expect(listeners.size).toBe(MAX_EVENT_STREAMS - 1);
    expect((await open(port, '/')).status).toBe(200);
    for (const each of accepted) each.req.destroy();
    await vi.waitFor(() => expect(streams.count).toBe(1));
  });

  it('the browser shell refuses the stream past the cap', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comanda-streams-'));
    await writeFile(join(dir, 'index.html'), '<html><head></head></html>');
    const shell = await startWebShell({ rendererDir: dir, core: { dispatcher: createDispatcher(testHandlers({})), onEvent } });
    cleanups.push(() => shell.close());
    const cookie = await openSession(shell);
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_EVENT_STREAMS; i++) {
      const opened = await open(shell.port, '/bridge/events', { cookie });
      cleanups.push(() => void opened.req.destroy());
      statuses.push(opened.status);
    }
    expect(statuses).toEqual([...Array(MAX_EVENT_STREAMS).fill(200), 503]);
  });
});
