import { auditHandlers } from './auditHandlers';
import { catalogEditHandlers } from './catalogEdits';
import { chainHandlers } from './chain';
import { purchasingHandlers } from './purchasing';
import { stockCountHandlers } from './stockCounts';
import { vendorHandlers } from './vendors';
import type { BackofficeDeps, BackofficeHandlers } from './types';

// Manager mode: the venue's back office, one module per concern, all bound to the
// current account's gateway; every write goes through `audited` (audited.ts) into the account's
// audit log. Venue accounts only (a shop answers `not-a-venue`).

export type { BackofficeHandlers, BackofficeDeps } from './types';

export function createBackofficeHandlers(deps: BackofficeDeps): BackofficeHandlers {
  return {
    ...catalogEditHandlers(deps),
    ...stockCountHandlers(deps),
    ...purchasingHandlers(deps),
    ...vendorHandlers(deps),
    ...chainHandlers(deps),
    ...auditHandlers(deps),
  };
}
