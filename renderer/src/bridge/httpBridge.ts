// Not `http.ts`: the lint rule banning Node built-ins matches any path segment named like one.
import {
  ACCOUNT_KEY_HEADER,
  bridgeEventSchema,
  bridgeOperations,
  bridgeResultSchema,
  describeZodError,
  encodeAccountKeyHeader,
  GRANT_HEADER,
  operationNames,
  type BridgeApi,
  type BridgeCallContext,
  type BridgeErrorInfo,
  type BridgeEvent,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
  type OperationName,
} from '../../../shared/bridge';
import { bridgeReopened } from './reopened';

/** The part of `EventSource` the bridge uses, so tests can hand in a fake. */
export interface BridgeEventSource {
  onmessage: ((event: MessageEvent) => void) | null;
  /** Fires on the first connection and again each time the browser reconnects after a drop. */
  onopen?: ((event: Event) => void) | null;
  close(): void;
}

export interface HttpBridgeOptions {
  /** Origin of the browser shell's server; defaults to the page's own origin. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Injected in tests; defaults to `new EventSource(url)`. */
  openEventSource?: (url: string) => BridgeEventSource;
  /** The event stream (re)connected: events before it were missed; default: `bridgeReopened`. */
  onReopen?: () => void;
}

/**
 * The bridge of the browser shell (ARCHITECTURE §1): `POST /bridge/<operation>` answered by the
 * same dispatcher the Electron shell calls over IPC, and events over SSE.
 */
export function createHttpBridge(options: HttpBridgeOptions = {}): BridgeApi {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  // Wrapped so a detached `fetch` is never called with the wrong `this`.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const openEventSource = options.openEventSource ?? ((url: string) => new EventSource(url));
  const onReopen = options.onReopen ?? (() => bridgeReopened.notify());

  async function call<K extends OperationName>(name: K, input: BridgeInput<K>, context?: BridgeCallContext): Promise<BridgeResult<BridgeOutput<K>>> {
    // The session cookie the launch link set authenticates the call (same origin: sent by default).
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (context?.accountKey !== undefined) headers[ACCOUNT_KEY_HEADER] = encodeAccountKeyHeader(context.accountKey);
    if (context?.grant !== undefined) headers[GRANT_HEADER] = context.grant;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/bridge/${name}`, { method: 'POST', headers, body: JSON.stringify(input) });
    } catch (error) {
      // Nothing answered: the request did not reach the main side.
      return failure({
        kind: 'unreachable',
        code: 'local-service-not-answering',
        detail: `${name}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }

    let body: unknown;
    let text = '';
    try {
      text = await response.text();
      body = JSON.parse(text);
    } catch {
      return notAnswering(`${name}: HTTP ${response.status}, not JSON: ${excerpt(text)}`);
    }

    const envelope = bridgeResultSchema.safeParse(body);
    // The server's own 403s (session, Host, Origin) come before any dispatch: nothing was done. The
    // server refused the page itself (a session from before a restart): `page-not-accepted`.
    if (!envelope.success && response.status === 403) {
      return failure({ kind: 'forbidden', code: 'page-not-accepted', detail: `${name}: HTTP 403: ${excerpt(text)}` });
    }
    if (!envelope.success) {
      return failure({
        kind: 'internal',
        code: 'local-service-bad-answer',
        detail: `HTTP ${response.status}: ${describeZodError(name, envelope.error)}`,
      });
    }
    if (!envelope.data.ok) return envelope.data;

    // The dispatcher validated the output already; checking again costs little and gives the
    // renderer a typed value without trusting what came over the wire.
    const output = bridgeOperations[name].output.safeParse(envelope.data.value);
    if (!output.success) {
      return failure({
        kind: 'internal',
        code: 'invalid-result',
        params: { operation: name },
        detail: describeZodError(name, output.error),
      });
    }
    return { ok: true, value: output.data as BridgeOutput<K> };
  }

  // One EventSource shared by every listener, opened on the first and closed after the last.
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: BridgeEventSource | null = null;

  function onEvent(listener: (event: BridgeEvent) => void): () => void {
    listeners.add(listener);
    if (source === null) {
      source = openEventSource(`${baseUrl}/bridge/events`);
      // Every open counts, the first too: a read made before the stream was connected (the queue
      // feed's first getQueue) cannot have seen what changed before the first event could arrive.
      source.onopen = () => onReopen();
      source.onmessage = (message) => {
        const event = parseEvent(message.data);
        if (event === null) return;
        for (const each of [...listeners]) each(event);
      };
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source !== null) {
        source.close();
        source = null;
      }
    };
  }

  // Derived from the operation table: every operation on its own route, none forgotten.
  const operations = Object.fromEntries(operationNames.map((name) => [name, (input: never, context?: BridgeCallContext) => call(name, input, context)]));
  return { ...operations, onEvent } as BridgeApi;
}

function parseEvent(data: unknown): BridgeEvent | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const event = bridgeEventSchema.safeParse(json);
  return event.success ? event.data : null;
}

function notAnswering(detail: string): BridgeResult<never> {
  return failure({ kind: 'internal', code: 'local-service-not-answering', detail });
}

function failure(error: BridgeErrorInfo): BridgeResult<never> {
  return { ok: false, error };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}
