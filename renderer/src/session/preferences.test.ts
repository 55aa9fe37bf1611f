import { describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../../shared/bridge';
import { applyPreferences, MIRROR_KEYS, mirroredPreferences, usePreferencesStore, type PreferenceTarget } from './preferences';

function target(systemLanguages: string[] = ['fr-FR']) {
  const stored = new Map<string, string>();
  const changeLanguage = vi.fn();
  const root = { lang: '', dataset: {} as DOMStringMap };
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  return { stored, changeLanguage, root, value: { changeLanguage, root, storage, systemLanguages } satisfies PreferenceTarget };
}

const prefs = (changes: Partial<Preferences> = {}): Preferences => ({ language: null, theme: 'system', lockIdleMinutes: 0, ...changes });

describe('applyPreferences', () => {
  it('follows the system language (Spanish when none is spoken) and theme until one is chosen', () => {
    const t = target(['fr-FR', 'de']);
    expect(applyPreferences(prefs(), t.value)).toBe('es');
    expect(t.root.lang).toBe('es');
    expect(t.root.dataset.theme).toBeUndefined();
    expect(t.stored.size).toBe(0);
    expect(applyPreferences(prefs(), target(['ca-ES']).value)).toBe('ca');
  });

  it('applies a chosen language and theme at once and mirrors them for the next start', () => {
    const t = target(['en-GB']);
    applyPreferences(prefs({ language: 'ca', theme: 'dark' }), t.value);
    expect(t.changeLanguage).toHaveBeenLastCalledWith('ca');
    expect(t.root).toEqual({ lang: 'ca', dataset: { theme: 'dark' } });
    expect(mirroredPreferences(t.value.storage)).toEqual({ language: 'ca', theme: 'dark' });
    applyPreferences(prefs(), t.value);
    expect(t.root.dataset.theme).toBeUndefined();
    expect(mirroredPreferences(t.value.storage)).toEqual({ language: null, theme: 'system' });
  });

  it('ignores a mirror it does not understand', () => {
    const t = target();
    t.stored.set(MIRROR_KEYS.language, 'fr');
    t.stored.set(MIRROR_KEYS.theme, 'sepia');
    expect(mirroredPreferences(t.value.storage)).toEqual({ language: null, theme: 'system' });
  });
});

describe('preferences store', () => {
  it('reads the saved ones at start, applies a choice at once and undoes it when it cannot be saved', async () => {
    const t = target(['en-US']);
    let fail = false;
    const bridge = {
      getPreferences: vi.fn(async () => prefs({ language: 'es' })),
      savePreferences: vi.fn(async (changes: Partial<Preferences>) => {
        if (fail) throw new Error('disk full');
        return prefs({ language: 'es', ...changes });
      }),
    };
    await usePreferencesStore.getState().start(bridge, t.value);
    expect(t.root.lang).toBe('es');
    await usePreferencesStore.getState().choose({ language: 'ca' });
    expect(bridge.savePreferences).toHaveBeenLastCalledWith({ language: 'ca' });
    expect(t.root.lang).toBe('ca');
    fail = true;
    const choosing = usePreferencesStore.getState().choose({ theme: 'dark' });
    expect(t.root.dataset.theme).toBe('dark');
    await choosing;
    expect(t.root.dataset.theme).toBeUndefined();
    expect(usePreferencesStore.getState()).toMatchObject({ failed: true, preferences: { language: 'ca', theme: 'system' } });
  });
});
