// Embedded sandbox of the vendor's hospitality server (demo venue, contract and e2e tests).
export { createSandboxApp, type SandboxApp, type SandboxOptions } from './app';
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './server';
export { DEMO_ACCOUNT, DEMO_CHILD_TENANT, DEMO_FLOOR, DEMO_PAYMENT_METHODS, TABLE_TYPE } from './seed';
export type { AccountSeed, AccountSpec, SeedRoom, SeedTable } from './state';
export type { LedgerEntry, OrderRecord } from './orders/model';
export type { ErrorStatus, FaultCounters, FaultFamily, FaultSettings, FaultSnapshot, RateLimitBurst } from './control/faults';
