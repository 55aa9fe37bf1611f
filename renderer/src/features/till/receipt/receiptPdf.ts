import { shopDateTime } from '../pay/salePay';
import { textUnits, textWidth, writePdf, type PdfFont, type PdfPage, type PdfRule, type PdfText } from './pdfWriter';
import { shortSaleId, type ReceiptLayout } from './receiptLayout';
import type { Receipt } from './receiptModel';

// The receipt as a PDF: the same words as the screen (receiptLayout.ts) on a
// till roll's width, 80 mm; the page is as long as the receipt, and a receipt longer than an A4
// page goes on over more pages of that length. Pure: bytes in, bytes out.

/** 80 mm, a till roll. */
export const RECEIPT_PAGE_WIDTH = (80 / 25.4) * 72;
/** A4's height: the longest page. */
export const RECEIPT_MAX_PAGE_HEIGHT = 842;
const MARGIN = 12;
const CONTENT = RECEIPT_PAGE_WIDTH - 2 * MARGIN;
const LEADING = 1.32;
const GAP = 8;

/** One row of the receipt: its height and what it draws, from the row's top (y grows downwards here). */
interface Row {
  height: number;
  texts: { x: number; dy: number; size: number; text: string; font: PdfFont }[];
  rules: { x1: number; x2: number; dy: number; dashed: boolean }[];
}

/** One character's width in font units (pdfWriter.ts textUnits); wrapText asks once per character. */
export type MeasureChar = (char: string, font: PdfFont) => number;

/**
 * Words of `text` in lines no wider than `width` (a word wider than that is cut, at least one
 * character a line). Linear in the text: each character is measured once and widths are added up,
 * never a growing line measured again (a name of one 8,000-character word took 73 s that way).
 */
export function wrapText(text: string, width: number, size: number, font: PdfFont = 'regular', measure: MeasureChar = textUnits): string[] {
  // Compared as textWidth would: (units × size) / 1000 against the width.
  const fits = (units: number) => (units * size) / 1000 <= width;
  const space = measure(' ', font);
  const lines: string[] = [];
  let line = '';
  let lineUnits = 0;
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const chars = Array.from(word);
    const widths = chars.map((char) => measure(char, font));
    const wordUnits = widths.reduce((sum, units) => sum + units, 0);
    if (line !== '' && fits(lineUnits + space + wordUnits)) {
      line += ` ${word}`;
      lineUnits += space + wordUnits;
      continue;
    }
    if (line !== '') lines.push(line);
    if (fits(wordUnits)) {
      line = word;
      lineUnits = wordUnits;
      continue;
    }
    // A single word wider than the line: cut it where the next character would not fit.
    lineUnits = 0;
    let piece: string[] = [];
    for (let i = 0; i < chars.length; i++) {
      if (piece.length > 0 && !fits(lineUnits + widths[i]!)) {
        lines.push(piece.join(''));
        piece = [];
        lineUnits = 0;
      }
      piece.push(chars[i]!);
      lineUnits += widths[i]!;
    }
    line = piece.join('');
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

const rowOf = (height: number): Row => ({ height, texts: [], rules: [] });

function textRows(text: string, size: number, options: { font?: PdfFont; indent?: number; align?: 'left' | 'center' } = {}): Row[] {
  const font = options.font ?? 'regular';
  const indent = options.indent ?? 0;
  return wrapText(text, CONTENT - indent, size, font).map((line) => {
    const row = rowOf(size * LEADING);
    const x = options.align === 'center' ? MARGIN + (CONTENT - textWidth(line, size, font)) / 2 : MARGIN + indent;
    row.texts.push({ x, dy: size, size, text: line, font });
    return row;
  });
}

/** A label with an amount at the right; the label wraps in the room the amount leaves. */
function pairRows(label: string, amount: string, size: number, options: { font?: PdfFont; indent?: number } = {}): Row[] {
  const font = options.font ?? 'regular';
  const indent = options.indent ?? 0;
  const amountWidth = textWidth(amount, size, font);
  const lines = wrapText(label, Math.max(CONTENT - indent - amountWidth - 8, CONTENT / 3), size, font);
  return lines.map((line, index) => {
    const row = rowOf(size * LEADING);
    row.texts.push({ x: MARGIN + indent, dy: size, size, text: line, font });
    if (index === 0) row.texts.push({ x: MARGIN + CONTENT - amountWidth, dy: size, size, text: amount, font });
    return row;
  });
}

function ruleRow(dashed: boolean): Row {
  const row = rowOf(GAP);
  row.rules.push({ x1: MARGIN, x2: MARGIN + CONTENT, dy: GAP / 2, dashed });
  return row;
}

/** The tax table: the rate at the left, base, tax and total right-aligned in three columns. */
function taxRow(cells: readonly [string, string, string, string], size: number, font: PdfFont): Row {
  const row = rowOf(size * LEADING);
  const column = CONTENT * 0.22;
  row.texts.push({ x: MARGIN, dy: size, size, text: cells[0], font });
  for (let i = 1; i <= 3; i++) {
    const right = MARGIN + CONTENT - (3 - i) * column;
    row.texts.push({ x: right - textWidth(cells[i]!, size, font), dy: size, size, text: cells[i]!, font });
  }
  return row;
}

export function receiptRows(layout: ReceiptLayout): Row[] {
  const rows: Row[] = [];
  rows.push(...textRows(layout.shop, 13, { font: 'bold', align: 'center' }));
  rows.push(...textRows(layout.when, 8.5, { align: 'center' }));
  rows.push(...textRows(layout.reference, 8.5, { align: 'center' }));
  if (layout.customer !== null) rows.push(...textRows(layout.customer, 8.5, { align: 'center' }));
  rows.push(ruleRow(true));
  for (const line of layout.lines) {
    rows.push(...textRows(line.name, 9.5, { font: 'bold' }));
    if (line.variant !== null) rows.push(...textRows(line.variant, 8.5, { indent: 8 }));
    rows.push(...pairRows(line.measure, line.amount, 9, { indent: 8 }));
    for (const discount of line.discounts) rows.push(...pairRows(discount.label, discount.amount, 8.5, { indent: 16 }));
    if (line.note !== null) rows.push(...textRows(line.note, 8, { indent: 8 }));
    rows.push(rowOf(3));
  }
  rows.push(ruleRow(true));
  for (const total of layout.totals) {
    const strong = total.kind === 'total';
    rows.push(...pairRows(total.label, total.amount, strong ? 13 : 9, { font: strong ? 'bold' : 'regular' }));
  }
  rows.push(ruleRow(true));
  rows.push(...textRows(layout.taxesTitle, 8.5, { font: 'bold' }));
  rows.push(taxRow(layout.taxHeader, 7.5, 'bold'));
  for (const tax of layout.taxes) rows.push(taxRow(tax.cells, 7.5, tax.sum ? 'bold' : 'regular'));
  rows.push(ruleRow(true));
  rows.push(...textRows(layout.paymentsTitle, 8.5, { font: 'bold' }));
  for (const payment of layout.payments)
    rows.push(...pairRows(payment.label, payment.amount, payment.kind === 'change' ? 10.5 : 9, { font: payment.kind === 'change' ? 'bold' : 'regular' }));
  rows.push(ruleRow(true));
  rows.push(...textRows(layout.invoice.text, 9, { font: layout.invoice.state === 'numbered' ? 'bold' : 'regular' }));
  rows.push(rowOf(GAP));
  rows.push(...textRows(layout.thanks, 8.5, { align: 'center' }));
  return rows;
}

/** The rows on pages of the receipt's width: one page as long as the receipt, or A4-long pages. */
export function receiptPages(layout: ReceiptLayout): PdfPage[] {
  const rows = receiptRows(layout);
  const usable = RECEIPT_MAX_PAGE_HEIGHT - 2 * MARGIN;
  const groups: Row[][] = [[]];
  let used = 0;
  for (const row of rows) {
    if (used + row.height > usable && groups.at(-1)!.length > 0) {
      groups.push([]);
      used = 0;
    }
    groups.at(-1)!.push(row);
    used += row.height;
  }
  return groups.map((group, index) => {
    const contentHeight = group.reduce((sum, row) => sum + row.height, 0);
    const height = index < groups.length - 1 ? RECEIPT_MAX_PAGE_HEIGHT : Math.ceil(contentHeight + 2 * MARGIN);
    const texts: PdfText[] = [];
    const rules: PdfRule[] = [];
    let top = height - MARGIN;
    for (const row of group) {
      for (const text of row.texts) texts.push({ x: text.x, y: top - text.dy, size: text.size, text: text.text, font: text.font });
      for (const rule of row.rules) rules.push({ x1: rule.x1, y1: top - rule.dy, x2: rule.x2, y2: top - rule.dy, width: 0.5, dashed: rule.dashed });
      top -= row.height;
    }
    return { width: RECEIPT_PAGE_WIDTH, height, texts, rules };
  });
}

/** The receipt's PDF. */
export function receiptPdf(layout: ReceiptLayout, createdAt?: Date): Uint8Array<ArrayBuffer> {
  return writePdf(receiptPages(layout), { title: `${layout.title} · ${layout.shop} · ${layout.reference}`, ...(createdAt ? { createdAt } : {}) });
}

/** "receipt-2026-11-23-AB12CD34.pdf": the sale's date in the shop's time and its short id. */
export function receiptFileName(receipt: Pick<Receipt, 'saleId' | 'closedAt'>): string {
  return `receipt-${shopDateTime(receipt.closedAt).slice(0, 10)}-${shortSaleId(receipt.saleId)}.pdf`;
}
