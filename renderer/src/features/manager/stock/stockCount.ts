import type { ChangedElsewhere, StockCountLine, WarehouseStockRow } from '../../../../../shared/bridge';
import { MAX_COUNTED_ITEMS } from '../../../../../shared/bridge';
import { normaliseForSearch, searchWords } from '../../../data/search/search';

// The count sheet of one warehouse, pure: what was read ("in stock", the
// quantity the manager sees and the save compares against), what was typed for each item (kept
// exactly as typed, so nothing is lost when a save cannot go), and the items the POS said changed
// meanwhile. The tab (StockCountTab.tsx) keeps one sheet per warehouse in its store.

export interface CountSheet {
  warehouseId: number;
  /** item id → the quantity shown as "in stock" (read from the POS; 0 for an item added by a scan). */
  expected: Readonly<Record<number, number>>;
  /** Items the warehouse had no row for, added to the count by a scan or a search, in that order. */
  added: readonly number[];
  /** item id → the counted quantity as typed ('' or absent: not counted). */
  typed: Readonly<Record<number, string>>;
  /** item id → the quantity the POS has now, for counted items that changed since they were read. */
  changed: Readonly<Record<number, number>>;
}

/** What the catalog knows of an item, for the list and the scanner. */
export interface CountItem {
  itemId: number;
  name: string;
  barcode: string | null;
}

export type ParsedCount = { kind: 'empty' } | { kind: 'count'; quantity: number } | { kind: 'invalid' };

/** A typed count: 0 or more, up to 9 digits and 3 decimals; a decimal comma is accepted. */
export function parseCount(text: string | undefined): ParsedCount {
  const trimmed = (text ?? '').trim().replace(',', '.');
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(trimmed)) return { kind: 'invalid' };
  return { kind: 'count', quantity: Number(trimmed) };
}

export type Difference = { kind: 'more' | 'fewer'; amount: number } | { kind: 'same' };

/** Counted against in stock, to the thousandth (the counts' precision). */
export function differenceOf(expected: number, counted: number): Difference {
  const thousandths = Math.round(counted * 1000) - Math.round(expected * 1000);
  if (thousandths === 0) return { kind: 'same' };
  return { kind: thousandths > 0 ? 'more' : 'fewer', amount: Math.abs(thousandths) / 1000 };
}

/**
 * A sheet from a read of the warehouse. With `previous` (reading the same warehouse again) what was
 * typed and the items added are kept; "in stock" becomes what was just read, and what the POS said
 * had changed is settled by this newer read.
 */
export function sheetFromRead(warehouseId: number, rows: readonly WarehouseStockRow[], previous?: CountSheet): CountSheet {
  const expected: Record<number, number> = {};
  for (const row of rows) expected[row.itemId] = row.quantity;
  const kept = previous?.warehouseId === warehouseId ? previous : undefined;
  const added = (kept?.added ?? []).filter((itemId) => !(itemId in expected));
  for (const itemId of added) expected[itemId] = 0;
  return { warehouseId, expected, added, typed: kept?.typed ?? {}, changed: {} };
}

/** The item ids of the sheet: the warehouse's rows (in the order given), then the added ones. */
export function itemIdsOf(sheet: CountSheet): number[] {
  const added = new Set(sheet.added);
  return [
    ...Object.keys(sheet.expected)
      .map(Number)
      .filter((id) => !added.has(id)),
    ...sheet.added,
  ];
}

export function isCounted(sheet: CountSheet, itemId: number): boolean {
  return parseCount(sheet.typed[itemId]).kind !== 'empty';
}

export function countedIds(sheet: CountSheet): number[] {
  return itemIdsOf(sheet).filter((itemId) => isCounted(sheet, itemId));
}

/** The sheet with an item added (no row in the warehouse: in stock 0); unchanged when it is there. */
export function withItem(sheet: CountSheet, itemId: number): CountSheet {
  if (itemId in sheet.expected) return sheet;
  return { ...sheet, expected: { ...sheet.expected, [itemId]: 0 }, added: [...sheet.added, itemId] };
}

/**
 * The sheet with an item's count typed. Typing a new count for an item that changed elsewhere
 * is counting it again: "in stock" becomes the POS's new quantity.
 */
export function withTyped(sheet: CountSheet, itemId: number, text: string): CountSheet {
  const next = withItem(sheet, itemId);
  const typed = { ...next.typed, [itemId]: text };
  if (!(itemId in next.changed)) return { ...next, typed };
  return settle({ ...next, typed }, itemId);
}

/** One more unit of the item (a scan), added to the sheet when it is not there; null when its typed count is not a number. */
export function withOneMore(sheet: CountSheet, itemId: number): CountSheet | null {
  const parsed = parseCount(sheet.typed[itemId]);
  if (parsed.kind === 'invalid') return null;
  const now = parsed.kind === 'count' ? parsed.quantity : 0;
  return withTyped(sheet, itemId, String(Math.round((now + 1) * 1000) / 1000));
}

/**
 * A scan while an item's count field had the focus typed the code into it before it was known to
 * be a scan (ui/useScanner.ts): the code's characters go, what the person typed stays.
 */
export function withoutScannedText(sheet: CountSheet, itemId: number, code: string): CountSheet {
  const text = sheet.typed[itemId];
  if (text === undefined || code === '' || !text.endsWith(code)) return sheet;
  return { ...sheet, typed: { ...sheet.typed, [itemId]: text.slice(0, -code.length) } };
}

/** The sheet with the POS's word that these items changed since they were read. */
export function withChanged(sheet: CountSheet, changed: readonly ChangedElsewhere[]): CountSheet {
  return { ...sheet, changed: Object.fromEntries(changed.map((c) => [c.itemId, c.now])) };
}

function settle(sheet: CountSheet, itemId: number): CountSheet {
  const now = sheet.changed[itemId];
  if (now === undefined) return sheet;
  const { [itemId]: _settled, ...changed } = sheet.changed;
  return { ...sheet, expected: { ...sheet.expected, [itemId]: now }, changed };
}

/** The manager keeps the count against the POS's new quantity (the next save writes it). */
export function keepCount(sheet: CountSheet, itemId: number): CountSheet {
  return settle(sheet, itemId);
}

/** The manager counts the item again: in stock is the new quantity, the count is emptied. */
export function countAgain(sheet: CountSheet, itemId: number): CountSheet {
  const settled = settle(sheet, itemId);
  return { ...settled, typed: { ...settled.typed, [itemId]: '' } };
}

export type CountsToSave =
  | { kind: 'nothing' }
  | { kind: 'invalid'; itemIds: number[] }
  | { kind: 'unsettled'; itemIds: number[] }
  | { kind: 'too-many'; count: number }
  | { kind: 'ready'; counts: StockCountLine[] };

/** What a save sends: every counted item with the quantity the manager saw, or why it cannot go. */
export function countsToSave(sheet: CountSheet): CountsToSave {
  const ids = countedIds(sheet);
  if (ids.length === 0) return { kind: 'nothing' };
  const invalid = ids.filter((itemId) => parseCount(sheet.typed[itemId]).kind === 'invalid');
  if (invalid.length > 0) return { kind: 'invalid', itemIds: invalid };
  const unsettled = ids.filter((itemId) => itemId in sheet.changed);
  if (unsettled.length > 0) return { kind: 'unsettled', itemIds: unsettled };
  if (ids.length > MAX_COUNTED_ITEMS) return { kind: 'too-many', count: ids.length };
  return {
    kind: 'ready',
    counts: ids.map((itemId) => ({
      itemId,
      expected: sheet.expected[itemId] ?? 0,
      counted: (parseCount(sheet.typed[itemId]) as { quantity: number }).quantity,
    })),
  };
}

/** After a save: in stock is what the POS now has; those counts are done. */
export function afterSave(sheet: CountSheet, saved: readonly WarehouseStockRow[]): CountSheet {
  const expected = { ...sheet.expected };
  const typed = { ...sheet.typed };
  for (const row of saved) {
    expected[row.itemId] = row.quantity;
    delete typed[row.itemId];
  }
  const savedIds = new Set(saved.map((row) => row.itemId));
  return { ...sheet, expected, typed, changed: {}, added: sheet.added.filter((itemId) => !savedIds.has(itemId)) };
}

/** The item with this barcode among `items` (a scanner's code, compared without surrounding spaces). */
export function itemByBarcode(items: Iterable<CountItem>, code: string): CountItem | undefined {
  const wanted = code.trim();
  if (wanted === '') return undefined;
  for (const item of items) if (item.barcode !== null && item.barcode.trim() === wanted) return item;
  return undefined;
}

/** Whether an item matches a search: every word begins a word of its name, or the barcode contains the text. */
export function matchesSearch(item: CountItem, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const compact = normaliseForSearch(query).replace(/\s+/g, '');
  if (item.barcode !== null && compact.length >= 3 && item.barcode.includes(compact)) return true;
  const nameWords = searchWords(item.name);
  return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
}
