import type { StoredStock } from '../catalog/catalogDb';

// What an item button says about its stock: nothing where the chosen warehouse
// has no row for the item (it keeps no inventory there), the quantity, a low-stock mark at or
// below the row's `alert` level (when it has one above 0), and "Sold out" at 0 or less.

export type StockLevel =
  { kind: 'untracked' } | { kind: 'in-stock'; quantity: number } | { kind: 'low'; quantity: number; alert: number } | { kind: 'sold-out'; quantity: number };

export function stockLevel(row: Pick<StoredStock, 'quantity' | 'alert'> | null | undefined): StockLevel {
  if (row === null || row === undefined || !Number.isFinite(row.quantity)) return { kind: 'untracked' };
  const { quantity } = row;
  if (quantity <= 0) return { kind: 'sold-out', quantity };
  const alert = row.alert ?? 0;
  if (alert > 0 && quantity <= alert) return { kind: 'low', quantity, alert };
  return { kind: 'in-stock', quantity };
}

/** A quantity typed to put an item back: a number above 0 (a decimal comma is accepted); null otherwise. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}
