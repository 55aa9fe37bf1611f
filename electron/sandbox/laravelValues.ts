// Scalar values as the vendor's servers accept them (clarifications "Values the vendor's servers
// accept (both services)"): they validate with Laravel's rules, so a field typed as an integer
// takes a whole JSON number or a string holding one ("4", "-2"), a decimal field takes a number or
// a numeric string ("12.50"), and a boolean takes true/false, 0/1 or "0"/"1" (Laravel's `boolean`
// rule). Real clients that copy database rows send such strings. Whatever form arrives, the value
// is stored and answered in its normal form (the number, the boolean).
//
// One reader per kind, used by every request schema of both services (hospitality and retail), so
// no route is stricter or looser than another. Decisions where the clarifications are silent
// (docs/sandbox.md "General"):
// - surrounding spaces are ignored (PHP's `filter_var` and `is_numeric` ignore them);
// - an integer string has no leading zeros, sign `+` or exponent ("04", "+4", "4e0" are refused,
//   as `FILTER_VALIDATE_INT` refuses them); a numeric string is `-?digits[.digits]`;
// - integers stay within the safe integer range (a larger one cannot be held exactly).
import { z } from 'zod';

const WHOLE = /^\s*(-?)(0|[1-9]\d*)\s*$/;
const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** Laravel's `integer`: a whole JSON number or a whole-number string as a number; else null. */
export function readInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value + 0 : null; // + 0: -0 → 0
  if (typeof value !== 'string') return null;
  const match = WHOLE.exec(value);
  if (!match) return null;
  const n = Number(match[2]);
  if (!Number.isSafeInteger(n)) return null;
  return match[1] === '-' && n !== 0 ? -n : n;
}

/** Laravel's `numeric`: a finite JSON number or a numeric string as a number; else null. */
export function readNumeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMERIC.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Laravel's `boolean`: true/false, 0/1 or "0"/"1"; else null. */
export function readBoolean(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  return null;
}

/** A value shortened for a message. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

type Reader<T> = (value: unknown) => T | null;

/**
 * A zod preprocess step: the value read by `read` goes on to the field's own schema (its range and
 * list checks). A value that is there but unreadable is refused with `expected`; a missing value
 * (undefined, null) goes on unchanged so the field's schema decides ("is required", nullish).
 */
function reading<T>(read: Reader<T>, expected: string) {
  return (value: unknown, ctx: z.RefinementCtx): unknown => {
    if (value === undefined || value === null) return value;
    const result = read(value);
    if (result === null) {
      ctx.addIssue({ code: 'custom', message: `${expected}, got ${shown(value)}` });
      return z.NEVER;
    }
    return result;
  };
}

/** The field's schema behind a reader: what the reader read goes on to `schema`. */
type Read<S extends z.ZodType> = z.ZodPreprocess<S>;

/**
 * An integer field: `schema` (default any integer) checks the number read from a whole JSON number
 * or a whole-number string. `laravelInteger(z.int().positive())` for an id.
 */
export function laravelInteger(): Read<z.ZodInt>;
export function laravelInteger<S extends z.ZodType<number, number>>(schema: S): Read<S>;
export function laravelInteger(schema: z.ZodType = z.int()): Read<z.ZodType> {
  return z.preprocess(reading(readInteger, 'expected an integer (a whole number, or a string of one such as "4")'), schema);
}

/** A decimal field: `schema` (default any finite number) checks the number read from a number or a numeric string. */
export function laravelNumeric(): Read<z.ZodNumber>;
export function laravelNumeric<S extends z.ZodType<number, number>>(schema: S): Read<S>;
export function laravelNumeric(schema: z.ZodType = z.number()): Read<z.ZodType> {
  return z.preprocess(reading(readNumeric, 'expected a number (or a numeric string such as "12.50")'), schema);
}

/** A boolean field (Laravel's `boolean`: true/false, 0/1, "0"/"1"), read as a boolean; `schema` default z.boolean(). */
export function laravelBoolean(): Read<z.ZodBoolean>;
export function laravelBoolean<S extends z.ZodType<boolean, boolean>>(schema: S): Read<S>;
export function laravelBoolean(schema: z.ZodType = z.boolean()): Read<z.ZodType> {
  return z.preprocess(reading(readBoolean, 'expected a boolean (true/false, 0/1 or "0"/"1")'), schema);
}
