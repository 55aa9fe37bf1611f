import { create } from 'zustand';
import type { BridgeClient, Preferences } from '../../../shared/bridge';
import { detectLanguage, isLanguage, type Language } from '../i18n/languages';

// The terminal's language, theme and idle lock: saved on the main side
// with the settings, applied at once. The language and theme are mirrored in this browser's
// storage so the next start paints in them before the main side answers; the main side's wins.

export type PreferencesBridge = Pick<BridgeClient, 'getPreferences' | 'savePreferences'>;
export type Theme = Preferences['theme'];

export const MIRROR_KEYS = { language: 'comanda.language', theme: 'comanda.theme' } as const;

/** Where preferences take effect: the i18n instance, <html>, the mirror. */
export interface PreferenceTarget {
  changeLanguage(language: Language): unknown;
  root: { lang: string; dataset: DOMStringMap };
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  systemLanguages: readonly string[];
}

/** The system's light or dark unless one was chosen (the CSS reads `data-theme`). */
export function applyTheme(theme: Theme, root: { dataset: DOMStringMap }): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function applyPreferences(preferences: Preferences, target: PreferenceTarget): Language {
  const language = preferences.language ?? detectLanguage(target.systemLanguages);
  void target.changeLanguage(language);
  target.root.lang = language;
  applyTheme(preferences.theme, target.root);
  try {
    if (preferences.language) target.storage?.setItem(MIRROR_KEYS.language, preferences.language);
    else target.storage?.removeItem(MIRROR_KEYS.language);
    if (preferences.theme === 'system') target.storage?.removeItem(MIRROR_KEYS.theme);
    else target.storage?.setItem(MIRROR_KEYS.theme, preferences.theme);
  } catch {
    // Storage refused (private mode, quota): the main side still has them.
  }
  return language;
}

/** What the mirror says at start (main.tsx), before the main side answers. */
export function mirroredPreferences(storage: Pick<Storage, 'getItem'> | null): { language: Language | null; theme: Theme } {
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const language = read(MIRROR_KEYS.language);
  const theme = read(MIRROR_KEYS.theme);
  return { language: isLanguage(language) ? language : null, theme: theme === 'light' || theme === 'dark' ? theme : 'system' };
}

export interface PreferencesStore {
  /** null until the main side answered. */
  preferences: Preferences | null;
  /** The last change could not be saved (it was undone). */
  failed: boolean;
  bridge: PreferencesBridge | null;
  target: PreferenceTarget | null;
  /** At start: reads the saved preferences and applies them. */
  start(bridge: PreferencesBridge, target: PreferenceTarget): Promise<void>;
  /** Applies at once, saves, and undoes when the main side refuses. */
  choose(changes: Partial<Preferences>): Promise<void>;
}

export const usePreferencesStore = create<PreferencesStore>()((set, get) => ({
  preferences: null,
  failed: false,
  bridge: null,
  target: null,
  async start(bridge, target) {
    set({ bridge, target });
    try {
      const preferences = await bridge.getPreferences({});
      set({ preferences });
      applyPreferences(preferences, target);
    } catch (error) {
      console.warn(`preferences: cannot read them (${error instanceof Error ? error.message : String(error)}); the mirrored ones stay`);
    }
  },
  async choose(changes) {
    const { bridge, target, preferences } = get();
    if (!bridge || !preferences) return;
    const next = { ...preferences, ...changes };
    set({ preferences: next, failed: false });
    if (target) applyPreferences(next, target);
    try {
      const saved = await bridge.savePreferences(changes);
      set({ preferences: saved });
      if (target) applyPreferences(saved, target);
    } catch {
      set({ preferences, failed: true });
      if (target) applyPreferences(preferences, target);
    }
  },
}));

/** The window starting: reads the saved preferences and applies them (main.tsx). */
export function startPreferences(bridge: PreferencesBridge, target: PreferenceTarget): Promise<void> {
  return usePreferencesStore.getState().start(bridge, target);
}
