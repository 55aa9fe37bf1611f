import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeEvent } from '../../shared/bridge';

// The browser shell's event streams (`GET /bridge/events`, server-sent events): each open stream
// holds a socket, a heartbeat timer and a listener on every bridge event. A terminal's window opens
// one (renderer/src/bridge/httpBridge.ts shares one EventSource among its listeners), so a handful
// of tabs is the most a person needs; a page or process that opens hundreds is refused instead of
// letting every event be written hundreds of times.

/** Streams open at once: one per window, with room for many more windows than anyone uses. */
export const MAX_EVENT_STREAMS = 16;
/** Seconds a refused client is asked to wait (`Retry-After`) before it tries again. */
const RETRY_AFTER_SECONDS = 10;

export interface EventStreams {
  /** Opens a stream on `res`, or answers 503 when MAX_EVENT_STREAMS are open already. */
  open(req: IncomingMessage, res: ServerResponse): void;
  /** Ends every open stream (the shell is closing). */
  closeAll(): void;
  /** Streams open now. */
  readonly count: number;
}

export function createEventStreams(options: {
  onEvent: (listener: (event: BridgeEvent) => void) => () => void;
  heartbeatMs: number;
  max?: number;
}): EventStreams {
  const max = options.max ?? MAX_EVENT_STREAMS;
  const streams = new Set<ServerResponse>();
  return {
    open(req, res) {
      if (streams.size >= max) {
        const body = JSON.stringify({ error: `Too many event streams: at most ${max} at once. Close another window of this terminal and try again.` });
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) });
        res.end(body);
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      streams.add(res);
      const unsubscribe = options.onEvent((event: BridgeEvent) => {
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), options.heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
      };
      req.on('close', stop);
      res.on('close', stop);
    },
    closeAll() {
      for (const stream of streams) stream.end();
    },
    get count() {
      return streams.size;
    },
  };
}
