// Small text and money helpers of the seed builders.

/** "Pa amb tomàquet" → "pa-amb-tomaquet": lowercase ASCII, words joined by '-'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Rounds a money amount to cents (2 decimals), avoiding binary noise such as 2.2000000000000002. */
export function cents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** True when a number has at most two decimals (a price the vendor's server could store). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
}
