import { z } from 'zod';

// The vendor sends many numbers as strings (spec: hospitality 2.2) and booleans as 0/1. These
// helpers accept both spellings and reject anything else with a message naming what was seen.

const numericString = /^\s*-?\d+(\.\d+)?\s*$/;

/** A number, or a string holding one ("12", "12.50"). */
export const wireNumber = z
  .union([z.number(), z.string().regex(numericString, 'expected a number')])
  .pipe(z.coerce.number<number | string>().refine(Number.isFinite, 'expected a finite number'));

/**
 * An integer id or count, possibly sent as a string. Beyond 2^53 a JSON number is no longer exact
 * (`"99999999999999999999"` would silently become another id), so such values are refused.
 */
export const wireInt = wireNumber.refine(Number.isSafeInteger, 'expected an integer (at most 9007199254740991)');

/** 0/1, "0"/"1" or true/false (spec: hospitality 2 — booleans travel as 0/1). */
export const wireFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * Laravel's paginator envelope (clarifications: Hospitality v2). `total` is what clients stop on,
 * so it is required to be a number when present.
 */
export function paginated<T extends z.ZodType>(record: T) {
  return z.object({
    current_page: wireInt,
    data: z.array(record),
    last_page: wireInt.optional(),
    per_page: wireInt.optional(),
    total: wireInt.optional(),
    from: wireInt.nullable().optional(),
    to: wireInt.nullable().optional(),
    next_page_url: z.string().nullable().optional(),
  });
}
