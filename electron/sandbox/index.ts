// Embedded sandbox of the vendor's hospitality server (demo venue, contract and e2e tests).
export { createSandboxApp, type SandboxApp } from './app';
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './server';
export { DEMO_ACCOUNT } from './seed';
export type { AccountSeed, SeedRoom } from './state';
export type { LedgerEntry } from './orders/model';
