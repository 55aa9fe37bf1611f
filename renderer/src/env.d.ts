/// <reference types="vite/client" />

import type { BridgeApi } from '../../shared/bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in the browser shell. */
    comanda?: BridgeApi;
  }
}
