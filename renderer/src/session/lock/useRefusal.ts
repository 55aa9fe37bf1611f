import { useMemo, useSyncExternalStore } from 'react';
import { lockSelectors, useLockStore } from './lockStore';

/** How long PINs are still refused (ms, 0 when not) at the lock screen or the gates, ticking each second while it counts down. */
export function useRefusal(where: 'lock-screen' | 'gate' = 'lock-screen'): number {
  const refusedUntil = useLockStore(where === 'gate' ? lockSelectors.gateRefusedUntil : lockSelectors.refusedUntil);
  // The seconds are an external store (useSyncExternalStore): no state set in an effect
  // (docs/decisions.md, "React hooks lint").
  const clock = useMemo(() => countdownClock(refusedUntil), [refusedUntil]);
  const now = useSyncExternalStore(clock.subscribe, clock.get);
  return Math.max(0, refusedUntil - now);
}

/** The time (ms), read at once when subscribed and each second after, until `until`. */
export function countdownClock(until: number) {
  let now = Date.now();
  return {
    subscribe(changed: () => void): () => void {
      now = Date.now();
      changed();
      if (now >= until) return () => {};
      const timer = setInterval(() => {
        now = Date.now();
        changed();
        if (now >= until) clearInterval(timer);
      }, 1000);
      return () => clearInterval(timer);
    },
    get: (): number => now,
  };
}
