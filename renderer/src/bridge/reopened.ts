// The browser shell's event stream (SSE) opened — first, or again after a drop: events sent before
// it was connected were missed, so whoever follows main-side state reads it again (// a window's first read can land before its stream connects). Electron's IPC never drops.

export interface ReopenSignal {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

export function createReopenSignal(): ReopenSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one event stream: httpBridge notifies it, the queue feed follows it. */
export const bridgeReopened: ReopenSignal = createReopenSignal();
