/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as an RFC 4180 field: text that could start a formula gets a leading apostrophe, so a spreadsheet shows
 * it instead of running it; a field with a comma, quote or line break is quoted with its quotes doubled. Numbers
 * and booleans are written as they are (a negative number is a number, not a formula).
 */
export function campoCsv(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const seguro = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(seguro) ? `"${seguro.replaceAll('"', '""')}"` : seguro;
}

/** A CSV record ending in CRLF. */
export function lineaCsv(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(campoCsv).join(',')}\r\n`;
}
