// A minimal PDF writer (the receipt's PDF copy), pure and dependency-free: pages
// of text in the standard Helvetica and Helvetica-Bold fonts (every PDF reader has them, nothing is
// embedded) with WinAnsiEncoding, and straight rules. PDF 1.4 (ISO 32000-1 §7.5: header, objects,
// a cross-reference table of byte offsets, trailer). Text is encoded to Windows-1252: "€", Spanish
// and Catalan accents, "·" and "×" are in it; the Catalan "ŀ" is written "l·" (its spelled form),
// a few other letters lose their accent, and what has no Windows-1252 form at all becomes "?".
// Widths are Adobe's Helvetica metrics (AFM), so a caller can right-align and wrap text.

export type PdfFont = 'regular' | 'bold';

export interface PdfText {
  /** Left edge of the text, points from the page's left. */
  x: number;
  /** Baseline, points from the page's bottom (PDF's own axis). */
  y: number;
  size: number;
  text: string;
  font?: PdfFont;
}

export interface PdfRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Line width, points; default 0.5. */
  width?: number;
  dashed?: boolean;
}

export interface PdfPage {
  /** Points (1/72 inch). */
  width: number;
  height: number;
  texts: readonly PdfText[];
  rules?: readonly PdfRule[];
}

export interface PdfInfo {
  title?: string;
  /** The document's CreationDate; none when absent (a test's output stays the same). */
  createdAt?: Date;
}

// Helvetica and Helvetica-Bold advance widths (1/1000 em) of the WinAnsi codes 32–126, then 127–255.
const REGULAR =
  '278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584,' +
  '350,556,350,222,556,333,1000,556,556,333,1000,667,333,1000,350,611,350,350,222,222,333,333,350,556,1000,333,1000,500,333,944,350,500,667,278,333,556,556,556,556,260,556,333,737,370,556,584,333,737,333,400,584,333,333,333,556,537,278,333,333,365,556,834,834,834,611,667,667,667,667,667,667,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,500,556,556,556,556,278,278,278,278,556,556,556,556,556,556,556,584,611,556,556,556,556,500,556,500';
const BOLD =
  '278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584,' +
  '350,556,350,278,556,500,1000,556,556,333,1000,667,333,1000,350,611,350,350,278,278,500,500,350,556,1000,333,1000,556,333,944,350,500,667,278,333,556,556,556,556,280,556,333,737,370,556,584,333,737,333,400,584,333,333,333,611,556,278,333,333,365,556,834,834,834,611,722,722,722,722,722,722,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,556,556,556,556,556,278,278,278,278,611,611,611,611,611,611,611,584,611,611,611,611,611,556,611,556';

const widthTable = (list: string): number[] => [...new Array<number>(32).fill(0), ...list.split(',').map(Number)];
const WIDTHS: Record<PdfFont, number[]> = { regular: widthTable(REGULAR), bold: widthTable(BOLD) };
const BASE_FONT: Record<PdfFont, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const FONT_NAME: Record<PdfFont, string> = { regular: 'F1', bold: 'F2' };

/** Windows-1252's 0x80–0x9F: the code points it puts there (5 codes are unused). */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Characters without a Windows-1252 form that have a safe spelling in it. */
const SPELLED: Record<string, string> = {
  '\u0140': 'l\u00b7', // ŀ: Catalan "l·l" written with the precomposed letter
  '\u013f': 'L\u00b7', // Ŀ
  '\u2212': '-', // minus sign (the terminal writes "−12,50 €")
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2009': ' ',
  '\u2007': ' ',
  '\u200a': ' ',
  '\u202f': '\u00a0', // narrow no-break space (some locales' number groups)
  '\u2002': ' ',
  '\u2003': ' ',
  '\u0142': 'l',
  '\u0141': 'L',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u0131': 'i',
};

function codeOf(codePoint: number): number | null {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return codePoint;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return codePoint;
  return CP1252_HIGH[codePoint] ?? null;
}

/** A text as Windows-1252 bytes (the fonts' WinAnsiEncoding), spelled safely where it has no such form. */
export function winAnsi(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const direct = codeOf(codePoint);
    if (direct !== null) {
      out.push(direct);
      continue;
    }
    if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) {
      out.push(0x20);
      continue;
    }
    const spelled = SPELLED[char];
    if (spelled !== undefined) {
      for (const each of spelled) out.push(codeOf(each.codePointAt(0)!)!);
      continue;
    }
    // A letter with an accent Windows-1252 lacks ("ő", "ș"): the letter without it.
    const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const codes = [...bare].map((c) => codeOf(c.codePointAt(0)!));
    if (bare !== '' && bare !== char && codes.every((c) => c !== null)) out.push(...(codes as number[]));
    else if (codePoint >= 0x20) out.push(0x3f); // "?"; control characters are dropped
  }
  return Uint8Array.from(out);
}

/**
 * The text's width in font units (thousandths of the size). Each character is encoded on its own
 * (winAnsi), so a text's units are the sum of its characters': a caller may measure once per
 * character and add (receiptPdf.ts wrapText).
 */
export function textUnits(text: string, font: PdfFont = 'regular'): number {
  const widths = WIDTHS[font];
  let units = 0;
  for (const code of winAnsi(text)) units += widths[code] ?? 0;
  return units;
}

/** The text's width in points at `size`, as the PDF will draw it. */
export function textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
  return (textUnits(text, font) * size) / 1000;
}

/** A number as PDF writes it: at most 2 decimals, no exponent. */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const fixed = value.toFixed(2);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') || '0' : fixed;
}

/** A PDF literal string of Windows-1252 bytes, as a "binary" JS string (one char per byte). */
function literal(text: string): string {
  let out = '(';
  for (const byte of winAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\';
    out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A text string for the document's information (UTF-16BE with its byte order mark, hex). */
function infoString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

function pdfDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

function pageContent(page: PdfPage): string {
  const ops: string[] = [];
  for (const rule of page.rules ?? []) {
    ops.push(
      `${num(rule.width ?? 0.5)} w ${rule.dashed ? '[1.5 1.5] 0 d ' : ''}${num(rule.x1)} ${num(rule.y1)} m ${num(rule.x2)} ${num(rule.y2)} l S${rule.dashed ? ' [] 0 d' : ''}`,
    );
  }
  if (page.texts.length > 0) {
    ops.push('BT');
    for (const text of page.texts)
      ops.push(`/${FONT_NAME[text.font ?? 'regular']} ${num(text.size)} Tf 1 0 0 1 ${num(text.x)} ${num(text.y)} Tm ${literal(text.text)} Tj`);
    ops.push('ET');
  }
  return `${ops.join('\n')}\n`;
}

/** The document's bytes. At least one page. */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo = {}): Uint8Array<ArrayBuffer> {
  if (pages.length === 0) throw new RangeError('a PDF needs at least one page');
  // Every part is a "binary" string (char codes 0–255), so its length is its byte count.
  const objects: string[] = [];
  const pageObject = (index: number) => 6 + index * 2;
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = `<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONT.regular} /Encoding /WinAnsiEncoding >>`;
  objects[4] = `<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONT.bold} /Encoding /WinAnsiEncoding >>`;
  const infoEntries = ['/Producer (Comanda)'];
  if (info.title !== undefined) infoEntries.push(`/Title ${infoString(info.title)}`);
  if (info.createdAt !== undefined) infoEntries.push(`/CreationDate (${pdfDate(info.createdAt)})`);
  objects[5] = `<< ${infoEntries.join(' ')} >>`;
  pages.forEach((page, i) => {
    const content = pageContent(page);
    objects[pageObject(i)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`;
    objects[pageObject(i) + 1] = `<< /Length ${content.length} >>\nstream\n${content}endstream`;
  });

  // A comment of bytes above 127 right after the header tells tools the file is binary (§7.5.2).
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = out.length;
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = out.length;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, then space + LF.
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}
