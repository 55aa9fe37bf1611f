import type { OperationName } from './operations';

// Who may call each bridge operation when the terminal has a PIN (docs/decisions.md, "The PIN
// guards the main side"). The main side's dispatcher applies this table before any handler runs,
// so no handler can forget it; the renderer reads it to attach its PIN grant to the calls that
// need one. With no PIN set, every operation passes.

/**
 * - `read`: reads; always pass (locked or not).
 * - `lock`: the lock's own calls; always pass (setPin and clearPin check the current PIN themselves).
 * - `ordering`: what a waiter does while serving — seat, send, pay, retry, the sync's upkeep; always
 *   pass, the lock screen included (a send in flight when the idle lock falls must still land).
 * - `guarded`: changes a manager makes (settings, the back office, dropping or closing orders by
 *   hand, credentials): refused with `pin-required` while the terminal is locked, and unlocked
 *   without a valid PIN grant (`verifyPin` with purpose `action` or `session`).
 */
export type OperationAccess = 'read' | 'lock' | 'ordering' | 'guarded';

/** Every operation, classified: a new operation fails to type-check until it is listed here. */
export const operationAccess = {
  getAppInfo: 'read',
  fetchSyncPages: 'read',
  getSettings: 'read',
  saveSettings: 'guarded',
  // Tries typed or saved tokens against any address: a Settings action.
  testConnection: 'guarded',
  getPreferences: 'read',
  // The idle lock lives here: turning it off must need the PIN.
  savePreferences: 'guarded',
  getLockState: 'lock',
  lockTerminal: 'lock',
  verifyPin: 'lock',
  setPin: 'lock',
  clearPin: 'lock',
  // The catalog sync's photo upkeep (fetches referenced photos, drops unreferenced ones).
  syncImages: 'ordering',
  getConnectionState: 'read',

  getQueue: 'read',
  seatService: 'ordering',
  getEntries: 'read',
  submitEntry: 'ordering',
  submitSale: 'ordering',
  retryEntry: 'ordering',
  resendEntry: 'ordering',
  // An order that is no longer pending without being sent: the ledger changes by hand.
  markEntryDone: 'guarded',
  discardEntry: 'guarded',
  sendSeatingAsRound: 'ordering',
  moveSeating: 'ordering',
  setBillDiscount: 'ordering',
  clearTable: 'ordering',
  exportPending: 'read',
  getMostSold: 'read',
  // Entries and services handed over from an old outbox: written as they come, states included.
  importQueue: 'guarded',

  createGiftCard: 'ordering',
  deleteCustomer: 'guarded',
  /** Reads one customer's contact details from the POS (spec: hospitality V2/customers/{id}). */
  getCustomer: 'read',
  setItemStock: 'ordering',
  getStockSettings: 'read',
  saveStockSettings: 'guarded',

  fetchShopPages: 'read',
  createShopCustomer: 'ordering',
  updateShopCustomer: 'ordering',
  setShopStock: 'guarded',
  fetchShopReport: 'read',

  getShopWebhooks: 'read',
  saveShopWebhooks: 'guarded',
  getShopWebhookLog: 'read',

  saveCatalogEdits: 'guarded',
  readWarehouseStock: 'read',
  saveStockCount: 'guarded',
  listPurchaseOrders: 'read',
  getPurchaseOrderLines: 'read',
  receivePurchaseOrder: 'guarded',
  listVendors: 'read',
  saveVendor: 'guarded',
  deleteVendor: 'guarded',
  listVendorItems: 'read',
  saveVendorItems: 'guarded',
  removeVendorItems: 'guarded',
  syncChain: 'guarded',
  lastChainSync: 'read',
  listAudit: 'read',
} as const satisfies Record<OperationName, OperationAccess>;

/** The operations that need a PIN grant when a PIN is set. */
export type GuardedOperation = { [K in OperationName]: (typeof operationAccess)[K] extends 'guarded' ? K : never }[OperationName];

export const guardedOperations: readonly GuardedOperation[] = (Object.keys(operationAccess) as OperationName[]).filter(
  (name): name is GuardedOperation => operationAccess[name] === 'guarded',
);

export function isGuardedOperation(name: OperationName): name is GuardedOperation {
  return operationAccess[name] === 'guarded';
}

/**
 * What a right PIN at a gate grants (docs/decisions.md, "The PIN guards the main side"):
 * `action` — one guarded call within ACTION_GRANT_MS; `session` — manager work: any guarded call
 * until SESSION_IDLE_MS pass without one, and never beyond SESSION_LONGEST_MS.
 */
export const pinGrantKinds = ['action', 'session'] as const;
export type PinGrantKind = (typeof pinGrantKinds)[number];
export const ACTION_GRANT_MS = 60_000;
export const SESSION_IDLE_MS = 5 * 60_000;
export const SESSION_LONGEST_MS = 30 * 60_000;
