import type { BridgeInput, BridgeOutput, Preferences } from '../../../shared/bridge';
import type { LockService } from './lockService';

// The terminal's own operations: its preferences (language, theme, idle lock) and the
// lock. They belong to no account, so switching account keeps them.

export const terminalOperationNames = ['getPreferences', 'savePreferences', 'getLockState', 'lockTerminal', 'verifyPin', 'setPin', 'clearPin'] as const;
type TerminalOperationName = (typeof terminalOperationNames)[number];

export type TerminalHandlers = {
  [K in TerminalOperationName]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

export interface TerminalDeps {
  preferences: { preferences(): Preferences; savePreferences(changes: Partial<Preferences>): Promise<Preferences> };
  lock: LockService;
}

export function createTerminalHandlers({ preferences, lock }: TerminalDeps): TerminalHandlers {
  return {
    getPreferences: async () => preferences.preferences(),
    savePreferences: (changes) => preferences.savePreferences(changes),
    getLockState: async () => lock.state(),
    lockTerminal: () => lock.lock(),
    verifyPin: ({ pin, purpose }) => lock.verify(pin, purpose),
    setPin: ({ pin, current }) => lock.setPin(pin, current),
    clearPin: ({ current }) => lock.clearPin(current),
  };
}
