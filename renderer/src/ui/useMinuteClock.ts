import { useEffect, useState } from 'react';

/**
 * The time, refreshed every minute while `running`: "10:42" becomes "yesterday at 10:42"
 * overnight. Starting again refreshes at once.
 */
export function useMinuteClock(running = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
