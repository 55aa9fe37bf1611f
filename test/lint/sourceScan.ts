// What the source-scanning lint tests share (atomicWrites.test.ts, mainSideWords.test.ts): the
// TypeScript files of a folder, tests aside, and a parsed file that names a node by `file:line`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = process.cwd();

/** The `.ts` files below `folder` (tests and `.testing.ts` helpers left out), as paths from the repository root. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(test|testing)\.ts$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** A file's text, by its path from the repository root. */
export function readSource(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** `source` parsed as `fileName`, and `where(node)`: `file:line` of a node in it. */
export function parseSource(fileName: string, source: string): { sf: ts.SourceFile; where: (node: ts.Node) => string } {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  return { sf, where: (node) => `${fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}` };
}
