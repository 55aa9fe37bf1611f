import { MAX_COST_CENTS, MAX_PACK, type VendorItem, type VendorItemWrite } from '../../../../../shared/bridge';

// A vendor's item as the manager types it: the cost price of one pack in euros
// ("12,50", "12.5", "12") read into cents exactly — never through a float sum — and the units a
// pack holds (a number above 0, up to 3 decimals: "0,5" kg). Pure: VendorItems.tsx renders it.

export interface VendorItemForm {
  cost: string;
  pack: string;
}

export type VendorItemError = 'cost' | 'pack';
export type VendorItemErrors = Partial<Record<keyof VendorItemForm, VendorItemError>>;

/** "12,50" / "12.5" / "12" / "€ 3" → cents; null when it is not an amount of 0 or more with at most 2 decimals. */
export function parseCostCents(text: string): number | null {
  const cleaned = text.replace(/€/g, '').replace(/\s+/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_COST_CENTS ? cents : null;
}

/** "6" / "0,5" / "1.25" → the number of units; null when not above 0 with at most 3 decimals. */
export function parsePack(text: string): number | null {
  const cleaned = text.replace(/\s+/g, '').replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(cleaned);
  if (!match) return null;
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (thousandths <= 0 || thousandths > MAX_PACK * 1000) return null;
  return thousandths / 1000;
}

/** Cents as a field shows them to be changed: 1250 → "12.50" (the decimal mark of the language). */
export function costInput(cents: number, decimalMark: '.' | ','): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${decimalMark}${String(abs % 100).padStart(2, '0')}`;
}

/** A pack as a field shows it: 6 → "6", 0.5 → "0,5" (es, ca). */
export function packInput(pack: number, decimalMark: '.' | ','): string {
  return String(Math.round(pack * 1000) / 1000).replace('.', decimalMark);
}

export function itemFormOf(item: VendorItem, decimalMark: '.' | ','): VendorItemForm {
  return { cost: costInput(item.costCents, decimalMark), pack: packInput(item.pack, decimalMark) };
}

export const EMPTY_ITEM_FORM: VendorItemForm = { cost: '', pack: '1' };

export type VendorItemValidation = { ok: true; write: VendorItemWrite } | { ok: false; errors: VendorItemErrors };

/** The row checked: the write to send, or a problem per field. */
export function validateItemForm(itemId: number, form: VendorItemForm): VendorItemValidation {
  const costCents = parseCostCents(form.cost);
  const pack = parsePack(form.pack);
  const errors: VendorItemErrors = {};
  if (costCents === null) errors.cost = 'cost';
  if (pack === null) errors.pack = 'pack';
  if (costCents === null || pack === null) return { ok: false, errors };
  return { ok: true, write: { itemId, costCents, pack } };
}

/** The cost of one unit, in cents (half up): what a pack costs over what it holds. */
export function unitCostCents(item: Pick<VendorItem, 'costCents' | 'pack'>): number | null {
  if (!(item.pack > 0)) return null;
  return Math.round(item.costCents / item.pack);
}

/** Whether a write changes the item as listed (same cost and pack: nothing to send). */
export function changesItem(item: VendorItem, write: VendorItemWrite): boolean {
  return item.costCents !== write.costCents || Math.abs(item.pack - write.pack) > 1e-9;
}
