import { billDiscountSchema, type BillDiscount } from '../../../../shared/bridge';
import { changeDue, shareOfLines, splitEvenly, type Bill } from '../../../../shared/domain/bill';
import { parseAmountInput } from '../../ui/amountInput';

// The pay dialog's rules, pure and unit-tested: how much this payment is for
// each split mode, the cash keypad's amount tendered and the change due, the tip. Money in
// integer cents; never more than the bill lets this payment be (`dueNowCents`: what the next
// check has left, less the bill discount this payment will carry).

export type SplitMode = 'whole' | 'evenly' | 'lines' | 'amount';

export interface PayDraft {
  mode: SplitMode;
  /** Evenly: how many ways what is left is split (default: the service's guests). */
  parts: number;
  /** By lines: indexes into `bill.lines`. */
  chosenLines: readonly number[];
  /** A typed amount ("12,50"). */
  typedAmount: string;
  /** The cash keypad: cents typed as digits ("1250" = 12,50); '' = none typed. */
  tenderedDigits: string;
  /** A typed tip ("1,50"); '' = none. */
  tip: string;
}

export const MAX_PARTS = 99;

export function initialPayDraft(guests: number): PayDraft {
  return { mode: 'whole', parts: Math.min(MAX_PARTS, Math.max(2, guests)), chosenLines: [], typedAmount: '', tenderedDigits: '', tip: '' };
}

export type PayProblem = 'nothing-left' | 'amount-format' | 'amount-zero' | 'amount-over' | 'no-lines' | 'tip-format' | 'tendered-short';

/** This payment's amount under the draft's split mode, or why there is none. */
export function payAmount(bill: Bill, draft: PayDraft): { ok: true; cents: number } | { ok: false; problem: PayProblem } {
  const payable = bill.dueNowCents;
  if (payable <= 0) return { ok: false, problem: 'nothing-left' };
  switch (draft.mode) {
    case 'whole':
      return { ok: true, cents: payable };
    case 'evenly': {
      const parts = Math.min(MAX_PARTS, Math.max(1, Math.trunc(draft.parts)));
      return { ok: true, cents: splitEvenly(payable, parts)[0] ?? payable };
    }
    case 'lines': {
      if (draft.chosenLines.length === 0) return { ok: false, problem: 'no-lines' };
      const cents = shareOfLines(bill, draft.chosenLines);
      return cents > 0 ? { ok: true, cents: Math.min(cents, payable) } : { ok: false, problem: 'amount-zero' };
    }
    case 'amount': {
      const cents = parseAmountInput(draft.typedAmount);
      if (cents === null) return { ok: false, problem: 'amount-format' };
      if (cents <= 0) return { ok: false, problem: 'amount-zero' };
      if (cents > payable) return { ok: false, problem: 'amount-over' };
      return { ok: true, cents };
    }
  }
}

/** The tip typed, in cents (0 when empty). */
export function tipCents(draft: PayDraft): number | null {
  if (draft.tip.trim() === '') return 0;
  return parseAmountInput(draft.tip);
}

/** Digits on the cash keypad: at most 7 (99 999,99), no leading zeros. */
export function typeTenderedKey(digits: string, key: string): string {
  if (key === 'clear') return '';
  if (key === 'delete') return digits.slice(0, -1);
  if (!/^\d$/.test(key)) return digits;
  const next = (digits + key).replace(/^0+/, '');
  return next.length > 7 ? digits : next;
}

export const tenderedCentsOf = (digits: string): number => (digits === '' ? 0 : Number(digits));

/** Notes a waiter is handed for `dueCents`: the exact amount, then the next round 5, 10, 20, 50 (distinct, above it). */
export function quickTenders(dueCents: number): number[] {
  const out = [dueCents];
  for (const step of [500, 1000, 2000, 5000]) {
    const up = Math.ceil(dueCents / step) * step;
    if (up > dueCents && !out.includes(up)) out.push(up);
  }
  return out.slice(0, 4);
}

/** Cash: the amount plus the tip must be covered; the change is what is left over. */
export function cashOutcome(
  amountCents: number,
  tip: number,
  tenderedCents: number,
): { ok: true; changeCents: number } | { ok: false; problem: 'tendered-short' } {
  const due = amountCents + tip;
  if (tenderedCents < due) return { ok: false, problem: 'tendered-short' };
  return { ok: true, changeCents: changeDue(tenderedCents, due) };
}

// ——— The bill discount dialog ———

export interface DiscountDraft {
  kind: 'amount' | 'percent';
  /** "5,00" or "10" / "12,5" (percent, at most 2 decimals). */
  value: string;
  reason: string;
}

export type DiscountProblem = 'value-format' | 'value-zero' | 'percent-over' | 'amount-over' | 'reason-missing' | 'reason-long';

/** The typed discount as the service keeps it (percent in basis points), checked against what is left. */
export function parseDiscount(draft: DiscountDraft, leftCents: number): { ok: true; discount: BillDiscount } | { ok: false; problem: DiscountProblem } {
  const reason = draft.reason.trim();
  if (reason === '') return { ok: false, problem: 'reason-missing' };
  if (reason.length > 200) return { ok: false, problem: 'reason-long' };
  // Percent "12,5" reads as 1250 hundredths: exactly basis points.
  const value = parseAmountInput(draft.value);
  if (value === null) return { ok: false, problem: 'value-format' };
  if (value <= 0) return { ok: false, problem: 'value-zero' };
  if (draft.kind === 'percent' && value > 10_000) return { ok: false, problem: 'percent-over' };
  if (draft.kind === 'amount' && value > leftCents) return { ok: false, problem: 'amount-over' };
  const parsed = billDiscountSchema.safeParse({ kind: draft.kind, value, reason });
  if (!parsed.success) return { ok: false, problem: 'value-format' };
  return { ok: true, discount: parsed.data };
}
