// Comments, docs and test titles cite the spec section (H §5.2, R §4.3, clarifications "…") or a
// docs/decisions.md heading, never a tracker number: the tracker is not in the repository, and its
// numbers say nothing to a reader (STYLE.md, "Habits this codebase needs most now"). This test
// names every file and line that cites one.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sourceScan';

/** What is scanned: source, tests, styles, docs and configuration text. */
const SCANNED = /\.(ts|tsx|js|mjs|cjs|css|md|html|json|ya?ml)$/;
/** Generated, installed or recorded folders, and lock files: not written by us. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', 'out', 'dist', 'test-results', 'playwright-report', '.comanda-data', 'results']);
const SKIPPED_FILES = new Set(['package-lock.json']);

/** A number after "issue" or "issues" (with or without "#"), or "item N of the issue". */
const TRACKER_CITATION = /\bissues? #?\d+|\bitems? \d+ of (?:the )?issue\b/i;

/** Every scanned file below `folder`, as a path from the repository root. */
function scannedFiles(folder = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(ROOT, folder))) {
    const path = folder ? `${folder}/${name}` : name;
    const stat = lstatSync(join(ROOT, path));
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(name)) found.push(...scannedFiles(path));
    } else if (SCANNED.test(name) && !SKIPPED_FILES.has(name)) found.push(path);
  }
  return found;
}

/** `file:line: text` of every line of `text` that cites a tracker number. */
function trackerCitations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (TRACKER_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('no tracker numbers in the tree', () => {
  it('recognises a tracker citation in a comment, a test title and a doc, and leaves spec and decision citations alone', () => {
    // Built from parts, so this file does not cite what it looks for.
    const issue = ['iss', 'ue'].join('');
    const sample = [
      `// Prices round half up (R §4.3).`,
      `// Bill discount (docs/decisions.md "Bill discount and settled checks").`,
      `// The ticket (${issue} 12 item 4): lines with what was chosen.`,
      `it('${cap(issue)} 14: a payment may carry the bill discount', () => {});`,
      `See item 3 of the ${issue}.`,
      `Two ${issue}s 14 and 15 copied rules.`,
      `A sold item 10 (the Caña) is an item, not a citation.`,
    ].join('\n');
    expect(trackerCitations('sample.ts', sample)).toEqual([
      `sample.ts:3: // The ticket (${issue} 12 item 4): lines with what was chosen.`,
      `sample.ts:4: it('${cap(issue)} 14: a payment may carry the bill discount', () => {});`,
      `sample.ts:5: See item 3 of the ${issue}.`,
      `sample.ts:6: Two ${issue}s 14 and 15 copied rules.`,
    ]);
  });

  it('finds none in any source, test, style, doc or configuration file', () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('docs/decisions.md');
    const citations = files.flatMap((file) => trackerCitations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(citations, 'cite the spec section or a docs/decisions.md heading instead').toEqual([]);
  });
});

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
