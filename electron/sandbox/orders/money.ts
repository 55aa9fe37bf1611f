// Exact money arithmetic of the order calls: amounts become integer cents as they are read, every
// sum is a sum of integers, and only the answer is turned back into a decimal string. Float sums
// (0.1 + 0.2) never decide whether a total matches (spec 2.10: `total` must equal the contents).
// Deliberately independent of shared/domain/money.ts: this check is the independent referee of the
// terminal's encoding, so it must not share a bug with it.
import { z } from 'zod';

/** Largest amount the order calls accept, in cents (99,999,999.99): sums stay exact integers. */
export const MAX_CENTS = 9_999_999_999;

/** A decimal with at most two decimals, as JSON sends it ("12.5", 12.5, "-3", "0.10"). */
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The amount in integer cents, or null when it is not a finite decimal with at most 2 decimals.
 * Numbers are read through their shortest string form, so 12.35 is 1235 cents (never 1234.9999).
 * A number a client computed with floats (0.1 + 0.2 = 0.30000000000000004) is refused rather
 * than rounded: the client has a bug the sandbox must show.
 */
export function toCents(value: number | string): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Cents as the decimal string of the wire, e.g. 1250 → "12.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** zod error map: "is required" when the field is missing, else `message`. */
export function requiredOr(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? 'is required' : message);
}

/**
 * zod schema of a money field: a JSON number or numeric string with at most 2 decimals, read as
 * integer cents. `min` (in cents, default 0) refuses smaller amounts.
 */
export function money(options: { min?: number; positive?: boolean } = {}) {
  const min = options.min ?? 0;
  return z.union([z.number(), z.string()], { error: requiredOr('expected a decimal amount') }).transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not a decimal amount with at most 2 decimals` });
      return z.NEVER;
    }
    if (Math.abs(cents) > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${formatCents(MAX_CENTS)} in size` });
      return z.NEVER;
    }
    if (options.positive && cents <= 0) {
      ctx.addIssue({ code: 'custom', message: `must be more than 0, got ${formatCents(cents)}` });
      return z.NEVER;
    }
    if (cents < min) {
      ctx.addIssue({ code: 'custom', message: `must be at least ${formatCents(min)}, got ${formatCents(cents)}` });
      return z.NEVER;
    }
    return cents;
  });
}

/** One line per issue: `order.contents[0].itemPrice: is required`. */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  const lines = error.issues.slice(0, 5).map((issue) => {
    const path = formatPath(prefix, issue.path);
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    const message = missing ? 'is required' : issue.message;
    return path ? `${path}: ${message}` : message;
  });
  const more = error.issues.length - lines.length;
  return lines.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
