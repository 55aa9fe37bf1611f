import { MAX_SHOP_STOCK_THOUSANDTHS } from '../../../../../shared/bridge/shop';

// A manager's "Set stock" at the till, its rules, pure and unit-tested: the new
// stock as typed (a whole number of units, or kg with up to 3 decimals for a product sold by
// weight; 0 allowed; a comma or a point for decimals) read exactly into thousandths, and what a
// failure of `setShopStock` means for the words the dialog shows.

export type StockInputProblem = 'empty' | 'invalid' | 'invalidKg' | 'too-large';
export type StockInput = { ok: true; thousandths: number } | { ok: false; problem: StockInputProblem };

export function parseStockInput(text: string, byWeight: boolean): StockInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const match = byWeight ? /^(\d{1,9})(?:[.,](\d{0,3}))?$/.exec(trimmed) : /^(\d{1,9})$/.exec(trimmed);
  if (!match) {
    // A long number is "too large", not "not a number".
    if (/^\d{10,}([.,]\d*)?$/.test(trimmed)) return { ok: false, problem: 'too-large' };
    return { ok: false, problem: byWeight ? 'invalidKg' : 'invalid' };
  }
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0') || '0');
  if (thousandths > MAX_SHOP_STOCK_THOUSANDTHS) return { ok: false, problem: 'too-large' };
  return { ok: true, thousandths };
}

/**
 * Why a set failed, for its words: `offline` (the shop's server cannot be reached: nothing left),
 * `unknown` (it may have arrived; nothing changed here — setting again is safe, it SETS), or
 * `other` (refused, or a problem of this terminal: the error's own words).
 */
export function setStockFailure(error: unknown): 'offline' | 'unknown' | 'other' {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  if (kind === 'offline') return 'offline';
  if (kind === 'timeout' || kind === 'outcome-unknown') return 'unknown';
  return 'other';
}
