import type { AccountState, SandboxState } from './state';

/** Hono environment of the sandbox: the authenticated account is set by the auth middleware. */
export interface SandboxEnv {
  Variables: {
    state: SandboxState;
    account: AccountState;
  };
}
