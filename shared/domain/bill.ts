import type { BillDiscount, OutboxEntry, OutboxLine, TableService } from '../bridge/queue';
import { addCents, parseCents } from './money';

// A table's bill: every line sent for a service, its discounts and payments,
// what is left — computed from the service and its queue entries, the same way on the main side
// (which refuses a payment above what is left, in the transaction that commits it) and in the
// renderer (which shows it). Pure, integer cents.
//
// The POS's rules it follows (clarifications "Loyalty order", the sandbox's conservative choices):
// - A seating opens the table's first check (the Flow order); a round with `skipMerge` opens a new
//   check; any other round merges into the OLDEST check not yet settled (when every check is
//   settled, it opens a new one).
// - A payment (`contents: []`) pays the oldest check not yet settled, never more than that check's
//   left: `payableNowCents`. A check is settled when it has a total above 0 and nothing left.
// - A bill discount travels with the next payment as that order's `orderDiscount`, applied to the
//   check it pays; a round's discount belongs to the round's check.
// - Entries that never reached the POS do not count: discarded, sent as a round, moved, or
//   rejected (unless a person marked them done at the POS). Queued, sending and unconfirmed ones
//   count (they are on their way or may have arrived).

export interface BillLine {
  entryId: string;
  /** 0-based index into `checks`. */
  check: number;
  line: OutboxLine;
}

export interface BillPayment {
  entryId: string;
  check: number;
  amountCents: number;
  tipCents: number;
  /** The method's name as the tender says it ("" when unknown, e.g. a seating's prepayment stored without a tender). */
  methodName: string;
  methodId: number | null;
  giftCardUuid: string | null;
  /** Where the payment's entry stands (queued, accepted, unconfirmed, …). */
  state: OutboxEntry['state'];
  /** true for the Flow prepayment taken at seating. */
  prepayment: boolean;
}

export interface BillDiscountLine {
  entryId: string;
  check: number;
  /** Positive cents taken off. */
  cents: number;
  /** The reason / discount name sent. */
  reason: string;
  /** 'round': a round's discount; 'bill': carried by a payment. */
  on: 'round' | 'bill';
}

export interface BillCheck {
  /** 0-based; the renderer shows index + 1. */
  index: number;
  /** Σ line totals of this check. */
  contentsCents: number;
  /** Σ discounts of this check (positive). */
  discountCents: number;
  /** contents − discount. */
  totalCents: number;
  paidCents: number;
  tipsCents: number;
  leftCents: number;
  settled: boolean;
  /**
   * Paid in full by its seating's prepayment, and nothing added to it or paid on it since: the POS
   * keeps that Flow order open (a seating is never closed by its own prepayment), so it is not
   * settled, and the next round joins it rather than opening a check behind it that no payment could
   * reach (a payment pays the oldest open order at the POS).
   */
  heldOpen: boolean;
}

export interface Bill {
  serviceId: string;
  checks: BillCheck[];
  lines: BillLine[];
  discounts: BillDiscountLine[];
  payments: BillPayment[];
  contentsCents: number;
  discountCents: number;
  totalCents: number;
  paidCents: number;
  tipsCents: number;
  leftCents: number;
  /** What one payment may be now: the left of the oldest check not settled (0 when none). */
  payableNowCents: number;
  /** The bill discount waiting for the next payment, in cents off the check it will pay (0 when none). */
  pendingDiscountCents: number;
  /**
   * What the next payment may be when it carries the pending bill discount (the POS takes the
   * discount off first): `payableNowCents − pendingDiscountCents`. Equals `payableNowCents` when
   * no discount waits.
   */
  dueNowCents: number;
  /** The index of the check the next payment pays (the oldest not settled); null when none. */
  nextCheck: number | null;
  /**
   * Σ over checks of what was paid above their total: 0 in a sound bill. The main side can check
   * a payment draft with `billOf(service, [...entries, draft]).overpaidCents === 0`.
   */
  overpaidCents: number;
  /** Something was ordered and nothing is left: the table shows Paid and offers Clear table. */
  paid: boolean;
}

/**
 * Whether `entry` reached the POS or may have: discarded, sent as a round, moved and rejected
 * entries did not (a rejected one a person marked done at the POS did).
 */
export function entryCounts(entry: OutboxEntry): boolean {
  if (entry.resolution === 'discarded' || entry.resolution === 'sent-as-round' || entry.resolution === 'moved') return false;
  if (entry.state === 'rejected') return entry.resolution === 'marked-done';
  return true;
}

/** A wire amount (number or decimal string) in cents; 0 when it is not one (the schemas refuse those). */
function centsOf(value: number | string | undefined): number {
  if (value === undefined) return 0;
  return parseCents(value) ?? 0;
}

interface CheckSums {
  contents: number;
  discount: number;
  paid: number;
  tips: number;
  /** Opened by a seating and not yet touched by a loyalty order (a round or a payment). */
  seatingOnly: boolean;
}

function checkOf(index: number, sums: CheckSums): BillCheck {
  const contentsCents = sums.contents;
  // A discount never makes a total negative.
  const discountCents = Math.max(0, Math.min(sums.discount, contentsCents));
  const totalCents = contentsCents - discountCents;
  const leftCents = Math.max(0, totalCents - sums.paid);
  const paidUp = totalCents > 0 && leftCents === 0;
  return {
    index,
    contentsCents,
    discountCents,
    totalCents,
    paidCents: sums.paid,
    tipsCents: sums.tips,
    leftCents,
    settled: paidUp && !sums.seatingOnly,
    heldOpen: paidUp && sums.seatingOnly,
  };
}

/** The bill of `service` from its entries (entries of other services are ignored). */
export function billOf(service: TableService, entries: readonly OutboxEntry[]): Bill {
  const mine = entries.filter((entry) => entry.serviceId === service.id && entryCounts(entry));
  // A seating opens the first check even when it was committed after rounds (a moved seating's
  // new entry): the POS order the rounds join is the one it opens.
  const ordered = [
    ...mine.filter((entry) => entry.kind === 'seating').sort((a, b) => a.seq - b.seq),
    ...mine.filter((entry) => entry.kind !== 'seating').sort((a, b) => a.seq - b.seq),
  ];
  const sums: CheckSums[] = [];
  const lines: BillLine[] = [];
  const discounts: BillDiscountLine[] = [];
  const payments: BillPayment[] = [];
  const open = (seatingOnly = false): number => sums.push({ contents: 0, discount: 0, paid: 0, tips: 0, seatingOnly }) - 1;
  const oldestUnsettled = (): number => sums.findIndex((check, index) => !checkOf(index, check).settled);

  for (const entry of ordered) {
    const request = entry.request;
    if (entry.kind === 'seating' && request.kind === 'seating') {
      const check = open(true);
      addLines(entry, check);
      for (const prepayment of request.data.payments ?? []) {
        const amountCents = centsOf(prepayment.amount);
        sums[check]!.paid = addCents(sums[check]!.paid, amountCents);
        payments.push({
          entryId: entry.id,
          check,
          amountCents,
          tipCents: 0,
          // The seating's tender names the deposit's method; seatings stored before it had none.
          methodName: entry.tender?.methodName ?? '',
          methodId: prepayment.payment_method_id ?? entry.tender?.methodId ?? null,
          giftCardUuid: null,
          state: entry.state,
          prepayment: true,
        });
      }
      continue;
    }
    if ((entry.kind !== 'round' && entry.kind !== 'payment') || request.kind !== 'order') continue;
    const order = request.order.order;
    let check: number;
    if (entry.kind === 'round' && request.order.skipMerge === true) check = open();
    else {
      const unsettled = oldestUnsettled();
      check = unsettled >= 0 ? unsettled : open();
    }
    sums[check]!.seatingOnly = false;
    if (entry.kind === 'round') addLines(entry, check);
    if (order.orderDiscount) {
      const cents = -centsOf(order.orderDiscount.amount);
      if (cents > 0) {
        sums[check]!.discount = addCents(sums[check]!.discount, cents);
        discounts.push({
          entryId: entry.id,
          check,
          cents,
          reason: order.orderDiscount.name ?? entry.tender?.discountReason ?? '',
          on: entry.kind === 'round' ? 'round' : 'bill',
        });
      }
    }
    if (order.payment) {
      const amountCents = centsOf(order.payment.amount);
      const tipCents = centsOf(order.payment.tip);
      sums[check]!.paid = addCents(sums[check]!.paid, amountCents);
      sums[check]!.tips = addCents(sums[check]!.tips, tipCents);
      payments.push({
        entryId: entry.id,
        check,
        amountCents,
        tipCents,
        methodName: entry.tender?.methodName ?? '',
        methodId: order.payment.payment_method_id ?? entry.tender?.methodId ?? null,
        giftCardUuid: entry.tender?.giftCardUuid ?? null,
        state: entry.state,
        prepayment: false,
      });
    }
  }

  function addLines(entry: OutboxEntry, check: number): void {
    for (const line of entry.lines) {
      sums[check]!.contents = addCents(sums[check]!.contents, line.totalCents);
      lines.push({ entryId: entry.id, check, line });
    }
  }

  const checks = sums.map((check, index) => checkOf(index, check));
  const next = checks.find((check) => !check.settled);
  const payableNowCents = next?.leftCents ?? 0;
  const pendingDiscountCents = service.billDiscount && next ? discountCentsOf(service.billDiscount, next.leftCents) : 0;
  const sum = (pick: (check: BillCheck) => number) => addCents(...checks.map(pick));
  const contentsCents = sum((check) => check.contentsCents);
  const leftCents = sum((check) => check.leftCents);
  return {
    serviceId: service.id,
    checks,
    lines,
    discounts,
    payments,
    contentsCents,
    discountCents: sum((check) => check.discountCents),
    totalCents: sum((check) => check.totalCents),
    paidCents: sum((check) => check.paidCents),
    tipsCents: sum((check) => check.tipsCents),
    leftCents,
    payableNowCents,
    pendingDiscountCents,
    dueNowCents: payableNowCents - pendingDiscountCents,
    nextCheck: next ? next.index : null,
    overpaidCents: addCents(...sums.map((check, index) => Math.max(0, check.paid - checks[index]!.totalCents))),
    paid: contentsCents > 0 && leftCents === 0,
  };
}

/** A bill discount in cents off `baseCents`: percent in basis points rounded half up; never more than `baseCents`, never negative. */
export function discountCentsOf(discount: BillDiscount, baseCents: number): number {
  if (!(baseCents > 0)) return 0;
  if (discount.kind === 'amount') return Math.max(0, Math.min(discount.value, baseCents));
  // Basis points above 10000 would take more than the whole: capped at it.
  const points = Math.max(0, Math.min(discount.value, 10_000));
  // points × base ≤ 10⁴ × 10¹⁰: a safe integer.
  const cents = Math.floor((points * baseCents + 5_000) / 10_000);
  return Math.min(cents, baseCents);
}

/** `totalCents` in `parts` shares that add up to it exactly, the larger shares first (differ by at most a cent). */
export function splitEvenly(totalCents: number, parts: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`splitEvenly: ${totalCents} is not a whole number of cents ≥ 0`);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`splitEvenly: ${parts} parts`);
  const base = Math.floor(totalCents / parts);
  const extra = totalCents - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}

/**
 * Each line of `check` with its part of `discountCents` taken off, in proportion to the line totals
 * (largest remainder, so the parts add up to the discount exactly; ties go to the earlier line).
 * Indexes into `bill.lines` → cents; the values add up to the check's contents − `discountCents`.
 */
export function lineSharesOf(bill: Bill, check: number, discountCents: number): Map<number, number> {
  const indexes = bill.lines.flatMap((line, index) => (line.check === check ? [index] : []));
  const totals = indexes.map((index) => Math.max(0, bill.lines[index]!.line.totalCents));
  const contents = totals.reduce((sum, cents) => sum + cents, 0);
  const discount = BigInt(Math.max(0, Math.min(discountCents, contents)));
  const shares = new Map<number, number>();
  if (contents === 0) {
    for (const index of indexes) shares.set(index, 0);
    return shares;
  }
  const whole = BigInt(contents);
  const parts = totals.map((cents, position) => {
    const exact = discount * BigInt(cents);
    return { position, floor: exact / whole, remainder: exact % whole };
  });
  let rest = discount - parts.reduce((sum, part) => sum + part.floor, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.position - b.position : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (rest === 0n) break;
    part.floor += 1n;
    rest -= 1n;
  }
  parts.forEach((part, position) => shares.set(indexes[position]!, totals[position]! - Number(part.floor)));
  return shares;
}

/**
 * The share of the chosen lines (indexes into `bill.lines`) of what is left: their totals with the
 * check's discount spread in proportion, never more than `payableNowCents`.
 *
 * Only lines of the check the next payment pays count (a payment pays that check alone); the
 * discount spread is the check's plus the bill discount waiting for that payment, so the share is
 * never more than `dueNowCents` either, and the shares of all its lines add up to its total: paying
 * a share per group of lines, each capped at what is then due, leaves nothing unpaid.
 */
export function shareOfLines(bill: Bill, chosen: readonly number[]): number {
  if (bill.nextCheck === null) return 0;
  const check = bill.checks[bill.nextCheck]!;
  const shares = lineSharesOf(bill, check.index, addCents(check.discountCents, bill.pendingDiscountCents));
  const picked = new Set(chosen);
  let cents = 0;
  for (const index of picked) cents = addCents(cents, shares.get(index) ?? 0);
  return Math.max(0, Math.min(cents, bill.dueNowCents));
}

/**
 * Whether a round of `roundTotalCents` the waiter sends as a separate check should carry
 * `skipMerge`. A payment pays the oldest check not settled, and a check with nothing to pay is
 * never settled: so no check may be left empty in front of another. Not when the round has
 * nothing to pay (it would open such an empty check; merged, it adds nothing), nor when the last
 * check is empty and open (a seating without items: merged into it, the round is a check of its
 * own all the same). The bill then only ever has an empty open check as its last one. Nor when a
 * seating's check is held open, paid in full by its prepayment (BillCheck `heldOpen`).
 */
export function skipMergeFor(bill: Bill, roundTotalCents: number): boolean {
  if (roundTotalCents <= 0 || bill.checks.some((check) => check.heldOpen)) return false;
  const last = bill.checks[bill.checks.length - 1];
  return last === undefined || last.settled || last.totalCents > 0;
}

/**
 * Whether `discount` may wait for the next payment: it must leave that payment something to pay
 * (a payment is above 0, and it is the payment that carries the discount to the POS).
 */
export function canCarryBillDiscount(bill: Bill, discount: BillDiscount): boolean {
  if (bill.nextCheck === null) return false;
  const cents = discountCentsOf(discount, bill.payableNowCents);
  return cents > 0 && cents < bill.payableNowCents;
}

/** Change due for cash: tendered − amount, 0 when short (the dialog refuses a short tender). */
export function changeDue(tenderedCents: number, amountCents: number): number {
  return Math.max(0, tenderedCents - amountCents);
}
