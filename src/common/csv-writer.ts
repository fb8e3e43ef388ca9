/** Starts a byte stream as UTF-8 for spreadsheets: Spanish Excel reads accents right only with it. */
export const UTF8_BOM = '\uFEFF';

/** The list separator of Spanish spreadsheets: every CSV the API writes uses it (`,` is the decimal comma). */
export const SEPARADOR_CSV = ';';

/** What a spreadsheet takes for a formula when a cell starts with it (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as text a spreadsheet shows and never runs: text starting like a formula gets a leading `'`,
 * and a cell holding the separator, a quote or a line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | boolean | null, separator: string): string {
  if (value === null) return '';
  const text = typeof value !== 'string' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A record of cells, ended by CRLF (RFC 4180). Numbers and booleans are written as they are (a negative number is no formula), null as an empty cell. */
export function csvLine(cells: readonly (string | number | boolean | null)[], separator: string): string {
  return `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
}
