import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's ESLint config refuses a zustand selector that answers a new value on every call:
// zustand re-renders on every new answer, and React gives up with "Maximum update depth exceeded".
const eslint = new ESLint({ cwd: process.cwd() });
const FILE = 'renderer/src/features/example/example.ts';

const STORE = `import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from 'zustand';
interface Line { key: number; done: boolean }
interface S { lines: readonly Line[]; parked: Record<string, readonly Line[]>; open: boolean; byId: Map<number, Line> }
export const useXStore = create<S>()(() => ({ lines: [], parked: {}, open: false, byId: new Map() }));
const NO_LINES: readonly Line[] = Object.freeze([]);
`;

async function fresh(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(STORE + code, { filePath: FILE });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  expect(fatal, 'the example parses').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'comanda/stable-selector').map((m) => m.message);
}

describe('comanda/stable-selector', () => {
  it.each([
    [
      '`?? []` in a selectors object (the counter ticket that blanked the seat dialog)',
      "export const xSelectors = { parkedLines: (s: S) => s.parked['counter'] ?? [] };",
    ],
    ['an object literal from a store hook', 'export const useBoth = () => useXStore((s) => ({ lines: s.lines, open: s.open }));'],
    ['an array literal from a store hook', 'export const usePair = () => useXStore((s) => [s.lines, s.open]);'],
    ['.filter from a store hook', 'export const useDone = () => useXStore((s) => s.lines.filter((l) => l.done));'],
    ['.map in a block body', 'export const useKeys = () => useXStore((s) => { const keys = s.lines.map((l) => l.key); return keys; });'],
    ['.slice in either branch', 'export const useFew = (n: number) => useXStore((s) => (n > 0 ? s.lines.slice(0, n) : s.lines));'],
    ['Object.keys', 'export const useParked = () => useXStore((s) => Object.keys(s.parked));'],
    ['new Map', 'export const useIndex = () => useXStore((s) => new Map(s.lines.map((l) => [l.key, l])));'],
    ['a new function', 'export const useOpener = () => useXStore((s) => () => s.open);'],
    ['a factory’s selector', 'export const xSelectors = { doneOf: (key: number) => (s: S) => s.lines.filter((l) => l.key === key) };'],
    [
      'a selector of a vanilla store read with useStore',
      'declare const store: import("zustand").StoreApi<S>;\nexport const useAll = () => useStore(store, (s) => [...s.lines]);',
    ],
    [
      'a hook named in the options',
      'declare function useCatalog<T>(selector: (s: S) => T): T;\nexport const useSome = () => useCatalog((s) => s.lines.filter((l) => l.done));',
    ],
  ])('refuses %s', async (_, code) => {
    expect(await fresh(code)).toHaveLength(1);
  });

  it.each([
    ['a value kept in the state', 'export const xSelectors = { lines: (s: S) => s.lines, open: (s: S) => s.open };'],
    ['a module-level empty constant', "export const xSelectors = { parkedLines: (s: S) => s.parked['counter'] ?? NO_LINES };"],
    ['one element found', 'export const useFirst = () => useXStore((s) => s.lines.find((l) => l.done) ?? null);'],
    ['a number computed from the state', 'export const useCount = () => useXStore((s) => s.lines.reduce((n, l) => n + (l.done ? 1 : 0), 0));'],
    ['a factory answering a kept value', 'export const xSelectors = { byId: (id: number) => (s: S) => s.byId.get(id) ?? null };'],
    ['a selector wrapped in useShallow', 'export const usePair = () => useXStore(useShallow((s: S) => [s.lines, s.open]));'],
    ['an action that builds arrays (not a selector)', 'export const add = (line: Line) => useXStore.setState((s) => ({ lines: [...s.lines, line] }));'],
  ])('accepts %s', async (_, code) => {
    expect(await fresh(code)).toEqual([]);
  });
});
