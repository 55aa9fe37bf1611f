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
    getAppInfo: (input, context) => api.getAppInfo(input, context).then(unwrap),
    listRooms: (input, context) => api.listRooms(input, context).then(unwrap),
    listPaymentMethods: (input, context) => api.listPaymentMethods(input, context).then(unwrap),
    saveCredentials: (input, context) => api.saveCredentials(input, context).then(unwrap),
    getCredentialsStatus: (input, context) => api.getCredentialsStatus(input, context).then(unwrap),
    fetchSyncPages: (input, context) => api.fetchSyncPages(input, context).then(unwrap),
    getSettings: (input, context) => api.getSettings(input, context).then(unwrap),
    saveSettings: (input, context) => api.saveSettings(input, context).then(unwrap),
    testConnection: (input, context) => api.testConnection(input, context).then(unwrap),
    syncImages: (input, context) => api.syncImages(input, context).then(unwrap),
    getConnectionState: (input, context) => api.getConnectionState(input, context).then(unwrap),
    getQueue: (input, context) => api.getQueue(input, context).then(unwrap),
    seatService: (input, context) => api.seatService(input, context).then(unwrap),
    submitEntry: (input, context) => api.submitEntry(input, context).then(unwrap),
    retryEntry: (input, context) => api.retryEntry(input, context).then(unwrap),
    resendEntry: (input, context) => api.resendEntry(input, context).then(unwrap),
    markEntryDone: (input, context) => api.markEntryDone(input, context).then(unwrap),
    discardEntry: (input, context) => api.discardEntry(input, context).then(unwrap),
    sendSeatingAsRound: (input, context) => api.sendSeatingAsRound(input, context).then(unwrap),
    moveSeating: (input, context) => api.moveSeating(input, context).then(unwrap),
    clearTable: (input, context) => api.clearTable(input, context).then(unwrap),
    exportPending: (input, context) => api.exportPending(input, context).then(unwrap),
    getMostSold: (input, context) => api.getMostSold(input, context).then(unwrap),
    importQueue: (input, context) => api.importQueue(input, context).then(unwrap),
    getPreferences: (input, context) => api.getPreferences(input, context).then(unwrap),
    savePreferences: (input, context) => api.savePreferences(input, context).then(unwrap),
    getLockState: (input, context) => api.getLockState(input, context).then(unwrap),
    lockTerminal: (input, context) => api.lockTerminal(input, context).then(unwrap),
    verifyPin: (input, context) => api.verifyPin(input, context).then(unwrap),
    setPin: (input, context) => api.setPin(input, context).then(unwrap),
    clearPin: (input, context) => api.clearPin(input, context).then(unwrap),
    setBillDiscount: (input, context) => api.setBillDiscount(input, context).then(unwrap),
    createGiftCard: (input, context) => api.createGiftCard(input, context).then(unwrap),
    deleteCustomer: (input, context) => api.deleteCustomer(input, context).then(unwrap),
    getCustomer: (input, context) => api.getCustomer(input, context).then(unwrap),
    setItemStock: (input, context) => api.setItemStock(input, context).then(unwrap),
    getStockSettings: (input, context) => api.getStockSettings(input, context).then(unwrap),
    saveStockSettings: (input, context) => api.saveStockSettings(input, context).then(unwrap),
    fetchShopPages: (input, context) => api.fetchShopPages(input, context).then(unwrap),
    createShopCustomer: (input, context) => api.createShopCustomer(input, context).then(unwrap),
    updateShopCustomer: (input, context) => api.updateShopCustomer(input, context).then(unwrap),
    setShopStock: (input, context) => api.setShopStock(input, context).then(unwrap),
    getShopWebhooks: (input, context) => api.getShopWebhooks(input, context).then(unwrap),
    saveShopWebhooks: (input, context) => api.saveShopWebhooks(input, context).then(unwrap),
    getShopWebhookLog: (input, context) => api.getShopWebhookLog(input, context).then(unwrap),
    fetchShopReport: (input, context) => api.fetchShopReport(input, context).then(unwrap),
    getEntries: (input, context) => api.getEntries(input, context).then(unwrap),
    saveCatalogEdits: (input, context) => api.saveCatalogEdits(input, context).then(unwrap),
    readWarehouseStock: (input, context) => api.readWarehouseStock(input, context).then(unwrap),
    saveStockCount: (input, context) => api.saveStockCount(input, context).then(unwrap),
    listPurchaseOrders: (input, context) => api.listPurchaseOrders(input, context).then(unwrap),
    getPurchaseOrderLines: (input, context) => api.getPurchaseOrderLines(input, context).then(unwrap),
    receivePurchaseOrder: (input, context) => api.receivePurchaseOrder(input, context).then(unwrap),
    listVendors: (input, context) => api.listVendors(input, context).then(unwrap),
    saveVendor: (input, context) => api.saveVendor(input, context).then(unwrap),
    deleteVendor: (input, context) => api.deleteVendor(input, context).then(unwrap),
    listVendorItems: (input, context) => api.listVendorItems(input, context).then(unwrap),
    saveVendorItems: (input, context) => api.saveVendorItems(input, context).then(unwrap),
    removeVendorItems: (input, context) => api.removeVendorItems(input, context).then(unwrap),
    syncChain: (input, context) => api.syncChain(input, context).then(unwrap),
    lastChainSync: (input, context) => api.lastChainSync(input, context).then(unwrap),
    listAudit: (input, context) => api.listAudit(input, context).then(unwrap),
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
