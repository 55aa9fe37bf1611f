import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ConnectionState } from '../../../shared/bridge';
import { systemClock, type LimiterClock } from '../gateway';

// Is the current account's server reachable? ("the main side probes the server;
// the dispatcher starts within 1 s of the connection returning".)
// - Vendor calls report what they saw (any HTTP status: reachable; no answer: not), for free.
// - While offline (or not known yet) a probe runs every 500 ms, so a returning connection is seen
//   within half a second and the renderer's outbox can start draining.
// - While online, a probe runs only after 15 s without an answered vendor call: a heartbeat that
//   costs nothing when the terminal is busy.
// The probe is a credential-less `GET {baseUrl}/`: any HTTP status means the server is there. It
// is not an API call, so it does not take a turn of the account's request budget (spec §8).

export interface ConnectivityOptions {
  /** The account's host root. */
  baseUrl: string;
  /** Called on every change of state (never twice with the same state). */
  onChange: (state: ConnectionState) => void;
  /** Probe interval while offline or not known. Default 500 ms. */
  offlineProbeMs?: number;
  /** While online: probe after this long without an answered call. Default 15 s. */
  idleProbeMs?: number;
  /** A probe with no answer after this long counts as offline. Default 2 s. */
  probeTimeoutMs?: number;
  /** Injected in tests; default: `probeServer` (GET {baseUrl}/). Resolves whether it answered. */
  probe?: (baseUrl: string, timeoutMs: number) => Promise<boolean>;
  clock?: LimiterClock;
}

export interface ConnectivityMonitor {
  /** Last known state; null until the first answer or failure. */
  readonly state: ConnectionState | null;
  /** What a vendor call saw: `true` when the server answered (any status), `false` when unreachable. */
  report(reachable: boolean): void;
  /** Stops probing (the account closes). */
  close(): void;
}

export const OFFLINE_PROBE_MS = 500;
export const IDLE_PROBE_MS = 15_000;
export const PROBE_TIMEOUT_MS = 2_000;

export function createConnectivityMonitor(options: ConnectivityOptions): ConnectivityMonitor {
  const clock = options.clock ?? systemClock;
  const offlineProbeMs = options.offlineProbeMs ?? OFFLINE_PROBE_MS;
  const idleProbeMs = options.idleProbeMs ?? IDLE_PROBE_MS;
  const probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const probe = options.probe ?? probeServer;

  let state: ConnectionState | null = null;
  let lastAnsweredAt = clock.now();
  /** Bumped by every report, so a probe that started before a newer report cannot overrule it. */
  let reports = 0;
  let probing = false;
  let closed = false;
  let cancelTimer: (() => void) | null = null;

  function set(next: ConnectionState) {
    if (next === 'online') lastAnsweredAt = clock.now();
    if (next === state) return;
    state = next;
    options.onChange(next);
  }

  function schedule() {
    cancelTimer?.();
    cancelTimer = null;
    if (closed || probing) return; // a probe in flight schedules the next when it ends
    const delay = state === 'online' ? Math.max(0, lastAnsweredAt + idleProbeMs - clock.now()) : offlineProbeMs;
    cancelTimer = clock.setTimer(() => {
      cancelTimer = null;
      void runProbe();
    }, delay);
  }

  async function runProbe() {
    if (closed || probing) return;
    if (state === 'online' && clock.now() < lastAnsweredAt + idleProbeMs) {
      schedule(); // a call answered meanwhile: no heartbeat needed yet
      return;
    }
    probing = true;
    const seen = reports;
    let reachable: boolean;
    try {
      reachable = await probe(options.baseUrl, probeTimeoutMs);
    } catch {
      reachable = false;
    }
    probing = false;
    if (closed) return;
    if (seen === reports) set(reachable ? 'online' : 'offline');
    schedule();
  }

  // Not known yet: find out now rather than in 500 ms.
  void runProbe();

  return {
    get state() {
      return state;
    },
    report(reachable) {
      if (closed) return;
      reports++;
      set(reachable ? 'online' : 'offline');
      schedule();
    },
    close() {
      closed = true;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

/** `GET {baseUrl}/` without credentials on a fresh connection: any HTTP answer means reachable. */
export function probeServer(baseUrl: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
    } catch {
      resolve(false);
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let done = false;
    const finish = (reachable: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(reachable);
      req.destroy();
    };
    // No pooled socket: a connection the server dropped while we were away is never reused.
    const req = send(url, { method: 'GET', agent: false, headers: { accept: '*/*' } }, (res) => {
      res.resume();
      finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    req.on('error', () => finish(false));
    req.end();
  });
}
