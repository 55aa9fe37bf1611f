import { parseCents } from '../../../shared/domain/money';

// An amount field as the waiter types it (the order's payment, the bill, the seat prepayment, the till).

/**
 * A typed amount in cents: "12,50", "12.50", "12", "0,5" (a Spanish keyboard types a comma).
 * Null when it is not an amount with at most 2 decimals.
 */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (cleaned === '' || cleaned.startsWith('-')) return null;
  return parseCents(cleaned);
}

/** Cents as the waiter types them back: 1250 → "12,50". */
export function amountInputText(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
