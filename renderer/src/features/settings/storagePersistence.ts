import { create } from 'zustand';

// The terminal's saved orders and catalog live in the browser's storage, which the browser may
// evict under storage pressure unless the origin's storage is persistent (issue 10 item 10). The
// renderer asks once at start; Settings says what the browser answered.

export type PersistenceState = 'asking' | 'granted' | 'not-granted' | 'unavailable';

/** The part of `navigator.storage` (StorageManager) used here. */
export interface PersistableStorage {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

const browserStorage = (): PersistableStorage | undefined => (globalThis as { navigator?: { storage?: PersistableStorage } }).navigator?.storage;

export async function requestPersistentStorage(storage: PersistableStorage | undefined = browserStorage()): Promise<Exclude<PersistenceState, 'asking'>> {
  if (typeof storage?.persist !== 'function') return 'unavailable';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'granted';
    return (await storage.persist()) ? 'granted' : 'not-granted';
  } catch {
    return 'unavailable';
  }
}

/** Settings' line, in words (not colour). */
export const PERSISTENCE_TEXT: Record<PersistenceState, string> = {
  asking: 'Asking the browser…',
  granted: 'Granted: the browser keeps this terminal’s saved orders and catalog.',
  'not-granted': 'Not granted: the browser may delete saved orders and the catalog when the disk is short of space.',
  unavailable: 'Not available in this browser: saved orders and the catalog may be deleted when the disk is short of space.',
};

export const useStoragePersistence = create<{ state: PersistenceState }>(() => ({ state: 'asking' }));

/** At start (App): ask, and keep the answer for Settings. */
export async function askForPersistentStorage(storage?: PersistableStorage): Promise<void> {
  const state = await requestPersistentStorage(storage ?? browserStorage());
  useStoragePersistence.setState({ state });
}
