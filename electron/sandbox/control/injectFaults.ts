// Applies the fault settings (faults.ts) to a node HTTP server at the socket level. Requests to
// the control API (/__sandbox/…) are never faulted, so it stays reachable in every fault mode.
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../errors';
import { faultFamilyOf, type FaultController, type FaultDecision, type FaultFamily } from './faults';

/** Path prefix of the control API. */
export const CONTROL_PREFIX = '/__sandbox';

/**
 * Whether a request target is the control API. The path is normalised the way the app's router
 * sees it (`/__sandbox/../apiFlow` is /apiFlow), so a crafted path cannot dodge the faults.
 */
export function isControlPath(target: string | undefined): boolean {
  let pathname: string;
  try {
    pathname = new URL(target ?? '/', 'http://sandbox.invalid').pathname;
  } catch {
    return false;
  }
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Wraps the server's request listeners with fault injection and tracks its sockets (offline
 * destroys them all at once). Returns a function that stops listening to the controller.
 *
 * `Expect: 100-continue` requests arrive as 'checkContinue' (node answers 100 by itself only when
 * nobody listens to it). They get the same fault decision BEFORE `100 Continue` is written, so a
 * client that never got its 100 knows its body never left (offline, drop: socket destroyed; error:
 * the 5xx without reading the body); otherwise the 100 goes out and the request is served as any
 * other (a lost response still happens after processing).
 */
export function injectFaults(server: Server, faults: FaultController): () => void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.removeAllListeners('checkContinue');
  const forward: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };

  const sockets = new Set<Socket>();
  /** Sockets serving a control request right now: going offline spares them. */
  const busyWithControl = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  /**
   * Sockets whose request was passed to the app and is not answered yet. Going offline then cuts
   * it: its answer is lost and it may have been committed — counted as `cutOffline`, the responses
   * the offline fault lost (the chaos test adds them to the lost-response faults).
   */
  const answering = new Map<Socket, FaultFamily>();

  const goOffline = () => {
    for (const socket of sockets) {
      if (busyWithControl.has(socket)) continue;
      const family = answering.get(socket);
      if (family !== undefined && !socket.destroyed) faults.count('cutOffline', family);
      answering.delete(socket);
      socket.destroy();
    }
  };
  const unsubscribe = faults.onChange((settings) => {
    if (settings.offline) goOffline();
  });
  server.once('close', unsubscribe);

  const handle = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const socket = req.socket;
    const proceed = () => {
      if (expectsContinue) res.writeContinue();
      if (!isControlPath(req.url)) {
        answering.set(socket, faultFamilyOf(req.url));
        const answered = () => {
          if (answering.get(socket) !== undefined) answering.delete(socket);
        };
        res.once('finish', answered);
        res.once('close', answered);
      }
      forward(req, res);
    };
    if (isControlPath(req.url)) {
      busyWithControl.add(socket);
      const done = () => busyWithControl.delete(socket);
      res.once('finish', done);
      res.once('close', done);
      proceed();
      return;
    }
    const family: FaultFamily = faultFamilyOf(req.url);
    if (faults.offline) {
      faults.count('refusedOffline', family);
      socket.destroy();
      return;
    }
    const decision = faults.decide(family);
    const apply = () => {
      if (socket.destroyed) return;
      if (faults.offline) {
        faults.count('refusedOffline', family);
        socket.destroy();
        return;
      }
      switch (decision.action) {
        case 'drop':
          // Destroyed before processing: the app never sees the request, nothing is committed
          // (and with Expect: 100-continue, no 100 was sent, so the body never left the client).
          faults.count('dropped', family);
          socket.destroy();
          return;
        case 'error':
          faults.count('errored', family);
          answerError(res, decision, expectsContinue);
          return;
        case 'rateLimit':
          faults.count('rateLimited', family);
          answerRateLimited(res, decision, expectsContinue);
          return;
        case 'loseResponse':
          if (expectsContinue) res.writeContinue(); // before the writes are taken over
          loseResponse(res, socket, () => faults.count('lostResponses', family));
          forward(req, res);
          return;
        case 'pass':
          proceed();
      }
    };
    if (decision.latencyMs > 0) setTimeout(apply, decision.latencyMs);
    else apply();
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => handle(req, res, false));
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => handle(req, res, true));

  return unsubscribe;
}

/**
 * A JSON error answer written without processing. When the client is still waiting for its
 * `100 Continue`, its body is never read: the connection closes after the answer (RFC 9110
 * §10.1.1), so the unsent body cannot be taken for the next request.
 */
function answerJson(res: ServerResponse, status: number, message: string, headers: OutgoingHttpHeaders, bodyUnread: boolean): void {
  const body = JSON.stringify(errorBody(status, message));
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...(bodyUnread ? { connection: 'close' } : {}),
  });
  res.end(body);
}

function answerError(res: ServerResponse, decision: FaultDecision, bodyUnread: boolean): void {
  const status = decision.errorStatus;
  // A 503 says when to come back (RFC 9110 §15.6.4), as a real overloaded server would.
  const headers: OutgoingHttpHeaders = status === 503 ? { 'retry-after': '1' } : {};
  answerJson(res, status, `Injected fault: server error ${status} (sandbox errorRate).`, headers, bodyUnread);
}

/** 429 as the sandbox's own rate limit answers it (spec §8; rateLimit.ts): Retry-After ≥ 1 s. */
function answerRateLimited(res: ServerResponse, decision: FaultDecision, bodyUnread: boolean): void {
  const retryAfter = decision.retryAfterSeconds;
  answerJson(
    res,
    429,
    `Too many requests (sandbox rate-limit burst); retry after ${retryAfter} s.`,
    { 'retry-after': String(retryAfter), 'x-ratelimit-remaining': '0' },
    bodyUnread,
  );
}

/**
 * The request is processed and committed as usual; when the answer is about to be written (the
 * app's handler has finished), the socket is destroyed instead and nothing is sent.
 */
function loseResponse(res: ServerResponse, socket: Socket, onLost: () => void): void {
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
    socket.destroy();
  };
  res.writeHead = function writeHead(this: ServerResponse) {
    lose();
    return this;
  } as ServerResponse['writeHead'];
  res.write = function write() {
    lose();
    return true;
  } as ServerResponse['write'];
  res.end = function end(this: ServerResponse) {
    lose();
    return this;
  } as ServerResponse['end'];
}
