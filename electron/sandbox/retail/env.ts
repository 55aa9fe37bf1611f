import type { RetailLimits } from './limits';
import type { RetailAccountState } from './model';
import type { RetailEvents } from './events';
import type { RetailState } from './state';

/** Hono environment of the retail sandbox: the authenticated account is set by the auth middleware. */
export interface RetailEnv {
  Variables: {
    retail: RetailState;
    account: RetailAccountState;
    limits: RetailLimits;
    events: RetailEvents;
  };
}
