import {
  centsToWire,
  thousandthsToWire,
  type RetailOrderLineRequest,
  type RetailOrderRequest,
  type RetailPaymentRequest,
} from '../../../../../shared/api/retail';
import type { EntryDraft, OutboxLine } from '../../../../../shared/bridge';
import type { DiscountObject } from '../../../../../shared/domain/retail/order';
import { venueTimeZone } from '../../../../../shared/domain/venueTime';
import { parseAmountInput } from '../../../ui/amountInput';
import type { CheckoutDraft, CheckoutLine } from '../basketStore';

// The till's pay dialog, its rules, pure and unit-tested: the payments a sale is
// split into (the shop's methods; cash with the amount tendered and the change, only on cash and
// never more than that payment — clarifications "Retail"), the order request built from the
// basket (`checkoutDraft()`, retail-api.md §2.5), `closed_at` in the shop's time, and the two queue
// drafts of a sale: the order (kind `sale`), then its invoice waiting for it (`after`). The
// invoice's payments add up (Σ amount − Σ change) to the order's total to the cent.
// Money in integer cents.

export interface ShopMethod {
  id: number;
  name: string;
  /** The payment method named Cash (clarifications: change is allowed on it alone). */
  cash: boolean;
}

/** The cash method's name in the shop's words (clarifications name it "Cash"; the shop may write it in Spanish or Catalan). */
const CASH_NAME = /^(cash|efectivo|efectiu|met[aá]lico|metàl·lic)$/i;

/** The shop's payment methods as the dialog offers them, in the shop's order (by id). */
export function shopMethods(stored: readonly { id: number; name: string }[] | undefined): ShopMethod[] {
  return (stored ?? [])
    .filter((m) => m.name.trim() !== '')
    .map((m) => ({ id: m.id, name: m.name.trim(), cash: CASH_NAME.test(m.name.trim()) }))
    .sort((a, b) => a.id - b.id);
}

/** One payment as the cashier types it. */
export interface PayRow {
  key: string;
  methodId: number;
  /** What this payment takes off the sale ("12,50"). */
  amount: string;
  /** Cash only: what was handed over ("20"); '' = the exact amount. */
  tendered: string;
}

export type RowProblem = 'amount-format' | 'amount-zero' | 'tendered-format' | 'tendered-short' | 'method-unknown';
export type PayProblem = 'no-payments' | 'rows' | 'left' | 'over';

export interface RowResult {
  key: string;
  method: ShopMethod | null;
  amountCents: number | null;
  tenderedCents: number | null;
  changeCents: number;
  problem: RowProblem | null;
}

export interface PayCheck {
  rows: RowResult[];
  /** Σ of the rows' amounts that read. */
  appliedCents: number;
  /** What is still to pay (negative: more than the total). */
  leftCents: number;
  /** Change to hand back, all cash rows. */
  changeCents: number;
  problem: PayProblem | null;
  /** The invoice's payments when there is no problem. */
  payments: RetailPaymentRequest[] | null;
}

/** Reads the rows against the sale's total. */
export function checkPayments(rows: readonly PayRow[], methods: readonly ShopMethod[], totalCents: number): PayCheck {
  const results = rows.map((row): RowResult => {
    const method = methods.find((m) => m.id === row.methodId) ?? null;
    const amountCents = parseAmountInput(row.amount);
    const base = { key: row.key, method, amountCents, tenderedCents: null, changeCents: 0 };
    if (method === null) return { ...base, problem: 'method-unknown' };
    if (amountCents === null) return { ...base, problem: 'amount-format' };
    if (amountCents <= 0) return { ...base, problem: 'amount-zero' };
    if (!method.cash || row.tendered.trim() === '') return { ...base, tenderedCents: method.cash ? amountCents : null, problem: null };
    const tenderedCents = parseAmountInput(row.tendered);
    if (tenderedCents === null) return { ...base, problem: 'tendered-format' };
    if (tenderedCents < amountCents) return { ...base, tenderedCents, problem: 'tendered-short' };
    return { ...base, tenderedCents, changeCents: tenderedCents - amountCents, problem: null };
  });
  const appliedCents = results.reduce((sum, r) => sum + (r.amountCents !== null && r.amountCents > 0 ? r.amountCents : 0), 0);
  const changeCents = results.reduce((sum, r) => sum + r.changeCents, 0);
  const leftCents = totalCents - appliedCents;
  const problem: PayProblem | null =
    rows.length === 0 ? 'no-payments' : results.some((r) => r.problem !== null) ? 'rows' : leftCents > 0 ? 'left' : leftCents < 0 ? 'over' : null;
  const payments =
    problem === null
      ? results.map((r) => {
          // Cash: the invoice records what was handed over and the change given back.
          const amount = r.method!.cash ? r.tenderedCents! : r.amountCents!;
          return { amount: centsToWire(amount), change: centsToWire(r.changeCents), extra: 0, payment_method_id: r.method!.id };
        })
      : null;
  return { rows: results, appliedCents, leftCents, changeCents, problem, payments };
}

/** The next round notes above `dueCents` a customer hands over (5, 10, 20, 50 €), distinct. */
export function quickTenders(dueCents: number): number[] {
  const out: number[] = [];
  for (const step of [500, 1000, 2000, 5000]) {
    const up = Math.ceil(dueCents / step) * step;
    if (up > dueCents && !out.includes(up)) out.push(up);
  }
  return out.slice(0, 3);
}

let shopClock: Intl.DateTimeFormat | null = null;

/** `YYYY-MM-DD HH:mm:ss` in the shop's time (Europe/Madrid): the order's `closed_at` (§2.5). */
export function shopDateTime(at: Date | number): string {
  shopClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: venueTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of shopClock.formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** §2.5 discountObject: money in cents or a percent in hundredths, as a number with 2 decimals. */
function discountObjectWire(object: DiscountObject): RetailOrderLineRequest['discountObject'] {
  if (!('name' in object)) return {};
  return { id: object.id, name: object.name.slice(0, 255), amount: centsToWire(object.amount), isPercentage: object.isPercentage };
}

/** The line's name as the shop reads it: the product's, with the variant's values ("Camiseta · M · Navy"). */
export function lineName(line: Pick<CheckoutLine, 'name' | 'variantName'>): string {
  return (line.variantName ? `${line.name} · ${line.variantName}` : line.name).slice(0, 255);
}

/** §2.5 the order, from the basket, closed now (shop time). */
export function saleOrderRequest(draft: CheckoutDraft, closedAt: string): RetailOrderRequest {
  const { totals } = draft;
  return {
    notes: '',
    shippingAmount: centsToWire(totals.shippingAmount),
    sum: centsToWire(totals.sum),
    discount: centsToWire(totals.discount),
    orderDiscount: centsToWire(totals.orderDiscount),
    subtotal: centsToWire(totals.subtotal),
    tax: centsToWire(totals.tax),
    total: centsToWire(totals.total),
    discountObject: {},
    customer_id: draft.customerId,
    closed_at: closedAt,
    order_contents: draft.lines.map((line) => ({
      name: lineName(line),
      quantity: thousandthsToWire(line.byWeight ? 1000 : line.measureThousandths),
      weight: line.byWeight ? thousandthsToWire(line.measureThousandths) : null,
      price: centsToWire(line.priceCents),
      sum: centsToWire(line.sum),
      discount: centsToWire(line.discount),
      subtotal: centsToWire(line.subtotal),
      tax: centsToWire(line.tax),
      total: centsToWire(line.total),
      taxPercentage: line.taxPercentHundredths / 100,
      discountObject: discountObjectWire(line.discountObject),
      notes: line.notes,
      product_id: line.productId,
    })),
  };
}

/** A basket line as Pending orders and the receipt show it. */
function outboxLine(line: CheckoutLine): OutboxLine {
  const quantity = line.byWeight ? 1 : line.measureThousandths / 1000;
  return {
    name: lineName(line).slice(0, 300),
    quantity,
    details: line.byWeight ? [`${(line.measureThousandths / 1000).toFixed(3)} kg`] : [],
    note: line.notes.slice(0, 500),
    unitCents: line.priceCents,
    totalCents: line.total,
    choice: { itemId: line.productId, quantity },
  };
}

export interface SaleIds {
  sale: string;
  invoice: string;
}

/** The two entries of a sale, in the order they are submitted: the order, then its invoice. */
export function saleEntryDrafts(input: {
  ids: SaleIds;
  draft: CheckoutDraft;
  payments: RetailPaymentRequest[];
  closedAt: string;
  customerName?: string | null;
}): [EntryDraft, EntryDraft] {
  const { ids, draft } = input;
  const customer = input.customerName?.trim().slice(0, 200);
  const place = customer ? { kind: 'sale' as const, customer } : { kind: 'sale' as const };
  const common = { tableIds: [], place, serviceId: null, totalCents: draft.totals.total };
  const sale: EntryDraft = {
    ...common,
    id: ids.sale,
    kind: 'sale',
    request: { kind: 'retail-order', order: saleOrderRequest(draft, input.closedAt) },
    lines: draft.lines.slice(0, 500).map(outboxLine),
    summary: { code: 'sale', params: { totalCents: draft.totals.total } },
  };
  const invoice: EntryDraft = {
    ...common,
    id: ids.invoice,
    kind: 'invoice',
    request: { kind: 'retail-invoice', invoice: { payments: input.payments } },
    lines: [],
    summary: { code: 'invoice', params: { payments: input.payments.length, totalCents: draft.totals.total } },
    after: ids.sale,
  };
  return [sale, invoice];
}
