import type { ItemWire } from '../api/catalog';
import type { CatalogIndex } from './catalog';
import { toCents } from './money';

// spec 2.6 Selling format / Selling format pivot: a selling-format item (type 4) is sold through
// one of its pivots (a format, the pivot's price, the quantity of the item it holds).

export interface FormatOption {
  /** The selling-format pivot id: what a loyalty order sends (clarifications). */
  pivotId: number;
  formatId: number;
  name: string;
  priceCents: number;
  /** Quantity of the item the format holds (e.g. 0.5 for a half portion). */
  quantity: number;
}

/**
 * The formats a type 4 item is sold in, in pivot `order`. A pivot whose format is missing or
 * inactive is not offered. Items of other types have none.
 */
export function formatOptionsOf(item: ItemWire, catalog: CatalogIndex): FormatOption[] {
  if (item.type !== 4) return [];
  const options: FormatOption[] = [];
  for (const pivot of catalog.formatPivotsByItem.get(item.id) ?? []) {
    const format = catalog.sellingFormats.get(pivot.format_id);
    if (!format?.active) continue;
    options.push({ pivotId: pivot.id, formatId: format.id, name: format.name, priceCents: toCents(pivot.price), quantity: pivot.quantity });
  }
  return options;
}
