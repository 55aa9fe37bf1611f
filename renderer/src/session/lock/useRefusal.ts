import { useEffect, useState } from 'react';
import { lockSelectors, useLockStore } from './lockStore';

/** How long PINs are still refused (ms, 0 when not) at the lock screen or the gates, ticking each second while it counts down. */
export function useRefusal(where: 'lock-screen' | 'gate' = 'lock-screen'): number {
  const refusedUntil = useLockStore(where === 'gate' ? lockSelectors.gateRefusedUntil : lockSelectors.refusedUntil);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (refusedUntil <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= refusedUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [refusedUntil]);
  return Math.max(0, refusedUntil - now);
}
