import { createContext, useContext } from 'react';

// Issue 12 item 9: the actions a terminal PIN protects. A screen asks the gate before it acts;
// the lock feature provides the gate (asks for the PIN when one is set, slows repeated wrong tries).
// Without a provider (a terminal with no lock feature mounted, unit tests) nothing is asked.

/**
 * `set-stock`: a manager sets a product's stock from the shop's till (issue 15 item 12). `reports`:
 * the shop's Reports (issue 16). `manager`: the venue's manager mode (issue 17).
 */
export type PinGuardedAction = 'settings' | 'discard' | 'mark-done' | 'set-stock' | 'reports' | 'manager';

export interface PinGate {
  /** Resolves true when the action may go ahead: no PIN is set, or the right PIN was entered. */
  confirm(action: PinGuardedAction): Promise<boolean>;
}

const open: PinGate = { confirm: () => Promise.resolve(true) };

export const PinGateContext = createContext<PinGate>(open);

export function usePinGate(): PinGate {
  return useContext(PinGateContext);
}
