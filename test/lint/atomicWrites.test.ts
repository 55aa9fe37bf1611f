// Every file the main side (and the sandbox) writes goes through the one
// atomic-write helper, so the only `rename` from `node:fs` in electron/services, electron/web and
// electron/sandbox (tests aside) is the helper's own. A hand-made temp + rename elsewhere is how a
// write loses its fsync; this test names the file and line that does it.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseSource, readSource, sourceFiles } from './sourceScan';

const FOLDERS = ['electron/services', 'electron/web', 'electron/sandbox'];
const HELPER = 'electron/services/files/atomicWrite.ts';
const FS_MODULES = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);
const RENAMES = new Set(['rename', 'renameSync']);

/** `file:line` of every rename from Node's fs in `source`: named imports, and calls through a namespace, default or `promises` import. */
function fsRenamesIn(fileName: string, source: string): string[] {
  const { sf, where: at } = parseSource(fileName, source);
  const found: string[] = [];
  // Local names bound to the fs module or to its `promises` object.
  const fsObjects = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && FS_MODULES.has(node.moduleSpecifier.text)) {
      const clause = node.importClause;
      if (clause?.name) fsObjects.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) fsObjects.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (RENAMES.has(imported)) found.push(at(element));
          if (imported === 'promises') fsObjects.add(element.name.text);
        }
      }
    }
    // `fs.rename(…)`, `fs.promises.rename(…)`, `fsp.renameSync(…)`
    if (ts.isPropertyAccessExpression(node) && RENAMES.has(node.name.text)) {
      let target: ts.Expression = node.expression;
      if (ts.isPropertyAccessExpression(target) && target.name.text === 'promises') target = target.expression;
      if (ts.isIdentifier(target) && fsObjects.has(target.text)) found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('one atomic-write helper', () => {
  it('the detector finds renames however fs is imported, and ignores other renames', () => {
    expect(fsRenamesIn('a.ts', "import { rename } from 'node:fs/promises';\nawait rename(a, b);\n")).toEqual(['a.ts:1']);
    expect(fsRenamesIn('a.ts', "import { renameSync as mv } from 'fs';\nmv(a, b);\n")).toEqual(['a.ts:1']);
    expect(fsRenamesIn('a.ts', "import * as fs from 'node:fs';\n\nfs.renameSync(a, b);\n")).toEqual(['a.ts:3']);
    expect(fsRenamesIn('a.ts', "import fs from 'node:fs';\nawait fs.promises.rename(a, b);\n")).toEqual(['a.ts:2']);
    expect(fsRenamesIn('a.ts', "import { promises as fsp } from 'fs';\nawait fsp.rename(a, b);\n")).toEqual(['a.ts:2']);
    expect(fsRenamesIn('a.ts', "import { readFile } from 'node:fs/promises';\nstore.rename(a, b);\nconst rename = 1;\n")).toEqual([]);
  });

  it('no file in electron/services, electron/web or electron/sandbox renames with node:fs except the helper', () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files).toContain(HELPER);
    expect(fsRenamesIn(HELPER, readSource(HELPER))).not.toEqual([]);
    const offenders = files.filter((file) => file !== HELPER).flatMap((file) => fsRenamesIn(file, readSource(file)));
    expect(offenders, 'write these files with writeFileAtomic (electron/services/files/atomicWrite.ts)').toEqual([]);
  });
});
