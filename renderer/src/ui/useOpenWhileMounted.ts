import { useMemo, useSyncExternalStore } from 'react';

/**
 * A resource (a Dexie database…) that exists while the component shows it with these inputs: opened
 * when React subscribes, closed when it unsubscribes (unmount, or `open` changes). The resource is
 * an external store read with useSyncExternalStore, so no state is set in an effect
 * (docs/decisions.md, "React hooks lint"). `open` must be stable (useCallback); null opens nothing.
 */
export function useOpenWhileMounted<T extends { close(): void }>(open: (() => T) | null): T | null {
  const store = useMemo(() => openingStore(open), [open]);
  return useSyncExternalStore(store.subscribe, store.get);
}

export function openingStore<T extends { close(): void }>(open: (() => T) | null) {
  let current: T | null = null;
  return {
    subscribe(changed: () => void): () => void {
      if (open === null) return () => {};
      const opened = open();
      current = opened;
      changed();
      return () => {
        if (current === opened) current = null;
        opened.close();
      };
    },
    get: (): T | null => current,
  };
}
