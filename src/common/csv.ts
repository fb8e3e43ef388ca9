export interface CsvRecord {
  /** The file line the record starts on (1-based); a quoted field may span more lines. */
  line: number;
  fields: string[];
  /** Why the record is malformed, if it is: its fields are then not to be trusted. */
  error?: string;
}

const FIELD_END = /[,\r\n]/g;

/**
 * RFC 4180: fields separated by commas, records by CRLF or LF; a field in double quotes may hold
 * commas, line breaks (kept as LF) and doubled quotes. A UTF-8 byte order mark is dropped, and blank records
 * (an empty line, or only empty fields as spreadsheets write them) are left out.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const record: CsvRecord = { line, fields: [] };
    for (;;) {
      let field: string;
      if (text[i] === '"') {
        const opened = line;
        let closed = false;
        field = '';
        for (i += 1; i < text.length; i += 1) {
          if (text[i] === '"') {
            if (text[i + 1] !== '"') {
              closed = true;
              i += 1;
              break;
            }
            i += 1;
          } else if (text[i] === '\r' && text[i + 1] === '\n') {
            continue;
          } else if (text[i] === '\n') {
            line += 1;
          }
          field += text[i];
        }
        if (!closed) record.error ??= `the quoted field opened on line ${opened} is never closed.`;
        else if (i < text.length && !',\r\n'.includes(text[i]!)) record.error ??= 'unexpected text after a closing quote.';
      } else {
        field = '';
      }
      // The unquoted field, or whatever follows a closing quote up to the next separator.
      FIELD_END.lastIndex = i;
      const end = FIELD_END.exec(text)?.index ?? text.length;
      const rest = text.slice(i, end);
      if (rest.includes('"')) record.error ??= 'a quote inside an unquoted field (quote the whole field and double the quote).';
      record.fields.push(field + rest);
      i = end;
      if (text[i] !== ',') break;
      i += 1;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    line += 1;
    if (record.error || record.fields.some((field) => field.trim() !== '')) records.push(record);
  }
  return records;
}

/** A problem of an import file, by the line it is on; a warning does not reject the file. */
export interface Diagnostic {
  line: number;
  message: string;
  warning?: boolean;
}

/** The problems of a header row against an import's columns (any order, case and spaces ignored); each names the columns expected. */
export function checkHeader(header: CsvRecord, required: readonly string[], optional: readonly string[]): Diagnostic[] {
  if (header.error) return [{ line: header.line, message: header.error }];
  const columns = [...required, ...optional];
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems = [
    ...names.filter((name) => !columns.includes(name)).map((name) => `unknown column "${name}".`),
    ...names.filter((name, index) => columns.includes(name) && names.indexOf(name) !== index).map((name) => `column "${name}" appears twice.`),
    ...required.filter((name) => !names.includes(name)).map((name) => `missing column "${name}".`),
  ];
  const optionals = optional.length > 1 ? `${optional.slice(0, -1).join(', ')} and ${optional.at(-1)} optional` : `${optional[0]} optional`;
  return problems.map((problem) => ({ line: header.line, message: `header: ${problem} Expected the columns ${columns.join(',')} (${optionals}).` }));
}

/** A value seen on an earlier row is an error on the later one, naming both lines. */
export function findRepeats<R extends { line?: number }>(
  rows: R[],
  key: (row: R) => string | undefined,
  message: (row: R, firstLine: number) => string,
  errors: Diagnostic[],
): void {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const value = key(row);
    if (value === undefined) continue;
    const first = firstLine.get(value);
    if (first === undefined) firstLine.set(value, row.line!);
    else errors.push({ line: row.line!, message: message(row, first) });
  }
}

/** A value quoted for a message, cut short: a stray column can hold a whole paragraph. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

/** The bytes as UTF-8 text; undefined when they are not (a spreadsheet's Windows-1252 export), which is refused rather than garbled. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
