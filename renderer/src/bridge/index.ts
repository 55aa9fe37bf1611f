import { BridgeError, type BridgeApi, type BridgeClient, type BridgeResult } from '../../../shared/bridge';
import { createHttpBridge, readBridgeSecret } from './httpBridge';

/**
 * The Electron preload exposes `window.comanda`; the browser shell has none, so the renderer talks
 * HTTP to the server that served the page, with the secret that server wrote into the page.
 */
export function pickBridgeApi(win: Pick<Window, 'comanda' | 'document'> = window): BridgeApi {
  if (win.comanda) return win.comanda;
  return createHttpBridge({ secret: readBridgeSecret(win.document) });
}

/** Same operations, results unwrapped: a value, or a thrown `BridgeError` the UI can explain. */
export function createBridgeClient(api: BridgeApi): BridgeClient {
  return {
    getAppInfo: (input) => api.getAppInfo(input).then(unwrap),
    listRooms: (input) => api.listRooms(input).then(unwrap),
    listPaymentMethods: (input) => api.listPaymentMethods(input).then(unwrap),
    saveCredentials: (input) => api.saveCredentials(input).then(unwrap),
    getCredentialsStatus: (input) => api.getCredentialsStatus(input).then(unwrap),
    fetchSyncPage: (input) => api.fetchSyncPage(input).then(unwrap),
    getSettings: (input) => api.getSettings(input).then(unwrap),
    saveSettings: (input) => api.saveSettings(input).then(unwrap),
    testConnection: (input) => api.testConnection(input).then(unwrap),
    syncImages: (input) => api.syncImages(input).then(unwrap),
    deliverOrder: (input) => api.deliverOrder(input).then(unwrap),
    getConnectionState: (input) => api.getConnectionState(input).then(unwrap),
    onEvent: (listener) => api.onEvent(listener),
  } satisfies BridgeClient;
}

function unwrap<T>(result: BridgeResult<T>): T {
  if (result.ok) return result.value;
  throw new BridgeError(result.error);
}

export { createHttpBridge, readBridgeSecret } from './httpBridge';
export { BridgeError } from '../../../shared/bridge';
export type { BridgeApi, BridgeClient } from '../../../shared/bridge';
