import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as en from '../../../i18n/locales/en';
import { binary, checkStructure } from './pdfTesting';
import { textUnits, textWidth, winAnsi, type PdfFont } from './pdfWriter';
import { receiptLayout, type ReceiptWords } from './receiptLayout';
import type { Receipt, ReceiptLine } from './receiptModel';
import { RECEIPT_MAX_PAGE_HEIGHT, RECEIPT_PAGE_WIDTH, receiptFileName, receiptPages, receiptPdf, wrapText } from './receiptPdf';

// Monday 23 November 2026, 12:00 in Madrid (11:00 UTC).
const NOON = Date.UTC(2026, 10, 23, 11, 0);

/** The English words, {{params}} filled in (what i18next does). */
const words: ReceiptWords = (key, params) => en.receipt[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

const line = (key: string, name: string, cents: number, fields: Partial<ReceiptLine> = {}): ReceiptLine => ({
  key,
  productId: 1,
  name,
  variantName: null,
  byWeight: false,
  measureThousandths: 1000,
  unitPriceCents: cents,
  sumCents: cents,
  promotions: [],
  manual: null,
  totalCents: cents,
  taxPercentHundredths: 2100,
  notes: '',
  ...fields,
});

function receipt(lines: ReceiptLine[]): Receipt {
  const total = lines.reduce((s, l) => s + l.totalCents, 0);
  return {
    saleId: '3f2a9c1b-0000-4000-8000-000000000001',
    invoiceEntryId: '3f2a9c1b-0000-4000-8000-000000000002',
    accountKey: 'shop:demo',
    shop: { demo: false, name: 'Botiga Coŀlecció' },
    closedAt: NOON,
    customerName: 'Laia Puig',
    lines,
    sumCents: lines.reduce((s, l) => s + l.sumCents, 0),
    discountCents: lines.reduce((s, l) => s + l.sumCents - l.totalCents, 0),
    orderDiscountCents: 0,
    totalCents: total,
    taxCents: 0,
    subtotalCents: total,
    taxes: [{ percentHundredths: 2100, totalCents: total, taxCents: 0, baseCents: total }],
    payments: [{ methodId: 2, methodName: 'Cash', cash: true, amountCents: total, tenderedCents: total + 472, changeCents: 472 }],
    tenderedCents: total + 472,
    changeCents: 472,
    invoice: { state: 'numbered', number: 'E-12' },
  };
}

/** The Windows-1252 bytes of `text`, as the file holds them. */
const encoded = (text: string) => binary(winAnsi(text));

describe('wrapText', () => {
  it('breaks at spaces within the width, and cuts a word wider than the line', () => {
    const lines = wrapText('Samarreta de cotó orgànic amb butxaca i coll rodó', 100, 9);
    expect(lines.length).toBeGreaterThan(1);
    for (const each of lines) expect(textWidth(each, 9)).toBeLessThanOrEqual(100);
    expect(lines.join(' ')).toBe('Samarreta de cotó orgànic amb butxaca i coll rodó');
    const cut = wrapText('x'.repeat(80), 60, 9);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.join('')).toBe('x'.repeat(80));
    expect(wrapText('', 60, 9)).toEqual(['']);
  });

  it('wraps one 8,000-character word into full lines, measuring each character once', () => {
    const word = 'Wm'.repeat(4_000);
    let measured = 0;
    const counting = (char: string, font: PdfFont) => {
      measured++;
      return textUnits(char, font);
    };
    const lines = wrapText(word, 180, 9, 'regular', counting);
    expect(lines.join('')).toBe(word);
    for (const [index, each] of lines.entries()) {
      expect(textWidth(each, 9)).toBeLessThanOrEqual(180);
      // Full: the next character would not have fitted.
      if (index < lines.length - 1) expect(textWidth(each + lines[index + 1]![0]!, 9)).toBeGreaterThan(180);
    }
    expect(lines.length).toBeGreaterThan(100);
    // Linear work: one measure per character and one for the space (the old wrap measured whole prefixes again and again).
    expect(measured).toBe(word.length + 1);
  });

  it('breaks as the old greedy wrap did, for any text (property)', () => {
    const char = fc.constantFrom('a', 'W', 'i', ' ', ' ', 'é', '€', '·', '\t', 'ő', '😀');
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 120 }).map((chars) => chars.join('')),
        fc.integer({ min: 5, max: 200 }),
        fc.constantFrom<PdfFont>('regular', 'bold'),
        (text, width, font) => {
          expect(wrapText(text, width, 9, font)).toEqual(greedyWrap(text, width, 9, font));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The wrap as it was before it was made linear (quadratic or worse): the reference for the property. */
function greedyWrap(text: string, width: number, size: number, font: PdfFont): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const fits = (chars: readonly string[]) => textWidth(chars.join(''), size, font) <= width;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line.length === 0 ? Array.from(word) : [...line, ' ', ...Array.from(word)];
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line.length > 0) lines.push(line.join(''));
    line = Array.from(word);
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut).join(''));
      line = line.slice(cut);
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(line.join(''));
  return lines;
}

describe('the receipt’s PDF', () => {
  const sold = receipt([
    line('a', 'Mitjons esportius', 998, {
      variantName: '39-42 · Blanc',
      measureThousandths: 2000,
      unitPriceCents: 499,
      totalCents: 499,
      promotions: [{ promotionId: 1, name: '2x1 en mitjons', cents: 499 }],
    }),
    line('b', 'Samarreta bàsica', 1995),
  ]);

  it('is a valid file on a till roll’s width holding the shop, the lines, the promotion, the total, the change and the invoice', () => {
    const file = binary(receiptPdf(receiptLayout(sold, words, 'en'), new Date(NOON)));
    checkStructure(file);
    expect(file).toContain(`/MediaBox [0 0 ${RECEIPT_PAGE_WIDTH.toFixed(2)} `);
    for (const text of [
      'Botiga Col·lecció',
      'Mitjons esportius',
      '39-42 · Blanc',
      '2 × €4.99',
      '2x1 en mitjons',
      '-€4.99',
      'Samarreta bàsica',
      '€24.94',
      'Change',
      '€4.72',
      'Invoice E-12',
      'Customer: Laia Puig',
      '23/11/2026, 12:00',
    ]) {
      expect(file, text).toContain(`(${encoded(text)}) Tj`);
    }
    // The promotion sits right under its line: the socks' amount, then the promotion, before the T-shirt.
    expect(file.indexOf(encoded('2x1 en mitjons'))).toBeGreaterThan(file.indexOf(encoded('Mitjons esportius')));
    expect(file.indexOf(encoded('2x1 en mitjons'))).toBeLessThan(file.indexOf(encoded('Samarreta bàsica')));
  });

  it('is one page as long as the receipt, or A4-long pages for a long one, every text on its page', () => {
    const [short] = receiptPages(receiptLayout(sold, words, 'en'));
    expect(short!.height).toBeLessThan(RECEIPT_MAX_PAGE_HEIGHT);
    const long = receiptPages(receiptLayout(receipt(Array.from({ length: 120 }, (_, i) => line(`l${i}`, `Article ${i}`, 100 + i))), words, 'en'));
    expect(long.length).toBeGreaterThan(2);
    for (const [index, page] of long.entries()) {
      expect(page.width).toBeCloseTo(226.77, 2);
      if (index < long.length - 1) expect(page.height).toBe(RECEIPT_MAX_PAGE_HEIGHT);
      for (const text of page.texts) {
        expect(text.y).toBeGreaterThan(0);
        expect(text.y).toBeLessThan(page.height);
        expect(text.x).toBeGreaterThanOrEqual(0);
        expect(text.x + textWidth(text.text, text.size, text.font)).toBeLessThanOrEqual(page.width + 0.01);
      }
    }
    const file = binary(receiptPdf(receiptLayout(receipt(Array.from({ length: 120 }, (_, i) => line(`l${i}`, `Article ${i}`, 100 + i))), words, 'en')));
    expect(checkStructure(file).get(2)).toContain(`/Count ${long.length}`);
    expect(file).toContain(`(${encoded('Article 119')}) Tj`);
  });

  it('is named after the sale’s date in the shop and its short id', () => {
    expect(receiptFileName(sold)).toBe('receipt-2026-11-23-3F2A9C1B.pdf');
    // 23:30 in Madrid on the 23rd is 22:30 UTC: still the 23rd.
    expect(receiptFileName({ ...sold, closedAt: Date.UTC(2026, 10, 23, 22, 30) })).toBe('receipt-2026-11-23-3F2A9C1B.pdf');
  });
});
