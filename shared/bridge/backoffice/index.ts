import { auditOperations } from './audit';
import { catalogEditOperations } from './catalogEdits';
import { chainOperations } from './chain';
import { purchasingOperations } from './purchasing';
import { stockCountOperations } from './stockCounts';
import { vendorOperations } from './vendors';

// Manager mode: the back office a venue's terminal reaches, one contract file per
// concern. Venue accounts only; every write is recorded in the audit log (audit.ts).

export * from './audit';
export * from './catalogEdits';
export * from './chain';
export * from './purchasing';
export * from './stockCounts';
export * from './vendors';

export const backofficeOperations = {
  ...catalogEditOperations,
  ...stockCountOperations,
  ...purchasingOperations,
  ...vendorOperations,
  ...chainOperations,
  ...auditOperations,
} as const;
