import { z } from 'zod';

// Building blocks of the request schemas: what the terminal SENDS to the vendor. Unlike the read
// side (wire.ts: tolerant of strings for numbers, unknown fields ignored), requests are strict:
// objects refuse unknown keys, numbers are numbers, and a value the spec does not allow is refused
// before anything leaves, with a message naming the field.

const DECIMAL_2 = /^-?\d+(\.\d{1,2})?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "is required" when the field is missing, else `message` (zod error map). */
function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

/**
 * A money amount as the order and gift card calls take it: a JSON number or a decimal string with
 * at most 2 decimals. A float artefact (0.1 + 0.2 = 0.30000000000000004) is refused, never
 * rounded: it means the caller summed floats, and the total would be off by a cent somewhere.
 */
export const sendMoney = z
  .union([z.number(), z.string()], { error: requiredOr('expected an amount (a number or a decimal string)') })
  .refine((value) => DECIMAL_2.test(typeof value === 'number' ? String(value) : value), 'expected an amount with at most 2 decimals (e.g. 12.5 or "12.50")');

/** A money amount greater than 0. */
export const sendPositiveMoney = sendMoney.refine((value) => Number(value) > 0, 'must be more than 0');

/** A money amount less than 0 (a loyalty order discount, `-2.50`). */
export const sendNegativeMoney = sendMoney.refine((value) => Number(value) < 0, 'must be negative (a discount of 2.50 is sent as -2.50)');

/** A money amount of 0 or more. */
export const sendNonNegativeMoney = sendMoney.refine((value) => Number(value) >= 0, 'must not be negative');

/** A decimal with any number of decimals (catalog prices and quantities, spec 2.6 "decimal"). */
export const sendDecimal = z.union([z.number(), z.string().regex(DECIMAL, 'expected a decimal such as "2.50"')], {
  error: requiredOr('expected a number or a decimal string'),
});

/** A decimal sent as a string, as spec 2.8 types a vendor item's `costPrice` ("string decimal"). */
export const sendDecimalString = z.string().regex(DECIMAL, 'expected a decimal string such as "2.50"');

/** A record id chosen by the server (positive integer). */
export const sendId = z.int().positive();

/** spec 2: booleans travel as 0/1. Accepts true/false or 0/1 and sends 0/1. */
export const sendFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

/** Text that may not be blank (a required name, a NIF). */
export const sendRequiredText = z.string().refine((value) => value.trim() !== '', 'must not be blank');

/** Optional text that may be cleared with null. */
export const sendOptionalText = z.string().nullable().optional();

/** An optional reference or number that may be cleared with null. */
export const sendOptionalInt = z.int().nullable().optional();
