import type { PurchaseOrderLine, ReceiptLine, ReceivedHere } from '../../../../../shared/bridge';

// Receiving a purchase order, the screen's rules, pure and unit-tested: what a
// line shows as received (the server's `received` + what this terminal received through its
// queue, since the API does not raise `received` when stock is added), what is left, the typed
// quantities read exactly into thousandths, and which lines would receive more than is left
// (allowed only after a confirmation).

/** What the screen counts as received: the server's and everything this terminal committed for the line. */
export function receivedShown(line: Pick<PurchaseOrderLine, 'receivedAtServer' | 'here'>): number {
  return line.receivedAtServer + line.here.accepted + line.here.waiting + line.here.unconfirmed;
}

/** What is left to receive (never below 0). */
export function leftToReceive(line: Pick<PurchaseOrderLine, 'ordered' | 'receivedAtServer' | 'here'>): number {
  return Math.max(0, line.ordered - receivedShown(line));
}

/** A quantity as typed: "12", "1,5", "0.250" — up to 3 decimals, more than 0. */
export type TypedQuantity = { ok: true; thousandths: number } | { ok: false; problem: 'invalid' | 'too-large' | 'zero' };

export const MAX_RECEIPT_THOUSANDTHS = 999_999_999_999;

export function parseReceiptQuantity(text: string): TypedQuantity | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,9})(?:[.,](\d{0,3}))?$/.exec(trimmed);
  if (!match) return { ok: false, problem: /^\d{10,}([.,]\d*)?$/.test(trimmed) ? 'too-large' : 'invalid' };
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0') || '0');
  if (thousandths === 0) return { ok: false, problem: 'zero' };
  if (thousandths > MAX_RECEIPT_THOUSANDTHS) return { ok: false, problem: 'too-large' };
  return { ok: true, thousandths };
}

/** Thousandths as people type them back: "12", "1.5" (a point; the field takes a comma too). */
export function thousandthsInput(thousandths: number): string {
  return String(thousandths / 1000);
}

export interface ReceiptPlan {
  /** The lines with a quantity, in the order's line order. */
  lines: Omit<ReceiptLine, 'entryId'>[];
  /** Lines whose typed text cannot be read, with why. */
  invalid: { lineId: number; problem: 'invalid' | 'too-large' | 'zero' }[];
  /** Lines that would receive more than is left (a confirmation first). */
  over: { lineId: number; itemName: string; left: number; receiving: number }[];
}

/** The receipt the typed quantities make of the order's lines. */
export function receiptPlan(lines: readonly PurchaseOrderLine[], typed: ReadonlyMap<number, string>): ReceiptPlan {
  const plan: ReceiptPlan = { lines: [], invalid: [], over: [] };
  for (const line of lines) {
    const parsed = parseReceiptQuantity(typed.get(line.id) ?? '');
    if (parsed === null) continue;
    if (!parsed.ok) {
      plan.invalid.push({ lineId: line.id, problem: parsed.problem });
      continue;
    }
    plan.lines.push({ lineId: line.id, itemId: line.itemId, itemName: line.itemName, quantity: parsed.thousandths });
    const left = leftToReceive(line);
    if (parsed.thousandths > left) plan.over.push({ lineId: line.id, itemName: line.itemName, left, receiving: parsed.thousandths });
  }
  return plan;
}

/**
 * The queue entry ids of a receipt: the same line with the same quantity keeps its id until the
 * receipt is saved, so a Receive tapped again after an answer was lost stores nothing twice.
 */
export function receiptEntryIds(
  plan: Pick<ReceiptPlan, 'lines'>,
  previous: ReadonlyMap<number, { quantity: number; entryId: string }>,
  newId: () => string,
): Map<number, { quantity: number; entryId: string }> {
  const ids = new Map<number, { quantity: number; entryId: string }>();
  for (const line of plan.lines) {
    const kept = previous.get(line.lineId);
    ids.set(line.lineId, kept && kept.quantity === line.quantity ? kept : { quantity: line.quantity, entryId: newId() });
  }
  return ids;
}

/** The lines' `here` after a receipt was committed (the main side's answer). */
export function withHere(lines: readonly PurchaseOrderLine[], here: readonly { lineId: number; here: ReceivedHere }[]): PurchaseOrderLine[] {
  const byLine = new Map(here.map((h) => [h.lineId, h.here]));
  return lines.map((line) => {
    const next = byLine.get(line.id);
    return next ? { ...line, here: next } : line;
  });
}
