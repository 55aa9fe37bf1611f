import { z } from 'zod';
import { util } from 'zod/v4/core';
import { paginated } from './wire';

// A fast path for reading the vendor's list pages (the catalog sync's store rate). zod
// reads a 200-record page of items field by field through unions, pipes and refinements: 0.10 to
// 0.15 s of the shell's CPU in a 35,000-record sync (warm, measured with process.cpuUsage; a
// sampling profile makes it look three times that), on a machine where IndexedDB waits for a core.
// For the bulk resources a hand-written reader, compiled from a field list that mirrors the zod
// shape, reads a page in the spellings the vendor sends (numbers as numbers or numeric strings,
// flags as 0/1, "0"/"1", "true"/"false" or booleans, null or absent optional fields, unknown keys)
// and builds exactly the object zod would. Anything else — a value it does not recognise, a
// missing required field — and the whole page goes through zod, which reads it or names the
// problem; so the schema accepts, returns and refuses exactly what the zod schema does.
// fastPage.test.ts checks it: field lists against the zod shapes, and on generated pages that
// whatever the fast reader returns, zod returns too (same keys, same order, same values).
// Where the platform lets code be built from a string (Node: the main side, which reads the pages),
// the reader is built as straight-line code for its shape (generateRecordReader); under the
// renderer's CSP it stays a loop over the field list. The tests hold both to zod.

/**
 * How the zod schema reads a field (shared/api/catalog.ts, v2.ts, wire.ts):
 * - `int`, `number`, `string`: wireInt, wireNumber, z.string(), required;
 * - `int?`, `number?`, `string?`: the same `.nullish()` (absent stays absent, null stays null);
 * - `name`: z.string().nullish() read as "" when absent or null;
 * - `flag:true` / `flag:false`: wireFlag, the default when absent or null;
 * - `count:N`: wireInt, N when absent or null;
 * - `itemType`: wireInt among 0, 1, 4;
 * - `multipleChoice`: wireInt, 1 when absent or null, among 0–4.
 */
export type FastField =
  'int' | 'int?' | 'number' | 'number?' | 'string' | 'string?' | 'name' | 'flag:true' | 'flag:false' | 'count:0' | 'count:1' | 'itemType' | 'multipleChoice';

export type FastShape = Readonly<Record<string, FastField>>;

/** Returned by a reader for anything it does not handle: zod decides. */
const SLOW = Symbol('slow');
type Slow = typeof SLOW;

/** wire.ts `numericString`, the only strings wireNumber accepts. */
const numericString = /^\s*-?\d+(\.\d+)?\s*$/;

function readNumber(v: unknown): number | Slow {
  if (typeof v === 'number') return Number.isFinite(v) ? v : SLOW;
  if (typeof v === 'string' && numericString.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : SLOW;
  }
  return SLOW;
}

function readInt(v: unknown): number | Slow {
  const n = readNumber(v);
  return n !== SLOW && Number.isSafeInteger(n) ? n : SLOW;
}

function readFlag(v: unknown): boolean | Slow {
  if (v === 1 || v === true || v === '1' || v === 'true') return true;
  if (v === 0 || v === false || v === '0' || v === 'false') return false;
  return SLOW;
}

// Field kinds as small numbers, read in one switch: one call site per kind keeps the reader fast.
const REQUIRED_INT = 0;
const REQUIRED_NUMBER = 1;
const REQUIRED_STRING = 2;
const NULLISH_INT = 3;
const NULLISH_NUMBER = 4;
const NULLISH_STRING = 5;
const DEFAULTED_STRING = 6;
const DEFAULTED_FLAG = 7;
const DEFAULTED_INT = 8;
const ITEM_TYPE = 9;
const MULTIPLE_CHOICE = 10;

const kindCodes: Record<FastField, readonly [code: number, fallback: unknown]> = {
  int: [REQUIRED_INT, undefined],
  number: [REQUIRED_NUMBER, undefined],
  string: [REQUIRED_STRING, undefined],
  'int?': [NULLISH_INT, undefined],
  'number?': [NULLISH_NUMBER, undefined],
  'string?': [NULLISH_STRING, undefined],
  name: [DEFAULTED_STRING, ''],
  'flag:true': [DEFAULTED_FLAG, true],
  'flag:false': [DEFAULTED_FLAG, false],
  'count:0': [DEFAULTED_INT, 0],
  'count:1': [DEFAULTED_INT, 1],
  itemType: [ITEM_TYPE, undefined],
  multipleChoice: [MULTIPLE_CHOICE, 1],
};

/** A present, non-null, non-undefined value read as the field's kind, or SLOW. */
function readValue(code: number, v: unknown): unknown {
  switch (code) {
    case REQUIRED_INT:
    case NULLISH_INT:
    case DEFAULTED_INT:
      return readInt(v);
    case REQUIRED_NUMBER:
    case NULLISH_NUMBER:
      return readNumber(v);
    case REQUIRED_STRING:
    case NULLISH_STRING:
    case DEFAULTED_STRING:
      return typeof v === 'string' ? v : SLOW;
    case DEFAULTED_FLAG:
      return readFlag(v);
    case ITEM_TYPE: {
      const n = readInt(v);
      return n === 0 || n === 1 || n === 4 ? n : SLOW;
    }
    default: {
      const n = readInt(v);
      return n !== SLOW && n >= 0 && n <= 4 ? n : SLOW;
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type RecordReader = (input: unknown) => Record<string, unknown> | Slow;

/** A record reader: the zod output, or SLOW. Keys come out in the shape's order, as zod builds them. */
function compileRecordReader(shape: FastShape): RecordReader {
  const keys = Object.keys(shape);
  const codes = keys.map((key) => kindCodes[shape[key]!][0]);
  const fallbacks = keys.map((key) => kindCodes[shape[key]!][1]);
  const count = keys.length;
  return (input) => {
    if (!isObject(input)) return SLOW;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      const code = codes[i]!;
      const v = input[key];
      if (v === null || v === undefined) {
        if (code <= REQUIRED_STRING || code === ITEM_TYPE) return SLOW; // required: zod names the problem
        if (code <= NULLISH_STRING) {
          // Nullish: null stays null; absent stays absent (a key holding undefined keeps it).
          if (v === null || key in input) out[key] = v;
        } else {
          out[key] = fallbacks[i];
        }
        continue;
      }
      const read = readValue(code, v);
      if (read === SLOW) return SLOW;
      out[key] = read;
    }
    return out;
  };
}

/**
 * The same reader as straight-line code built for `shape` (what zod does for its own objects where
 * the platform allows it): one object literal per record instead of a loop of keyed stores, about
 * six times faster in Node (the main side reads every page of a sync with it). A nullish field that
 * is absent (rather than null) is left to the loop above, which keeps it absent. Only the shape's
 * own keys and kinds go into the code, never anything read from a page. Returns null where code
 * cannot be built: under the renderer's CSP, or for a key no literal can hold.
 */
export function generateRecordReader(shape: FastShape, allowEval: boolean = util.allowsEval.value): RecordReader | null {
  const keys = Object.keys(shape);
  if (!allowEval || keys.includes('__proto__')) return null;
  const lines: string[] = [];
  keys.forEach((key, i) => {
    const [code, fallback] = kindCodes[shape[key]!];
    const name = JSON.stringify(key);
    lines.push(`v = input[${name}];`);
    if (code <= REQUIRED_STRING || code === ITEM_TYPE) {
      lines.push(`if (v === null || v === undefined) return SLOW;`);
    } else if (code <= NULLISH_STRING) {
      lines.push(`if (v === undefined) return loop(input);`, `if (v === null) a${i} = null; else {`);
    } else {
      lines.push(`if (v === null || v === undefined) a${i} = ${JSON.stringify(fallback)}; else {`);
    }
    lines.push(`a${i} = readValue(${code}, v); if (a${i} === SLOW) return SLOW;`);
    if (code > REQUIRED_STRING && code !== ITEM_TYPE) lines.push('}');
  });
  const body = [
    `if (typeof input !== 'object' || input === null || Array.isArray(input)) return SLOW;`,
    `let v${keys.map((_, i) => `, a${i}`).join('')};`,
    ...lines,
    `return { ${keys.map((key, i) => `${JSON.stringify(key)}: a${i}`).join(', ')} };`,
  ].join('\n');
  try {
    const build = new Function('SLOW', 'readValue', 'loop', `return function readRecord(input) {\n${body}\n};`) as (
      slow: Slow,
      read: typeof readValue,
      loop: RecordReader,
    ) => RecordReader;
    return build(SLOW, readValue, compileRecordReader(shape));
  } catch {
    return null;
  }
}

/** The paginator envelope (wire.ts `paginated`) around records read by `readRecord`. */
function compilePageReader(readRecord: RecordReader) {
  const optionalInt = (input: Record<string, unknown>, key: string, out: Record<string, unknown>, nullable: boolean): boolean => {
    if (!(key in input)) return true;
    const v = input[key];
    if (v === undefined || (v === null && nullable)) {
      out[key] = v;
      return true;
    }
    const n = readInt(v);
    if (n === SLOW) return false;
    out[key] = n;
    return true;
  };
  return (input: unknown): Record<string, unknown> | Slow => {
    if (!isObject(input)) return SLOW;
    const currentPage = readInt(input.current_page);
    const records = input.data;
    if (currentPage === SLOW || !Array.isArray(records)) return SLOW;
    const data: Record<string, unknown>[] = new Array<Record<string, unknown>>(records.length);
    for (let i = 0; i < records.length; i++) {
      const record = readRecord(records[i]);
      if (record === SLOW) return SLOW;
      data[i] = record;
    }
    const out: Record<string, unknown> = { current_page: currentPage, data };
    if (!optionalInt(input, 'last_page', out, false)) return SLOW;
    if (!optionalInt(input, 'per_page', out, false)) return SLOW;
    if (!optionalInt(input, 'total', out, false)) return SLOW;
    if (!optionalInt(input, 'from', out, true)) return SLOW;
    if (!optionalInt(input, 'to', out, true)) return SLOW;
    if ('next_page_url' in input) {
      const next = input.next_page_url;
      if (next !== undefined && next !== null && typeof next !== 'string') return SLOW;
      out.next_page_url = next;
    }
    return out;
  };
}

/**
 * `paginated(record)` with the fast reader in front: the same accepted pages, the same output,
 * the same issues (zod's own, passed on) for a page that does not fit. `shape` must list the
 * record schema's fields as it reads them (fastPage.test.ts holds every use to that).
 */
export function fastPaginated<T extends z.ZodType>(record: T, shape: FastShape) {
  const slow = paginated(record);
  type Page = z.output<typeof slow>;
  // Built at the first page read: most processes that load the schemas never read a page.
  let readPage: ReturnType<typeof compilePageReader> | null = null;
  return z.unknown().transform((input, ctx): Page => {
    readPage ??= compilePageReader(generateRecordReader(shape) ?? compileRecordReader(shape));
    const quick = readPage(input);
    if (quick !== SLOW) return quick as Page;
    const parsed = slow.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  });
}

/**
 * For tests: the reader alone, `undefined` where it leaves the page to zod; `reader` picks the
 * generated one (it throws where none can be built) or the loop.
 */
export function fastReadPage(shape: FastShape, input: unknown, reader: 'generated' | 'loop' = 'generated'): Record<string, unknown> | undefined {
  const readRecord = reader === 'loop' ? compileRecordReader(shape) : generateRecordReader(shape);
  if (readRecord === null) throw new Error('no generated reader here');
  const read = compilePageReader(readRecord)(input);
  return read === SLOW ? undefined : read;
}
