// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import comanda from './eslint-rules/index.js';

// Folder boundaries of ARCHITECTURE §3. A forbidden import fails `npm run lint`.
// Module names are matched exactly (`paths`), never as path segments: `../shared/domain/x` is not
// Node's `domain` module. Folders are matched as path patterns.

/** @typedef {{ name: string, message: string }} RestrictedPath */
/** @typedef {{ group?: string[], regex?: string, message: string }} RestrictedPattern */

const nodeMessage = 'Node built-ins are not available here (ARCHITECTURE §3): ask the main side through the bridge.';
/** @type {RestrictedPath[]} */
const noNodePaths = builtinModules.filter((m) => !m.startsWith('_')).map((name) => ({ name, message: nodeMessage }));
/** @type {RestrictedPattern} */
const noNodePrefix = { regex: '^node:', message: nodeMessage };

const electronMessage = 'Only electron/main and electron/preload may import electron (ARCHITECTURE §3).';
/** @type {RestrictedPath[]} */
const noElectronPaths = [{ name: 'electron', message: electronMessage }];
/** @type {RestrictedPattern} */
const noElectronSubpaths = { regex: '^electron/', message: electronMessage };

const uiMessage = 'shared/ is pure: no UI or storage libraries (ARCHITECTURE §3).';
/** @type {RestrictedPath[]} */
const noUiPaths = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'dexie', 'dexie-react-hooks', 'zustand'].map((name) => ({
  name,
  message: uiMessage,
}));

/** @type {RestrictedPattern} */
const noElectronFolder = {
  regex: '^(\\.{1,2}/)+(.*/)?electron(/|$)',
  message: 'renderer/ and shared/ import nothing from electron/ (ARCHITECTURE §3): use shared/ or the bridge.',
};
/** @type {RestrictedPattern} */
const noRendererFolder = {
  regex: '^(\\.{1,2}/)+(.*/)?renderer(/|$)',
  message: 'The main side and shared/ import nothing from renderer/ (ARCHITECTURE §3).',
};

/** @type {RestrictedPattern} */
const noSandboxFolder = {
  regex: '^(\\.{1,2}/)+(.*/)?sandbox(/|$)',
  message: 'electron/services never imports the sandbox: the shells pass in the demo sandboxes (electron/sandbox/demo.ts).',
};

/** Test files: fixtures may start a sandbox, and long test tables are fine. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.ts'];

/**
 * @param {RestrictedPath[]} paths
 * @param {RestrictedPattern[]} patterns
 */
const restrict = (paths, patterns) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      ...restrict([...noNodePaths, ...noElectronPaths, ...noUiPaths], [noNodePrefix, noElectronSubpaths, noElectronFolder, noRendererFolder]),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'indexedDB', 'process', 'Buffer'],
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/web/**/*.ts', 'electron/sandbox/**/*.ts'],
    rules: restrict(noElectronPaths, [noElectronSubpaths, noRendererFolder]),
  },
  {
    // The main side's services run the same with any sandbox or none: the shells inject it.
    files: ['electron/services/**/*.ts'],
    ignores: testFiles,
    rules: restrict(noElectronPaths, [noElectronSubpaths, noRendererFolder, noSandboxFolder]),
  },
  {
    // A newcomer reads a service file whole: none over 400 lines (raw lines, comments included).
    files: ['electron/services/**/*.ts'],
    ignores: testFiles,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Production functions fit on a few screens (React components included).
    files: ['electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx', 'shared/**/*.ts', 'eslint-rules/**/*.js'],
    ignores: testFiles,
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: restrict([], [noRendererFolder]),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: restrict([...noNodePaths, ...noElectronPaths], [noNodePrefix, noElectronSubpaths, noElectronFolder]),
  },
  {
    // React's rules of hooks and the compiler's render-purity rules (docs/decisions.md, "React hooks
    // lint"); exhaustive-deps is an error like the rest, since the lint allows no warnings.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Words in components come from the i18n layer (renderer/src/i18n).
    files: ['renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.tsx'],
    plugins: { comanda },
    rules: { 'comanda/no-literal-text': 'error' },
  },
  {
    // A selector answering a new value per call loops React ("Maximum update depth exceeded").
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx'],
    plugins: { comanda },
    rules: { 'comanda/stable-selector': ['error', { hooks: ['useCatalog', 'useSession', 'useSyncSource'] }] },
  },
  {
    // Features are leaves (docs/decisions.md, "Renderer layers"): what two features share lives in a
    // lower layer, and app/ composes the screens.
    files: ['renderer/src/features/**/*.ts', 'renderer/src/features/**/*.tsx'],
    plugins: { comanda },
    rules: { 'comanda/no-feature-imports': 'error' },
  },
);
