import type { LockState } from '../../../../shared/bridge';
import type { PinGate, PinGuardedAction } from './pinGate';

/**
 * The PIN gate: asks the main side whether a PIN is set (the state last known
 * when it does not answer), lets the action through when none is, and otherwise asks for the PIN
 * (`ask` resolves true for the right one — its grant then held — false when the waiter gives up).
 * A gate always asks, a manager session live or not: each gate is a decision of its own.
 */
export function createPinGate({
  readLock,
  lastKnown,
  ask,
}: {
  readLock: () => Promise<LockState>;
  lastKnown: () => LockState | null;
  ask: (action: PinGuardedAction) => Promise<boolean>;
}): PinGate {
  return {
    async confirm(action) {
      let lock: LockState | null;
      try {
        lock = await readLock();
      } catch {
        lock = lastKnown();
      }
      if (!lock?.pinSet) return true;
      return ask(action);
    },
  };
}
