import { createContext, useContext } from 'react';
import type { GuardedOperation, PinPurpose } from '../../../../shared/bridge';

// The actions a terminal PIN protects. A screen asks the gate before it acts;
// the lock feature provides the gate (asks for the PIN when one is set, slows repeated wrong tries).
// Without a provider (a terminal with no lock feature mounted, unit tests) nothing is asked.

/**
 * `set-stock`: a manager sets a product's stock from the shop's till. `reports`:
 * the shop's Reports. `manager`: the venue's manager mode. `continue`: the
 * main side refused a guarded call for want of a grant (expired, or never asked): the PIN again.
 */
export type PinGuardedAction = 'settings' | 'discard' | 'mark-done' | 'set-stock' | 'reports' | 'manager' | 'continue';

/**
 * What a right PIN at each gate is for (docs/decisions.md, "The PIN guards the main side"): a
 * manager session for screens of manager work, one action for one decision.
 */
export const GATE_PURPOSE = {
  settings: 'session',
  manager: 'session',
  reports: 'action',
  discard: 'action',
  'mark-done': 'action',
  'set-stock': 'action',
  continue: 'session',
} as const satisfies Record<PinGuardedAction, Exclude<PinPurpose, 'unlock'>>;

/**
 * A guarded call refused as `pin-required`: what to ask the PIN for before calling again, or null
 * to ask nothing (the start-up hand-off of an old outbox is nobody's action).
 */
export const ASK_AGAIN_FOR = {
  saveSettings: 'session',
  testConnection: 'session',
  savePreferences: 'session',
  markEntryDone: 'action',
  discardEntry: 'action',
  importQueue: null,
  deleteCustomer: 'action',
  saveStockSettings: 'session',
  setShopStock: 'action',
  saveShopWebhooks: 'session',
  saveCatalogEdits: 'session',
  saveStockCount: 'session',
  receivePurchaseOrder: 'session',
  saveVendor: 'session',
  deleteVendor: 'session',
  saveVendorItems: 'session',
  removeVendorItems: 'session',
  syncChain: 'session',
} as const satisfies Record<GuardedOperation, Exclude<PinPurpose, 'unlock'> | null>;

export interface PinGate {
  /** Resolves true when the action may go ahead: no PIN is set, or the right PIN was entered. */
  confirm(action: PinGuardedAction): Promise<boolean>;
}

const open: PinGate = { confirm: () => Promise.resolve(true) };

export const PinGateContext = createContext<PinGate>(open);

export function usePinGate(): PinGate {
  return useContext(PinGateContext);
}
