import { coded, operationAccess, type BridgeCallContext, type OperationName } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import type { LockService } from './lockService';

/**
 * The PIN on the main side (docs/decisions.md, "The PIN guards the main side"): the dispatcher asks
 * this before any handler runs. With a PIN set, a guarded operation (shared/bridge/access.ts) is
 * refused while the terminal is locked — a grant too: unlock first — and otherwise needs a live
 * grant, which it spends. Everything else passes.
 */
export function createAccessCheck(lock: Pick<LockService, 'state' | 'redeem'>): (name: OperationName, context: BridgeCallContext) => void {
  return (name, context) => {
    if (operationAccess[name] !== 'guarded') return;
    const state = lock.state();
    if (!state.pinSet) return;
    if (state.locked) {
      throw new ServiceError({ kind: 'forbidden', ...coded('pin-required'), detail: `${name}: the terminal is locked` });
    }
    if (!lock.redeem(context.grant)) {
      throw new ServiceError({
        kind: 'forbidden',
        ...coded('pin-required'),
        detail: `${name}: ${context.grant === undefined ? 'no PIN grant' : 'the PIN grant is unknown, spent or expired'}`,
      });
    }
  };
}
