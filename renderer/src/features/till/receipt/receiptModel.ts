import type { OutboxEntry } from '../../../../../shared/bridge';
import { includedTax, spreadExact } from '../../../../../shared/domain/retail/arith';
import type { CheckoutDraft, CheckoutLine } from '../basketStore';
import type { PayCheck } from '../pay/salePay';

// The till's receipt, pure: what was sold, as the pay dialog handed it over
// (`CheckoutDraft`: lines, their promotions and the cashier's discounts, the order's amounts), how it
// was paid (the dialog's `PayCheck`: methods, cash handed over, change), when, and the invoice's
// number once the shop's system gave it. Money in integer cents.
//
// The amounts are the draft's own (shared/domain/retail/order.ts computed them for the order the
// queue sends); the taxes by rate are that order's tax split by rate with the same functions
// (arith.ts `spreadExact` for an order discount, `includedTax` per line), so they add up to the
// order's `tax` and the rates' totals to its `total`, to the cent.

export interface ReceiptPromotion {
  promotionId: number;
  name: string;
  cents: number;
}

export interface ReceiptLine {
  key: string;
  productId: number;
  name: string;
  /** A variant's values ("M · Navy"); null for a product without variants. */
  variantName: string | null;
  byWeight: boolean;
  /** Units, or kg for a product sold by weight, in thousandths. */
  measureThousandths: number;
  /** Unit (or kilo) price in the sale's rate. */
  unitPriceCents: number;
  /** Price × quantity (or weight), before any discount. */
  sumCents: number;
  /** Each promotion that took something off this line, in the order they applied. */
  promotions: ReceiptPromotion[];
  /** The cashier's discount on this line (after the promotions); null when none took anything. */
  manual: { cents: number; percentHundredths: number | null } | null;
  totalCents: number;
  taxPercentHundredths: number;
  notes: string;
}

export interface ReceiptTax {
  /** 21 % → 2100. */
  percentHundredths: number;
  /** totalCents − taxCents. */
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

export interface ReceiptPayment {
  methodId: number;
  methodName: string;
  cash: boolean;
  /** What this method pays of the sale (Σ over the dialog's rows of this method). */
  amountCents: number;
  /** Cash only: handed over; null for other methods. */
  tenderedCents: number | null;
  changeCents: number;
}

/** The invoice as the queue knows it: waiting, numbered by the shop's system, issued without a number here, or never. */
export type ReceiptInvoice = { state: 'pending' } | { state: 'numbered'; number: string } | { state: 'issued' } | { state: 'none' };

export interface Receipt {
  /** The sale's queue entry id (also the receipt's id). */
  saleId: string;
  invoiceEntryId: string;
  /** The account the sale was made on; null when the window did not know it yet. */
  accountKey: string | null;
  /** The demo shop (worded in the terminal's language) or the shop's own name. */
  shop: { demo: boolean; name: string };
  /** Epoch ms: the order's `closed_at`. */
  closedAt: number;
  customerName: string | null;
  lines: ReceiptLine[];
  /** Σ line sums before discounts. */
  sumCents: number;
  /** Σ line discounts (promotions and the cashier's). */
  discountCents: number;
  orderDiscountCents: number;
  totalCents: number;
  taxCents: number;
  subtotalCents: number;
  /** By rate, highest first. */
  taxes: ReceiptTax[];
  /** By method, in the order first used. */
  payments: ReceiptPayment[];
  /** Σ cash handed over (0 without cash). */
  tenderedCents: number;
  changeCents: number;
  invoice: ReceiptInvoice;
}

/**
 * The longest name a receipt prints: an order line's own limit (shared/api/retail/requests.ts,
 * `name` ≤ 255), so a real name is never cut and a catalog's absurd one costs a few lines of paper
 * instead of pages. Names of products, variants, promotions, methods, the shop and the customer
 * (a line's notes are already cut to 250 by the basket, basketStore.ts `setNotes`).
 */
export const RECEIPT_NAME_MAX = 255;

/** `text` cut to `max` characters (code points, so no emoji is split), the last one an ellipsis. */
export function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const name = (text: string) => capped(text, RECEIPT_NAME_MAX);

function receiptLine(line: CheckoutLine): ReceiptLine {
  const promotions = line.promotions.map((p) => ({ promotionId: p.promotionId, name: name(p.name), cents: p.cents }));
  const promotionCents = promotions.reduce((sum, p) => sum + p.cents, 0);
  // order.ts: a line's discount = its promotions' + the cashier's (which comes after them).
  const manualCents = line.discount - promotionCents;
  return {
    key: line.key,
    productId: line.productId,
    name: name(line.name),
    variantName: line.variantName === null ? null : name(line.variantName),
    byWeight: line.byWeight,
    measureThousandths: line.measureThousandths,
    unitPriceCents: line.priceCents,
    sumCents: line.sum,
    promotions,
    manual: manualCents > 0 ? { cents: manualCents, percentHundredths: line.manual?.kind === 'percent' ? line.manual.hundredths : null } : null,
    totalCents: line.total,
    taxPercentHundredths: line.taxPercentHundredths,
    notes: line.notes,
  };
}

/**
 * The order's tax by rate: an order discount spread over the lines in proportion to their totals
 * and each line's tax computed as order.ts `priceOrder` does, then summed per rate.
 */
export function taxesByRate(lines: readonly Pick<CheckoutLine, 'total' | 'taxPercentHundredths'>[], orderDiscountCents = 0): ReceiptTax[] {
  const shares = spreadExact(
    orderDiscountCents,
    lines.map((line) => line.total),
  );
  const byRate = new Map<number, ReceiptTax>();
  lines.forEach((line, index) => {
    const total = line.total - shares[index]!;
    const tax = includedTax(total, line.taxPercentHundredths);
    const rate = byRate.get(line.taxPercentHundredths) ?? { percentHundredths: line.taxPercentHundredths, baseCents: 0, taxCents: 0, totalCents: 0 };
    rate.totalCents += total;
    rate.taxCents += tax;
    rate.baseCents = rate.totalCents - rate.taxCents;
    byRate.set(line.taxPercentHundredths, rate);
  });
  return [...byRate.values()].sort((a, b) => b.percentHundredths - a.percentHundredths);
}

/** The dialog's payment rows grouped by method, in the order each method was first used. */
export function paymentsByMethod(check: Pick<PayCheck, 'rows'>): ReceiptPayment[] {
  const byMethod = new Map<number, ReceiptPayment>();
  for (const row of check.rows) {
    if (row.method === null || row.amountCents === null) continue;
    const payment = byMethod.get(row.method.id) ?? {
      methodId: row.method.id,
      methodName: name(row.method.name),
      cash: row.method.cash,
      amountCents: 0,
      tenderedCents: row.method.cash ? 0 : null,
      changeCents: 0,
    };
    payment.amountCents += row.amountCents;
    if (payment.tenderedCents !== null) payment.tenderedCents += row.tenderedCents ?? row.amountCents;
    payment.changeCents += row.changeCents;
    byMethod.set(row.method.id, payment);
  }
  return [...byMethod.values()];
}

export interface SaleReceiptInput {
  ids: { sale: string; invoice: string };
  draft: CheckoutDraft;
  /** The pay dialog's check of its rows (no problem: the sale was paid). */
  check: Pick<PayCheck, 'rows'>;
  /** Epoch ms of `closed_at`. */
  closedAt: number;
  customerName: string | null;
  /** The shop as getAppInfo told it; null when it had not answered. */
  shop: { accountKey: string; demo: boolean; name: string } | null;
}

/** The receipt of a paid sale, its invoice pending. */
export function saleReceipt(input: SaleReceiptInput): Receipt {
  const { draft } = input;
  const payments = paymentsByMethod(input.check);
  return {
    saleId: input.ids.sale,
    invoiceEntryId: input.ids.invoice,
    accountKey: input.shop?.accountKey ?? null,
    shop: input.shop ? { demo: input.shop.demo, name: name(input.shop.name) } : { demo: false, name: '' },
    closedAt: input.closedAt,
    customerName: input.customerName?.trim() ? name(input.customerName.trim()) : null,
    lines: draft.lines.map(receiptLine),
    sumCents: draft.lines.reduce((sum, line) => sum + line.sum, 0),
    discountCents: draft.totals.discount,
    orderDiscountCents: draft.totals.orderDiscount,
    totalCents: draft.totals.total,
    taxCents: draft.totals.tax,
    subtotalCents: draft.totals.subtotal,
    taxes: taxesByRate(draft.lines, draft.totals.orderDiscount),
    payments,
    tenderedCents: payments.reduce((sum, p) => sum + (p.tenderedCents ?? 0), 0),
    changeCents: payments.reduce((sum, p) => sum + p.changeCents, 0),
    invoice: { state: 'pending' },
  };
}

/** What an invoice entry of the queue says about the invoice (absent: not known yet). */
export function invoiceOf(entry: Pick<OutboxEntry, 'state' | 'resolution' | 'answer'> | undefined): ReceiptInvoice {
  if (entry === undefined) return { state: 'pending' };
  if (entry.state === 'accepted') {
    const number = entry.answer?.invoiceNumber?.trim();
    // Accepted on evidence ("already invoiced" after an unconfirmed attempt): no number came back.
    return number ? { state: 'numbered', number } : { state: 'issued' };
  }
  // A person invoiced it on the shop's system and marked it done.
  if (entry.resolution === 'marked-done') return { state: 'issued' };
  // Discarded, or discarded with its sale: no invoice will come from this terminal.
  if (entry.resolution === 'discarded') return { state: 'none' };
  return { state: 'pending' };
}
