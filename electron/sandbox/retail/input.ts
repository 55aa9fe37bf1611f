// Reading the retail requests: JSON bodies (one parser for every route, ../json.ts: no prototype
// keys, no deep nesting), zod field types of §2 (decimals read into integer cents, hundredths or
// thousandths), and path ids. Every failure is a RetailRefusal the app answers.
import type { Context } from 'hono';
import { z } from 'zod';
import { parseJson } from '../json';
import { laravelBoolean, laravelInteger } from '../laravelValues';
import { invalidData, RetailRefusal } from './errors';
import { toScaled } from './wire';

/** Largest money amount accepted, in cents (99,999,999.99): sums stay exact integers. */
export const MAX_CENTS = 9_999_999_999;

/**
 * The JSON body of a write. §4 "Write bodies are JSON": a body in another content type → 415;
 * empty or malformed → 422. `optional`: an empty body reads as `undefined` (calls without payload).
 */
export async function readJsonBody(c: Context, options: { optional?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (options.optional) return undefined;
    throw invalidData('The request body is empty: send a JSON body.');
  }
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new RetailRefusal(415, 'Unsupported Media Type: write bodies are JSON (Content-Type: application/json).');
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw invalidData(parsed.message);
  return parsed.value;
}

/** A path id: a positive decimal integer, else the record cannot exist → 404 naming `what`. */
export function pathId(c: Context, name: string, what: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new RetailRefusal(404, `${what} ${raw.slice(0, 40)} not found.`);
  return id;
}

/** The value of a zod schema, or a 422 naming the first issues. `prefix` names the value (`products[3]`). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidData(issuesText(parsed.error, prefix));
  return parsed.data;
}

/** `order_contents[0].price: is required; …` (at most 5 issues). */
export function issuesText(error: z.ZodError, prefix = ''): string {
  const lines = error.issues.slice(0, 5).map((issue) => {
    let path = prefix;
    for (const key of issue.path) path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - lines.length;
  return lines.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

const missing = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);

/** A decimal (JSON number or numeric string, at most `places` decimals) as an integer of 10^-places. */
function scaled(places: 2 | 3, options: { min?: number; max?: number } = {}) {
  return z.union([z.number(), z.string()], { error: missing('expected a decimal') }).transform((value, ctx) => {
    const result = toScaled(value, places);
    if (result === null) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value).slice(0, 40)} is not a decimal with at most ${places} decimals` });
      return z.NEVER;
    }
    const max = options.max ?? MAX_CENTS;
    if (Math.abs(result) > max) {
      ctx.addIssue({ code: 'custom', message: 'is too large' });
      return z.NEVER;
    }
    if (options.min !== undefined && result < options.min) {
      ctx.addIssue({ code: 'custom', message: `must be at least ${options.min / 10 ** places}` });
      return z.NEVER;
    }
    return result;
  });
}

/** Money or a percentage with at most 2 decimals → hundredths (cents). */
export const dec2 = (options: { min?: number; max?: number } = {}) => scaled(2, options);
/** A quantity with at most 3 decimals → thousandths. */
export const dec3 = (options: { min?: number; max?: number } = {}) => scaled(3, options);

// clarifications "Values the vendor's servers accept (both services)": the readers both services
// share (../laravelValues.ts), so "4", "0"/"1" and "12.50" are read as the hospitality routes read them.

/** §2 booleans: true/false, 0/1 or "0"/"1" (the spec's defaults are written 0 and 1). */
export const flag = laravelBoolean(z.boolean({ error: missing('expected a boolean (true/false or 0/1)') }));

/** A record id (a whole number, or a string of one). */
export const id = laravelInteger(
  z
    .int({ error: missing('expected an integer id') })
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
);

/** An integer field (a whole number, or a string of one); its schema checks the range. */
export const integer = laravelInteger;

/** Optional free text that may be null; a number is read as its text (phones, postal codes). */
export const optionalText = z
  .union([z.string().max(10_000), z.number().finite()], { error: missing('expected a string or null') })
  .transform(String)
  .nullish();

/** `YYYY-MM-DD`, a real calendar date. */
export const isoDate = z.string({ error: missing('expected a date YYYY-MM-DD') }).refine((v) => isCalendarDate(v), { message: 'expected a date YYYY-MM-DD' });

export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
