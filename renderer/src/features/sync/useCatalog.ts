import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { catalogStore, type CatalogState } from '../../data/catalog/catalogStore';

/** Reads the catalog store (data/catalogStore.ts) from a component: the smallest piece needed. */
export function useCatalog<T>(selector: (state: CatalogState) => T): T {
  return useStore(catalogStore, selector);
}

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
