import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeApi, BridgeEvent } from '../../shared/bridge';

// No logic here (ARCHITECTURE §1): one explicit method per bridge operation, never a generic
// invoke(channel), so the renderer can reach nothing but the operations of shared/bridge.
// Channel names are literals so the sandboxed CommonJS bundle pulls in no runtime code (zod).
// `satisfies BridgeApi` makes this fail to compile when an operation is added but not exposed.
const api = {
  getAppInfo: (input) => ipcRenderer.invoke('bridge:getAppInfo', input),
  listRooms: (input) => ipcRenderer.invoke('bridge:listRooms', input),
  listPaymentMethods: (input) => ipcRenderer.invoke('bridge:listPaymentMethods', input),
  saveCredentials: (input) => ipcRenderer.invoke('bridge:saveCredentials', input),
  getCredentialsStatus: (input) => ipcRenderer.invoke('bridge:getCredentialsStatus', input),
  fetchSyncPage: (input) => ipcRenderer.invoke('bridge:fetchSyncPage', input),
  getSettings: (input) => ipcRenderer.invoke('bridge:getSettings', input),
  saveSettings: (input) => ipcRenderer.invoke('bridge:saveSettings', input),
  testConnection: (input) => ipcRenderer.invoke('bridge:testConnection', input),
  syncImages: (input) => ipcRenderer.invoke('bridge:syncImages', input),
  deliverOrder: (input) => ipcRenderer.invoke('bridge:deliverOrder', input),
  getConnectionState: (input) => ipcRenderer.invoke('bridge:getConnectionState', input),
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
