// The retail service's sandbox (retail-api.md): its own listener beside the hospitality one.
export { createRetailSandboxApp, type RetailSandboxApp, type RetailSandboxOptions } from './app';
export { startRetailSandbox, type RunningRetailSandbox, type StartRetailSandboxOptions } from './server';
export { DEMO_SHOP, DEMO_SHOP_CHILD, defaultRetailAccounts } from './accounts';
export type { RetailEventName, RetailEvents } from './events';
export type { RetailLedgerEntry, RetailState } from './state';
export type { RetailStore } from './store';
export type * from './model';
