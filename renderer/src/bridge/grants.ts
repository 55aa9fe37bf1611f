import { SESSION_IDLE_MS, type GuardedOperation, type PinGrant } from '../../../shared/bridge';

// The PIN grants this window holds (docs/decisions.md, "The PIN guards the main side"): what
// verifyPin answered at a PIN gate, in memory only (never stored: a reload asks again). The bridge
// client attaches one to every guarded call; the main side decides whether it is still good.

interface Held {
  id: string;
  /** Date.now() after which this window stops offering it (the main side has its own clock). */
  until: number;
}

/** Asks the person for the PIN for this call; resolves whether a grant is now held. */
export type PinAsker = (operation: GuardedOperation) => Promise<boolean>;

export interface PinGrants {
  /** Keeps what a right PIN answered. */
  hold(grant: PinGrant, now?: number): void;
  /**
   * The grant for the next guarded call: the action grant (given up: it serves one call) before the
   * session; undefined when none is live. A session's time starts again, as on the main side.
   */
  take(now?: number): string | undefined;
  /** Forgets every grant (the terminal locked, the PIN changed or went). */
  clear(): void;
  /** The lock feature's question for a guarded call refused as `pin-required`; null: none (nothing is asked). */
  setAsker(asker: PinAsker | null): void;
  ask(operation: GuardedOperation): Promise<boolean>;
}

export function createPinGrants(idleMs: { session: number }): PinGrants {
  let action: Held | null = null;
  let session: Held | null = null;
  let asker: PinAsker | null = null;
  const live = (held: Held | null, now: number) => (held !== null && now < held.until ? held : null);
  return {
    hold(grant, now = Date.now()) {
      const held = { id: grant.id, until: now + grant.expiresInMs };
      if (grant.kind === 'action') action = held;
      else session = held;
    },
    take(now = Date.now()) {
      const first = live(action, now);
      action = null;
      if (first) return first.id;
      const current = live(session, now);
      if (!current) return undefined;
      current.until = now + idleMs.session;
      return current.id;
    },
    clear() {
      action = null;
      session = null;
    },
    setAsker(next) {
      asker = next;
    },
    ask: (operation) => (asker ? asker(operation) : Promise.resolve(false)),
  };
}

/** This window's grants: the lock feature fills them, the bridge client spends them. */
export const pinGrants: PinGrants = createPinGrants({ session: SESSION_IDLE_MS });
