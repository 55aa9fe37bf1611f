// Applies the fault settings (faults.ts) to a node HTTP server at the socket level. Requests to
// the control API (/__sandbox/…) are never faulted, so it stays reachable in every fault mode.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../errors';
import type { FaultController } from './faults';

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
 */
export function injectFaults(server: Server, faults: FaultController): () => void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
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

  const goOffline = () => {
    for (const socket of sockets) if (!busyWithControl.has(socket)) socket.destroy();
  };
  const unsubscribe = faults.onChange((settings) => {
    if (settings.offline) goOffline();
  });
  server.once('close', unsubscribe);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    if (isControlPath(req.url)) {
      busyWithControl.add(socket);
      const done = () => busyWithControl.delete(socket);
      res.once('finish', done);
      res.once('close', done);
      forward(req, res);
      return;
    }
    if (faults.offline) {
      faults.count('refusedOffline');
      socket.destroy();
      return;
    }
    const decision = faults.decide();
    const apply = () => {
      if (socket.destroyed) return;
      if (faults.offline) {
        faults.count('refusedOffline');
        socket.destroy();
        return;
      }
      switch (decision.action) {
        case 'drop':
          // Destroyed before processing: the app never sees the request, nothing is committed.
          faults.count('dropped');
          socket.destroy();
          return;
        case 'error': {
          faults.count('errored');
          const body = JSON.stringify(errorBody(500, 'Injected fault: internal server error (sandbox errorRate).'));
          res.writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          res.end(body);
          return;
        }
        case 'loseResponse':
          loseResponse(res, socket, () => faults.count('lostResponses'));
          forward(req, res);
          return;
        case 'pass':
          forward(req, res);
      }
    };
    if (decision.latencyMs > 0) setTimeout(apply, decision.latencyMs);
    else apply();
  });

  return unsubscribe;
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
