import { create, type StateCreator } from 'zustand';
import {
  BridgeError,
  type BridgeClient,
  type ConnectionCheck,
  type EnvironmentId,
  type AccountKind,
  type EnvironmentPreset,
  type ErrorText,
  type Settings,
} from '../../../../shared/bridge';
import {
  buildSaveInput,
  buildTestInput,
  chainRoleForMode,
  chooseEnvironment,
  EMPTY_FORM,
  fieldErrorsFromBridgeError,
  formFromSettings,
  type FieldErrors,
  type AccountUse,
  type FormField,
  type SettingsForm,
} from './settingsForm';

/** The operations the settings screen uses; `saveSettings` is the account switcher (accountScope.ts). */
export type SettingsBridge = Pick<BridgeClient, 'getSettings' | 'testConnection' | 'saveSettings'>;

export type TestState =
  { state: 'idle' } | { state: 'running' } | { state: 'done'; ok: boolean; checks: ConnectionCheck[] } | { state: 'failed'; error: ErrorText };

export type SaveState =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; account: Settings['account'] } | { state: 'failed'; error: ErrorText | null };

/** Whether the settings screen is shown instead of the floor. */
export interface ScreenSlice {
  open: boolean;
  openSettings: (bridge: SettingsBridge) => Promise<void>;
  closeSettings: () => void;
}

export interface FormSlice {
  loading: 'idle' | 'loading' | 'ready' | 'failed';
  loadError: ErrorText | null;
  /** The settings in use (as last read from the main side). */
  saved: Settings | null;
  /** The vault holds tokens for the saved account's server and tenant. */
  hasSecrets: boolean;
  /** Why the saved tokens cannot be used (a damaged vault: type them again), else null. */
  secretsProblem: ErrorText | null;
  /** The vault holds tokens for the second account. */
  secondaryHasSecrets: boolean;
  environments: EnvironmentPreset[];
  form: SettingsForm;
  errors: FieldErrors;
  test: TestState;
  save: SaveState;
  load: (bridge: SettingsBridge) => Promise<void>;
  setField: (field: Exclude<FormField, 'environment'>, value: string) => void;
  chooseMode: (mode: SettingsForm['mode']) => void;
  /** The venue's place in a chain. */
  chooseChainRole: (role: SettingsForm['chainRole']) => void;
  /** Venue, shop or both. */
  chooseUse: (use: AccountUse) => void;
  /** With both: the one the terminal uses. */
  chooseActive: (active: AccountKind) => void;
  chooseShopMode: (mode: SettingsForm['shopMode']) => void;
  chooseEnvironment: (id: EnvironmentId) => void;
  /** Tests one of the form's accounts (default: the one the terminal would use). */
  testConnection: (bridge: SettingsBridge, kind?: AccountKind) => Promise<void>;
  saveSettings: (bridge: SettingsBridge) => Promise<void>;
}

export type SettingsStore = ScreenSlice & FormSlice;

const createScreenSlice: StateCreator<SettingsStore, [], [], ScreenSlice> = (set, get) => ({
  open: false,
  async openSettings(bridge) {
    set({ open: true, errors: {}, test: { state: 'idle' }, save: { state: 'idle' } });
    await get().load(bridge);
  },
  closeSettings: () => set({ open: false }),
});

/** Any change makes earlier results about other values misleading: they go. */
const edited = { test: { state: 'idle' }, save: { state: 'idle' } } as const;

const createFormSlice: StateCreator<SettingsStore, [], [], FormSlice> = (set, get) => ({
  loading: 'idle',
  loadError: null,
  saved: null,
  hasSecrets: false,
  secretsProblem: null,
  secondaryHasSecrets: false,
  environments: [],
  form: EMPTY_FORM,
  errors: {},
  test: { state: 'idle' },
  save: { state: 'idle' },

  async load(bridge) {
    set({ loading: 'loading', loadError: null });
    try {
      const { settings, hasSecrets, secretsProblem, secondaryHasSecrets, environments } = await bridge.getSettings({});
      set({
        loading: 'ready',
        saved: settings,
        hasSecrets,
        secretsProblem: secretsProblem ?? null,
        secondaryHasSecrets: secondaryHasSecrets ?? false,
        environments,
        form: formFromSettings(settings, environments),
      });
    } catch (error) {
      set({ loading: 'failed', loadError: explain(error) });
    }
  },

  setField: (field, value) => set((state) => ({ form: { ...state.form, [field]: value }, errors: withoutError(state.errors, field), ...edited })),

  chooseMode: (mode) => set((state) => ({ form: { ...state.form, mode, chainRole: chainRoleForMode(mode, state.saved) }, errors: {}, ...edited })),
  chooseChainRole: (chainRole) => set((state) => ({ form: { ...state.form, chainRole }, ...edited })),
  chooseUse: (use) => set((state) => ({ form: { ...state.form, use, ...(use === 'both' ? {} : { active: use }) }, errors: {}, ...edited })),
  chooseActive: (active) => set((state) => ({ form: { ...state.form, active }, errors: {}, ...edited })),
  chooseShopMode: (shopMode) => set((state) => ({ form: { ...state.form, shopMode }, errors: {}, ...edited })),

  chooseEnvironment: (id) =>
    set((state) => ({
      form: chooseEnvironment(state.form, id, state.environments),
      errors: withoutError(withoutError(withoutError(state.errors, 'environment'), 'baseUrl'), 'imagesUrl'),
      ...edited,
    })),

  async testConnection(bridge, kind) {
    const built = buildTestInput(get().form, kind);
    if (!built.ok) {
      set({ errors: built.errors, test: { state: 'idle' } });
      return;
    }
    set({ errors: {}, test: { state: 'running' } });
    try {
      const result = await bridge.testConnection(built.input);
      set({ test: { state: 'done', ok: result.ok, checks: result.checks } });
    } catch (error) {
      if (error instanceof BridgeError && error.kind === 'invalid-input') {
        set({ errors: fieldErrorsFromBridgeError(error), test: { state: 'idle' } });
      } else {
        set({ test: { state: 'failed', error: explain(error) } });
      }
    }
  },

  async saveSettings(bridge) {
    const built = buildSaveInput(get().form);
    if (!built.ok) {
      set({ errors: built.errors, save: { state: 'idle' } });
      return;
    }
    set({ errors: {}, save: { state: 'saving' } });
    try {
      await bridge.saveSettings(built.input);
    } catch (error) {
      if (error instanceof BridgeError && error.kind === 'invalid-input') {
        set({ errors: fieldErrorsFromBridgeError(error), save: { state: 'idle' } });
      } else {
        set({ save: { state: 'failed', error: explain(error) } });
      }
      return;
    }
    // Read back what is now in use (tokens are never read back: the fields empty themselves).
    await get().load(bridge);
    const saved = get().saved;
    // Saved, but not read back: the screen says so (`error` null).
    set({ save: saved ? { state: 'saved', account: saved.account } : { state: 'failed', error: get().loadError } });
  },
});

function withoutError(errors: FieldErrors, field: keyof FieldErrors): FieldErrors {
  if (!(field in errors) && !('form' in errors)) return errors;
  const { [field]: _removed, form: _form, ...rest } = errors;
  return rest;
}

/** A failure as the screen words it: the bridge's code, or `internal` for anything else (logged). */
function explain(error: unknown): ErrorText {
  if (error instanceof BridgeError) return { code: error.code, ...(error.params ? { params: error.params } : {}) };
  console.warn(`settings: ${error instanceof Error ? error.message : String(error)}`);
  return { code: 'internal', params: { operation: 'settings' } };
}

export const createSettingsStore = () =>
  create<SettingsStore>()((...a) => ({
    ...createScreenSlice(...a),
    ...createFormSlice(...a),
  }));

export type SettingsStoreApi = ReturnType<typeof createSettingsStore>;

/** Module-level so the screen keeps its state when the app restarts its account subtree. */
export const useSettingsStore: SettingsStoreApi = createSettingsStore();

export const settingsSelectors = {
  open: (state: SettingsStore) => state.open,
  loading: (state: SettingsStore) => state.loading,
  loadError: (state: SettingsStore) => state.loadError,
  saved: (state: SettingsStore) => state.saved,
  hasSecrets: (state: SettingsStore) => state.hasSecrets,
  secretsProblem: (state: SettingsStore) => state.secretsProblem,
  secondaryHasSecrets: (state: SettingsStore) => state.secondaryHasSecrets,
  environments: (state: SettingsStore) => state.environments,
  form: (state: SettingsStore) => state.form,
  errors: (state: SettingsStore) => state.errors,
  test: (state: SettingsStore) => state.test,
  save: (state: SettingsStore) => state.save,
  fieldError: (field: keyof FieldErrors) => (state: SettingsStore) => state.errors[field],
} as const;
