import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sourceScan';

// A folder whose files import each other in a circle has no first file to read: a newcomer cannot
// learn it bottom-up, and module initialisation order decides what is `undefined` (docs/decisions.md,
// "Renderer layers"). Every relative import counts, type-only ones too: they are structure as well.

const EXTENSIONS = ['.ts', '.tsx'];

/** The `.ts`/`.tsx` files below `folder`, as absolute paths. */
function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && EXTENSIONS.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The file a relative specifier names: itself, with `.ts`/`.tsx`, or its folder's `index`. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((x) => base + x), ...EXTENSIONS.map((x) => join(base, 'index' + x))];
  return candidates.find((c) => EXTENSIONS.some((x) => c.endsWith(x)) && existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The relative specifiers a source names: import/export declarations and `import()` calls. */
export function specifiersOf(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.filter((s) => s.startsWith('.'));
}

/** Each file's relative imports inside the same tree, by path from the repository root. */
function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const rel = (p: string): string => relative(ROOT, p).split(sep).join('/');
  for (const file of filesBelow(join(ROOT, folder))) {
    const targets = specifiersOf(file, readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s))
      .filter((t): t is string => t !== null && rel(t).startsWith(folder + '/'));
    graph.set(rel(file), [...new Set(targets.map(rel))]);
  }
  return graph;
}

/** A folder of renderer/src: `features/<name>`, or its top folder (`session`, `data`, `ui`…). */
function folderOf(file: string, root: string): string {
  const parts = file.slice(root.length + 1).split('/');
  if (parts.length === 1) return '.';
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
}

/** The imports between folders (a folder importing itself left out). */
function folderGraph(graph: ReadonlyMap<string, readonly string[]>, root: string): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file, root);
    const set = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target, root) !== from) set.add(folderOf(target, root));
    folders.set(from, set);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/** One cycle per strongly connected component (Tarjan), each written `a → b → a`. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strongConnect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** A shortest way from the component's first file back to itself, staying inside the component. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start].join(' → ') + (members.size > path.length ? ` (${members.size} files entangled)` : '');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return start;
}

describe('import cycles', () => {
  it('finds a cycle and names it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → e.ts']);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads imports, re-exports, type-only imports and import() calls', () => {
    const source = "import a from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nconst d = () => import('./d');\nimport z from 'zod';\n";
    expect(specifiersOf('x.ts', source)).toEqual(['./a', '../b', './c', './d']);
  });

  it('renderer/src has none', () => {
    expect(cyclesOf(importGraph('renderer/src'))).toEqual([]);
  });

  // Folder by folder too: app/ → features/<name> → session/ → data/ → ui/, i18n/, bridge/ only ever
  // point down, so each folder is read after those it uses.
  it('renderer/src has none between its folders', () => {
    expect(cyclesOf(folderGraph(importGraph('renderer/src'), 'renderer/src'))).toEqual([]);
  });

  it('electron has none', () => {
    expect(cyclesOf(importGraph('electron'))).toEqual([]);
  });

  it('shared has none', () => {
    expect(cyclesOf(importGraph('shared'))).toEqual([]);
  });
});
