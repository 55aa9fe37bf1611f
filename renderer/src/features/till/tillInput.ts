import type { ManualDiscount } from '../../../../shared/domain/retail/order';
import { MAX_QUANTITY_THOUSANDTHS, MAX_WEIGHT_THOUSANDTHS } from './basketStore';
import type { VariantCell, VariantGridData } from './tillData';

// What the cashier types on the till's keypads, read exactly (strings of digits, never floats):
// a weight in kg with up to 3 decimals, a whole quantity, a line discount as money or a percent.
// A comma or a point is the decimal separator.

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: 'empty' | 'invalid' | 'zero' | 'too-large' };

/** "12,5" → [12, 500] with `places` decimals (thousandths for 3); null when not a plain decimal. */
function decimalUnits(text: string, places: number): number | null {
  const match = /^(\d{0,7})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > places) return null;
  return Number(match[1] || '0') * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
}

function parsed(units: number | null, text: string, max: number): Parsed<number> {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  if (units === null) return { ok: false, problem: 'invalid' };
  if (units === 0) return { ok: false, problem: 'zero' };
  if (units > max) return { ok: false, problem: 'too-large' };
  return { ok: true, value: units };
}

/** A weight in kg ("0,345") → thousandths (345). */
export const parseWeight = (text: string): Parsed<number> => parsed(decimalUnits(text, 3), text, MAX_WEIGHT_THOUSANDTHS);

/** A whole quantity ("3") → thousandths (3000). */
export function parseQuantity(text: string): Parsed<number> {
  const trimmed = text.trim();
  const units = /^\d{1,5}$/.test(trimmed) ? Number(trimmed) * 1000 : null;
  return parsed(units, text, MAX_QUANTITY_THOUSANDTHS);
}

/** A line discount: money ("2,50" → 250 cents) or a percent ("10" → 1000 hundredths, at most 100 %). */
export function parseDiscount(kind: 'amount' | 'percent', text: string): Parsed<ManualDiscount> {
  const result = parsed(decimalUnits(text, 2), text, kind === 'percent' ? 10_000 : 99_999_999);
  if (!result.ok) return result;
  return { ok: true, value: kind === 'percent' ? { kind, hundredths: result.value } : { kind, cents: result.value } };
}

/** A keypad key pressed on `text`: a digit, the decimal separator (once, when `decimals`), or backspace. */
export function typeKey(text: string, key: string, decimals: number): string {
  if (key === 'Backspace') return text.slice(0, -1);
  if (key === ',' || key === '.') return decimals > 0 && !/[.,]/.test(text) ? `${text === '' ? '0' : text},` : text;
  if (!/^\d$/.test(key)) return text;
  const fraction = /[.,](\d*)$/.exec(text);
  if (fraction && (fraction[1] ?? '').length >= decimals) return text;
  if (text.replace(/[.,].*$/, '').length >= 7 && !fraction) return text;
  return text === '0' ? key : text + key;
}

/** Thousandths as the keypad shows them ("1,234", "3"). */
export function thousandthsText(thousandths: number, decimals: number): string {
  const whole = Math.floor(thousandths / 1000);
  if (decimals === 0) return String(whole);
  return `${whole},${String(thousandths % 1000)
    .padStart(3, '0')
    .slice(0, decimals)}`;
}

/** The grid's cells by row (value 1) and column (value 2); null where no variant has both values. */
export function variantMatrix(grid: VariantGridData): (VariantCell | null)[][] {
  const rows = grid.rows.values.length > 0 ? grid.rows.values.map((v) => v.id as number | null) : [null];
  const columns = grid.columns.values.length > 0 ? grid.columns.values.map((v) => v.id as number | null) : [null];
  const byKey = new Map(grid.cells.map((cell) => [`${cell.value1}:${cell.value2}`, cell]));
  return rows.map((row) => columns.map((column) => byKey.get(`${row}:${column}`) ?? null));
}

/** A cell is sold out when the shop floor counts its stock and none is left (untracked cells are not). */
export const isSoldOut = (cell: VariantCell) => cell.stockThousandths !== null && cell.stockThousandths <= 0;
