import { create } from 'zustand';
import type { LockState } from '../../../../shared/bridge';

// What this window knows of the terminal lock: the main side's state as last
// answered or announced (`lock-changed`), and until when PINs are refused, on this window's clock.

export interface LockStore {
  /** null until the main side answered. */
  lock: LockState | null;
  /** Date.now() until which the main side refuses PINs at the lock screen (0: not refused). */
  refusedUntil: number;
  /** The same for the PIN gates, which count apart (docs/decisions.md, "The PIN guards the main side"). */
  gateRefusedUntil: number;
  receive(lock: LockState, now?: number): void;
}

export const useLockStore = create<LockStore>()((set) => ({
  lock: null,
  refusedUntil: 0,
  gateRefusedUntil: 0,
  receive: (lock, now = Date.now()) =>
    set({ lock, refusedUntil: lock.retryInMs > 0 ? now + lock.retryInMs : 0, gateRefusedUntil: lock.gate.retryInMs > 0 ? now + lock.gate.retryInMs : 0 }),
}));

export const lockSelectors = {
  pinSet: (state: LockStore) => state.lock?.pinSet ?? false,
  locked: (state: LockStore) => state.lock?.locked ?? false,
  refusedUntil: (state: LockStore) => state.refusedUntil,
  gateRefusedUntil: (state: LockStore) => state.gateRefusedUntil,
  damaged: (state: LockStore) => state.lock?.damaged ?? false,
} as const;

/** The lock as last known, read when a PIN gate or a refused call needs it (not while rendering). */
export const currentLock = (): LockState | null => useLockStore.getState().lock;
