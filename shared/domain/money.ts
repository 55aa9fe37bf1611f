// Exact money in integer cents (spec 2.10: the loyalty `total` must equal the contents, so every
// sum is a sum of integers; only the answer is turned back into a decimal or a display string).
// The sandbox keeps its own copy (electron/sandbox/orders/money.ts) on purpose: it referees ours.

/** Largest amount handled, in cents (99,999,999.99): every sum of a ticket stays a safe integer. */
export const MAX_CENTS = 9_999_999_999;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The amount in integer cents, or null when it is not a finite decimal with at most 2 decimals.
 * Numbers are read through their shortest string form (12.35 → 1235, never 1234.99…); a float
 * artefact such as 0.1 + 0.2 is refused rather than rounded.
 */
export function parseCents(value: number | string): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Like parseCents, but throws a RangeError naming the value. */
export function toCents(value: number | string): number {
  const cents = parseCents(value);
  if (cents === null) throw new RangeError(`${JSON.stringify(value)} is not an amount with at most 2 decimals`);
  return cents;
}

function checked(cents: number): number {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS) throw new RangeError(`amount out of range: ${cents} cents`);
  return cents;
}

/** Sum of amounts in cents. */
export function addCents(...amounts: readonly number[]): number {
  let sum = 0;
  for (const amount of amounts) sum = checked(sum + checked(amount));
  return sum;
}

/** An amount times a whole quantity (a line's quantity, spec 2.10 `quantity` is an integer). */
export function multiplyCents(cents: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be a whole number, got ${quantity}`);
  return checked(checked(cents) * quantity);
}

/** Cents as the decimal string the order calls take, e.g. 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  checked(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Display string through Intl (EUR by default), e.g. formatMoney(1250, 'es-ES') → "12,50 €". */
export function formatMoney(cents: number, locale = 'es-ES', currency = 'EUR'): string {
  // cents / 100 is the double nearest the decimal; Intl rounds it to the currency's 2 digits exactly.
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(checked(cents) / 100);
}
