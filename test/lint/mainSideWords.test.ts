// The main side reports errors as codes with parameters; the renderer words them
// (renderer/src/i18n/errorText.ts). The bridge's schemas refuse a `message` where a waiter reads
// (shared/bridge errorCodes.test.ts); this test reads the main side's source and fails, naming the
// file and line, when a sentence is put where a waiter reads it all the same:
//   - a parameter of an error (`params: { … }`, `coded(code, { … })`, `saidParam(…)`) given words
//     written here — parameters carry values (hosts, statuses, the server's own text), never words;
//   - an error-shaped object literal (with `kind`, `outcome`, `check`, `since` or `at`) given a
//     `message` — the field that carried English sentences before;
//   - a zod message in shared/bridge that is not an error code (the renderer words field problems).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isErrorCode } from '../../shared/bridge';
import { parseSource, readSource, sourceFiles } from './sourceScan';

const FOLDERS = ['electron/services', 'electron/web', 'electron/main', 'electron/preload', 'shared/bridge'];
const ERROR_SHAPED = new Set(['kind', 'outcome', 'check', 'since', 'at']);
const ZOD_MESSAGE_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'url',
  'email',
  'uuid',
  'refine',
  'superRefine',
  'nonempty',
  'startsWith',
  'endsWith',
  'includes',
]);
const WORDS = /\p{L}{2,}[^\p{L}]+\p{L}{2,}/u;

/** A string, template or concatenation written here with at least two words in it. */
function hasWords(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return WORDS.test(node.text);
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some((part) => WORDS.test(part));
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return hasWords(node.left) || hasWords(node.right);
  if (ts.isConditionalExpression(node)) return hasWords(node.whenTrue) || hasWords(node.whenFalse);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return hasWords(node.expression);
  return false;
}

const propertyName = (property: ts.ObjectLiteralElementLike): string | undefined =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

/** `file:line what` of every sentence put where a waiter reads it. */
export function waiterSentencesIn(fileName: string, source: string): string[] {
  const { sf, where } = parseSource(fileName, source);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${where(node)} ${what}`);
  const paramsObject = (node: ts.Expression) => {
    if (!ts.isObjectLiteralExpression(node)) return void (hasWords(node) && at(node, 'words as error parameters'));
    for (const property of node.properties) {
      const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
      if (value && hasWords(value)) at(value, `words in parameter "${propertyName(property) ?? '?'}"`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const names = new Set(node.properties.map(propertyName));
      for (const property of node.properties) {
        const name = propertyName(property);
        if (name === 'params' && ts.isPropertyAssignment(property)) paramsObject(property.initializer);
        if (name === 'message' && [...names].some((n) => n !== undefined && ERROR_SHAPED.has(n))) at(property, 'a "message" on an error-shaped object');
        // zod's `{ message: … }` / `{ error: … }` options in shared/bridge
        if (fileName.startsWith('shared/bridge/') && (name === 'message' || name === 'error') && ts.isPropertyAssignment(property)) {
          const value = property.initializer;
          if ((ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && !isErrorCode(value.text))
            at(value, `zod message "${value.text}" is not an error code`);
          if (ts.isTemplateExpression(value)) at(value, 'zod message built from words');
        }
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (name === 'coded' && node.arguments[1]) paramsObject(node.arguments[1]);
      if (name === 'saidParam' && node.arguments[0] && hasWords(node.arguments[0])) at(node.arguments[0], 'words as the server’s own text');
      // `.min(1, 'message')`, `.refine(check, 'message')` in shared/bridge: the message is an error code.
      if (fileName.startsWith('shared/bridge/') && ts.isPropertyAccessExpression(callee) && ZOD_MESSAGE_METHODS.has(name)) {
        for (const argument of node.arguments.slice(1)) {
          const text = ts.isSatisfiesExpression(argument) || ts.isAsExpression(argument) ? argument.expression : argument;
          if ((ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text)) && !isErrorCode(text.text))
            at(text, `zod message "${text.text}" is not an error code`);
          if (ts.isTemplateExpression(text)) at(text, 'zod message built from words');
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the main side builds no sentence for a waiter', () => {
  it('the detector finds words in parameters, a message on an error, and a zod message that is not a code', () => {
    const found = (source: string, file = 'electron/services/a.ts') => waiterSentencesIn(file, source).map((line) => line.replace(/^\S+ /, ''));
    expect(found("throw new ServiceError({ kind: 'offline', code: 'offline', params: { why: 'Cannot reach the server' } });")).toEqual([
      'words in parameter "why"',
    ]);
    expect(found("const e = coded('host-unreachable', { host, cause: `no answer within ${s} s` });")).toEqual(['words in parameter "cause"']);
    expect(found("return { ...coded('order-table-busy', saidParam('The table is busy')), detail };")).toEqual(['words as the server’s own text']);
    expect(found("return { outcome: 'unknown', message: reason, detail };")).toEqual(['a "message" on an error-shaped object']);
    expect(found("const x = z.string().min(1, 'must not be empty');", 'shared/bridge/s.ts')).toEqual(['zod message "must not be empty" is not an error code']);
    expect(found("const x = z.object({}).refine(ok, { message: 'stocks need a warehouseId' });", 'shared/bridge/s.ts')).toEqual([
      'zod message "stocks need a warehouseId" is not an error code',
    ]);
    // Values, codes and the engineer's detail are fine.
    expect(found("throw new ServiceError({ kind: 'storage', ...coded('queue-storage'), detail: `${op}: disk is full` });")).toEqual([]);
    expect(found("const t = coded('host-answered', { host: url.host, status: 200 }); const s = saidParam(body.error);")).toEqual([]);
    expect(found("const x = z.string().min(1, 'field-empty' satisfies ErrorCode);", 'shared/bridge/s.ts')).toEqual([]);
    expect(found('new ContinueExchangeError({ bodySent, reason, message, code }); searchParams: { message: JSON.stringify(m) };')).toEqual([]);
  });

  it('no file of the main side or shared/bridge puts words where a waiter reads them', () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files).toContain('electron/services/queue/delivery.ts');
    expect(files).toContain('shared/bridge/schemas.ts');
    const offenders = files.flatMap((file) => waiterSentencesIn(file, readSource(file)));
    expect(offenders, 'say it with a code of shared/bridge/errorCodes.ts and its words in renderer/src/i18n/locales/*/errors.ts').toEqual([]);
  });
});
