/**
 * CSV as RFC 4180 writes it (every cell quoted, quotes doubled, CRLF between lines), with formula
 * injection neutralised: a text cell that a spreadsheet would read as a formula (starting with =, +,
 * -, @, a tab or a carriage return) is prefixed with an apostrophe. Numbers Odin writes itself (the
 * coordinates) stay numbers.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === "string" ? (FORMULA_START.test(value) ? `'${value}` : value) : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
