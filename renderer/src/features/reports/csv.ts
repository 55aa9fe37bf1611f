import type { ReportTable } from './reportTables';

// The CSV export of a section (issue 16 item 2: "a CSV export of exactly what it shows"): the
// table's header, rows and Total row, each cell the text the screen shows (money and numbers in
// the terminal's language, as the manager read them), RFC 4180: comma-separated, a cell with a
// comma, quote or line break in quotes (quotes doubled), CRLF line ends, UTF-8 with a byte-order
// mark so spreadsheet programs read accents. A cell that a spreadsheet would run as a formula
// (starting with =, +, @, a tab or a carriage return, or - not followed by a digit: a shop's
// product may be named anything) gets a leading apostrophe; "-12,00 €" stays as it is.

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA = /^(?:[=+@\t\r]|-(?!\s?\d))/;

export function csvCell(text: string): string {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows of the CSV: the header, then each row as shown, then the Total row. */
export function csvRows(table: ReportTable): string[][] {
  return [table.columns.map((column) => column.label), ...table.rows.map((row) => row.map((cell) => cell.text)), ...(table.total ? [table.total.map((cell) => cell.text)] : [])];
}

/** The file's text (without the byte-order mark). */
export function tableCsv(table: ReportTable): string {
  return csvRows(table)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** `report-products-2026-11-01_2026-11-30.csv` */
export function csvFileName(table: ReportTable, range: { startDate: string; endDate: string }): string {
  return `report-${table.id}-${range.startDate}_${range.endDate}.csv`;
}

/** Saves the CSV through the browser's download (Electron asks where to save it). */
export function downloadCsv(table: ReportTable, range: { startDate: string; endDate: string }): void {
  const blob = new Blob(['\uFEFF', tableCsv(table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(table, range);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
