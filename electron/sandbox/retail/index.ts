// The retail service's sandbox (retail-api.md): its own listener beside the hospitality one.
export { createRetailSandboxApp, type RetailSandboxApp, type RetailSandboxOptions } from './app';
export { startRetailSandbox, type RunningRetailSandbox, type StartRetailSandboxOptions } from './server';
export { DEMO_SHOP, defaultRetailAccounts } from './accounts';
export type { RetailEventName } from './events';
export type * from './model';
