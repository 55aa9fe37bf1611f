import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BridgeClient, PinAttempt, PinPurpose } from '../../../../shared/bridge';
import { pinGrants as windowGrants, type PinGrants } from '../../bridge/grants';
import { usePreferencesStore } from '../preferences';
import { createPinGate } from './gate';
import { startIdleTimer } from './idleTimer';
import { LockScreen } from './LockScreen';
import { currentLock, lockSelectors, useLockStore } from './lockStore';
import { PinDialog } from './PinDialog';
import { ASK_AGAIN_FOR, GATE_PURPOSE, PinGateContext, type PinGate, type PinGuardedAction } from './pinGate';
import './lock.css';

export type LockBridge = Pick<BridgeClient, 'getLockState' | 'lockTerminal' | 'verifyPin' | 'setPin' | 'clearPin' | 'onEvent'>;

/** What screens do with the lock: lock now, and (Settings) set, change or remove the PIN. */
export interface LockActions {
  lockNow(): Promise<void>;
  /** `unlock` by default; a gate's purpose keeps the grant it answers for the calls that follow. */
  verify(pin: string, purpose?: PinPurpose): Promise<PinAttempt>;
  setPin(pin: string, current?: string): Promise<PinAttempt>;
  clearPin(current: string): Promise<PinAttempt>;
}

const LockActionsContext = createContext<LockActions | null>(null);

/** null outside a LockProvider (unit tests of other screens). */
export function useLockActions(): LockActions | null {
  return useContext(LockActionsContext);
}

/**
 * The terminal lock in this window: follows the main side's lock state, shows
 * the lock screen while locked, locks after the idle minutes of Settings, and provides the PIN
 * gate — a PIN dialog for Settings, Discard and Mark done when a PIN is set. A right PIN at a gate
 * answers a grant, held in this window's memory for the guarded calls that follow; a guarded call
 * the main side refused for want of one asks the PIN again (docs/decisions.md, "The PIN guards the
 * main side").
 */
export function LockProvider({ bridge, children, grants = windowGrants }: { bridge: LockBridge; children: ReactNode; grants?: PinGrants }) {
  const receive = useLockStore((state) => state.receive);
  const pinSet = useLockStore(lockSelectors.pinSet);
  const locked = useLockStore(lockSelectors.locked);
  const idleMinutes = usePreferencesStore((state) => state.preferences?.lockIdleMinutes ?? 0);
  const [asking, setAsking] = useState<{ action: PinGuardedAction; purpose: 'action' | 'session'; resolve: (ok: boolean) => void } | null>(null);
  /** Shows the PIN dialog; a question still open is answered "no" (one dialog at a time). */
  const askFor = useCallback(
    (action: PinGuardedAction, purpose: 'action' | 'session') =>
      new Promise<boolean>((resolve) =>
        setAsking((previous) => {
          previous?.resolve(false);
          return { action, purpose, resolve };
        }),
      ),
    [],
  );
  useEffect(() => {
    const unsubscribe = bridge.onEvent((event) => {
      if (event.type !== 'lock-changed') return;
      // The main side ended every grant when it locked or the PIN went: so does this window.
      if (event.lock.locked || !event.lock.pinSet) grants.clear();
      receive(event.lock);
    });
    bridge.getLockState({}).then(
      (lock) => receive(lock),
      (error: unknown) => console.warn(`lock: cannot read the lock state (${error instanceof Error ? error.message : String(error)})`),
    );
    return unsubscribe;
  }, [bridge, receive, grants]);

  const answered = useCallback(
    async (call: Promise<PinAttempt>) => {
      const attempt = await call;
      if (attempt.grant) grants.hold(attempt.grant);
      receive(attempt.lock);
      return attempt;
    },
    [receive, grants],
  );

  const actions = useMemo<LockActions>(
    () => ({
      async lockNow() {
        grants.clear();
        receive(await bridge.lockTerminal({}));
      },
      verify: (pin, purpose) => answered(bridge.verifyPin(purpose === undefined || purpose === 'unlock' ? { pin } : { pin, purpose })),
      setPin: (pin, current) => answered(bridge.setPin(current === undefined ? { pin } : { pin, current })),
      clearPin: (current) => answered(bridge.clearPin({ current })),
    }),
    [bridge, answered, receive, grants],
  );

  useEffect(() => {
    if (!pinSet || locked || idleMinutes <= 0) return;
    return startIdleTimer({ idleMs: idleMinutes * 60_000, onIdle: () => void actions.lockNow().catch(() => {}), target: window });
  }, [pinSet, locked, idleMinutes, actions]);

  const gate = useMemo<PinGate>(
    () =>
      createPinGate({
        readLock: async () => {
          const lock = await bridge.getLockState({});
          receive(lock);
          return lock;
        },
        lastKnown: currentLock,
        ask: (action) => askFor(action, GATE_PURPOSE[action]),
      }),
    [bridge, receive, askFor],
  );

  // A guarded call refused as `pin-required` (a grant expired, or a call no gate asked for): the
  // PIN again, unless the terminal is locked (the lock screen comes first) or nobody acts.
  useEffect(() => {
    grants.setAsker((operation) => {
      const purpose = ASK_AGAIN_FOR[operation];
      if (purpose === null || currentLock()?.locked) return Promise.resolve(false);
      return askFor('continue', purpose);
    });
    return () => grants.setAsker(null);
  }, [grants, askFor]);

  const finish = (ok: boolean) => {
    asking?.resolve(ok);
    setAsking(null);
  };

  return (
    <LockActionsContext.Provider value={actions}>
      <PinGateContext.Provider value={gate}>
        {children}
        {asking && !locked && <PinDialog action={asking.action} verify={(pin) => actions.verify(pin, asking.purpose)} onDone={finish} />}
        {locked && <LockScreen verify={actions.verify} />}
      </PinGateContext.Provider>
    </LockActionsContext.Provider>
  );
}
