import { useState, useSyncExternalStore } from 'react';

/**
 * The time, refreshed every minute while `running`: "10:42" becomes "yesterday at 10:42"
 * overnight. Starting again refreshes at once. The clock is an external store
 * (useSyncExternalStore), so no state is set in an effect (docs/decisions.md, "React hooks lint").
 */
export function useMinuteClock(running = true): Date {
  const [clock] = useState(minuteClock);
  return useSyncExternalStore(running ? clock.subscribe : stopped, clock.get);
}

const stopped = () => () => {};

/** A clock read each minute while subscribed, and at once when subscribed. */
export function minuteClock() {
  let now = new Date();
  return {
    subscribe(changed: () => void): () => void {
      now = new Date();
      changed();
      const timer = setInterval(() => {
        now = new Date();
        changed();
      }, 60_000);
      return () => clearInterval(timer);
    },
    get: (): Date => now,
  };
}
