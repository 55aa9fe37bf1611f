// Not `http.ts`: the lint rule banning Node built-ins matches any path segment named like one.
import {
  ACCOUNT_KEY_HEADER,
  bridgeEventSchema,
  bridgeOperations,
  bridgeResultSchema,
  describeZodError,
  encodeAccountKeyHeader,
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
  /** Per-launch secret the server wrote into the page (meta `comanda-bridge-secret`). */
  secret: string;
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
export function createHttpBridge(options: HttpBridgeOptions = { secret: readBridgeSecret() }): BridgeApi {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const secret = options.secret;
  // Wrapped so a detached `fetch` is never called with the wrong `this`.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const openEventSource = options.openEventSource ?? ((url: string) => new EventSource(url));
  const onReopen = options.onReopen ?? (() => bridgeReopened.notify());

  async function call<K extends OperationName>(name: K, input: BridgeInput<K>, context?: BridgeCallContext): Promise<BridgeResult<BridgeOutput<K>>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-comanda-secret': secret };
    if (context?.accountKey !== undefined) headers[ACCOUNT_KEY_HEADER] = encodeAccountKeyHeader(context.accountKey);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/bridge/${name}`, { method: 'POST', headers, body: JSON.stringify(input) });
    } catch (error) {
      // Nothing answered: the request did not reach the main side (issue 10 item 8).
      return failure({ kind: 'unreachable', code: 'local-service-not-answering', detail: `${name}: ${error instanceof Error ? error.message : String(error)}` });
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
    // The server's own 403s (secret, Host, Origin) come before any dispatch: nothing was done. The
    // server refused the page itself (a secret from before a restart): `page-not-accepted`.
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
      source = openEventSource(`${baseUrl}/bridge/events?secret=${encodeURIComponent(secret)}`);
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

  return {
    getAppInfo: (input, context) => call('getAppInfo', input, context),
    listRooms: (input, context) => call('listRooms', input, context),
    listPaymentMethods: (input, context) => call('listPaymentMethods', input, context),
    saveCredentials: (input, context) => call('saveCredentials', input, context),
    getCredentialsStatus: (input, context) => call('getCredentialsStatus', input, context),
    fetchSyncPages: (input, context) => call('fetchSyncPages', input, context),
    getSettings: (input, context) => call('getSettings', input, context),
    saveSettings: (input, context) => call('saveSettings', input, context),
    testConnection: (input, context) => call('testConnection', input, context),
    syncImages: (input, context) => call('syncImages', input, context),
    getConnectionState: (input, context) => call('getConnectionState', input, context),
    getQueue: (input, context) => call('getQueue', input, context),
    seatService: (input, context) => call('seatService', input, context),
    submitEntry: (input, context) => call('submitEntry', input, context),
    retryEntry: (input, context) => call('retryEntry', input, context),
    resendEntry: (input, context) => call('resendEntry', input, context),
    markEntryDone: (input, context) => call('markEntryDone', input, context),
    discardEntry: (input, context) => call('discardEntry', input, context),
    sendSeatingAsRound: (input, context) => call('sendSeatingAsRound', input, context),
    moveSeating: (input, context) => call('moveSeating', input, context),
    clearTable: (input, context) => call('clearTable', input, context),
    exportPending: (input, context) => call('exportPending', input, context),
    getMostSold: (input, context) => call('getMostSold', input, context),
    importQueue: (input, context) => call('importQueue', input, context),
    getPreferences: (input, context) => call('getPreferences', input, context),
    savePreferences: (input, context) => call('savePreferences', input, context),
    getLockState: (input, context) => call('getLockState', input, context),
    lockTerminal: (input, context) => call('lockTerminal', input, context),
    verifyPin: (input, context) => call('verifyPin', input, context),
    setPin: (input, context) => call('setPin', input, context),
    clearPin: (input, context) => call('clearPin', input, context),
    setBillDiscount: (input, context) => call('setBillDiscount', input, context),
    createGiftCard: (input, context) => call('createGiftCard', input, context),
    deleteCustomer: (input, context) => call('deleteCustomer', input, context),
    getCustomer: (input, context) => call('getCustomer', input, context),
    setItemStock: (input, context) => call('setItemStock', input, context),
    getStockSettings: (input, context) => call('getStockSettings', input, context),
    saveStockSettings: (input, context) => call('saveStockSettings', input, context),
    fetchShopPages: (input, context) => call('fetchShopPages', input, context),
    createShopCustomer: (input, context) => call('createShopCustomer', input, context),
    updateShopCustomer: (input, context) => call('updateShopCustomer', input, context),
    setShopStock: (input, context) => call('setShopStock', input, context),
    getShopWebhooks: (input, context) => call('getShopWebhooks', input, context),
    saveShopWebhooks: (input, context) => call('saveShopWebhooks', input, context),
    getShopWebhookLog: (input, context) => call('getShopWebhookLog', input, context),
    fetchShopReport: (input, context) => call('fetchShopReport', input, context),
    getEntries: (input, context) => call('getEntries', input, context),
    saveCatalogEdits: (input, context) => call('saveCatalogEdits', input, context),
    readWarehouseStock: (input, context) => call('readWarehouseStock', input, context),
    saveStockCount: (input, context) => call('saveStockCount', input, context),
    listPurchaseOrders: (input, context) => call('listPurchaseOrders', input, context),
    getPurchaseOrderLines: (input, context) => call('getPurchaseOrderLines', input, context),
    receivePurchaseOrder: (input, context) => call('receivePurchaseOrder', input, context),
    listVendors: (input, context) => call('listVendors', input, context),
    saveVendor: (input, context) => call('saveVendor', input, context),
    deleteVendor: (input, context) => call('deleteVendor', input, context),
    listVendorItems: (input, context) => call('listVendorItems', input, context),
    saveVendorItems: (input, context) => call('saveVendorItems', input, context),
    removeVendorItems: (input, context) => call('removeVendorItems', input, context),
    syncChain: (input, context) => call('syncChain', input, context),
    lastChainSync: (input, context) => call('lastChainSync', input, context),
    listAudit: (input, context) => call('listAudit', input, context),
    onEvent,
  } satisfies BridgeApi;
}

/** The per-launch secret the browser shell's server wrote into the page ('' when absent). */
export function readBridgeSecret(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  return doc?.querySelector<HTMLMetaElement>('meta[name="comanda-bridge-secret"]')?.content ?? '';
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
