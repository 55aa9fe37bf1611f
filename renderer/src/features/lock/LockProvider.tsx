import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { BridgeClient, PinAttempt } from '../../../../shared/bridge';
import { usePreferencesStore } from '../settings/preferences';
import { createPinGate } from './gate';
import { startIdleTimer } from './idleTimer';
import { LockScreen } from './LockScreen';
import { lockSelectors, useLockStore } from './lockStore';
import { PinDialog } from './PinDialog';
import { PinGateContext, type PinGate, type PinGuardedAction } from './pinGate';
import './lock.css';

export type LockBridge = Pick<BridgeClient, 'getLockState' | 'lockTerminal' | 'verifyPin' | 'setPin' | 'clearPin' | 'onEvent'>;

/** What screens do with the lock: lock now, and (Settings) set, change or remove the PIN. */
export interface LockActions {
  lockNow(): Promise<void>;
  verify(pin: string): Promise<PinAttempt>;
  setPin(pin: string, current?: string): Promise<PinAttempt>;
  clearPin(current: string): Promise<PinAttempt>;
}

const LockActionsContext = createContext<LockActions | null>(null);

/** null outside a LockProvider (unit tests of other screens). */
export function useLockActions(): LockActions | null {
  return useContext(LockActionsContext);
}

/**
 * The terminal lock in this window (issue 12 item 9): follows the main side's lock state, shows
 * the lock screen while locked, locks after the idle minutes of Settings, and provides the PIN
 * gate — a PIN dialog for Settings, Discard and Mark done when a PIN is set.
 */
export function LockProvider({ bridge, children }: { bridge: LockBridge; children: ReactNode }) {
  const receive = useLockStore((state) => state.receive);
  const pinSet = useLockStore(lockSelectors.pinSet);
  const locked = useLockStore(lockSelectors.locked);
  const idleMinutes = usePreferencesStore((state) => state.preferences?.lockIdleMinutes ?? 0);
  const [asking, setAsking] = useState<{ action: PinGuardedAction; resolve: (ok: boolean) => void } | null>(null);
  const bridgeRef = useRef(bridge);
  bridgeRef.current = bridge;

  useEffect(() => {
    const unsubscribe = bridge.onEvent((event) => {
      if (event.type === 'lock-changed') receive(event.lock);
    });
    bridge.getLockState({}).then(
      (lock) => receive(lock),
      (error: unknown) => console.warn(`lock: cannot read the lock state (${error instanceof Error ? error.message : String(error)})`),
    );
    return unsubscribe;
  }, [bridge, receive]);

  const answered = useCallback(
    async (call: Promise<PinAttempt>) => {
      const attempt = await call;
      receive(attempt.lock);
      return attempt;
    },
    [receive],
  );

  const actions = useMemo<LockActions>(
    () => ({
      async lockNow() {
        receive(await bridgeRef.current.lockTerminal({}));
      },
      verify: (pin) => answered(bridgeRef.current.verifyPin({ pin })),
      setPin: (pin, current) => answered(bridgeRef.current.setPin(current === undefined ? { pin } : { pin, current })),
      clearPin: (current) => answered(bridgeRef.current.clearPin({ current })),
    }),
    [answered, receive],
  );

  useEffect(() => {
    if (!pinSet || locked || idleMinutes <= 0) return;
    return startIdleTimer({ idleMs: idleMinutes * 60_000, onIdle: () => void actions.lockNow().catch(() => {}), target: window });
  }, [pinSet, locked, idleMinutes, actions]);

  const gate = useMemo<PinGate>(
    () =>
      createPinGate({
        readLock: async () => {
          const lock = await bridgeRef.current.getLockState({});
          receive(lock);
          return lock;
        },
        lastKnown: () => useLockStore.getState().lock,
        ask: (action) => new Promise<boolean>((resolve) => setAsking({ action, resolve })),
      }),
    [receive],
  );

  const finish = (ok: boolean) => {
    asking?.resolve(ok);
    setAsking(null);
  };

  return (
    <LockActionsContext.Provider value={actions}>
      <PinGateContext.Provider value={gate}>
        {children}
        {asking && !locked && <PinDialog action={asking.action} verify={actions.verify} onDone={finish} />}
        {locked && <LockScreen verify={actions.verify} />}
      </PinGateContext.Provider>
    </LockActionsContext.Provider>
  );
}
