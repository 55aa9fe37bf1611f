import type { LastChainSync } from '../../../shared/bridge';
import type { BackofficeDeps, BackofficeHandlers } from './types';
import { auditedWrite } from './audited';

// Manager mode's chain sync (spec: hospitality 4.2 `POST chains/sync`). The
// renderer offers it on a master account only (the account's `chainRole`), but the POS decides:
// its refusal (403 for a child or an account without children, or a 422) is an answer shown with
// the POS's words, not an error. Offline or no answer: thrown as the gateway's codes. When it last
// ran is the account's audit log (every attempt is recorded there), so it survives a restart.

/** How far back the audit log is searched for the last sync (records, newest first). */
const SEARCH_RECORDS = 10_000;
const PAGE = 500;

export function chainHandlers(deps: BackofficeDeps, now: () => Date = () => new Date()): Pick<BackofficeHandlers, 'syncChain' | 'lastChainSync'> {
  return {
    async syncChain() {
      const result = await auditedWrite(deps.audit, {
        action: 'chain-sync',
        target: 'chain',
        change: {},
        send: () => deps.gateway.syncChain({ priority: 'interactive' }),
        said: (answer) => answer?.data?.message ?? undefined,
      });
      const at = now().toISOString();
      if (result.ok) {
        const said = result.answer?.data?.message ?? undefined;
        return { outcome: 'synced', at, ...(said ? { said: said.slice(0, 2_000) } : {}) };
      }
      const failure = result.failure;
      if (failure !== undefined && (failure.status === 403 || failure.status === 422)) {
        const said = failure.text.params?.said;
        return { outcome: 'refused', at, status: failure.status, ...(typeof said === 'string' && said !== '' ? { said: said.slice(0, 2_000) } : {}) };
      }
      throw result.error;
    },

    async lastChainSync() {
      let beforeId: number | undefined;
      for (let read = 0; read < SEARCH_RECORDS; read += PAGE) {
        const records = deps.audit.list({ limit: PAGE, ...(beforeId !== undefined ? { beforeId } : {}) });
        const found = records.find((record) => record.action === 'chain-sync');
        if (found) return { last: { at: found.at, answer: found.answer } satisfies LastChainSync };
        if (records.length < PAGE) break;
        beforeId = records.at(-1)!.id;
      }
      return { last: null };
    },
  };
}
