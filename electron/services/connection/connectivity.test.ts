import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/bridge';
import { createConnectivityMonitor, probeServer, type ConnectivityMonitor } from './connectivity';
import { createFakeClock } from '../gateway/fakeClock.testing';
import { redirectingTo, startRecordingServer } from '../secrets/recordingServer.testing';

const monitors: ConnectivityMonitor[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const monitor of monitors.splice(0)) monitor.close();
  await Promise.all(servers.splice(0).map(stop));
});

function stop(server: Server): Promise<void> {
  return new Promise((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
}

/** A probe the test answers by hand: each call waits until the test says reachable or not. */
function manualProbe() {
  const pending: Array<(reachable: boolean) => void> = [];
  let calls = 0;
  return {
    probe: () => {
      calls++;
      return new Promise<boolean>((resolve) => pending.push(resolve));
    },
    /** Answers the oldest probe in flight. */
    answer(reachable: boolean) {
      const next = pending.shift();
      if (!next) throw new Error('no probe in flight');
      next(reachable);
    },
    get calls() {
      return calls;
    },
    get inFlight() {
      return pending.length;
    },
  };
}

describe('connectivity monitor (fake clock)', () => {
  function setUp() {
    const clock = createFakeClock();
    const probe = manualProbe();
    const changes: ConnectionState[] = [];
    const monitor = createConnectivityMonitor({
      baseUrl: 'http://vendor.test',
      onChange: (state) => changes.push(state),
      probe: probe.probe,
      clock,
    });
    monitors.push(monitor);
    return { clock, probe, changes, monitor };
  }

  it('probes at once, then every 500 ms while offline, and reports the return once', async () => {
    const { clock, probe, changes, monitor } = setUp();
    expect(monitor.state).toBeNull();
    expect(probe.calls).toBe(1);
    probe.answer(false);
    await clock.settle();
    expect(changes).toEqual(['offline']);
    await clock.advance(499);
    expect(probe.calls).toBe(1);
    await clock.advance(1);
    expect(probe.calls).toBe(2);
    probe.answer(false);
    await clock.advance(500);
    expect(probe.calls).toBe(3);
    probe.answer(true);
    await clock.settle();
    expect(changes).toEqual(['offline', 'online']);
    expect(monitor.state).toBe('online');
  });

  it('while online, probes only after 15 s without an answered call', async () => {
    const { clock, probe, changes, monitor } = setUp();
    probe.answer(true);
    await clock.settle();
    expect(changes).toEqual(['online']);
    // A busy terminal: a call answers every 10 s, so no heartbeat is ever needed.
    for (let i = 0; i < 6; i++) {
      await clock.advance(10_000);
      monitor.report(true);
    }
    expect(probe.calls).toBe(1);
    // Quiet: the heartbeat comes 15 s after the last answer.
    await clock.advance(14_999);
    expect(probe.calls).toBe(1);
    await clock.advance(1);
    expect(probe.calls).toBe(2);
    probe.answer(true);
    await clock.advance(15_000);
    expect(probe.calls).toBe(3);
    probe.answer(false);
    await clock.settle();
    expect(changes).toEqual(['online', 'offline']);
  });

  it('a failed vendor call switches to fast probing; a probe older than a report cannot overrule it', async () => {
    const { clock, probe, changes, monitor } = setUp();
    probe.answer(true);
    await clock.settle();
    monitor.report(false);
    expect(changes).toEqual(['online', 'offline']);
    await clock.advance(500);
    expect(probe.calls).toBe(2);
    // The connection returns and a vendor call says so while that probe is still out…
    monitor.report(true);
    // …and the stale probe fails: it must not flip the state back.
    probe.answer(false);
    await clock.settle();
    expect(changes).toEqual(['online', 'offline', 'online']);
    expect(monitor.state).toBe('online');
  });

  it('stops probing when closed', async () => {
    const { clock, probe, monitor } = setUp();
    probe.answer(false);
    await clock.settle();
    monitor.close();
    await clock.advance(5_000);
    expect(probe.calls).toBe(1);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('connectivity monitor (real server)', () => {
  async function listen(server: Server, port = 0): Promise<number> {
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  /** Resolves at the next change to `state` (or at once if it is the current one). */
  function waitFor(changes: ConnectionState[], state: ConnectionState, from: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (changes.slice(from).includes(state)) resolve();
        else if (Date.now() - started > 20_000) reject(new Error(`no ${state} after ${JSON.stringify(changes)}`));
        else setTimeout(check, 10);
      };
      check();
    });
  }

  it('probes GET / without credentials, sees the server go and come back', async () => {
    const seen: Array<{ url: string | undefined; authorization: string | undefined; tenant: string | undefined }> = [];
    const handler = (req: { url?: string; headers: Record<string, string | string[] | undefined> }, res: { writeHead(s: number): void; end(): void }) => {
      seen.push({ url: req.url, authorization: req.headers.authorization as string | undefined, tenant: req.headers.tenant as string | undefined });
      res.writeHead(404); // any status means reachable
      res.end();
    };
    let server = createServer(handler);
    servers.push(server);
    const port = await listen(server);

    const changes: ConnectionState[] = [];
    const monitor = createConnectivityMonitor({
      baseUrl: `http://127.0.0.1:${port}`,
      onChange: (state) => changes.push(state),
      offlineProbeMs: 50,
      idleProbeMs: 100,
      probeTimeoutMs: 2_000,
    });
    monitors.push(monitor);
    await waitFor(changes, 'online', 0);
    expect(seen[0]).toEqual({ url: '/', authorization: undefined, tenant: undefined });

    await stop(servers.pop() as Server);
    await waitFor(changes, 'offline', 1);

    server = createServer(handler);
    servers.push(server);
    await listen(server, port);
    await waitFor(changes, 'online', 2);
    expect(changes.slice(0, 3)).toEqual(['online', 'offline', 'online']);
  }, 30_000);

  it('probeServer: a closed port or a server that never answers is unreachable', async () => {
    const silent = createServer(() => {}); // accepts and never answers
    servers.push(silent);
    const port = await listen(silent);
    expect(await probeServer(`http://127.0.0.1:${port}`, 200)).toBe(false);
    await stop(servers.pop() as Server);
    expect(await probeServer(`http://127.0.0.1:${port}`, 2_000)).toBe(false);
    expect(await probeServer('not a url', 2_000)).toBe(false);
  });

  it('probeServer: a redirect counts as an answer and is never followed', async () => {
    const elsewhere = await startRecordingServer();
    const redirector = await startRecordingServer(redirectingTo(302, () => `${elsewhere.url}/`));
    try {
      expect(await probeServer(redirector.url, 2_000)).toBe(true);
      expect(redirector.requests).toHaveLength(1);
      expect(redirector.credentialHeaders()).toEqual([]);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([elsewhere.close(), redirector.close()]);
    }
  });
});
