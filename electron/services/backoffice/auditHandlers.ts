import type { BackofficeDeps, BackofficeHandlers } from './types';

// Manager mode's Activity list: the account's audit log, newest first.

export function auditHandlers(deps: BackofficeDeps): Pick<BackofficeHandlers, 'listAudit'> {
  return {
    listAudit: async (input) => ({ records: deps.audit.list(input) }),
  };
}
