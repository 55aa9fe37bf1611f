import { describe, expect, it, vi } from 'vitest';
import { openingStore } from './useOpenWhileMounted';

describe('openingStore', () => {
  it('opens on subscribe, tells React, and closes on unsubscribe', () => {
    const close = vi.fn();
    const open = vi.fn(() => ({ close }));
    const store = openingStore(open);
    expect(store.get()).toBeNull();
    const changed = vi.fn();
    const unsubscribe = store.subscribe(changed);
    expect(open).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    const opened = store.get();
    expect(opened).not.toBeNull();
    unsubscribe();
    expect(close).toHaveBeenCalledTimes(1);
    expect(store.get()).toBeNull();
  });

  it('a second subscription (StrictMode) opens a fresh one, and the first one closing does not hide it', () => {
    const made: { close: () => void; closed: boolean }[] = [];
    const store = openingStore(() => {
      const resource = { closed: false, close: () => (resource.closed = true) };
      made.push(resource);
      return resource;
    });
    const first = store.subscribe(() => {});
    const second = store.subscribe(() => {});
    first();
    expect(made.map((r) => r.closed)).toEqual([true, false]);
    expect(store.get()).toBe(made[1]);
    second();
    expect(store.get()).toBeNull();
  });

  it('opens nothing without an opener', () => {
    const store = openingStore(null);
    const changed = vi.fn();
    store.subscribe(changed)();
    expect(changed).not.toHaveBeenCalled();
    expect(store.get()).toBeNull();
  });
});
