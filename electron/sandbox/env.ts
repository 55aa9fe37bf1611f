import type { SandboxLimits } from './limits';
import type { AccountState, SandboxState } from './state';

/** Hono environment of the sandbox: the authenticated account is set by the auth middleware. */
export interface SandboxEnv {
  Variables: {
    state: SandboxState;
    account: AccountState;
    /** The app's limits (spec §8 with the app's overrides), set for every request. */
    limits: SandboxLimits;
  };
}
