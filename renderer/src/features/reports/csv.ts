import { isFigureColumn, type ReportTable, type TableCell, type TableColumn } from './reportTables';

// The CSV export of a section ("a CSV export of exactly what it shows"): the
// table's header, rows and Total row, each cell the text the screen shows (money and numbers in
// the terminal's language, as the manager read them), RFC 4180: comma-separated, a cell with a
// comma, quote or line break in quotes (quotes doubled), CRLF line ends, UTF-8 with a byte-order
// mark so spreadsheet programs read accents.
//
// Formula injection (OWASP "CSV Injection"): what a cell may start with depends on its column's
// kind, never on guessing from the text. A text cell (a name, a reference, a warehouse, a header)
// that starts with = + - @, a tab, a carriage return or a line feed gets a leading apostrophe, so a
// spreadsheet shows it as text instead of running it: a shop's product may be named
// `-2+3+cmd|' /C calc'!A0`. A figure cell is the formatter's own text ("-12,50 €") and is written
// as it is; a figure column's cell without a figure behind it (an empty rank) counts as text.

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r\n]/;

/** A text cell as written: with a leading apostrophe when a spreadsheet would run it as a formula. */
export function neutralisedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 quoting of an already neutralised cell. */
export function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell's text as written, by its column's kind. */
export function csvCellText(cell: TableCell, column: TableColumn | undefined): string {
  return isFigureColumn(column) && cell.value !== undefined ? cell.text : neutralisedText(cell.text);
}

/** The rows of the CSV as written (before quoting): the header, then each row, then the Total row. */
export function csvRows(table: ReportTable): string[][] {
  const row = (cells: readonly TableCell[]) => cells.map((cell, c) => csvCellText(cell, table.columns[c]));
  return [table.columns.map((column) => neutralisedText(column.label)), ...table.rows.map(row), ...(table.total ? [row(table.total)] : [])];
}

/** The file's text (without the byte-order mark). */
export function tableCsv(table: ReportTable): string {
  return csvRows(table)
    .map((row) => row.map(quoted).join(','))
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
