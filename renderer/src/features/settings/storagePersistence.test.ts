import { describe, expect, it, vi } from 'vitest';
import { askForPersistentStorage, requestPersistentStorage, useStoragePersistence } from './storagePersistence';

describe('persistent storage', () => {
  it('asks the browser once, and says whether it was granted', async () => {
    const granted = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    expect(await requestPersistentStorage(granted)).toBe('granted');
    expect(granted.persist).toHaveBeenCalledOnce();
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => false })).toBe('not-granted');
  });

  it('does not ask again when the data is already persistent', async () => {
    const already = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
    expect(await requestPersistentStorage(already)).toBe('granted');
    expect(already.persist).not.toHaveBeenCalled();
  });

  it('is "unavailable" without navigator.storage.persist, or when the browser throws', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unavailable');
    expect(await requestPersistentStorage({})).toBe('unavailable');
    expect(await requestPersistentStorage({ persist: async () => Promise.reject(new Error('SecurityError')) })).toBe('unavailable');
  });

  it('keeps the answer for Settings (worded by settingsText)', async () => {
    expect(useStoragePersistence.getState().state).toBe('asking');
    await askForPersistentStorage({ persist: async () => false });
    expect(useStoragePersistence.getState().state).toBe('not-granted');
  });
});
