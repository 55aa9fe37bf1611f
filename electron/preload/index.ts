import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeApi, BridgeEvent, BridgeResult } from '../../shared/bridge';

// No logic here (ARCHITECTURE §1): one explicit method per bridge operation, never a generic
// invoke(channel), so the renderer can reach nothing but the operations of shared/bridge.
// Channel names are literals so the sandboxed CommonJS bundle pulls in no runtime code (zod).
// `satisfies BridgeApi` makes this fail to compile when an operation is added but not exposed.
// The second argument names the account the call is for (shared/bridge/context.ts).

/**
 * The main side's handler never throws (errors come back as envelopes), so a rejected invoke means
 * the call did not reach it (no handler yet, the window going away): `unreachable`, so an order
 * that never left stays queued instead of becoming "unconfirmed".
 */
function invoke<T>(channel: string, input: unknown, context: unknown): Promise<BridgeResult<T>> {
  return (ipcRenderer.invoke(channel, input, context) as Promise<BridgeResult<T>>).catch((error: unknown) => ({
    ok: false as const,
    error: {
      kind: 'unreachable' as const,
      code: 'main-not-answering' as const,
      detail: `${channel}: ${error instanceof Error ? error.message : String(error)}`,
    },
  }));
}

const api = {
  getAppInfo: (input, context) => invoke('bridge:getAppInfo', input, context),
  fetchSyncPages: (input, context) => invoke('bridge:fetchSyncPages', input, context),
  getSettings: (input, context) => invoke('bridge:getSettings', input, context),
  saveSettings: (input, context) => invoke('bridge:saveSettings', input, context),
  testConnection: (input, context) => invoke('bridge:testConnection', input, context),
  syncImages: (input, context) => invoke('bridge:syncImages', input, context),
  getConnectionState: (input, context) => invoke('bridge:getConnectionState', input, context),
  getQueue: (input, context) => invoke('bridge:getQueue', input, context),
  seatService: (input, context) => invoke('bridge:seatService', input, context),
  submitEntry: (input, context) => invoke('bridge:submitEntry', input, context),
  submitSale: (input, context) => invoke('bridge:submitSale', input, context),
  retryEntry: (input, context) => invoke('bridge:retryEntry', input, context),
  resendEntry: (input, context) => invoke('bridge:resendEntry', input, context),
  markEntryDone: (input, context) => invoke('bridge:markEntryDone', input, context),
  discardEntry: (input, context) => invoke('bridge:discardEntry', input, context),
  sendSeatingAsRound: (input, context) => invoke('bridge:sendSeatingAsRound', input, context),
  moveSeating: (input, context) => invoke('bridge:moveSeating', input, context),
  clearTable: (input, context) => invoke('bridge:clearTable', input, context),
  exportPending: (input, context) => invoke('bridge:exportPending', input, context),
  getMostSold: (input, context) => invoke('bridge:getMostSold', input, context),
  importQueue: (input, context) => invoke('bridge:importQueue', input, context),
  getPreferences: (input, context) => invoke('bridge:getPreferences', input, context),
  savePreferences: (input, context) => invoke('bridge:savePreferences', input, context),
  getLockState: (input, context) => invoke('bridge:getLockState', input, context),
  lockTerminal: (input, context) => invoke('bridge:lockTerminal', input, context),
  verifyPin: (input, context) => invoke('bridge:verifyPin', input, context),
  setPin: (input, context) => invoke('bridge:setPin', input, context),
  clearPin: (input, context) => invoke('bridge:clearPin', input, context),
  setBillDiscount: (input, context) => invoke('bridge:setBillDiscount', input, context),
  createGiftCard: (input, context) => invoke('bridge:createGiftCard', input, context),
  deleteCustomer: (input, context) => invoke('bridge:deleteCustomer', input, context),
  getCustomer: (input, context) => invoke('bridge:getCustomer', input, context),
  setItemStock: (input, context) => invoke('bridge:setItemStock', input, context),
  getStockSettings: (input, context) => invoke('bridge:getStockSettings', input, context),
  saveStockSettings: (input, context) => invoke('bridge:saveStockSettings', input, context),
  fetchShopPages: (input, context) => invoke('bridge:fetchShopPages', input, context),
  createShopCustomer: (input, context) => invoke('bridge:createShopCustomer', input, context),
  updateShopCustomer: (input, context) => invoke('bridge:updateShopCustomer', input, context),
  setShopStock: (input, context) => invoke('bridge:setShopStock', input, context),
  getShopWebhooks: (input, context) => invoke('bridge:getShopWebhooks', input, context),
  saveShopWebhooks: (input, context) => invoke('bridge:saveShopWebhooks', input, context),
  getShopWebhookLog: (input, context) => invoke('bridge:getShopWebhookLog', input, context),
  fetchShopReport: (input, context) => invoke('bridge:fetchShopReport', input, context),
  getEntries: (input, context) => invoke('bridge:getEntries', input, context),
  saveCatalogEdits: (input, context) => invoke('bridge:saveCatalogEdits', input, context),
  readWarehouseStock: (input, context) => invoke('bridge:readWarehouseStock', input, context),
  saveStockCount: (input, context) => invoke('bridge:saveStockCount', input, context),
  listPurchaseOrders: (input, context) => invoke('bridge:listPurchaseOrders', input, context),
  getPurchaseOrderLines: (input, context) => invoke('bridge:getPurchaseOrderLines', input, context),
  receivePurchaseOrder: (input, context) => invoke('bridge:receivePurchaseOrder', input, context),
  listVendors: (input, context) => invoke('bridge:listVendors', input, context),
  saveVendor: (input, context) => invoke('bridge:saveVendor', input, context),
  deleteVendor: (input, context) => invoke('bridge:deleteVendor', input, context),
  listVendorItems: (input, context) => invoke('bridge:listVendorItems', input, context),
  saveVendorItems: (input, context) => invoke('bridge:saveVendorItems', input, context),
  removeVendorItems: (input, context) => invoke('bridge:removeVendorItems', input, context),
  syncChain: (input, context) => invoke('bridge:syncChain', input, context),
  lastChainSync: (input, context) => invoke('bridge:lastChainSync', input, context),
  listAudit: (input, context) => invoke('bridge:listAudit', input, context),
  onEvent: (listener) => {
    // Only the event crosses to the page; the IpcRendererEvent (with its sender) stays here.
    const forward = (_event: IpcRendererEvent, event: BridgeEvent) => listener(event);
    ipcRenderer.on('bridge:event', forward);
    return () => {
      ipcRenderer.removeListener('bridge:event', forward);
    };
  },
} satisfies BridgeApi;

contextBridge.exposeInMainWorld('comanda', api);
