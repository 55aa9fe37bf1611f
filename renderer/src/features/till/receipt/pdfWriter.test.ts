import { describe, expect, it } from 'vitest';
import { binary, checkStructure } from './pdfTesting';
import { textWidth, winAnsi, writePdf, type PdfPage } from './pdfWriter';

const page = (texts: PdfPage['texts'], rules: PdfPage['rules'] = []): PdfPage => ({ width: 226.77, height: 300, texts, rules });

describe('winAnsi', () => {
  it('writes ASCII, Latin-1, the euro and the Catalan middle dot as Windows-1252 bytes', () => {
    expect([...winAnsi('Total 12,50 €')]).toEqual([...'Total 12,50 '].map((c) => c.charCodeAt(0)).concat(0x80));
    expect([...winAnsi('àéíòóúüçñ')]).toEqual([0xe0, 0xe9, 0xed, 0xf2, 0xf3, 0xfa, 0xfc, 0xe7, 0xf1]);
    expect([...winAnsi('Col·lecció')]).toEqual([0x43, 0x6f, 0x6c, 0xb7, 0x6c, 0x65, 0x63, 0x63, 0x69, 0xf3]);
    expect([...winAnsi('2 × 3 – “x” …')]).toEqual([0x32, 0x20, 0xd7, 0x20, 0x33, 0x20, 0x96, 0x20, 0x93, 0x78, 0x94, 0x20, 0x85]);
  });

  it('spells what Windows-1252 lacks safely: ŀ as l·, the minus sign, narrow spaces, accents it has not', () => {
    expect([...winAnsi('Coŀlecció')]).toEqual([...winAnsi('Col·lecció')]);
    expect([...winAnsi('ĿL')]).toEqual([0x4c, 0xb7, 0x4c]);
    expect([...winAnsi('−4,99 €')]).toEqual([...winAnsi('-4,99 €')]);
    expect([...winAnsi('1\u202f000')]).toEqual([0x31, 0xa0, 0x30, 0x30, 0x30]);
    expect([...winAnsi('Bőr Łódź')]).toEqual([...winAnsi('Bor Lódz')]);
    expect([...winAnsi('中文')]).toEqual([0x3f, 0x3f]);
    expect([...winAnsi('a\nb\u0007')]).toEqual([0x61, 0x20, 0x62]);
  });
});

describe('textWidth', () => {
  it('measures with Helvetica’s widths', () => {
    // T 611 + o 556 + t 278 + a 556 + l 222 = 2223 / 1000 em
    expect(textWidth('Total', 10)).toBeCloseTo(22.23, 5);
    expect(textWidth('Total', 10, 'bold')).toBeCloseTo((611 + 611 + 333 + 556 + 278) / 100, 5);
    expect(textWidth('€', 10)).toBeCloseTo(5.56, 5);
    expect(textWidth('', 10)).toBe(0);
  });
});

describe('writePdf', () => {
  it('writes a valid file: header, objects at the offsets the table gives, trailer, stream lengths', () => {
    const file = binary(
      writePdf(
        [
          page(
            [
              { x: 12, y: 280, size: 13, text: 'Botiga de prova', font: 'bold' },
              { x: 12, y: 260, size: 9, text: 'Total 50,28 €' },
            ],
            [{ x1: 12, y1: 270, x2: 214, y2: 270, dashed: true }],
          ),
        ],
        { title: 'Tiquet · Venda', createdAt: new Date(Date.UTC(2026, 10, 23, 11, 5, 9)) },
      ),
    );
    const objects = checkStructure(file);
    expect(objects.get(1)).toBe('<< /Type /Catalog /Pages 2 0 R >>');
    expect(objects.get(2)).toBe('<< /Type /Pages /Kids [6 0 R] /Count 1 >>');
    expect(objects.get(3)).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(objects.get(4)).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(objects.get(5)).toContain('/CreationDate (D:20261123110509Z)');
    // The title in UTF-16BE: "T" "i" … and "·" (00B7).
    expect(objects.get(5)).toContain('/Title <FEFF005400690071007500650074002000B70020');
    expect(objects.get(6)).toContain('/MediaBox [0 0 226.77 300]');
    expect(objects.get(6)).toContain('/Contents 7 0 R');
    const content = objects.get(7)!;
    expect(content).toContain('/F2 13 Tf 1 0 0 1 12 280 Tm (Botiga de prova) Tj');
    expect(content).toContain('/F1 9 Tf 1 0 0 1 12 260 Tm (Total 50,28 \x80) Tj');
    expect(content).toContain('0.5 w [1.5 1.5] 0 d 12 270 m 214 270 l S [] 0 d');
  });

  it('escapes parentheses and backslashes in text', () => {
    const file = binary(writePdf([page([{ x: 1, y: 1, size: 8, text: 'a(b)c\\d' }])]));
    checkStructure(file);
    expect(file).toContain('(a\\(b\\)c\\\\d) Tj');
  });

  it('writes several pages, each with its own content', () => {
    const file = binary(writePdf([page([{ x: 1, y: 1, size: 8, text: 'one' }]), page([{ x: 1, y: 1, size: 8, text: 'two' }]), page([])]));
    const objects = checkStructure(file);
    expect(objects.get(2)).toBe('<< /Type /Pages /Kids [6 0 R 8 0 R 10 0 R] /Count 3 >>');
    expect(objects.get(7)).toContain('(one) Tj');
    expect(objects.get(9)).toContain('(two) Tj');
    expect(objects.get(11)).toBe('<< /Length 1 >>\nstream\n\nendstream');
    expect(() => writePdf([])).toThrow(RangeError);
  });
});
