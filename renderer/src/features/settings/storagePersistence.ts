import { create } from 'zustand';

// The terminal's saved orders and catalog live in the browser's storage, which the browser may
// evict under storage pressure unless the origin's storage is persistent. The
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

export const useStoragePersistence = create<{ state: PersistenceState }>(() => ({ state: 'asking' }));

/** At start (App): ask, and keep the answer for Settings. */
export async function askForPersistentStorage(storage?: PersistableStorage): Promise<void> {
  const state = await requestPersistentStorage(storage ?? browserStorage());
  useStoragePersistence.setState({ state });
}
