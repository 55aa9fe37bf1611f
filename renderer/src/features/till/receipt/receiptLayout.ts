import { venueTimeZone } from '../../../../../shared/domain/venueTime';
import { formattersFor } from '../../../i18n/format';
import { localeOf, type Language } from '../../../i18n/languages';
import type { receipt as englishWords } from '../../../i18n/locales/en/receipt';
import type { Receipt } from './receiptModel';

// A receipt in words: every text of the receipt in the terminal's language,
// formatted once, for the screen (ReceiptView.tsx, also the printed copy) and the PDF
// (receiptPdf.ts) alike, so the two never say different things. Pure.

export type ReceiptKey = keyof typeof englishWords;
/** `t` of the `receipt` namespace. */
export type ReceiptWords = (key: ReceiptKey, params?: Record<string, string | number>) => string;

export interface ReceiptRow {
  label: string;
  amount: string;
}

export interface ReceiptLayoutLine {
  key: string;
  name: string;
  variant: string | null;
  /** "2 × 15,00 €" / "0,345 kg × 18,99 €/kg". */
  measure: string;
  /** The line before its discounts. */
  amount: string;
  /** Each promotion, then the cashier's discount: "−15,00 €". */
  discounts: (ReceiptRow & { kind: 'promotion' | 'manual' })[];
  note: string | null;
}

export interface ReceiptLayout {
  title: string;
  shop: string;
  /** Date and time of the sale in the shop's time, in the terminal's language. */
  when: string;
  reference: string;
  customer: string | null;
  lines: ReceiptLayoutLine[];
  /** Before discounts and discounts (when any), then the total (`kind` total). */
  totals: (ReceiptRow & { kind: 'before' | 'discounts' | 'order-discount' | 'total' })[];
  taxesTitle: string;
  taxHeader: [string, string, string, string];
  /** Rate, base, tax, total; with a sum row when there is more than one rate. */
  taxes: { cells: [string, string, string, string]; sum: boolean }[];
  paymentsTitle: string;
  payments: (ReceiptRow & { kind: 'method' | 'tendered' | 'change' })[];
  invoice: { state: Receipt['invoice']['state']; text: string };
  thanks: string;
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();
const weightFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** "ab12cd34-…" → "AB12CD34": the sale's id as the receipt shows it. */
export function shortSaleId(saleId: string): string {
  return saleId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

export function receiptLayout(receipt: Receipt, t: ReceiptWords, language: Language): ReceiptLayout {
  const format = formattersFor(language);
  const locale = localeOf[language];
  const money = (cents: number) => format.money(cents / 100);
  const minus = (cents: number) => t('minus', { amount: money(cents) });
  const when = cached(
    whenFormats,
    locale,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: venueTimeZone(),
      }),
  );
  const weight = cached(weightFormats, locale, () => new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }));

  const lines = receipt.lines.map((line): ReceiptLayoutLine => {
    const price = money(line.unitPriceCents);
    const discounts: ReceiptLayoutLine['discounts'] = line.promotions.map((p) => ({ kind: 'promotion', label: p.name, amount: minus(p.cents) }));
    if (line.manual !== null) {
      const label =
        line.manual.percentHundredths !== null ? t('manualPercent', { percent: format.number(line.manual.percentHundredths / 100) }) : t('manualAmount');
      discounts.push({ kind: 'manual', label, amount: minus(line.manual.cents) });
    }
    return {
      key: line.key,
      name: line.name,
      variant: line.variantName,
      measure: line.byWeight
        ? t('lineWeight', { weight: weight.format(line.measureThousandths / 1000), price })
        : t('lineQuantity', { quantity: format.number(line.measureThousandths / 1000), price }),
      amount: money(line.sumCents),
      discounts,
      note: line.notes.trim() === '' ? null : t('note', { note: line.notes.trim() }),
    };
  });

  const totals: ReceiptLayout['totals'] = [];
  if (receipt.discountCents > 0) {
    totals.push({ kind: 'before', label: t('beforeDiscounts'), amount: money(receipt.sumCents) });
    totals.push({ kind: 'discounts', label: t('discounts'), amount: minus(receipt.discountCents) });
  }
  if (receipt.orderDiscountCents > 0) totals.push({ kind: 'order-discount', label: t('orderDiscount'), amount: minus(receipt.orderDiscountCents) });
  totals.push({ kind: 'total', label: t('total'), amount: money(receipt.totalCents) });

  const taxes: ReceiptLayout['taxes'] = receipt.taxes.map((rate) => ({
    cells: [t('taxPercent', { percent: format.number(rate.percentHundredths / 100) }), money(rate.baseCents), money(rate.taxCents), money(rate.totalCents)],
    sum: false,
  }));
  if (receipt.taxes.length > 1) {
    const base = receipt.taxes.reduce((sum, rate) => sum + rate.baseCents, 0);
    const tax = receipt.taxes.reduce((sum, rate) => sum + rate.taxCents, 0);
    const total = receipt.taxes.reduce((sum, rate) => sum + rate.totalCents, 0);
    taxes.push({ cells: [t('taxSum'), money(base), money(tax), money(total)], sum: true });
  }

  const payments: ReceiptLayout['payments'] = receipt.payments.map((p) => ({ kind: 'method', label: p.methodName, amount: money(p.amountCents) }));
  if (receipt.payments.some((p) => p.cash)) {
    payments.push({ kind: 'tendered', label: t('tendered'), amount: money(receipt.tenderedCents) });
    payments.push({ kind: 'change', label: t('change'), amount: money(receipt.changeCents) });
  }

  const { invoice } = receipt;
  const invoiceText =
    invoice.state === 'numbered'
      ? t('invoice', { number: invoice.number })
      : invoice.state === 'issued'
        ? t('invoiceIssued')
        : invoice.state === 'none'
          ? t('invoiceNone')
          : t('invoicePending');

  return {
    title: t('title'),
    // A shop whose name the window did not know yet: the receipt's own title heads it.
    shop: receipt.shop.demo ? t('demoShop') : receipt.shop.name.trim() || t('title'),
    when: when.format(receipt.closedAt),
    reference: t('sale', { id: shortSaleId(receipt.saleId) }),
    customer: receipt.customerName === null ? null : t('customer', { name: receipt.customerName }),
    lines,
    totals,
    taxesTitle: t('taxes'),
    taxHeader: [t('taxRate'), t('taxBase'), t('taxAmount'), t('taxTotal')],
    taxes,
    paymentsTitle: t('payments'),
    payments,
    invoice: { state: invoice.state, text: invoiceText },
    thanks: t('thanks'),
  };
}
