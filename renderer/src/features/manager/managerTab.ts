import type { BridgeClient } from '../../../../shared/bridge';

/** What every manager-mode tab gets: the window's account-scoped bridge (its calls name this venue). */
export interface ManagerTabProps {
  bridge: BridgeClient;
}

/** The tabs of manager mode, in the order shown. */
export const managerTabs = ['catalog', 'stock', 'purchasing', 'vendors', 'chain', 'activity'] as const;
export type ManagerTab = (typeof managerTabs)[number];
