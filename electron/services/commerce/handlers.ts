import { giftCardHandlers } from './giftCards';
import { customerHandlers } from './customers';
import { stockHandlers } from './stock';
import type { CommerceDeps, CommerceHandlers } from './types';

// The online operations that are not queue entries (shared/bridge/commerce.ts): one module
// per concern, all bound to the current account's gateway; changes other windows must see are
// announced as events.

export type { CommerceHandlers, CommerceDeps } from './types';

export function createCommerceHandlers(deps: CommerceDeps): CommerceHandlers {
  return { ...giftCardHandlers(deps), ...customerHandlers(deps), ...stockHandlers(deps) };
}
