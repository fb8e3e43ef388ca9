import { createReadStream } from 'node:fs';
import { CliError } from './cli-errors.js';

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

/** A company's export is a few megabytes; a larger file is the wrong file, or one to split. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads a file as UTF-8; anything else (a spreadsheet's Windows-1252 export) is refused rather than
 * garbled. Reading stops one byte past MAX_FILE_BYTES, so neither a huge file nor a device that never
 * ends (`/dev/zero`) fills the memory.
 */
export async function readUtf8File(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readAtMost(path, MAX_FILE_BYTES + 1);
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  if (bytes.length > MAX_FILE_BYTES) throw new CliError(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB: split it into several files.`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(`${path} is not UTF-8 text: save it as "CSV UTF-8" (in Excel) or convert it first.`);
  }
}

async function readAtMost(path: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { end: limit - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
