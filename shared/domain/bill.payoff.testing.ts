import fc from 'fast-check';
import { expect } from 'vitest';
import type { BillDiscount, OutboxEntry, OutboxLine, TableService } from '../bridge/queue';
import { billOf, canCarryBillDiscount, shareOfLines, skipMergeFor, splitEvenly, type Bill } from './bill';
import { billLine, entriesOf, tableService } from './bill.testing';

// Random tables and random ways of paying them off, for the bill's property tests and the
// sandbox's referee of them (electron/sandbox/orders/bill.referee.test.ts). Not used by the app.

/** What an arbitrary draws. */
type Spec<A> = A extends fc.Arbitrary<infer T> ? T : never;

export const lineArb = fc.record({ unitCents: fc.integer({ min: 0, max: 5_000 }), quantity: fc.integer({ min: 1, max: 4 }) });

export const roundArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
  /** Per mille of the round's contents taken off (0: no discount). */
  discountPerMille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
  skipMerge: fc.boolean(),
});

export const billDiscountArb: fc.Arbitrary<BillDiscount | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 10_000 }), reason: fc.constant('Regulars') }),
  fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 50_000 }), reason: fc.constant('Goodwill') }),
);

export const tableArb = fc.record({
  seatingLines: fc.array(lineArb, { maxLength: 4 }),
  /** Per mille of the seating's contents prepaid. */
  prepaidPerMille: fc.integer({ min: 0, max: 1000 }),
  rounds: fc.array(roundArb, { maxLength: 5 }),
  billDiscount: billDiscountArb,
});

/** How each payment of a check is chosen. */
export const strategyArb = fc.oneof(
  fc.record({ kind: fc.constant('evenly' as const), parts: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('lines' as const), groups: fc.array(fc.nat(5), { minLength: 1, maxLength: 30 }) }),
  fc.record({ kind: fc.constant('typed' as const), amounts: fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 30 }) }),
);

export type Strategy = Spec<typeof strategyArb>;

export interface Table {
  service: TableService;
  entries: OutboxEntry[];
  make: ReturnType<typeof entriesOf>;
  /** Called with each entry as it is added (the referee sends it to the sandbox). */
  sent: (entry: OutboxEntry) => void;
}

export interface BuildOptions {
  /** The table seated (default 5). */
  tableId?: number;
  /** Item ids the lines use in turn (default 100, 101, …). */
  itemIds?: readonly number[];
  /** Called with each entry as it is added, in order. */
  sent?: (entry: OutboxEntry) => void;
}

export function buildTable(spec: Spec<typeof tableArb>, options: BuildOptions = {}): Table {
  const tableId = options.tableId ?? 5;
  let service = tableService({ tableIds: [tableId], primaryTableId: tableId, tableNames: [String(tableId)] });
  const make = entriesOf(service);
  const sent = options.sent ?? (() => undefined);
  let item = 0;
  const itemId = () => (options.itemIds ? options.itemIds[item++ % options.itemIds.length]! : 100 + item++);
  const lines = (specs: readonly { unitCents: number; quantity: number }[]): OutboxLine[] => specs.map((l) => billLine(itemId(), l.unitCents, l.quantity));
  const seatingLines = lines(spec.seatingLines);
  const seatingCents = seatingLines.reduce((sum, l) => sum + l.totalCents, 0);
  const prepaid = Math.floor((seatingCents * spec.prepaidPerMille) / 1000);
  const entries = [make.seating(seatingLines, prepaid > 0 ? [prepaid] : [])];
  sent(entries[0]!);
  for (const round of spec.rounds) {
    const roundLines = lines(round.lines);
    const contents = roundLines.reduce((sum, l) => sum + l.totalCents, 0);
    // A separate check as the order screen sends it (never behind an empty check).
    const discountCents = Math.floor((contents * round.discountPerMille) / 1000);
    const skipMerge = round.skipMerge && skipMergeFor(billOf(service, entries), contents - discountCents);
    entries.push(make.round(roundLines, { discountCents, skipMerge }));
    sent(entries[entries.length - 1]!);
  }
  // A bill discount as the main side keeps one: only when it leaves the next payment something to pay.
  if (spec.billDiscount && canCarryBillDiscount(billOf(service, entries), spec.billDiscount)) service = { ...service, billDiscount: spec.billDiscount };
  return { service, entries, make, sent };
}

/**
 * Pays the table off check after check, each check the way the next strategy says (in turn);
 * returns the bill at the start and at the end.
 */
export function payOff(table: Table, strategies: readonly Strategy[]): { before: Bill; after: Bill } {
  let bill = billOf(table.service, table.entries);
  const before = bill;
  let turns = 0;
  // Check after check, as the POS takes them (the oldest not settled first).
  while (bill.nextCheck !== null && bill.dueNowCents > 0) {
    const check = bill.nextCheck;
    bill = payCheck(table, bill, strategies[turns % strategies.length]!);
    turns += 1;
    // The check is settled exactly: nothing left on it.
    expect(bill.checks[check]!.leftCents).toBe(0);
    expect(turns).toBeLessThanOrEqual(before.checks.length);
  }
  return { before, after: bill };
}

/** Pays `amount` now: the first payment carries the waiting bill discount, which leaves the service. */
function pay(table: Table, bill: Bill, amount: number): Bill {
  expect(amount).toBeGreaterThan(0);
  expect(amount).toBeLessThanOrEqual(bill.dueNowCents);
  expect(amount).toBeLessThanOrEqual(bill.payableNowCents);
  const payment = table.make.payment(amount, { discountCents: bill.pendingDiscountCents });
  table.entries.push(payment);
  table.sent(payment);
  if (bill.pendingDiscountCents > 0) table.service = { ...table.service, billDiscount: null };
  const next = billOf(table.service, table.entries);
  // Never more than the bill: no check is paid above its total.
  expect(next.overpaidCents).toBe(0);
  for (const check of next.checks) expect(check.paidCents).toBeLessThanOrEqual(check.totalCents);
  return next;
}

/** Pays the check the next payment pays, the way `strategy` says; returns the bill after. */
export function payCheck(table: Table, start: Bill, strategy: Strategy): Bill {
  let bill = start;
  const check = bill.nextCheck;
  if (strategy.kind === 'evenly') {
    for (const share of splitEvenly(bill.dueNowCents, strategy.parts)) if (share > 0) bill = pay(table, bill, Math.min(share, bill.dueNowCents));
  } else if (strategy.kind === 'lines') {
    // Every line of the check in one of up to 6 groups, each group paid by its share.
    const mine = bill.lines.flatMap((line, index) => (line.check === check ? [index] : []));
    const groups = new Map<number, number[]>();
    mine.forEach((index, i) => {
      const group = strategy.groups[i % strategy.groups.length]!;
      groups.set(group, [...(groups.get(group) ?? []), index]);
    });
    for (const chosen of groups.values()) {
      const share = shareOfLines(bill, chosen);
      expect(share).toBeLessThanOrEqual(bill.dueNowCents);
      if (share > 0) bill = pay(table, bill, share);
    }
  } else {
    for (const typed of strategy.amounts) {
      if (bill.nextCheck !== check || bill.dueNowCents === 0) break;
      bill = pay(table, bill, Math.min(typed, bill.dueNowCents));
    }
    // The last one: what is left.
    if (bill.nextCheck === check && bill.dueNowCents > 0) bill = pay(table, bill, bill.dueNowCents);
  }
  return bill;
}
